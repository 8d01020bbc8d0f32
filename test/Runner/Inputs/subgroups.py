"""Inputs for, and a model of, subgroups.comp (docs/abi.md, "Subgroups").

make SX SY: writes in.bin (the invocations' values), zeros for out.bin and
counters.bin.
check SX SY SIZE: reads out.bin and prints how many results match a model of
subgroups of SIZE invocations: the local indices cut into runs of SIZE,
every operation over the active invocations of the run.
Results the specification leaves undefined (a shuffle from an inactive
invocation) are not checked.
"""
import struct
import sys

SLOTS = 64
M = 0xFFFFFFFF


def value(index):
    return (index * 37 + 11) % 101


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def bits(lanes):
    word = 0
    for lane in lanes:
        word |= 1 << lane
    return word


def model(sx, sy, size):
    """Per invocation, the expected slot values (None: not checked)."""
    total = sx * sy
    expected = {}
    if True:
        for first in range(0, total, size):
            members = list(range(first, min(first + size, total)))
            n = len(members)
            vs = [value(i) for i in members]
            for lane, i in enumerate(members):
                v = vs[lane]
                e = [None] * SLOTS

                def own(values, lanes):
                    return [values[l] for l in lanes]

                everyone = list(range(n))
                e[0] = size
                e[1] = lane
                e[2] = i // size
                e[3] = (total + size - 1) // size
                e[4] = sum(vs) & M
                product = 1
                for w in vs:
                    product = product * (w | 1) & M
                e[5] = product
                e[6] = min(vs)
                e[7] = (max(w - 50 for w in vs)) & M
                a = M
                o = 0
                xo = 0
                for w in vs:
                    a &= w | 0x100
                    o |= w
                    xo ^= w
                e[8], e[9], e[10] = a, o, xo
                e[11] = sum(vs[: lane + 1])
                e[12] = sum(vs[:lane])
                e[13] = min(vs[: lane + 1])
                e[14] = max(vs[:lane], default=0)
                c2 = lane // 2 * 2
                e[15] = sum(vs[c2 : c2 + 2])
                c4 = lane // 4 * 4
                e[16] = max(vs[c4 : c4 + 4])
                e[17] = f32(float(sum(vs)))
                e[18] = f32(float(min(vs)) - 20.0)
                e[19] = int(all(w > 10 for w in vs))
                e[20] = int(any(w > 90 for w in vs))
                e[21] = int(len({w // 200 for w in vs}) == 1)
                e[22] = vs[0]
                e[23] = vs[0]
                thirds = [l for l in everyone if vs[l] % 3 == 0]
                e[24] = bits(thirds) & M
                e[25] = 0
                e[26] = len(thirds)
                e[27] = len([l for l in thirds if l <= lane])
                e[28] = len([l for l in thirds if l < lane])
                odd = [l for l in everyone if vs[l] % 2 == 1]
                e[29] = min(odd) if odd else 999
                e[30] = max(odd) if odd else 999
                e[31] = int(lane in thirds)
                e[32] = int(lane in odd)
                e[33] = vs[(lane + 1) % n]
                e[34] = vs[lane ^ 1] if (lane ^ 1) < n else None
                e[35] = vs[lane - 1] if lane >= 1 else None
                e[36] = vs[lane + 1] if lane + 1 < n else None
                e[37] = (1 << lane) & M if lane < 32 else 0
                e[38] = (M << lane) & M if lane < 32 else 0
                e[39] = (M << (lane + 1)) & M if lane < 31 else 0
                e[40] = ((2 << lane) - 1) & M if lane < 32 else M
                e[41] = ((1 << lane) - 1) & M if lane < 32 else M
                e[42] = int(lane == 0)
                low = [l for l in everyone if l < 3]
                high = [l for l in everyone if l >= 3]
                side = low if lane < 3 else high
                sv = own(vs, side)
                rank = side.index(lane)
                e[43] = sum(sv) + (0 if lane < 3 else 100000)
                e[44] = bits(side) & M
                e[45] = int(rank == 0)
                e[46] = sum(sv[: rank + 1]) if lane < 3 else sum(sv[:rank])
                e[47] = sv[0]
                e[48] = int(all(w > 10 for w in sv)) if lane < 3 else int(any(w > 90 for w in sv))
                if lane < 3:
                    e[49] = sv[rank + 1] if rank + 1 < len(sv) else None
                else:
                    e[49] = sv[rank - 1] if rank >= 1 else None
                e[50] = sum(n - k for k in range(lane + 1))
                e[51] = lane
                e[52] = sum(2 * w for w in vs[: lane + 1])
                e[53] = int(all(w > 5 for w in vs))
                e[54] = sum(1 for w in vs if w > 50) % 2
                e[55] = lane
                expected[i] = e
    return expected


def main():
    command, sx, sy = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    count = sx * sy
    if command == "make":
        with open("in.bin", "wb") as out:
            out.write(struct.pack(f"<{count}I", *[value(i) for i in range(count)]))
        with open("out.bin", "wb") as out:
            out.write(bytes(4 * SLOTS * count))
        with open("counters.bin", "wb") as out:
            out.write(bytes(4 * 1024))
        return
    size = int(sys.argv[4])
    with open("out.bin", "rb") as data:
        got = struct.unpack(f"<{SLOTS * count}I", data.read(4 * SLOTS * count))
    right = total = 0
    for i, e in model(sx, sy, size).items():
        for slot, want in enumerate(e):
            if want is None:
                continue
            total += 1
            have = got[i * SLOTS + slot]
            if have == want:
                right += 1
            elif total - right <= 10:
                print(f"invocation {i} slot {slot}: {have} (expected {want})")
    print(f"subgroups of {size}: {right} of {total} right")


main()
