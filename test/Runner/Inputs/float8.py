"""float8.spvasm's patch, inputs and model (float8.test).

`patch SRC DST`: the OpTypeFloats named "e4m3" and "e5m2" get the
Float8E4M3EXT (4214) and Float8E5M2EXT (4215) encodings, the placeholder
capability Linkage becomes Float8EXT (4212), and RelaxedPrecision
decorations SaturatedToLargestFloat8NormalConversionEXT (4216).
`make` writes in.bin (256 records: an f32, the bits of an f16, an f64) and
a zeroed out.bin; `check` compares out.bin with the OCP 8-bit formats
computed exactly here (fractions), bit for bit."""

import math
import struct
import sys
import warnings
from fractions import Fraction

import numpy as np

warnings.filterwarnings("ignore", category=RuntimeWarning)

# (exponent bits, mantissa bits, bias, largest finite magnitude's bits,
# infinities?)
FORMATS = {"e4m3": (4, 3, 7, 0x7E, False), "e5m2": (5, 2, 15, 0x7B, True)}


def patch(source, target):
    data = open(source, "rb").read()
    words = list(struct.unpack(f"<{len(data) // 4}I", data))
    out, at, names, changed = words[:5], 5, {}, 0
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        inst = words[at:at + count]
        if opcode == 5:  # OpName
            names[inst[1]] = struct.pack(f"<{count - 2}I", *inst[2:]).split(b"\0")[0].decode()
        if opcode == 22 and names.get(inst[1]) in ("e4m3", "e5m2"):
            inst = [(4 << 16) | 22, inst[1], 8, 4214 if names[inst[1]] == "e4m3" else 4215]
            changed += 1
        if opcode == 17 and inst[1] == 5:  # Linkage
            inst = [inst[0], 4212]
            changed += 1
        if opcode == 71 and inst[2] == 0:  # RelaxedPrecision
            inst = [inst[0], inst[1], 4216]
            changed += 1
        out += inst
        at += count
    print(f"patched: {changed} words")
    open(target, "wb").write(struct.pack(f"<{len(out)}I", *out))


def decode(name, code):
    exponent_bits, mantissa_bits, bias, _, infinities = FORMATS[name]
    sign = -1.0 if code & 0x80 else 1.0
    exponent = (code & 0x7F) >> mantissa_bits
    mantissa = code & ((1 << mantissa_bits) - 1)
    top = (1 << exponent_bits) - 1
    if infinities and exponent == top:
        return sign * math.inf if mantissa == 0 else math.nan
    if not infinities and code & 0x7F == 0x7F:
        return math.nan
    if exponent == 0:
        return sign * mantissa * 2.0 ** (1 - bias - mantissa_bits)
    return sign * (1 + mantissa / (1 << mantissa_bits)) * 2.0 ** (exponent - bias)


def encode(name, value, saturate):
    """The bits of `value` (a Python float: exact) to nearest even."""
    exponent_bits, mantissa_bits, bias, largest, infinities = FORMATS[name]
    sign = 0x80 if math.copysign(1.0, value) < 0 else 0
    if value != value:
        return sign | (0x7E if infinities else 0x7F)
    codes = [c for c in range(0x80) if decode(name, c) == decode(name, c) and abs(decode(name, c)) != math.inf]
    magnitude = abs(value)
    if magnitude == math.inf:
        best = largest + 1
    else:
        exact = Fraction(magnitude)
        best = None
        for c in codes:
            if best is None:
                best = c
                continue
            here, there = abs(Fraction(decode(name, c)) - exact), abs(Fraction(decode(name, best)) - exact)
            if here < there or (here == there and c % 2 == 0):
                best = c
        # Beyond the largest: past halfway to the next step of the grid
        # (a tie goes to the even one: E4M3's largest, E5M2's next step).
        next_up = Fraction(decode(name, largest)) + Fraction(2) ** ((largest >> mantissa_bits) - bias - mantissa_bits)
        halfway = (Fraction(decode(name, largest)) + next_up) / 2
        if exact > halfway or (exact == halfway and largest % 2 == 1):
            best = largest + 1
    if best > largest:
        best = largest if saturate else (0x7C if infinities else 0x7F)
    return sign | best


