"""bfloat16.spvasm's patch, inputs and model (bfloat16.test).

`patch SRC DST`: the OpTypeFloat named "bf16" gets the BFloat16KHR encoding
(a third operand, 0), the placeholder capabilities Linkage and Addresses
become BFloat16TypeKHR (5116) and BFloat16DotProductKHR (5117).
`make` writes in.bin (16 records: f32, f64, f16 bits, bfloat16 bits) and a
zeroed out.bin; `check` compares out.bin with the conversions computed
exactly here (Python's floats and fractions), bit for bit.
`arith-make` / `arith-check` do the same for bfloat16-arithmetic.spvasm
(SPV_EXT_bfloat16_arithmetic): ARITH_PAIRS pairs of bfloat16 values, each
result the exact one rounded to nearest even (Python's float arithmetic
is exact or, rounded to 53 bits, rounds to the same bfloat16: 53 >= 2 * 8 +
2), NaNs compared as NaNs (SPIR-V leaves their payload open)."""

import math
import os
import struct
import sys
import warnings
from fractions import Fraction

import numpy as np

# Overflow to infinity is what the model computes on purpose.
warnings.filterwarnings("ignore", category=RuntimeWarning)

NAN32 = struct.unpack("<f", struct.pack("<I", 0x7FC1_2345))[0]


def patch(source, target):
    data = open(source, "rb").read()
    words = list(struct.unpack(f"<{len(data) // 4}I", data))
    out, at, names, changed = words[:5], 5, {}, 0
    capabilities = {5: 5116, 4: 5117}
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        inst = words[at:at + count]
        if opcode == 5:  # OpName
            names[inst[1]] = struct.pack(f"<{count - 2}I", *inst[2:]).split(b"\0")[0].decode()
        if opcode == 22 and names.get(inst[1]) == "bf16":
            inst = [(4 << 16) | 22, inst[1], 16, 0]
            changed += 1
        if opcode == 17 and inst[1] in capabilities:
            inst = [inst[0], capabilities[inst[1]]]
            changed += 1
        out += inst
        at += count
    print(f"patched: {changed} words")
    open(target, "wb").write(struct.pack(f"<{len(out)}I", *out))


def inputs():
    """Per invocation: (f32, f64, f16 bits, bfloat16 bits)."""
    f32s = [1.0, 1.00390625, 1.01171875, 3.14159, -2.5e-3, 3.4e38, -3.39e38, float("inf"),
            NAN32, 1e-40, -0.0, 65504.0, 1.0 + 2 ** -8 + 2 ** -20, 0.1, -7.75, 2.0 ** -126]
    f64s = [1.0 + 2 ** -8 + 2 ** -40, 1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8, 1.0 / 3, -1e300, 1e-300,
            float("-inf"), float("nan"), 3.3961e38, 3.3962e38, -2.0 ** -133, 0.0, 1e10, -123.456,
            2.0 ** -130 * 1.5, 1.0 - 2 ** -30]
    f16s = [0x3C00, 0x3C01, 0x3C05, 0x7BFF, 0x0001, 0x8400, 0x7C00, 0xFE00,
            0x3555, 0x4248, 0xC900, 0x03FF, 0x0000, 0x8000, 0x5BFF, 0x2E66]
    b16s = [0x3F80, 0x4049, 0xBF81, 0x7F7F, 0x0001, 0x8080, 0x7F80, 0x7FC0,
            0x3DCD, 0x4780, 0xC7FF, 0x477F, 0x0000, 0x8000, 0x3800, 0x33FF]
    return list(zip(f32s, f64s, f16s, b16s))


def make():
    with open("in.bin", "wb") as f:
        for x, d, h, b in inputs():
            f.write(struct.pack("<f4xdII", x, d, h, b))
    open("out.bin", "wb").write(bytes(16 * 64))


