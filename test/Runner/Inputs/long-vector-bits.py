"""Inputs and the model of long-vector-bits.spvasm (long-vector-bits.test):
`make` writes in.bin (4 records of 64 bytes: a, b as 5 uints, the signed
and the unsigned accumulator, 2 uints) and a zeroed out.bin (4 records of 192
bytes); `check S0` compares out.bin with what SPIR-V defines, bit for bit,
for the specialization constant S0 (SpecId 3)."""

import struct
import sys

M32 = 0xFFFFFFFF


def signed(x, bits=32):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def records():
    """Per invocation: a, b, the signed accumulator's bits, the unsigned
    accumulator, the 2 words. The dot products read the low 14 bits of the
    components: invocation 0 saturates the signed sums upwards, 1 the signed
    one downwards, 2 the unsigned one, 3 none. The components keep the
    exponent bits of a float off all-ones (no NaN for FNegate)."""
    out = []
    for i in range(4):
        a = [(0x0123_4567 * (i + 1) * (k + 3) + 0x10001 * k) & 0x3FFF_FFFF for k in range(5)]
        b = [(0x0765_4321 * (i + 2) * (k + 1) + 0x2003 * k) & 0x3FFF_FFFF for k in range(5)]
        if i == 0:  # 8191 * 8191, positive
            a, b = [x & ~0x3FFF | 0x1FFF for x in a], [x & ~0x3FFF | 0x1FFF for x in b]
            acc_s = 0x7FFF_FFF0
        elif i == 1:  # 8191 * -8191 (signed), 8191 * 8193 (unsigned)
            a, b = [x & ~0x3FFF | 0x1FFF for x in a], [x & ~0x3FFF | 0x2001 for x in b]
            acc_s = 0x8000_0010
        else:
            acc_s = 0x0000_1234 if i == 3 else 0xFFFF_0000
        acc_u = 0xFFFF_FF00 if i == 2 else 0x10
        words = [0x89AB_CDEF + i, 0x0000_FFFF] if i != 3 else [0xFFFF_FFFF, 0x7FFF_FFFF]
        out.append((a, b, acc_s, acc_u, words))
    return out


def make():
    with open("in.bin", "wb") as f:
        for a, b, acc_s, acc_u, words in records():
            f.write(struct.pack("<16I", *a, *b, acc_s, acc_u, *words, 0, 0))
    open("out.bin", "wb").write(bytes(4 * 192))


def halves(values):
    return [h for v in values for h in (v & 0xFFFF, v >> 16)]


def join(halves16):
    return [halves16[2 * k] | halves16[2 * k + 1] << 16 for k in range(len(halves16) // 2)]


def expected(s0):
    c5a = [1, 2, 3, 4, 5]
    c5b = [s0, 10, 20, 30, s0]
    add = [(x + y) & M32 for x, y in zip(c5a, c5b)]
    both = add + c5a
    shuf = [both[j] for j in (9, 0, 5, 4, 1)]
    shuf[2] = s0
    spec = [(x << y) & M32 for x, y in zip(shuf, c5a)]
    result = []
    for a, b, acc_s, acc_u, words in records():
        ua, ub = [x & 0x3FFF for x in a], [x & 0x3FFF for x in b]
        sa, sb = [signed(x, 14) for x in ua], [signed(x, 14) for x in ub]
        dot_s = sum(x * y for x, y in zip(sa, sb))
        dot_u = sum(x * y for x, y in zip(ua, ub))
        dot_su = sum(x * y for x, y in zip(sa, ub))
        assert abs(dot_s) < 1 << 31 and dot_u < 1 << 32 and abs(dot_su) < 1 << 31
        sat_s = min(max(signed(acc_s) + dot_s, -(1 << 31)), (1 << 31) - 1) & M32
        sat_u = min(acc_u + dot_u, M32)
        sat_su = min(max(signed(acc_s) + dot_su, -(1 << 31)), (1 << 31) - 1) & M32
        h = halves(a)
        rev = join(h[::-1])
        neg = [x ^ 0x8000_0000 for x in a]
        longs = [(a + b)[2 * k] | (a + b)[2 * k + 1] << 32 for k in range(5)]
        shifted = [(v >> s) & M32 for v, s in zip(longs, (1, 8, 15, 22, 29))]
        u3 = join(h[1:7])
        wide = ((words[0] | words[1] << 32) + 1) & ((1 << 64) - 1)
        rec = [sat_s, sat_u, sat_su, dot_s & M32] + h + rev + neg + shifted + [0] * 3
        rec += u3 + [0] + [wide & M32, wide >> 32] + [0, 0] + spec + [spec[3]] + [0] * 2
        assert len(rec) == 48
        result.append(rec)
    return result


def check(s0):
    got = struct.unpack("<192I", open("out.bin", "rb").read())
    right = total = 0
    for i, rec in enumerate(expected(s0)):
        for k, want in enumerate(rec):
            total += 1
            if got[48 * i + k] == want:
                right += 1
            else:
                print(f"out[{i}][{k}]: {got[48 * i + k]:#x}, expected {want:#x}")
    print(f"long vector bits with S0 = {s0}: {right} of {total} right")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make()
    else:
        check(int(sys.argv[2]))
