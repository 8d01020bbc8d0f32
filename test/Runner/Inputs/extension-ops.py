"""Inputs and expected results of the tests of instructions imported by
dialects/src/spirv/deserialize/{atomics,groups,values}_ext.rs:

    python3 extension-ops.py make NAME     writes NAME's input files
    python3 extension-ops.py check NAME    reads NAME's outputs, prints a verdict
    python3 extension-ops.py fix-null IN OUT

fix-null works around a clang-22 SPIR-V backend bug: with more than one
async copy in a module it writes the null event as an OpConstantNull with
stray operand words (spirv-val refuses it); the fix drops them.

NAME: flags (test/Runner/atomic-flags.test), fminmax
(atomic-float-min-max.test), ballot (ballot-bits.test),
uniform (uniform-group.test), values (value-extensions.test), clock
(shader-clock.test).
"""
import struct
import sys
from fractions import Fraction

import numpy


def words(path, fmt="I"):
    data = open(path, "rb").read()
    return list(struct.unpack(f"<{len(data) // struct.calcsize(fmt)}{fmt}", data))


def write(path, values, fmt="I"):
    open(path, "wb").write(struct.pack(f"<{len(values)}{fmt}", *values))


def verdict(name, wrong, total):
    if wrong:
        for line in wrong[:10]:
            print(line)
    print(f"{name}: {total - len(wrong)} of {total} right")


# fminmax: lo, hi, shared_lo, shared_hi, then one value per invocation
# (two workgroups of 16); none is an initial value.
FMINMAX_INITIAL = [10.0, -10.0, 10.0, -10.0]
FMINMAX_DATA = [3.5, -2.25, 100.0, 7.0, -50.5, 0.125, 1e6, -1e-3, 42.0, -7.75, 9.5, -100.25, 0.0, 3e5, 2.0, -2.0,
                1.5, -3.25, 99.0, 6.0, -51.5, 0.25, 2e6, -2e-3, 41.0, -6.75, 8.5, -101.25, -0.5, 4e5, 3.0, -1.0]


def check_fminmax():
    final = words("fmm.out", "f")[:4]
    olds = words("olds.out", "f")
    low = min(FMINMAX_INITIAL[0], *FMINMAX_DATA)
    high = max(FMINMAX_INITIAL[1], *FMINMAX_DATA)
    wrong = []
    if final != [low, high, low, high]:
        wrong.append(f"final values {final}, expected {[low, high, low, high]}")
    for k, (initial, extreme, better) in enumerate([(10.0, low, min), (-10.0, high, max)]):
        seen = olds[k::2]
        # Each update returns the value before it: the initial one exactly
        # once (the first update), the others values of the data, none
        # beyond the final extreme.
        if seen.count(initial) != 1:
            wrong.append(f"{'min' if k == 0 else 'max'}: the initial value returned {seen.count(initial)} times")
        if any(value != initial and value not in FMINMAX_DATA for value in seen):
            wrong.append(f"{'min' if k == 0 else 'max'}: returned a value never stored: {seen}")
        if any(better(value, extreme) != extreme for value in seen):
            wrong.append(f"{'min' if k == 0 else 'max'}: returned a value beyond the final one")
    verdict("atomic float min/max", wrong, 7)


# ballot: 8 ballots of 4 words, 8 indexes.
BALLOTS = [
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF],
    [0xFFFFFFFF, 0, 0, 0],
    [0x80000001, 0x00000001, 0x80000000, 0x12345678],
    [0x55555555, 0xAAAAAAAA, 0x0F0F0F0F, 0xF0F0F0F0],
    [3, 5, 7, 9],
    [0xDEADBEEF, 0xCAFEBABE, 0x01234567, 0x89ABCDEF],
]
INDEXES = [0, 1, 31, 32, 63, 64, 100, 120]


