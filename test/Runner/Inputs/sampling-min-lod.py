"""test/Runner/sampling-min-lod.test: a 4-level 8x8 R32_SFLOAT image whose
level l holds 10 l everywhere, and the Vulkan level-of-detail rule with the
MinLod operand: lambda = max(log2(rho), minLod) (the sampler's min_lod 0,
max_lod 1000); mipmap nearest d = ceil(lambda + 0.5) - 1, linear between
floor(lambda) and the next level, both within the 4 levels."""
import math
import struct
import sys


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


if sys.argv[1] == "make":
    texels = [10.0 * level for level, size in enumerate([8, 4, 2, 1]) for _ in range(size * size)]
    open("levels.bin", "wb").write(struct.pack("<%df" % len(texels), *texels))
    open("zero.bin", "wb").write(bytes(16 * 16))
    sys.exit(0)
got = struct.unpack("<64f", open(sys.argv[2], "rb").read())
expected = []
for i in range(8):
    min_lod = f32(f32(i * f32(0.3)) + f32(0.05))
    for rho, mipmap in ((8 / 64, "nearest"), (32 / 64, "linear")):
        lam = max(math.log2(rho), min_lod)
        if lam <= 0:
            value = 0.0
        elif mipmap == "nearest":
            value = 10.0 * min(max(math.ceil(lam + 0.5) - 1, 0), 3)
        else:
            low = min(math.floor(lam), 3)
            value = 10.0 * (low + (lam - low if low < 3 else 0.0))
        expected.extend([value, 0.0, 0.0, 1.0])
bad = [k for k in range(64) if abs(got[k] - expected[k]) > 1e-4]
print(f"min lod: {64 - len(bad)} of 64 components match" + (f", first {bad[0]}: {got[bad[0]]} (expected {expected[bad[0]]})" if bad else ""))
