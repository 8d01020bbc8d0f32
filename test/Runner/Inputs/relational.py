"""Inputs and a model of test/Runner/relational.test: `relational.py make`
writes x.bin, y.bin (16 floats each: zeros of both signs, subnormals,
infinities, NaNs, the smallest normal) and o.bin; `relational.py check
OUT KERNEL` compares OUT with what OpenCL C defines for KERNEL (`rel`,
`relv`, `lessgreater`) and prints one line."""

import math
import struct
import sys

X = [1.5, -2.0, 0.0, -0.0, 1e-40, -1e-40, math.inf, -math.inf, math.nan, 3.0, -7.25, 1.17549435e-38, -5.0, 2.0,
     math.nan, 0.5]
Y = [1.5, 2.0, 0.0, 0.0, 1.0, math.nan, math.inf, 1.0, 1.0, -3.0, -7.25, 0.0, 5.0, 2.0, math.nan, -0.5]


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def model(x, y):
    x, y = f32(x), f32(y)
    sign = struct.unpack("<I", struct.pack("<f", x))[0] >> 31
    normal = math.isfinite(x) and abs(x) >= 1.17549435e-38
    unordered = math.isnan(x) or math.isnan(y)
    return [sign, int(normal), int(not unordered and x != y), int(unordered)]


if sys.argv[1] == "make":
    open("x.bin", "wb").write(struct.pack("<16f", *X))
    open("y.bin", "wb").write(struct.pack("<16f", *Y))
    open("o.bin", "wb").write(bytes(16 * 16))
    sys.exit(0)
out, kernel = sys.argv[2], sys.argv[3]
got = struct.unpack("<64i", open(out, "rb").read())
expected = []
if kernel == "relv":
    # float4: x[i] is lanes 4i..4i+3; vector results are -1 for true.
    for i in range(4):
        rows = [model(X[4 * i + lane], Y[4 * i + lane]) for lane in range(4)]
        for test in range(4):
            expected += [-rows[lane][test] for lane in range(4)]
else:
    for i in range(16):
        row = model(X[i], Y[i])
        if kernel == "lessgreater":
            row[3] = row[2]  # the OpUnordered made OpLessOrGreater
        expected += row
wrong = [i for i in range(64) if got[i] != expected[i]]
print(f"{out}: " + (f"64 right" if not wrong else f"element {wrong[0]} is {got[wrong[0]]}, expected {expected[wrong[0]]}"))
