"""Inputs for, and a model of, subgroup-khr.spvasm.

make: in.bin (24 values), zeros.bin. check SIZE: reads out.bin and prints,
per operation and place, how many invocations got the model's word:
subgroups are runs of SIZE consecutive local indices; each operation is
over the subgroup's invocations that reach it (all of them, or those whose
value has a low bit set in the `if`); a read of lane 0 is checked only where
lane 0 is active (otherwise undefined).
"""
import struct
import sys

N, SLOTS = 24, 12
NAMES = ["all", "any", "all-equal", "first", "read lane 0", "ballot"]


def value(i):
    return (i * 2246822519 + 374761393) & 0xFFFFFFFF if i % 5 else 7 + 100 * (i % 3)


def main():
    if sys.argv[1] == "make":
        with open("in.bin", "wb") as f:
            f.write(struct.pack(f"<{N}I", *[value(i) for i in range(N)]))
        with open("zeros.bin", "wb") as f:
            f.write(bytes(4 * SLOTS * N))
        return
    size = int(sys.argv[2])
    with open("out.bin", "rb") as f:
        got = struct.unpack(f"<{SLOTS * N}I", f.read(4 * SLOTS * N))
    for base, place, reaches in ((0, "uniform", lambda i: True), (6, "in the if", lambda i: value(i) & 3 != 0)):
        for k, name in enumerate(NAMES):
            right = checked = 0
            for i in range(N):
                if not reaches(i):
                    continue
                first = i - i % size
                active = [j for j in range(first, min(first + size, N)) if reaches(j)]
                c = [value(j) & 1 != 0 for j in active]
                want = [int(all(c)), int(any(c)), int(len({value(j) // 100 for j in active}) == 1),
                        value(active[0]), value(first) if first in active else None,
                        sum(1 << (j - first) for j in active if value(j) & 1) & 0xFFFFFFFF][k]
                if want is None:
                    continue
                checked += 1
                right += got[i * SLOTS + base + k] == want
            print(f"subgroups of {size}, {place}: {name}: {right} of {checked} right")


main()