def to_bfloat16(value):
    """The bfloat16 bits of the float `value` (exact: a Python float holds
    any f16, f32 or f64), to nearest even; NaN: quiet, sign and top payload
    kept (as the f32's top bits)."""
    if value != value:
        bits = struct.unpack("<Q", struct.pack("<d", value))[0]
        return (bits >> 48) & 0x8000 | 0x7FC0 | (bits >> 45) & 0x3F
    sign = 0x8000 if str(value).startswith("-") else 0
    magnitude = abs(value)
    if magnitude == float("inf"):
        return sign | 0x7F80
    if magnitude == 0:
        return sign
    exact = Fraction(magnitude)
    exponent = max(exact.numerator.bit_length() - exact.denominator.bit_length(), -126)
    while Fraction(2) ** exponent > exact and exponent > -126:
        exponent -= 1
    while Fraction(2) ** (exponent + 1) <= exact:
        exponent += 1
    ulp = Fraction(2) ** (exponent - 7)
    steps = exact / ulp
    whole = steps.numerator // steps.denominator
    rest = steps - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
        whole += 1
    rounded = whole * ulp
    if rounded >= Fraction(2) ** 128:
        return sign | 0x7F80
    single = struct.unpack("<I", struct.pack("<f", float(rounded)))[0]
    return sign | single >> 16


def half_value(bits):
    return float(np.frombuffer(struct.pack("<H", bits), dtype=np.float16)[0])


def bfloat16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def half_bits(value):
    return int(np.frombuffer(np.float16(value).tobytes(), dtype=np.uint16)[0])


def check():
    got = open("out.bin", "rb").read()
    right = total = 0
    for i, (x, d, h, b) in enumerate(inputs()):
        x32 = float(np.float32(x))
        vector = [x32, -x32, float(np.float32(x32 * 2)), 0.5]
        record = got[64 * i:64 * (i + 1)]
        fields = [
            ("f32 to bfloat16", struct.unpack_from("<I", record, 0)[0], to_bfloat16(x32)),
            ("f64 to bfloat16", struct.unpack_from("<I", record, 4)[0], to_bfloat16(d)),
            ("f16 to bfloat16", struct.unpack_from("<I", record, 8)[0], to_bfloat16(half_value(h))),
            ("bfloat16 to f32", struct.unpack_from("<I", record, 12)[0], b << 16),
            ("bfloat16 to f64", struct.unpack_from("<Q", record, 16)[0],
             struct.unpack("<Q", struct.pack("<d", bfloat16_value(b)))[0]),
            ("bfloat16 to f16", struct.unpack_from("<I", record, 24)[0], half_bits(bfloat16_value(b))),
        ]
        for k, value in enumerate(vector):
            fields.append((f"vector[{k}]", struct.unpack_from("<I", record, 32 + 4 * k)[0], to_bfloat16(value) << 16))
        fields.append(("dot", struct.unpack_from("<f", record, 48)[0], 5.0 * i))
        fields.append(("select", struct.unpack_from("<f", record, 52)[0], bfloat16_value(b) if i % 2 else 1.5))
        for name, have, want in fields:
            total += 1
            same = have == want or (have != have and want != want)
            if name == "bfloat16 to f64" and bfloat16_value(b) != bfloat16_value(b):
                same = have & 0x7FF8_0000_0000_0000 == 0x7FF8_0000_0000_0000
            if name == "bfloat16 to f16" and bfloat16_value(b) != bfloat16_value(b):
                same = have & 0x7E00 == 0x7E00
            if same:
                right += 1
            else:
                print(f"record {i} {name}: {have!r}, expected {want!r}")
    print(f"bfloat16: {right} of {total} right")


# More pairs for a one-off wider check: BF16_PAIRS=65536 (then --workgroups N/64).
ARITH_PAIRS = int(os.environ.get("BF16_PAIRS", "1024"))


