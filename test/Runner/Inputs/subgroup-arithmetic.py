"""Inputs for, and a model of, subgroup-arithmetic.comp (docs/abi.md,
"Subgroups"): every arithmetic subgroup opcode with every group operation.

make SX SY: writes in.bin (each invocation's value) and zeros.bin.
check SX SY SIZE CLUSTER: reads out.bin and prints, per group operation and
place (uniform, in the if), how many of the 16 opcodes' results match the
model in every invocation, and the first that does not: subgroups are runs
of SIZE consecutive local indices, each operation over the invocations of
the run that reach it, the floats computed exactly (each order of the
operations is exact for these values).
"""
import struct
import sys

SLOTS = 128
M = 0xFFFFFFFF
TABLE = [-2.0, -1.0, -0.5, 0.5, 1.0, 2.0]


def value(index):
    # every bit pattern matters: signed and unsigned order, all bits
    return (index * 0x9E3779B1 + 0x7F4A7C15) & M ^ (index << 28) & M


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def signed(x):
    return x - (1 << 32) if x >> 31 else x


# (combine, identity, operand of an invocation, the result's word)
OPCODES = [
    ("IAdd", lambda a, b: (a + b) & M, 0, lambda u: u, lambda r: r),
    ("FAdd", lambda a, b: a + b, 0.0, lambda u: TABLE[u % 6], f32),
    ("IMul", lambda a, b: (a * b) & M, 1, lambda u: u, lambda r: r),
    ("FMul", lambda a, b: a * b, 1.0, lambda u: TABLE[u % 6], f32),
    ("SMin", min, (1 << 31) - 1, signed, lambda r: r & M),
    ("UMin", min, M, lambda u: u, lambda r: r),
    ("FMin", min, float("inf"), lambda u: TABLE[u % 6], f32),
    ("SMax", max, -(1 << 31), signed, lambda r: r & M),
    ("UMax", max, 0, lambda u: u, lambda r: r),
    ("FMax", max, float("-inf"), lambda u: TABLE[u % 6], f32),
    ("BitwiseAnd", lambda a, b: a & b, M, lambda u: u, lambda r: r),
    ("BitwiseOr", lambda a, b: a | b, 0, lambda u: u, lambda r: r),
    ("BitwiseXor", lambda a, b: a ^ b, 0, lambda u: u, lambda r: r),
    ("LogicalAnd", lambda a, b: a and b, True, lambda u: (u & 3) != 0, int),
    ("LogicalOr", lambda a, b: a or b, False, lambda u: (u & 3) != 0, int),
    ("LogicalXor", lambda a, b: a != b, False, lambda u: (u & 3) != 0, int),
]
GROUPS = ["Reduce", "InclusiveScan", "ExclusiveScan", "ClusteredReduce"]


def fold(combine, identity, values):
    result = identity
    for v in values:
        result = combine(result, v)
    return result


def model(sx, sy, size, cluster):
    total = sx * sy
    inputs = [value(i) for i in range(total)]
    expected = [[None] * SLOTS for _ in range(total)]
    for first in range(0, total, size):
        members = list(range(first, min(first + size, total)))
        for place, active in ((0, members), (64, [i for i in members if (inputs[i] >> 4) % 3 != 0])):
            for i in active:
                lane = i - first
                for k, (_, combine, identity, operand, word) in enumerate(OPCODES):
                    ops = {j - first: operand(inputs[j]) for j in active}
                    lanes = sorted(ops)
                    results = [
                        fold(combine, identity, [ops[l] for l in lanes]),
                        fold(combine, identity, [ops[l] for l in lanes if l <= lane]),
                        fold(combine, identity, [ops[l] for l in lanes if l < lane]),
                        fold(combine, identity, [ops[l] for l in lanes if l // cluster == lane // cluster]),
                    ]
                    for g, r in enumerate(results):
                        expected[i][place + 16 * g + k] = word(r)
    return expected


def main():
    if sys.argv[1] == "make":
        sx, sy = int(sys.argv[2]), int(sys.argv[3])
        total = sx * sy
        with open("in.bin", "wb") as f:
            f.write(struct.pack(f"<{total}I", *[value(i) for i in range(total)]))
        with open("zeros.bin", "wb") as f:
            f.write(bytes(4 * SLOTS * total))
        return
    sx, sy, size, cluster = map(int, sys.argv[2:6])
    total = sx * sy
    with open("out.bin", "rb") as f:
        got = struct.unpack(f"<{SLOTS * total}I", f.read(4 * SLOTS * total))
    expected = model(sx, sy, size, cluster)
    for place, name in ((0, "uniform"), (64, "in the if")):
        for g, group in enumerate(GROUPS):
            right, first_wrong = 0, None
            for k, (opcode, *_rest) in enumerate(OPCODES):
                slot = place + 16 * g + k
                ok = True
                for i in range(total):
                    want, have = expected[i][slot], got[i * SLOTS + slot]
                    if want is not None and have != want:
                        ok = False
                        if first_wrong is None:
                            first_wrong = (f"{opcode} invocation {i}: 0x{got[i * SLOTS + slot]:08x}, "
                                           f"expected 0x{want:08x}")
                right += ok
            print(f"subgroups of {size}, {name}, {group}: {right} of 16 opcodes right"
                  + (f" (first wrong: {first_wrong})" if first_wrong else ""))


main()
