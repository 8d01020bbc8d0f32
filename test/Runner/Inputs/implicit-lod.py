"""test/Runner/implicit-lod.test: a 6-level 32x32 R32_SFLOAT image whose
level l holds 1000 l + y * size + x, sampled with nearest filtering and
nearest mipmaps; quad q's coordinates are 2^q texels apart, so Vulkan's
level of detail is log2(2^q) = q (+ 1 with the bias), the level
ceil(lambda + 0.5) - 1, clamped to the 6 levels."""
import struct
import sys

LEVELS = 6


def texel(level, x, y):
    size = 32 >> level
    return 1000.0 * level + y * size + x


if sys.argv[1] == "make":
    texels = [texel(level, x, y) for level in range(LEVELS) for y in range(32 >> level) for x in range(32 >> level)]
    open("levels.bin", "wb").write(struct.pack("<%df" % len(texels), *texels))
    open("zero.bin", "wb").write(bytes(16 * 4 * 4))
    sys.exit(0)
got = struct.unpack("<64f", open(sys.argv[2], "rb").read())
right = 0
for i in range(16):
    q, lane = i // 4, i % 4
    s = 1 << q
    u = (1 + (lane & 1) + 0.5) * s / 32
    v = (2 + (lane >> 1) + 0.5) * s / 32

    def sample(level):
        level = min(max(level, 0), LEVELS - 1)
        size = 32 >> level
        x = min(int(u * size), size - 1)
        y = min(int(v * size), size - 1)
        return texel(level, x, y)

    expected = [sample(q), sample(q + 1), 1.0 if 1500.0 < sample(q) else 0.0, sample(q)]
    row = got[i * 4:i * 4 + 4]
    if list(row) == expected:
        right += 1
    else:
        print(f"invocation {i}: {row}, expected {expected}")
print(f"implicit lod: {right} of 16 invocations right")
