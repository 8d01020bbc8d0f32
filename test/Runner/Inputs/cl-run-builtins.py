"""Inputs and a model of test/Runner/cl-run-builtins.test.

    cl-run-builtins.py make               writes the inputs (*.bin)
    cl-run-builtins.py check KERNEL OUT... compares OUT with the OpenCL C
                                          definitions; prints one line

Floats are compared in ULPs of the float32 result against the function
evaluated in double precision by Python's math module, within the OpenCL
full-profile bounds (acos, asin, cosh, sinh 4 ULP; atan 5; atan2 6; rint,
fmax, fmin exact)."""

import math
import struct
import sys

NAN, INF = math.nan, math.inf
V = [0.5, -0.25, 1.0, -1.0, 0.0, 0.75, -0.9, 0.1]
W = [2.5, -3.5, INF, NAN, 0.5, -1e30, 1.5, -2.5]
UINTS = [0, 5, 0x80000000, 0xFFFFFFFF, 7, 0x7FFFFFFF, 100, 3,
         1, 5, 0x7FFFFFFF, 0, 0x80000001, 0x80000000, 99, 0xFFFFFFFE]
QUARTERS = [(-1) ** i * i / 4 for i in range(16)]
GROUP_UINTS = [(i * 2654435761) % (1 << 32) for i in range(16)]


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def ordered_bits(value):
    """An integer order on float32 values in which adjacent floats differ by one."""
    bits = struct.unpack("<i", struct.pack("<f", value))[0]
    return bits if bits >= 0 else -(bits & 0x7FFFFFFF)


def ulps(got, want):
    if math.isnan(want) or math.isnan(got):
        return 0 if math.isnan(want) and math.isnan(got) else math.inf
    if math.isinf(want) or math.isinf(got):
        return 0 if got == f32(want) else math.inf
    return abs(ordered_bits(got) - ordered_bits(f32(want)))


def libm(function, *args):
    try:
        return function(*args)
    except (ValueError, OverflowError):
        return NAN


def rint(x):
    return x if not math.isfinite(x) else float(round(x))  # round() ties to even


def fmax(a, b):
    return b if math.isnan(a) else a if math.isnan(b) else max(a, b)


def fmin(a, b):
    return b if math.isnan(a) else a if math.isnan(b) else min(a, b)


def math_model():
    rows = []
    for v, w in zip(V, W):
        v, w = f32(v), f32(w)
        flags = int(math.isfinite(w)) + 2 * int(not (math.isnan(v) or math.isnan(w)))
        rows.append([(libm(math.acos, v), 4), (libm(math.asin, v), 4), (libm(math.atan, w), 5),
                     (libm(math.atan2, v, w), 6), (libm(math.cosh, v), 4), (libm(math.sinh, v), 4),
                     (rint(w), 0), (fmax(v, w), 0), (fmin(v, w), 0), (float(flags), 0)])
    return rows


def read(path, code):
    data = open(path, "rb").read()
    return list(struct.unpack(f"<{len(data) // 4}{code}", data))


if sys.argv[1] == "make":
    open("x.bin", "wb").write(struct.pack("<16f", *V, *W))
    open("m.bin", "wb").write(bytes(4 * 80))
    open("u.bin", "wb").write(struct.pack("<16I", *UINTS))
    open("uo.bin", "wb").write(bytes(4 * 16))
    open("counters.bin", "wb").write(struct.pack("<i", 1000))
    open("slots.bin", "wb").write(struct.pack("<16i", *[i if i % 2 == 0 else 999 for i in range(16)]))
    open("won.bin", "wb").write(bytes(4 * 32))
    open("gf.bin", "wb").write(struct.pack("<16f", *QUARTERS))
    open("gu.bin", "wb").write(struct.pack("<16I", *GROUP_UINTS))
    open("gfo.bin", "wb").write(bytes(4 * 4))
    open("guo.bin", "wb").write(bytes(4 * 4))
    sys.exit(0)

kernel, outs = sys.argv[2], sys.argv[3:]
wrong = []
if kernel == "math":
    got = read(outs[0], "f")
    for i, row in enumerate(math_model()):
        for k, (want, bound) in enumerate(row):
            if ulps(got[10 * i + k], want) > bound:
                wrong.append(f"out[{10 * i + k}] = {got[10 * i + k]!r}, expected {want!r} within {bound} ULP")
elif kernel == "ints":
    got = read(outs[0], "I")
    for i in range(8):
        a, b = UINTS[i], UINTS[i + 8]
        if got[2 * i:2 * i + 2] != [max(a, b), min(a, b)]:
            wrong.append(f"item {i}: {got[2 * i:2 * i + 2]}, expected {[max(a, b), min(a, b)]}")
elif kernel == "atomics":
    counters, slots, won = read(outs[0], "i"), read(outs[1], "i"), read(outs[2], "i")
    if counters[0] != 1000 - sum(range(16)):
        wrong.append(f"counter {counters[0]}, expected {1000 - sum(range(16))}")
    for i in range(16):
        # even slots hold i: the exchange succeeds; odd ones 999: it fails
        # and the expected value becomes what the slot holds.
        want = (i + 100, 1, i) if i % 2 == 0 else (999, 0, 999)
        if (slots[i], won[i], won[i + 16]) != want:
            wrong.append(f"slot {i}: (slot, won, expected) = {(slots[i], won[i], won[i + 16])}, expected {want}")
elif kernel == "groups":
    floats, uints = read(outs[0], "f"), read(outs[1], "I")
    for g in range(2):
        part = QUARTERS[8 * g:8 * g + 8]
        upart = GROUP_UINTS[8 * g:8 * g + 8]
        want = ([sum(part), max(part)], [min(upart), max(upart)])
        if (floats[2 * g:2 * g + 2], uints[2 * g:2 * g + 2]) != want:
            wrong.append(f"group {g}: {floats[2 * g:2 * g + 2]} {uints[2 * g:2 * g + 2]}, expected {want}")
print(f"{kernel}: " + ("right" if not wrong else "; ".join(wrong[:4])))