def arith_inputs():
    """(a, b) bfloat16 bits: special values against each other (zeros,
    infinities, NaN, the smallest and largest subnormals and normals, the
    largest finite), ties of addition and multiplication, then random
    bits."""
    special = [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0x0001, 0x807F, 0x0080, 0x7F7F, 0xFF7F,
               0x3F80, 0xBF80, 0x4000, 0x3F81, 0x0100, 0xC0A0]
    pairs = [(a, b) for a in special for b in special]
    # Ties: 1 + 2^-8, 1.0078125 + 2^-8 (to even, down and up), products
    # 1.0078125^2 = 1 + 2^-6 + 2^-14 (rounded down) and subnormal ones.
    pairs += [(0x3F80, 0x3B80), (0x3F81, 0x3B80), (0x3F81, 0x3F81), (0x3F83, 0x3F81),
              (0x0003, 0x3F00), (0x0001, 0x3F00), (0x0081, 0xBF00), (0x7F7F, 0x3F81),
              (0x4040, 0x4040), (0x3EAB, 0x4040), (0x0005, 0x4040), (0x0005, 0x3EAB)]
    rng = np.random.default_rng(7)
    while len(pairs) < ARITH_PAIRS:
        a, b = (int(x) for x in rng.integers(0, 1 << 16, 2))
        if len(pairs) % 3 == 0:  # near each other: cancellation, equality
            b = (a & 0x8000 ^ 0x8000 if len(pairs) % 2 else a & 0x8000) | (a & 0x7FFF) + int(rng.integers(-2, 3)) & 0x7FFF
        pairs.append((a, b))
    return pairs[:ARITH_PAIRS]


def matrix_inputs():
    """48 bfloat16 bits: A, B and C of the cooperative matrices (4x4 each,
    row-major), values of a few bits' range so that sums round."""
    rng = np.random.default_rng(11)
    values = rng.standard_normal(48) * 2.0 ** rng.integers(-4, 5, 48)
    return [to_bfloat16(float(v)) for v in values]


def arith_make():
    with open("in.bin", "wb") as f:
        for a, b in arith_inputs():
            f.write(struct.pack("<I", a | b << 16))
    open("out.bin", "wb").write(bytes(ARITH_PAIRS * 64))
    open("min.bin", "wb").write(struct.pack("<48H", *matrix_inputs()))
    open("mout.bin", "wb").write(bytes([0xEE]) * 128)


def matrix_model():
    """mout.bin's 32 words: D = A * B + C with each product and sum rounded
    to bfloat16 (halves 0-15), A * B + float(C) in f32, in order of k (words
    8-23; the products are exact in f32), A * A' element by element rounded
    (halves 48-63)."""
    h = [bfloat16_value(bits) for bits in matrix_inputs()]
    a, b, c = (np.array(h[16 * m:16 * m + 16]).reshape(4, 4) for m in range(3))
    halves, singles = [], []
    for i in range(4):
        for j in range(4):
            s = float(c[i][j])
            f = np.float32(c[i][j])
            for k in range(4):
                s = bfloat16_value(to_bfloat16(s + bfloat16_value(to_bfloat16(float(a[i][k] * b[k][j])))))
                f = np.float32(f + np.float32(a[i][k] * b[k][j]))
            halves.append(to_bfloat16(s))
            singles.append(struct.unpack("<I", struct.pack("<f", f))[0])
    elementwise = [to_bfloat16(float(x * y)) for x, y in zip(a.reshape(16), b.reshape(16))]
    words = [halves[2 * w] | halves[2 * w + 1] << 16 for w in range(8)] + singles
    words += [elementwise[2 * w] | elementwise[2 * w + 1] << 16 for w in range(8)]
    return words


def matrix_check():
    got = struct.unpack("<32I", open("mout.bin", "rb").read())
    want = matrix_model()
    bad = [f"word {w}: {g:#010x}, expected {e:#010x}" for w, (g, e) in enumerate(zip(got, want)) if g != e]
    print(f"bfloat16 cooperative matrices: {32 - len(bad)} of 32 words right")
    for line in bad[:8]:
        print(line)


def bf16_is_nan(bits):
    return bits & 0x7F80 == 0x7F80 and bits & 0x7F != 0