def inputs():
    """256 records: f32, f16 bits, f64."""
    special = [0.0, -0.0, 1.0, -1.0, 448.0, 464.0, 464.01, 480.0, 500.0, 57344.0, 61440.0, 61439.0,
               65536.0, math.inf, -math.inf, math.nan, 2.0 ** -6, 2.0 ** -9, 2.0 ** -10, 1.5 * 2.0 ** -10,
               2.0 ** -16, 2.0 ** -17, 3 * 2.0 ** -18, 1.0625, 1.1875, 0.1, 3.14159, -7.5, 1e-30, 1e30,
               240.0, 248.0]
    rows = []
    rng = np.random.default_rng(13)
    for i in range(256):
        if i < len(special):
            v = special[i]
        else:
            v = float(np.float32(rng.uniform(-1, 1) * 2.0 ** int(rng.integers(-20, 18))))
        h = int(rng.integers(0, 0x10000))
        if h & 0x7C00 == 0x7C00 and h & 0x3FF:
            h &= 0xFE00 | 0x3FF  # keep NaNs, any payload
        # Just off v: where v is a tie (2^-10, 464...), rounding through f32
        # to nearest would round twice and go the wrong way.
        d = v + (2.0 ** -40 if i % 3 == 0 else -(2.0 ** -41)) * (abs(v) if v == v else 1.0)
        rows.append((v, h, d))
    return rows


def make():
    with open("in.bin", "wb") as f:
        for v, h, d in inputs():
            f.write(struct.pack("<fId", v, h, d))
    open("out.bin", "wb").write(bytes(256 * 40))


def half_value(bits):
    return float(np.frombuffer(struct.pack("<H", bits), dtype=np.float16)[0])


def f32_bits(value):
    return struct.unpack("<I", struct.pack("<f", value))[0]


def check():
    got = open("out.bin", "rb").read()
    right = total = 0
    for i, (v, h, d) in enumerate(inputs()):
        record = got[40 * i:40 * (i + 1)]
        v32 = float(np.float32(v))
        pair = [encode("e5m2", v32, False), encode("e5m2", float(np.float32(-v32)), False)]
        fields = [
            ("decode e4m3", struct.unpack_from("<I", record, 0)[0], decode("e4m3", i)),
            ("decode e5m2", struct.unpack_from("<I", record, 4)[0], decode("e5m2", i)),
            ("e4m3", struct.unpack_from("<I", record, 8)[0], encode("e4m3", v32, False)),
            ("e4m3 saturated", struct.unpack_from("<I", record, 12)[0], encode("e4m3", v32, True)),
            ("e5m2", struct.unpack_from("<I", record, 16)[0], encode("e5m2", v32, False)),
            ("e5m2 saturated", struct.unpack_from("<I", record, 20)[0], encode("e5m2", v32, True)),
            ("e4m3 of f16", struct.unpack_from("<I", record, 24)[0], encode("e4m3", half_value(h), False)),
            ("e4m3 of f64", struct.unpack_from("<I", record, 28)[0], encode("e4m3", d, False)),
            ("e5m2 pair x", struct.unpack_from("<I", record, 32)[0], decode("e5m2", pair[0])),
            ("e5m2 pair y", struct.unpack_from("<I", record, 36)[0], decode("e5m2", pair[1])),
        ]
        for name, have, want in fields:
            total += 1
            if isinstance(want, float):
                want_nan = want != want
                same = (have & 0x7F80_0000 == 0x7F80_0000 and have & 0x7F_FFFF != 0) if want_nan else have == f32_bits(want)
            else:
                same = have == want
            if same:
                right += 1
            else:
                print(f"record {i} {name}: {have:#x}, expected {want!r}")
    print(f"float8: {right} of {total} right")


MATRIX_RECORDS = 256


def matrix_inputs():
    """float8-matrix.spvasm's inputs: per invocation two words of four codes
    and an f32 accumulator (every code, each pairing random; accumulators
    of a range that rounds sums); A (32 E4M3 codes) and B (32 E5M2 codes),
    finite ones."""
    rng = np.random.default_rng(8)
    records = []
    for i in range(MATRIX_RECORDS):
        a = [(i + 64 * k) % 256 for k in range(4)]
        b = [int(x) for x in rng.integers(0, 256, 4)]
        acc = float(np.float32(rng.standard_normal() * 2.0 ** int(rng.integers(-12, 12))))
        records.append((a, b, acc))
    a_codes = [int(c) for c in rng.integers(0, 0x7F, 32) | (rng.integers(0, 2, 32) << 7)]
    b_codes = [int(c) for c in rng.integers(0, 0x7C, 32) | (rng.integers(0, 2, 32) << 7)]
    return records, a_codes, b_codes


def matrix_make():
    records, a_codes, b_codes = matrix_inputs()
    with open("din.bin", "wb") as f:
        for a, b, acc in records:
            f.write(bytes(a) + bytes(b) + struct.pack("<f", acc))
    open("dout.bin", "wb").write(bytes(8 * MATRIX_RECORDS))
    open("min.bin", "wb").write(bytes(a_codes) + bytes(b_codes))
    open("mout.bin", "wb").write(bytes(52 * 4))


