"""Inputs and a model of test/Runner/newer-instructions.test.

    newer-instructions.py make          writes in.bin (64 floats) and out.bin
    newer-instructions.py check OUT N   compares OUT with the definitions,
                                        the spec replicate being N

The roundings are modelled on exact rationals: of the two floats around x
with the dropped low bits zero, the nearer, or on a tie the one whose
lowest kept bit is 0; a NaN stays a NaN (quiet, with its sign)."""

import struct
import sys
from fractions import Fraction

BITS = [0x3F800000, 0x40490FDB, 0x3F808000, 0x3F818000, 0x3F801000, 0x3F803000, 0xC2F6E979, 0x7F800000,
        0x00000001, 0x7F7FFFFF, 0x80000000, 0x7FC00001, 0xFFA00000, 0x3FFFFFFF, 0x0001FFFF, 0x477FE000]


def value(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def exact(bits):
    f = value(bits)
    return Fraction(f) if f == f and abs(f) != float("inf") else None


def round_bits(bits, dropped):
    """bits of the f32 rounded to nearest even at bit `dropped` (low bits zero)."""
    exponent = (bits >> 23) & 0xFF
    if exponent == 0xFF:
        if bits & 0x7FFFFF:  # NaN: quiet, sign and top payload kept
            return (bits & ~((1 << dropped) - 1) & 0xFFFFFFFF) | 0x400000
        return bits
    low = bits & ~((1 << dropped) - 1) & 0xFFFFFFFF
    high = low + (1 << dropped)  # the next candidate away from zero (may be infinity)
    x, a = abs(exact(bits)), abs(exact(low))
    if exact(high) is None:
        # The next candidate is infinity: it counts as one kept unit above
        # the largest finite float (exponent 254), as IEEE rounding has it.
        b = a + Fraction(2) ** (127 - 23 + dropped)
    else:
        b = abs(exact(high))
    if x - a < b - x:
        return low
    if x - a > b - x:
        return high
    return low if (low >> dropped) % 2 == 0 else high


if sys.argv[1] == "make":
    words = [BITS[i % len(BITS)] for i in range(64)]
    open("in.bin", "wb").write(struct.pack("<64I", *words))
    open("out.bin", "wb").write(bytes(64 * 64))
    sys.exit(0)

out, spec = sys.argv[2], int(sys.argv[3])
got = struct.unpack("<1024I", open(out, "rb").read())
wrong = []
for i in range(64):
    bits = BITS[i % len(BITS)]
    bf16 = round_bits(bits, 16) >> 16
    want = [7] * 4 + [spec] * 4 + [bf16, bf16 << 16, round_bits(bits, 13), ((i + 1) % 64) ** 2]
    row = list(got[16 * i:16 * i + 12])
    if row != want:
        wrong.append(f"invocation {i} (input {bits:#x}): {[hex(v) for v in row]}, expected {[hex(v) for v in want]}")
print(f"{out}: " + ("64 right" if not wrong else "; ".join(wrong[:3])))