def arith_model(a_bits, b_bits):
    """The 15 words bfloat16-arithmetic.spvasm writes for (a, b); a
    bfloat16 result as its bits, None where any NaN is right."""
    a, b = bfloat16_value(a_bits), bfloat16_value(b_bits)
    nan = float("nan")

    def rounded(value):
        """Floats and (fma's) exact fractions rounded once."""
        return None if value != value else to_bfloat16(value)

    def divide(x, y):
        if y == 0:
            if x != x or x == 0:
                return nan
            return math.copysign(math.inf, x) * math.copysign(1.0, y)
        return x / y

    def fmod(x, y):
        try:
            return math.fmod(x, y)
        except ValueError:
            return nan

    def spirv_fmod(x, y):
        r = fmod(x, y)
        c = math.copysign(r, y)
        return r + y if r == r and r != c else c

    def fma(x, y, z):
        if any(v != v for v in (x, y, z)):
            return nan
        if any(math.isinf(v) for v in (x, y, z)):
            return x * y + z  # infinities: no rounding involved
        exact = Fraction(x) * Fraction(y) + Fraction(z)
        if exact == 0:
            return x * y + z  # the sign of an exact zero sum
        return exact  # rounded once, by rounded()

    def nmax(x, y):
        if x != x:
            return y
        if y != y:
            return x
        return max(x, y) if x != y else ("zero" if x == 0 else x)  # zeros of either sign: either

    compare = [a == b, not (a < b or a > b), a < b or a > b, a != b, a < b, not a >= b, a > b, not a <= b,
               a <= b, not a > b, a >= b, not a < b, a != a, math.isinf(a), math.isfinite(a),
               a_bits & 0x7F80 not in (0, 0x7F80), bool(a_bits & 0x8000), a < b or a > b,
               a == a and b == b, a != a or b != b]
    mask = sum(1 << k for k, bit in enumerate(compare) if bit)
    sqrt = nan if a < 0 or a != a else math.sqrt(a)
    lanes = [rounded(a * a), rounded(b * a)]
    product = rounded(a * b)
    dot = None if product is None else rounded(2 * bfloat16_value(product))
    maximum = nmax(a, b)
    maximum = ("either zero", (0, 0x8000)) if maximum == "zero" else rounded(maximum)
    # OpFDot2MixAcc*VALVE of (a, b) . (b, a): the products exact in f32,
    # summed in f32, then the accumulator added in f32 (Acc16: rounded to
    # bfloat16 once).
    two = float(np.float32(np.float32(a * b) + np.float32(b * a)))
    mix32 = float(np.float32(np.float32(a) + np.float32(two)))
    mix = ("dot and mix16", dot, rounded(mix32))
    return [rounded(a + b), rounded(a - b), rounded(a * b), rounded(divide(a, b)), rounded(fmod(a, b)),
            rounded(spirv_fmod(a, b)), None if a != a else a_bits ^ 0x8000, ("mask", mask), rounded(sqrt), rounded(math.copysign(math.floor(a), a))
            if math.isfinite(a) else (None if a != a else a_bits), None if a != a else a_bits & 0x7FFF,
            ("lanes", lanes), mix, rounded(fma(a, b, a)), maximum, ("f32", mix32)]


def arith_check():
    got = open("out.bin", "rb").read()
    names = ["add", "sub", "mul", "div", "rem", "mod", "negate", "comparisons", "sqrt", "floor", "fabs",
             "vector times scalar", "dot, FDot2MixAcc16", "fma", "nmax", "FDot2MixAcc32"]
    right = total = 0
    bad = []
    for i, (a, b) in enumerate(arith_inputs()):
        words = struct.unpack_from("<16I", got, 64 * i)
        for name, have, want in zip(names, words, arith_model(a, b)):
            total += 1
            if isinstance(want, tuple) and want[0] in ("lanes", "dot and mix16"):
                halves = [have & 0xFFFF, have >> 16]
                expected = want[1] if want[0] == "lanes" else want[1:]
                same = all(bf16_is_nan(h) if w is None else h == w for h, w in zip(halves, expected))
            elif isinstance(want, tuple) and want[0] == "f32":
                value = struct.unpack("<f", struct.pack("<I", have))[0]
                same = value == want[1] or (value != value and want[1] != want[1])
            elif isinstance(want, tuple) and want[0] == "either zero":
                same = have in want[1]
            elif isinstance(want, tuple):
                same = have == want[1]
            elif want is None:
                same = have < 0x10000 and bf16_is_nan(have)
            else:
                same = have == want
            if same:
                right += 1
            else:
                bad.append(f"pair {i} ({a:#06x}, {b:#06x}) {name}: {have:#x}, expected {want}")
    print(f"bfloat16 arithmetic: {right} of {total} right")
    for line in bad[:12]:
        print(line)
    kinds = {}
    for line in bad:
        kinds[line.split(") ")[1].split(":")[0]] = kinds.get(line.split(") ")[1].split(":")[0], 0) + 1
    if kinds:
        print("wrong:", kinds)


