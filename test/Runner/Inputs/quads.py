"""Inputs for, and a model of, quads.comp (docs/abi.md, "Subgroups").

make SX SY: writes in.bin (the invocations' values) and zeros for out.bin.
check SX SY SIZE: reads out.bin and prints how many results match a model of
subgroups of SIZE invocations (runs of SIZE local indices), each cut into
quads of 4 consecutive subgroup invocations. A read of an invocation that
is missing (past the workgroup's end, or a subgroup of fewer than 4) or
inactive is undefined and not checked.
"""
import struct
import sys

SLOTS = 24
M = 0xFFFFFFFF


def value(index):
    return (index * 37 + 11) % 101


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def model(sx, sy, size):
    total = sx * sy
    expected = {}
    for i in range(total):
        lane = i % size
        first = i - lane
        v = value(i)

        def at(quad_lane, active=lambda j: True):
            """The value of lane `quad_lane` of i's quad, None if undefined."""
            source_lane = (lane & ~3) | quad_lane
            j = first + source_lane
            if source_lane >= size or j >= total or not active(j):
                return None
            return value(j)

        def f(x):
            return None if x is None else x

        e = [None] * SLOTS
        e[0] = size
        for q in range(4):
            e[1 + q] = at(q)
        e[5] = at((lane & 3) ^ 1)
        e[6] = at((lane & 3) ^ 2)
        e[7] = at((lane & 3) ^ 3)
        h = e[5]
        e[8] = None if h is None else f32(h * 0.5)
        d = e[7]
        e[9] = d
        e[10] = None if d is None else d + 1000
        e[11] = None if d is None else d * 3
        two = at(2)
        e[12] = None if two is None else int(two % 2 == 0)
        vert = e[6]
        e[13] = None if vert is None else int(vert > 50)
        one = at(1)
        e[14] = None if one is None else f32(float(one))
        e[15] = None if one is None else f32(-float(one))
        taking = lambda j: value(j) % 3 != 0
        if v % 3 != 0:
            e[16] = at((lane & 3) ^ 1, taking)
            e[17] = at(3, taking)
        else:
            e[16] = e[17] = 0
        e[18] = vert
        e[19] = 7
        expected[i] = e
    return expected


def main():
    command, sx, sy = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    total = sx * sy
    if command == "make":
        with open("in.bin", "wb") as out:
            out.write(struct.pack(f"<{total}I", *[value(i) for i in range(total)]))
        with open("out.bin", "wb") as out:
            out.write(bytes(4 * SLOTS * total))
        return
    size = int(sys.argv[4])
    with open("out.bin", "rb") as data:
        words = struct.unpack(f"<{SLOTS * total}I", data.read(4 * SLOTS * total))
    right = checked = 0
    for i, e in model(sx, sy, size).items():
        for slot, want in enumerate(e):
            if want is None:
                continue
            checked += 1
            got = words[i * SLOTS + slot]
            if got == want & M:
                right += 1
            else:
                print(f"invocation {i} slot {slot}: {got}, expected {want & M}")
    print(f"quads in subgroups of {size}: {right} of {checked} right")


main()
