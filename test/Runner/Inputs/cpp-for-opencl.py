"""Inputs and the expected results of cpp-for-opencl.test (C++ for OpenCL
2021 through clang-22), computed here: PoCL 3.1 takes no C++ source."""
import struct
import sys

N = 64
GROUPS, LOCAL = 4, 64


def inputs():
    open("in.bin", "wb").write(struct.pack(f"{N}i", *[(i * 37) % 50 - 25 for i in range(N)]))
    open("out.bin", "wb").write(bytes(8 * N))
    # Small integers: every product and sum below is exact in float.
    values = [float(((i * 7 + k * 3) % 16) - 8) for i in range(GROUPS * LOCAL) for k in range(4)]
    open("in4.bin", "wb").write(struct.pack(f"{len(values)}f", *values))
    open("outf.bin", "wb").write(bytes(4 * (GROUPS + GROUPS * LOCAL)))
    open("count.bin", "wb").write(bytes(4))
    open("classes.bin", "wb").write(bytes(4 * 8 * N))


def check(prefix):
    ins = struct.unpack(f"{N}i", open("in.bin", "rb").read())
    expected = []
    for i in range(N):
        total = sum(2 * (ins[i] + i) + j for j in range(3))
        expected.append(max(-100, min(100, total)) * 3)
    expected += [i + 4 * i for i in range(N)]
    got = struct.unpack(f"{2 * N}i", open(f"{prefix}-members.out", "rb").read())
    wrong_members = sum(a != b for a, b in zip(got, expected))

    table = [0.5, 1.5, 2.5, 3.5]
    values = struct.unpack(f"{GROUPS * LOCAL * 4}f", open("in4.bin", "rb").read())
    d = [sum((values[4 * i + k] + table[k]) * table[k] for k in range(4)) for i in range(GROUPS * LOCAL)]
    sums = [sum(d[g * LOCAL:(g + 1) * LOCAL]) for g in range(GROUPS)]
    got = struct.unpack(f"{GROUPS + GROUPS * LOCAL}f", open(f"{prefix}-templates.out", "rb").read())
    wrong_templates = sum(a != b for a, b in zip(got, sums + d))
    count = struct.unpack("i", open(f"{prefix}-count.out", "rb").read())[0]

    got = struct.unpack(f"{8 * N}i", open(f"{prefix}-classes.out", "rb").read())
    wrong_classes = 0
    for i in range(N):
        l = i % 16
        a, b = i, i - l + (l + 1) % 16  # swapped
        side = l % 5 + 1
        want = [a + b, a * 3, max(a - 7, b), (i + 1) + 2 * i, int((i - 0.5) * 2.0), side * side + 4 * side, a, 3]
        wrong_classes += sum(x != y for x, y in zip(got[8 * i:8 * i + 8], want))
    print(f"{prefix}: members wrong {wrong_members} templates wrong {wrong_templates} count {count} "
          f"classes wrong {wrong_classes}")


if __name__ == "__main__":
    inputs() if sys.argv[1] == "inputs" else check(sys.argv[2])