POINTER_ITEMS = 64


def pointer_inputs():
    """(x, y) bfloat16 bits for bfloat16-pointers.spvasm: zeros,
    infinities, NaN, halves, a negative value whose fraction rounds up to 1
    in bfloat16 (-2^-20: fract's bound), the smallest subnormal and normal,
    the largest finite, values near multiples of pi, then random bits of
    moderate magnitude; y nonzero but for one pair (remquo by zero)."""
    special = [(0x0000, 0x4000), (0x8000, 0x3F80), (0x7F80, 0x4000), (0xFF80, 0xC040),
               (0x7FC0, 0x3F80), (0x3FC0, 0x4000), (0xBFC0, 0x4000), (0x3580, 0x3F80),
               (0xB580, 0x3F80), (0xBB80, 0x3F80), (0x0001, 0x3F80), (0x0080, 0x0080),
               (0x7F7F, 0x4049), (0x4049, 0x3FC9), (0xC0C9, 0x4049), (0x42C9, 0x4040),
               (0x40B0, 0x4000), (0x40A0, 0x4000), (0x40E0, 0x4000), (0x3F80, 0x0000),
               (0xC2C7, 0xC030), (0x4780, 0x3DCD)]
    rng = np.random.default_rng(16)
    pairs = special[:]
    while len(pairs) < POINTER_ITEMS:
        sign = int(rng.integers(0, 2)) << 15
        exponent = int(rng.integers(0x70, 0x8A))  # 2^-15 .. 2^10
        x = sign | exponent << 7 | int(rng.integers(0, 128))
        y = int(rng.integers(0, 2)) << 15 | int(rng.integers(0x7A, 0x84)) << 7 | int(rng.integers(0, 128))
        pairs.append((x, y))
    return pairs


def pointer_make():
    with open("pin.bin", "wb") as f:
        for x, y in pointer_inputs():
            f.write(struct.pack("<2H", x, y))
    open("pout.bin", "wb").write(bytes(32 * POINTER_ITEMS))
    open("iout.bin", "wb").write(bytes(16 * POINTER_ITEMS))


def bf16_neighbours(have, want):
    """Whether the bfloat16 bits `have` and `want` are equal or adjacent
    finite values of one sign (1 ulp)."""
    return have == want or (have & 0x8000 == want & 0x8000 and abs((have & 0x7FFF) - (want & 0x7FFF)) == 1)


