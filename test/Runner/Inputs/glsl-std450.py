"""Inputs and a model of test/Runner/glsl-std450.test: `glsl-std450.py make`
writes in.bin and out.bin for Inputs/glsl-std450.comp; `glsl-std450.py check
OUT` compares OUT with GLSL's definitions, computed here (float32 steps with
numpy, packing with round-half-to-even as Vulkan drivers round) and prints
one line per group; `glsl-std450.py struct-forms make|check OUT` does the
same for Inputs/glsl-struct-forms.spvasm."""

import math
import struct
import sys
from fractions import Fraction

import numpy as np

F = [[0.0, 1.0, -1.0, 0.5], [0.25, 0.75, -0.25, -0.75], [2.0, -2.0, 1 / 3, -1 / 3], [0.1, 0.9, -0.9, 0.999],
     [0.00196078431, 0.5 / 255, 1.5 / 255, 0.5 / 127], [0.5 / 32767, -0.5 / 32767, 1.5 / 65535, 0.7],
     [2.75, -3.5, -0.0, 1e30], [math.inf, -math.inf, 7.0, -0.25]]
U = [0x80FF7F00, 0x12345678, 0x7FFF8000, 0xFFFFFFFF]
D = 3.0e-300
DU = [0x00000001, 0x40080000]
M2 = [[4, 2], [6, 5]]  # columns; det 8
M3 = [[2, 0, 0], [1, 4, 0], [3, 5, 1]]  # det 8
M4 = [[2, 1, 0, 0], [0, 2, 0, 0], [0, 1, 4, 1], [3, 0, 2, 1]]  # det 8
R_I, R_N, ETA = [0.5, -0.5, 0.0, 0.25], [0.0, 1.0, 0.0, 0.0], 0.5
X4 = [2.75, -3.5, -0.0, 1e-40]


def f32(value):
    return float(np.float32(value))


def make():
    buf = bytearray(352)
    for k, v in enumerate(F):
        struct.pack_into("<4f", buf, 16 * k, *v)
    struct.pack_into("<4I", buf, 128, *U)
    struct.pack_into("<2d", buf, 144, D, -1.5)
    struct.pack_into("<2I", buf, 160, *DU)
    struct.pack_into("<4f", buf, 168, *M2[0], *M2[1])
    for c in range(3):
        struct.pack_into("<3f", buf, 192 + 16 * c, *M3[c])
    struct.pack_into("<16f", buf, 240, *sum(M4, []))
    struct.pack_into("<4f", buf, 304, *R_I)
    struct.pack_into("<4f", buf, 320, *R_N)
    struct.pack_into("<f", buf, 336, ETA)
    open("in.bin", "wb").write(buf)
    open("out.bin", "wb").write(bytes(576))


def pack(values, bits, signed):
    scale = (1 << (bits - signed)) - 1
    word = 0
    for lane, value in enumerate(values):
        value = f32(value)
        clamped = min(max(value, -1.0 if signed else 0.0), 1.0)
        fixed = round(float(np.float32(clamped) * np.float32(scale))) & ((1 << bits) - 1)
        word |= fixed << (bits * lane)
    return word


