"""The 64-bit integer images of test/Runner/images-int64.test (Int64ImageEXT):
the inputs, and the old values and images the shader must leave, worked out
here texel by texel (each invocation updates its own texel, in program order).

    images-int64.py make                  # u.bin, s.bin (4x4 R64_UINT, R64_SINT), zero.bin
    images-int64.py check OLD U S COPY    # the shader's outputs
"""
import random
import struct
import sys

M = (1 << 64) - 1


def signed(value):
    value &= M
    return value - (1 << 64) if value >> 63 else value


def inputs():
    rng = random.Random(20261128)
    u = [rng.getrandbits(64) for _ in range(16)]
    s = [rng.getrandbits(64) for _ in range(16)]
    # Texel 5 equals its invocation index: the compare-exchange succeeds there.
    u[5] = 5
    return u, s


def expected():
    u, s = inputs()
    old = []
    copy = []
    for i in range(16):
        a, b = u[i], s[i]
        copy.append(a ^ 0xF0F0F0F0F0F0F0F0)
        values = [a, b]
        # The compare-exchange's comparator i is compared with the texel
        # after the add, xor and max: it succeeds where that equals i.
        values.append(a); a = (a + 0x100000001) & M
        values.append(a); a ^= 0xFF00000000000000
        values.append(a); a = max(a, i << 40)
        values.append(a); a = 7 if a == i else a
        values.append(b); b = min(signed(b), i - 8) & M
        values.append(b); b = max(signed(b), -(1 << 50)) & M
        values.append(b); b = (i * -1000000000000) & M
        values.append(a); a &= 0x0FFFFFFFFFFFFFFF
        values += [0, 0]
        u[i], s[i] = a, b
        old += values
    return old, u, s, copy


def main():
    if sys.argv[1] == "make":
        u, s = inputs()
        open("u.bin", "wb").write(struct.pack("<16Q", *u))
        open("s.bin", "wb").write(struct.pack("<16Q", *s))
        open("zero.bin", "wb").write(bytes(16 * 12 * 8))
        open("copy.bin", "wb").write(bytes(16 * 8))
        return 0
    old, u, s, copy = expected()
    names = ["old values", "r64ui image", "r64i image", "copy"]
    wrong = 0
    for name, path, want in zip(names, sys.argv[2:6], (old, u, s, copy)):
        got = list(struct.unpack(f"<{len(want)}Q", open(path, "rb").read()))
        bad = [k for k in range(len(want)) if got[k] != want[k] & M]
        if bad:
            wrong += 1
            k = bad[0]
            print(f"{name}: {len(bad)} of {len(want)} differ; first [{k}]: {got[k]:#x}, expected {want[k] & M:#x}")
    print(f"int64 images: {4 - wrong} of 4 outputs match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