def f32(value):
    return float(np.float32(value))


def matrix_check():
    records, a_codes, b_codes = matrix_inputs()
    got = open("dout.bin", "rb").read()
    right = total = 0
    bad = []
    for i, (a, b, acc) in enumerate(records):
        for k, name in enumerate(("e4m3", "e5m2")):
            products = [f32(decode(name, x) * decode(name, y)) for x, y in zip(a, b)]
            dot = f32(f32(f32(products[0] + products[1]) + products[2]) + products[3])
            want = f32(acc + dot)
            have = struct.unpack_from("<f", got, 8 * i + 4 * k)[0]
            total += 1
            if have == want or (have != have and want != want):
                right += 1
            else:
                bad.append(f"record {i} {name} dot: {have!r}, expected {want!r}")
    mout = open("mout.bin", "rb").read()
    a = [[decode("e4m3", a_codes[8 * r + c]) for c in range(8)] for r in range(4)]
    b = [[decode("e5m2", b_codes[4 * r + c]) for c in range(4)] for r in range(8)]
    for r in range(4):
        for c in range(4):
            d = 0.0
            for k in range(8):
                d = f32(d + f32(a[r][k] * b[k][c]))
            have = struct.unpack_from("<f", mout, 4 * (4 * r + c))[0]
            have_q = mout[64 + 4 * r + c]
            total += 2
            right += (have == d) + (have_q == encode("e4m3", d, False))
            if have != d or have_q != encode("e4m3", d, False):
                bad.append(f"D[{r}][{c}]: {have!r} ({have_q:#04x}), expected {d!r} ({encode('e4m3', d, False):#04x})")
        for c in range(8):
            have = struct.unpack_from("<f", mout, 80 + 4 * (8 * r + c))[0]
            total += 1
            right += have == a[r][c]
            if have != a[r][c]:
                bad.append(f"A[{r}][{c}]: {have!r}, expected {a[r][c]!r}")
    print(f"float8 matrices and dot products: {right} of {total} right")
    for line in bad[:10]:
        print(line)


SENTINEL = 0xDEADBEEF
SPEC_OUT_WORDS = 512


def spec_inputs():
    """float8-spec.spvasm's 256 f32 inputs: the special values of
    `inputs()` at the start of both halves (ties, overflow, infinities,
    NaN, subnormals), random ones after."""
    values = [float(np.float32(v)) for v, _, _ in inputs()]
    return values[:128] + values[:128]


def spec_make():
    open("sin.bin", "wb").write(struct.pack("<256f", *spec_inputs()))
    open("sout.bin", "wb").write(struct.pack(f"<{SPEC_OUT_WORDS}I", *[SENTINEL] * SPEC_OUT_WORDS))


def spec_check(rows, n):
    """R x 2R matrix and N-element array and long vectors (float8-spec.spvasm),
    every other output word untouched."""
    columns = 2 * rows
    x = spec_inputs()
    got = struct.unpack(f"<{SPEC_OUT_WORDS}I", open("sout.bin", "rb").read())
    raw = open("sout.bin", "rb").read()
    want = [SENTINEL] * SPEC_OUT_WORDS
    for j in range(rows * columns):
        want[j] = decode("e4m3", encode("e4m3", x[j], False))
    codes = [encode("e4m3", x[j], False) for j in range(rows * columns)]
    for j in range(0, rows * columns, 4):
        want[64 + j // 4] = struct.unpack("<I", bytes(codes[j:j + 4]))[0]
    for k in range(n):
        code = encode("e4m3", x[128 + k], False)
        want[128 + k] = decode("e4m3", code)
        want[256 + k] = decode("e4m3", code)
        want[320 + k] = code
    right = 0
    for i, (have, expected) in enumerate(zip(got, want)):
        if isinstance(expected, float):
            same = (have & 0x7F800000 == 0x7F800000 and have & 0x7FFFFF != 0) if expected != expected else have == f32_bits(expected)
        else:
            same = have == expected
        right += same
        if not same:
            print(f"word {i}: {have:#010x}, expected {expected!r}")
    print(f"float8 spec-sized R={rows} N={n}: {right} of {SPEC_OUT_WORDS} right")


if __name__ == "__main__":
    {"patch": lambda: patch(sys.argv[2], sys.argv[3]), "make": make, "check": check,
     "matrix-make": matrix_make, "matrix-check": matrix_check, "spec-make": spec_make,
     "spec-check": lambda: spec_check(int(sys.argv[2]), int(sys.argv[3]))}[sys.argv[1]]()
