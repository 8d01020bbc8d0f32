"""E5B9G9R9_UFLOAT_PACK32 texels and what a shader reads of them
(test/Runner/image-shared-exponent.test), by Vulkan's "Shared Exponent to
RGB": each 9-bit mantissa times 2^(exponent - 15 - 9), alpha 1.

    shared-exponent.py make           # texels.bin (16x1), zero.bin
    shared-exponent.py check OUT      # OUT: the shader's 32 vec4s
"""
import struct
import sys


def texel(r, g, b, e):
    return r | g << 9 | b << 18 | e << 27


# Exponent 0 (the smallest values), 31 (the largest), mantissas 0 and 511,
# the bias (15: mantissa 256 is 0.5), and the ones between.
TEXELS = [texel(511, 511, 511, 31), texel(0, 0, 0, 0), texel(1, 2, 3, 0), texel(256, 128, 64, 15),
          texel(256, 0, 511, 16), texel(511, 1, 0, 24), texel(17, 300, 400, 9), texel(0, 0, 0, 31)]
TEXELS += [texel((i * 37) % 512, (i * 101) % 512, (i * 211) % 512, (i * 7) % 32) for i in range(8, 16)]


def decode(word):
    scale = 2.0 ** ((word >> 27) - 15 - 9)
    return [((word >> (9 * c)) & 0x1FF) * scale for c in range(3)] + [1.0]


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def main():
    if sys.argv[1] == "make":
        open("texels.bin", "wb").write(struct.pack("<16I", *TEXELS))
        open("zero.bin", "wb").write(bytes(32 * 16))
        return 0
    got = struct.unpack("<128f", open(sys.argv[2], "rb").read())
    wrong = 0
    for i in range(16):
        fetched = decode(TEXELS[i])
        # Halfway between i and i + 1 (clamped to the edge): weights of 1/2, exact.
        after = decode(TEXELS[min(i + 1, 15)])
        sampled = [f32((a + b) / 2) for a, b in zip(fetched, after)]
        for kind, expected, at in (("fetch", fetched, 8 * i), ("linear", sampled, 8 * i + 4)):
            if list(got[at:at + 4]) != expected:
                wrong += 1
                print(f"texel {i} {kind}: {list(got[at:at + 4])}, expected {expected}")
    print(f"shared exponent: {32 - wrong} of 32 reads match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
