"""bfloat16.spvasm's patch, inputs and model (bfloat16.test).

`patch SRC DST`: the OpTypeFloat named "bf16" gets the BFloat16KHR encoding
(a third operand, 0), the placeholder capabilities Linkage and Addresses
become BFloat16TypeKHR (5116) and BFloat16DotProductKHR (5117).
`make` writes in.bin (16 records: f32, f64, f16 bits, bfloat16 bits) and a
zeroed out.bin; `check` compares out.bin with the conversions computed
exactly here (Python's floats and fractions), bit for bit."""

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


if __name__ == "__main__":
    {"patch": lambda: patch(sys.argv[2], sys.argv[3]), "make": make, "check": check}[sys.argv[1]]()