def ballot_bit(ballot, index):
    return (ballot[index // 32] >> (index % 32)) & 1


# uniform: one word per invocation, two workgroups of 16.
UNIFORM_DATA = [0xF0F0F0F1 ^ (i * 0x01010101) ^ (1 << (i % 32)) for i in range(32)]
UNIFORM_DATA[5], UNIFORM_DATA[20] = 0xFFFFFFFF, 0


def fold(function, values, identity):
    result = identity
    for value in values:
        result = function(result, value)
    return result


def uniform_expected(g):
    """The 16 results of invocation g (uniform-group.spvasm)."""
    AND, OR, XOR = (lambda a, b: a & b), (lambda a, b: a | b), (lambda a, b: a ^ b)
    start = g - g % 16
    group, before = UNIFORM_DATA[start:start + 16], UNIFORM_DATA[start:g]
    upto = before + [UNIFORM_DATA[g]]
    bits = [value & 1 for value in group]
    bits_before, bits_upto = [value & 1 for value in before], [value & 1 for value in upto]
    return [
        fold(AND, group, 0xFFFFFFFF), fold(OR, group, 0), fold(XOR, group, 0),
        fold(AND, upto, 0xFFFFFFFF), fold(OR, upto, 0), fold(XOR, upto, 0),
        fold(AND, before, 0xFFFFFFFF), fold(OR, before, 0), fold(XOR, before, 0),
        fold(AND, bits, 1), fold(OR, bits, 0), fold(XOR, bits, 0),
        fold(XOR, bits_upto, 0), fold(OR, bits_before, 0),
        # Subgroup scope, one invocation a subgroup: the exclusive scan is the
        # identity, the reduction the value.
        0, UNIFORM_DATA[g],
    ]


# values: 8 (a, b, c) triples of f32; fma differs from a * b + c rounded
# twice in the first ones.
VALUES = [
    (1 + 2**-12, 1 + 2**-12, -(1 + 2**-11)),
    (1 + 2**-23, 1 - 2**-23, -1.0),
    (3.0, 1 / 3, -1.0),
    (0.1, 10.0, -1.0),
    (1.5, 2.0, 0.25),
    (-7.25, 3.5e10, 2.5e11),
    (1e-20, 1e-20, 0.0),
    (65504.0, 65504.0, -4.29e9),
]


def f32(value):
    """`value` rounded to the nearest f32 (ties to even), as a Python float."""
    exact = Fraction(value)
    candidate = numpy.float32(float(exact))
    best = None
    for neighbour in (numpy.nextafter(candidate, numpy.float32(-numpy.inf)), candidate,
                      numpy.nextafter(candidate, numpy.float32(numpy.inf))):
        distance = abs(Fraction(float(neighbour)) - exact)
        even = int(neighbour.view(numpy.uint32)) % 2 == 0
        key = (distance, not even)
        if best is None or key < best[0]:
            best = (key, float(neighbour))
    return best[1]


def values_expected(i):
    a, b, c = (f32(x) for x in VALUES[i])
    fused = f32(Fraction(a) * Fraction(b) + Fraction(c))
    product = f32(Fraction(a) * Fraction(b))
    return [fused] * 5 + [f32(Fraction(product) + Fraction(c)), c, c]


# async: 4 workgroups of 16 (async-copy.cl).
ASYNC_IN = [(i * 7919) % 1000 - 500 for i in range(64)]
# float3 in memory: four floats, the last unused.
ASYNC_VECTORS = [float(i) + 0.5 if i % 4 != 3 else -9.0 for i in range(4 * 16)]


def async_expected():
    out, strided, vectors = [], [-1] * 64, []
    for group in range(4):
        block = ASYNC_IN[16 * group:16 * group + 16]
        gathered = block[0:16:2]
        result = [block[i] * 3 + (gathered[i] if i < 8 else 0) for i in range(16)]
        out += result
        for i in range(8):
            strided[16 * group + 2 * i] = result[i]
        for i in range(4):
            lanes = ASYNC_VECTORS[16 * group + 4 * i:16 * group + 4 * i + 4]
            # The fourth float of a float3 is copied but not computed on.
            vectors += [lane * 2 for lane in lanes[:3]] + [None]
    return out, strided, vectors


def fix_null(source, target):
    data = words(source)
    out, at = data[:5], 5
    while at < len(data):
        count, opcode = data[at] >> 16, data[at] & 0xFFFF
        inst = data[at:at + count]
        if opcode == 46 and count > 3:  # OpConstantNull: type, result only
            inst = [(3 << 16) | 46, inst[1], inst[2]]
        out += inst
        at += count
    write(target, out)


def main():
    command, name = sys.argv[1], sys.argv[2]
    if command == "fix-null":
        fix_null(name, sys.argv[3])
        return
    if (command, name) == ("make", "flags"):
        write("flags.bin", [0, 0, 0, 0, 1, 1, 1, 1])
        write("zero4.bin", [0] * 4)
    elif (command, name) == ("check", "flags"):
        flags, winners, cleared = words("flags.out"), words("winners.out"), words("cleared.out")
        wrong = []
        if flags != [1] * 8:
            wrong.append(f"flags {flags}, expected all set")
        if winners != [1] * 4:
            wrong.append(f"winners {winners}: one work-item must find each flag clear")
        if cleared != [3] * 4:
            wrong.append(f"cleared {cleared}: a cleared flag must test clear (3)")
        local_winners = words("local-winners.out")
        if local_winners != [1] * 4:
            wrong.append(f"local winners {local_winners}: one work-item a workgroup must find the local flag clear")
        verdict("atomic flags", wrong, 4)
    elif (command, name) == ("make", "async"):
        write("in.bin", ASYNC_IN, "i")
        write("out.bin", [-1] * 64, "i")
        write("vectors.bin", ASYNC_VECTORS, "f")
        write("vectors_out.bin", [-1.0] * 4 * 16, "f")
    elif (command, name) == ("check", "async"):
        out, strided, vectors = words("out.out", "i"), words("strided.out", "i"), words("vectors_out.out", "f")
        wrong = []
        expected_out, expected_strided, expected_vectors = async_expected()
        for label, got, want in [("out", out, expected_out), ("strided_out", strided, expected_strided),
                                 ("vectors_out", vectors, expected_vectors)]:
            for index, (a, b) in enumerate(zip(got, want)):
                if b is not None and a != b:
                    wrong.append(f"{label}[{index}]: {a}, expected {b}")
        verdict("async copy", wrong, len(expected_out) + len(expected_strided) + 3 * len(expected_vectors) // 4)
    elif (command, name) == ("make", "clock"):
        write("clock.bin", [0] * 2 * 4 * 8)
    elif (command, name) == ("check", "clock"):
        reads = words("clock.out", "Q")
        wrong = []
        for g in range(8):
            subgroup = reads[4 * g:4 * g + 2]
            device = reads[4 * g + 2:4 * g + 4]
            # Reads of one clock in one invocation do not go back; the
            # two-word form is low word first (else it would be far off).
            for pair, clock in [(subgroup, "subgroup"), (device, "device")]:
                if not 0 < pair[0] <= pair[1] < pair[0] + (1 << 32):
                    wrong.append(f"invocation {g}, {clock} clock: reads {pair} not ordered")
        verdict("shader clock", wrong, 16)
    elif (command, name) == ("make", "fminmax"):
        write("fmm.bin", FMINMAX_INITIAL + FMINMAX_DATA, "f")
        write("olds.bin", [0] * 64)
    elif (command, name) == ("check", "fminmax"):
        check_fminmax()
    elif (command, name) == ("make", "ballot"):
        write("ballot.bin", [word for ballot in BALLOTS for word in ballot] + INDEXES)
        write("bits.bin", [0xEEEEEEEE] * 24 * 8)
    elif (command, name) == ("check", "ballot"):
        bits = words("bits.out")
        wrong, total = [], 0
        for i in range(8):
            row = bits[24 * i:24 * i + 24]
            size = row[20]
            # Subgroups of `size` invocations, invocation i has subgroup
            # local id i % size (spirv-run-rs: one invocation a subgroup).
            own = i % size
            expected = [ballot_bit(BALLOTS[k], own) for k in range(8)]
            expected += [ballot_bit(BALLOTS[k], INDEXES[i] + k) for k in range(8)]
            expected += [1, int(i % 2 == 0), 1, 0]
            for position, want in enumerate(expected):
                total += 1
                if row[position] != want:
                    wrong.append(f"invocation {i} word {position}: {row[position]}, expected {want}")
        verdict("ballot bits", wrong, total)
    elif (command, name) == ("make", "uniform"):
        write("uniform.bin", UNIFORM_DATA)
        write("results.bin", [0xEEEEEEEE] * 16 * 32)
    elif (command, name) == ("check", "uniform"):
        results = words("results.out")
        wrong, total = [], 0
        for g in range(32):
            for position, want in enumerate(uniform_expected(g)):
                total += 1
                got = results[16 * g + position]
                if got != want:
                    wrong.append(f"invocation {g} result {position}: {got:#x}, expected {want:#x}")
        verdict("uniform group", wrong, total)
    elif (command, name) == ("make", "values"):
        write("abc.bin", [f32(x) for triple in VALUES for x in triple], "f")
        write("results.bin", [0xEEEEEEEE] * 8 * 8)
    elif (command, name) == ("check", "values"):
        results = words("results.out", "f")
        wrong, total = [], 0
        for i in range(8):
            for position, want in enumerate(values_expected(i)):
                total += 1
                got = results[8 * i + position]
                if got != want:
                    wrong.append(f"invocation {i} result {position}: {got!r}, expected {want!r}")
        if values_expected(0)[0] == values_expected(0)[5]:
            wrong.append("the first case does not tell a fused multiply-add from two roundings")
        verdict("value extensions", wrong, total)
    else:
        sys.exit(f"unknown command {command} {name}")


main()