def pointer_model(x_bits, y_bits):
    """The 16 bfloat16 words and 3 ints bfloat16-pointers.spvasm writes for
    (x, y): (name, want, how) with how "exact" (NaN: any NaN), "ulp" (the
    float value rounded to bfloat16, within 1 ulp: the f32 builtin's
    error), "low7" (remquo's quotient: sign and 7 low bits), or None (not
    specified)."""
    x, y = bfloat16_value(x_bits), bfloat16_value(y_bits)
    nan, inf = float("nan"), float("inf")

    def fract(v):
        if v != v:
            return nan, nan
        if abs(v) == inf or v == 0:  # fract(-0) is -0, fract(-inf) -0
            return math.copysign(0.0, v), v
        whole = math.floor(v)
        bits = to_bfloat16(min(v - whole, 1.0 - 2.0 ** -24))
        return bfloat16_value(0x3F7F) if bits == 0x3F80 else bfloat16_value(bits), float(whole)

    def modf(v):
        if v != v:
            return nan, nan
        return math.modf(v)

    out = []
    f, w = fract(x)
    out += [("fract", f, "exact"), ("fract whole", w, "exact")]
    m, mw = modf(x)
    out += [("modf", m, "exact"), ("modf whole", mw, "exact")]
    finite = x == x and abs(x) != inf
    out += [("sin", math.sin(x) if finite else nan, "ulp"), ("cos", math.cos(x) if finite else nan, "ulp")]
    if finite:
        mantissa, exponent = math.frexp(x)
    else:
        mantissa, exponent = x, 0
    out += [("frexp", mantissa, "exact")]
    if x != x or y != y or abs(x) == inf or y == 0:
        remainder, quotient = nan, None
    elif abs(y) == inf:
        remainder, quotient = x, 0
    else:
        ratio = Fraction(x) / Fraction(y)
        n = math.floor(ratio)
        if ratio - n > Fraction(1, 2) or (ratio - n == Fraction(1, 2) and n % 2):
            n += 1
        remainder = float(Fraction(x) - n * Fraction(y))
        if remainder == 0:
            remainder = math.copysign(0.0, x)
        quotient = n
    out += [("remquo", remainder, "exact")]
    if finite and not (x <= 0 and x == math.floor(x)):
        value = math.lgamma(x)
        sign = 1 if x > 0 or math.floor(x) % 2 == 0 else -1
    else:
        value, sign = (inf if x == x else nan), None
    out += [("lgamma_r", value, "lgamma")]
    vf, vw = fract(x)
    yf, yw = fract(y)
    out += [("fract.x", vf, "exact"), ("fract.y", yf, "exact"), ("whole.x", vw, "exact"), ("whole.y", yw, "exact")]
    my, myw = modf(y)
    out += [("modf y", my, "exact"), ("modf y whole", myw, "exact"), ("-x", -x if x == x else nan, "exact")]
    ints = [("frexp exponent", exponent, "exact"), ("remquo quotient", quotient, "low7"), ("lgamma sign", sign, "exact")]
    return out, ints


def pointer_check():
    got = open("pout.bin" if len(sys.argv) < 3 else sys.argv[2], "rb").read()
    ints = open("iout.bin" if len(sys.argv) < 4 else sys.argv[3], "rb").read()
    right = total = 0
    bad = []
    for i, (x, y) in enumerate(pointer_inputs()):
        words, numbers = pointer_model(x, y)
        for k, (name, want, how) in enumerate(words):
            have = struct.unpack_from("<H", got, 32 * i + 2 * k)[0]
            total += 1
            if want != want:
                same = bf16_is_nan(have)
            elif how == "exact":
                same = have == to_bfloat16(want)
            elif how == "ulp":
                same = bf16_neighbours(have, to_bfloat16(want))
            else:  # lgamma: 1 ulp, or 2^-12 near its zeros (x = 1, 2)
                value = bfloat16_value(have)
                same = bf16_neighbours(have, to_bfloat16(want)) or (abs(want) < 2 ** -4 and abs(value - want) <= 2 ** -12)
            right += same
            if not same:
                bad.append(f"item {i} ({x:#06x}, {y:#06x}) {name}: {have:#06x}, expected {to_bfloat16(want) if want == want else 'NaN':#06x}")
        for k, (name, want, how) in enumerate(numbers):
            have = struct.unpack_from("<i", ints, 16 * i + 4 * k)[0]
            if want is None:
                continue
            total += 1
            same = (have == want) if how == "exact" else (
                (have < 0) == (want < 0) and abs(have) % 128 == abs(want) % 128)
            right += same
            if not same:
                bad.append(f"item {i} ({x:#06x}, {y:#06x}) {name}: {have}, expected {want}")
    print(f"bfloat16 through pointers: {right} of {total} right")
    for line in bad[:12]:
        print(line)


if __name__ == "__main__":
    {"patch": lambda: patch(sys.argv[2], sys.argv[3]), "make": make, "check": check,
     "arith-make": arith_make, "arith-check": arith_check, "matrix-check": matrix_check,
     "pointer-make": pointer_make, "pointer-check": pointer_check}[sys.argv[1]]()