def unpack(word, bits, signed):
    scale = np.float32((1 << (bits - signed)) - 1)
    lanes = []
    for lane in range(32 // bits):
        fixed = (word >> (bits * lane)) & ((1 << bits) - 1)
        if signed and fixed >= 1 << (bits - 1):
            fixed -= 1 << bits
        lanes.append(min(max(float(np.float32(fixed) / scale), -1.0), 1.0))
    return lanes


def modf(x):
    x = f32(x)
    if math.isinf(x):
        return math.copysign(0.0, x), x
    return math.modf(x)


def det(columns):
    n = len(columns)
    if n == 1:
        return Fraction(columns[0][0])
    return sum((-1) ** r * columns[0][r] * det([[c[k] for k in range(n) if k != r] for c in columns[1:]])
               for r in range(n))


def inverse(columns):
    n, d = len(columns), det(columns)
    out = []
    for column in range(n):
        for row in range(n):
            minor = [[c[k] for k in range(n) if k != column] for i, c in enumerate(columns) if i != row]
            out.append(float((-1) ** (row + column) * det(minor) / d))
    return out


def refract(incident, normal, eta):
    s = np.float32
    incident, normal, eta = [s(v) for v in incident], [s(v) for v in normal], s(eta)
    dot = s(0)
    for a, b in zip(normal, incident):
        dot = s(dot + s(a * b))
    k = s(s(1) - s(s(eta * eta) * s(s(1) - s(dot * dot))))
    if k < 0:
        return [0.0] * 4
    factor = s(s(eta * dot) + s(np.sqrt(k)))
    return [float(s(s(eta * i) - s(factor * n))) for i, n in zip(incident, normal)]


def same(got, expected):
    return all(struct.pack("<f", g) == struct.pack("<f", e) or (g != g and e != e) for g, e in zip(got, expected))


def report(name, got, expected, fmt="f"):
    """fmt "f": floats bit for bit; "v": floats by value (the sign of a zero
    the definition does not fix: a cofactor's); else integers."""
    if fmt == "f":
        ok = same(got, expected)
    else:
        ok = list(got) == list(expected)
    print(f"{name}: " + ("right" if ok else f"wrong: {list(got)} expected {list(expected)}"))


def check(out):
    data = open(out, "rb").read()
    packs = []
    for v in F[:6]:
        packs += [pack(v, 8, False), pack(v, 8, True), pack(v[:2], 16, False), pack(v[2:], 16, True)]
    report("pack", struct.unpack_from("<24I", data, 0), packs, "I")
    unpacks = []
    for word in U:
        unpacks += unpack(word, 8, False) + unpack(word, 8, True) + unpack(word, 16, False) + unpack(word, 16, True)
    report("unpack", struct.unpack_from("<48f", data, 96), unpacks)
    fractions = [modf(x) for x in F[6] + F[7]]
    expected = [f for f, _ in fractions[:4]] + [w for _, w in fractions[:4]] + \
               [f for f, _ in fractions[4:]] + [w for _, w in fractions[4:]]
    report("modf", struct.unpack_from("<16f", data, 288), expected)
    frexps = [math.frexp(f32(x)) for x in F[6]]
    report("frexp", struct.unpack_from("<4i", data, 352), [e for _, e in frexps], "i")
    report("frexp significand", struct.unpack_from("<4f", data, 368), [m for m, _ in frexps])
    report("unpackDouble2x32", struct.unpack_from("<2I", data, 384), struct.unpack("<2I", struct.pack("<d", D)), "I")
    report("packDouble2x32", struct.unpack_from("<2I", data, 392), DU, "I")
    report("determinant", struct.unpack_from("<3f", data, 400), [float(det(m)) for m in (M2, M3, M4)])
    report("inverse 2x2", struct.unpack_from("<4f", data, 416), inverse(M2), "v")
    inverse3 = inverse(M3)
    got3 = struct.unpack_from("<12f", data, 432)
    report("inverse 3x3", [got3[4 * c + r] for c in range(3) for r in range(3)], inverse3, "v")
    report("inverse 4x4", struct.unpack_from("<16f", data, 480), inverse(M4), "v")
    report("refract", struct.unpack_from("<8f", data, 544),
           refract(R_I, R_N, ETA) + refract(R_I, R_N, f32(f32(1 / ETA) * 10.0)))


def struct_forms(what, out=None):
    if what == "make":
        open("sf.bin", "wb").write(struct.pack("<4f", *X4) + bytes(64))
        return
    data = open(out, "rb").read()
    fractions = [modf(x) for x in X4]
    report("ModfStruct fraction", struct.unpack_from("<4f", data, 16), [f for f, _ in fractions])
    report("ModfStruct whole", struct.unpack_from("<4f", data, 32), [w for _, w in fractions])
    frexps = [math.frexp(f32(x)) for x in X4]
    report("Frexp significand", struct.unpack_from("<4f", data, 48), [m for m, _ in frexps])
    report("Frexp exponent", struct.unpack_from("<4i", data, 64), [e for _, e in frexps], "i")


if sys.argv[1] == "make":
    make()
elif sys.argv[1] == "check":
    check(sys.argv[2])
else:
    struct_forms(*sys.argv[2:])
