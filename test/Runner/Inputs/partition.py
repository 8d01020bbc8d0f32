"""Inputs for, and a model of, partition.comp (SPV_EXT/NV_shader_subgroup_
partitioned; docs/abi.md, "Subgroups").

barrier SIZE: checks out.bin of partition-barrier.comp.
make SX SY: writes in.bin (each invocation's key k and value x) and zeros
for out.bin.
check SX SY SIZE: reads out.bin and prints how many of the words written
match a model of subgroups of SIZE invocations (runs of SIZE local indices,
the workgroup's last one partial): a partition is the ballot of the active
invocations of the subgroup whose value has the same bits, a partitioned
reduce or scan combines the values of the active invocations of the ballot
(up to and including, or below, the invocation for the scans).
"""
import struct
import sys

SLOTS = 40
M = 0xFFFFFFFF


def inputs(i):
    return (i * 7 + i // 5) % 4, (i * 7 + 3) % 10


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def ballot(lanes, members):
    """The ballot's first word: the bits of `members` (subgroup lanes)."""
    return sum(1 << lanes.index(j) for j in members)


def model(sx, sy, size):
    total = sx * sy
    expected = {}
    keys = [inputs(i)[0] for i in range(total)]
    xs = [inputs(i)[1] for i in range(total)]
    fs = [x - 3.5 for x in xs]
    for first in range(0, total, size):
        lanes = list(range(first, min(first + size, total)))

        def part(active, key):
            """Per active lane, the lanes of its partition by `key`."""
            return {i: [j for j in active if key(j) == key(i)] for i in active}

        def scan(members, i, kind):
            if kind == "reduce":
                return members
            if kind == "inclusive":
                return [j for j in members if j <= i]
            return [j for j in members if j < i]

        def fold(op, identity, values):
            acc = identity
            for v in values:
                acc = op(acc, v)
            return acc

        add = lambda a, b: (a + b) & M
        mul = lambda a, b: (a * b) & M
        p = part(lanes, lambda j: keys[j])
        for i in lanes:
            b = i * SLOTS
            e = expected
            e[b + 0] = size
            e[b + 1] = ballot(lanes, p[i])
            e[b + 2] = e[b + 3] = e[b + 4] = 0
            e[b + 5] = ballot(lanes, part(lanes, lambda j: (keys[j] & 1, fs[j] > 0))[i])
            e[b + 6] = ballot(lanes, part(lanes, lambda j: keys[j] > 1)[i])
            e[b + 7] = ballot(lanes, part(lanes, lambda j: (keys[j], xs[j] % 2))[i])
            e[b + 8] = ballot(lanes, part(lanes, lambda j: fs[j])[i])

            def of(kind, values):
                return [values[j] for j in scan(p[i], i, kind)]

            e[b + 9] = fold(add, 0, of("reduce", xs))
            e[b + 10] = fold(add, 0, of("inclusive", xs))
            e[b + 11] = fold(add, 0, of("exclusive", xs))
            e[b + 12] = f32(fold(lambda a, v: a + v, 0.0, of("reduce", fs)))
            e[b + 13] = f32(fold(min, float("inf"), of("exclusive", fs)))
            ints = [x - 5 for x in xs]
            e[b + 14] = fold(min, 2**31 - 1, of("reduce", ints)) & M
            e[b + 15] = fold(max, -(2**31), of("inclusive", ints)) & M
            e[b + 16] = fold(max, 0, of("reduce", xs))
            e[b + 17] = fold(min, M, of("exclusive", xs))
            plus1 = [x + 1 for x in xs]
            e[b + 18] = fold(mul, 1, of("reduce", plus1))
            e[b + 19] = fold(mul, 1, of("inclusive", plus1))
            e[b + 20] = fold(lambda a, v: a & v, M, of("reduce", [x | 8 for x in xs]))
            e[b + 21] = fold(lambda a, v: a | v, 0, of("reduce", [1 << x for x in xs]))
            e[b + 22] = fold(lambda a, v: a ^ v, 0, of("exclusive", [x * 17 for x in xs]))
            e[b + 23] = int(all(x > 2 for x in of("reduce", xs)))
            e[b + 24] = int(any(x == 4 for x in of("inclusive", xs)))
            e[b + 25] = int(sum(x > 4 for x in of("exclusive", xs)) % 2)
            e[b + 26] = fold(add, 0, of("inclusive", xs))
            e[b + 27] = fold(add, 0, scan(p[i], i, "inclusive"))
            e[b + 28] = f32(max(-fs[j] for j in p[i]))
        taken = [i for i in lanes if xs[i] % 3 != 1]
        q = part(taken, lambda j: keys[j])
        inner = [i for i in taken if keys[i] != 2]
        r = part(inner, lambda j: xs[j] % 2)
        for i in taken:
            b = i * SLOTS
            expected[b + 29] = ballot(lanes, q[i])
            expected[b + 30] = sum(xs[j] for j in q[i])
            expected[b + 31] = sum(xs[j] for j in q[i] if j < i)
            expected[b + 32] = max(j for j in q[i] if j <= i)
            if i in r:
                expected[b + 33] = ballot(lanes, r[i])
        other = [i for i in lanes if xs[i] % 3 == 1]
        s = part(other, lambda j: keys[j])
        for i in other:
            b = i * SLOTS
            expected[b + 34] = ballot(lanes, s[i])
            expected[b + 35] = sum(s[i])
        for i in lanes:
            if keys[i] > 0:
                # The last iteration, r = k - 1: the lanes still in the loop.
                last = keys[i] - 1
                inside = [j for j in lanes if keys[j] > last]
                expected[i * SLOTS + 36] = sum(last + xs[j] for j in inside if j <= i)
    return expected, total


def barrier(size):
    """partition-barrier.comp: 16 invocations, key (15 - i) * 7 % 3 (from
    shared memory after a barrier); out[2 i] the partition's first word,
    out[2 i + 1] the inclusive partitioned sum of the local indices."""
    words = struct.unpack("<32I", open("out.bin", "rb").read())
    keys = [((15 - i) * 7) % 3 for i in range(16)]
    right = 0
    for i in range(16):
        first = i - i % size
        part = [j for j in range(first, min(first + size, 16)) if keys[j] == keys[i]]
        right += words[2 * i] == sum(1 << (j - first) for j in part)
        right += words[2 * i + 1] == sum(j for j in part if j <= i)
    print(f"partitions across a barrier in subgroups of {size}: {right} of 32 right")


def main():
    if sys.argv[1] == "barrier":
        barrier(int(sys.argv[2]))
        return
    sx, sy = int(sys.argv[2]), int(sys.argv[3])
    total = sx * sy
    if sys.argv[1] == "make":
        with open("in.bin", "wb") as f:
            for i in range(total):
                f.write(struct.pack("<2I", *inputs(i)))
        with open("out.bin", "wb") as f:
            f.write(bytes(4 * SLOTS * total))
        return
    size = int(sys.argv[4])
    expected, total = model(sx, sy, size)
    words = struct.unpack(f"<{SLOTS * total}I", open("out.bin", "rb").read())
    right = 0
    for index, word in enumerate(words):
        want = expected.get(index, 0)
        if word == want:
            right += 1
        else:
            print(f"invocation {index // SLOTS} slot {index % SLOTS}: {word:#x}, expected {want:#x}")
    print(f"partitions in subgroups of {size}: {right} of {len(words)} right")


main()
