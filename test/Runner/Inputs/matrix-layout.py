"""Inputs and a model of test/Runner/matrix-layout.test: `matrix-layout.py
make` writes the buffers of Inputs/matrix-layout.comp (every float its word
index + 1) and Inputs/matrix-struct.comp; `matrix-layout.py check OUT`
and `matrix-layout.py check-struct OUT` compute what GLSL's layout rules
give and print one line each."""

import struct
import sys


def words(name, count):
    data = open(name, "rb").read()
    return list(struct.unpack("<%df" % count, data[: 4 * count]))


def make():
    open("mb.bin", "wb").write(struct.pack("<64f", *[float(i + 1) for i in range(64)]))
    open("mu.bin", "wb").write(struct.pack("<32f", *[100.0 + i for i in range(32)]))
    open("mo.bin", "wb").write(struct.pack("<44f", *[-1.0] * 44))
    open("su.bin", "wb").write(struct.pack("<40f", *[float(i + 1) for i in range(40)]))
    open("so.bin", "wb").write(struct.pack("<16f", *[-1.0] * 16))


def matrix(buffer, offset, columns, rows, stride, row_major):
    """m[c][r] of a matrix at byte offset `offset`."""
    at = lambda c, r: buffer[(offset + (r * stride + 4 * c if row_major else c * stride + 4 * r)) // 4]
    return [[at(c, r) for r in range(rows)] for c in range(columns)]


def times(m, v):
    return [sum(m[c][r] * v[c] for c in range(len(m))) for r in range(len(m[0]))]


def check(out):
    b = [float(i + 1) for i in range(64)]
    u = [100.0 + i for i in range(32)]
    rm = matrix(b, 0, 3, 3, 16, True)
    cm = matrix(b, 48, 3, 3, 16, False)
    rm23 = matrix(b, 96, 2, 3, 8, True)  # std430 rows of 2: MatrixStride 8
    um = matrix(u, 0, 2, 2, 16, True)
    nested = lambda i, j: b[(120 + 12 * i + 4 * j) // 4]
    vs = lambda i, j, k: b[(144 + 16 * i + 8 * j + 4 * k) // 4]
    r = [times(rm, [1, 2, 3]), rm[1], [rm[2][0], rm[0][2], cm[1][2]], times(cm, [1, 10, 100]),
         times(rm23, [1, 2]), times(um, [1, 2]) + [u[(32 + 2 * 32 + 16) // 4]]]  # std140 float[3][2]: strides 16, 32
    expected = []
    for row in r:
        expected += row + [-1.0]
    expected += [nested(1, 2), vs(2, 1, 1), nested(0, 1)] + [-1.0] * 5
    w = [[cm[c][r] for r in range(3)] for c in range(3)]
    w[0][1] = 99.0
    rows = [[w[c][r] for c in range(3)] + [-1.0] for r in range(3)]
    expected += sum(rows, [])
    got = words(out, 44)
    print("matrix layout: " + ("right" if got == expected else f"wrong: {got} expected {expected}"))


def check_struct(out):
    u = [float(i + 1) for i in range(40)]
    # T t[2] (std140, row-major): T = mat2 (2 rows of 16 bytes) + vec2: 48 bytes.
    t = [(matrix(u, 48 * k, 2, 2, 16, True), u[(48 * k + 32) // 4: (48 * k + 32) // 4 + 2]) for k in range(2)]
    cm = matrix(u, 96, 2, 2, 16, False)
    x_m, x_v = t[1]
    expected = times(x_m, x_v) + times(cm, [1, 2]) + t[0][0][1] + [-1.0, -1.0]
    # o.w (std430, row-major T): mat2 rows 8 bytes apart, then v.
    m = [list(column) for column in x_m]
    m[0] = [7.0, 8.0]
    expected += [m[0][0], m[1][0], m[0][1], m[1][1]] + x_v + [-1.0, -1.0]
    got = words(out, 16)
    print("matrix struct: " + ("right" if got == expected else f"wrong: {got} expected {expected}"))


{"make": make, "check": lambda: check(sys.argv[2]), "check-struct": lambda: check_struct(sys.argv[2])}[sys.argv[1]]()
