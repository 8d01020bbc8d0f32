"""Inputs for, and a model of, cl-subgroups.cl (docs/abi.md, "Subgroups").

make N: writes in.bin (N work-items' values) and a zeroed out.bin.
check N LOCAL SIZE: reads out.bin and prints how many work-items' results
match a model of subgroups of SIZE work-items: each workgroup of LOCAL
work-items cut into runs of SIZE local ids (the last one shorter), every
collective over the run. OpenCL's get_sub_group_size is the run's length.
"""
import struct
import sys

SLOTS = 20
M = 0xFFFFFFFF


def value(index):
    return (index * 37 + 11) % 151 - 50


def hashed(v):
    return (v * 2654435761) & M


def model(n, local, size):
    expected = {}
    for i in range(n):
        group_first = i - i % local
        local_id = i % local
        sub_first = group_first + local_id - local_id % size
        members = list(range(sub_first, min(sub_first + size, group_first + local)))
        lane = i - sub_first
        vs = [value(j) for j in members]
        us = [hashed(v) for v in vs]
        fs = [float(v % 64 if v >= 0 else -((-v) % 64)) for v in vs]
        e = [None] * SLOTS
        e[0] = len(members)
        e[1] = size
        e[2] = (local + size - 1) // size
        e[3] = local_id // size
        e[4] = lane
        e[5] = sum(vs)
        e[6] = min(vs)
        e[7] = max(vs)
        e[8] = max(us)
        e[9] = min(us)
        e[10] = sum(vs[:lane + 1])
        e[11] = sum(vs[:lane])
        e[12] = min(vs[:lane + 1])
        e[13] = max(vs[:lane]) if lane else -(1 << 31)
        e[14] = int(sum(fs))
        e[15] = int(max(fs[:lane + 1]))
        e[16] = vs[1] if len(vs) > 1 else None
        e[17] = int(all(v > -40 for v in vs))
        e[18] = int(any(v > 90 for v in vs))
        e[19] = sum(vs)
        expected[i] = e
    return expected


def main():
    command, n = sys.argv[1], int(sys.argv[2])
    if command == "make":
        with open("in.bin", "wb") as out:
            out.write(struct.pack(f"<{n}i", *[value(i) for i in range(n)]))
        with open("out.bin", "wb") as out:
            out.write(bytes(4 * SLOTS * n))
        return
    local, size = int(sys.argv[3]), int(sys.argv[4])
    with open(sys.argv[5] if len(sys.argv) > 5 else "out.bin", "rb") as data:
        words = struct.unpack(f"<{SLOTS * n}I", data.read(4 * SLOTS * n))
    right = 0
    for i, e in model(n, local, size).items():
        wrong = [(slot, words[i * SLOTS + slot], want & M) for slot, want in enumerate(e)
                 if want is not None and words[i * SLOTS + slot] != want & M]
        if wrong:
            print(f"work-item {i}: (slot, got, expected) {wrong}")
        else:
            right += 1
    print(f"subgroups of {size}: {right} of {n} work-items right")


main()
