"""Inputs and expected outputs of test/Runner/images.test.

`images.py make CASE` writes the inputs of CASE in the current directory,
`images.py check CASE [SUFFIX]` checks the outputs (files `*.SUFFIX.out`)
against values computed here, independently of the runner: exact for
integers, bit-exact for floats (every float operation of the shaders is
exact or correctly rounded once, which numpy's float32 reproduces), the
format conversions as Vulkan defines them (normalized values rounded to
nearest, half floats rounded to nearest even). Prints one line per check;
exit status 1 at the first mismatch.
"""

import struct
import sys
import zlib

import numpy as np

f32 = np.float32


def write(name, data):
    with open(name, "wb") as handle:
        handle.write(bytes(data))


def read(name):
    with open(name, "rb") as handle:
        return handle.read()


def fail(message):
    print("MISMATCH:", message)
    sys.exit(1)


def same(what, got, expected):
    if got != expected:
        fail(f"{what}: got {got}, expected {expected}")


# ---- Format conversions, written from the Vulkan specification ----

def unorm_read(v, bits):
    return f32(v) / f32((1 << bits) - 1)


def snorm_read(v, bits):
    if v >= 1 << (bits - 1):
        v -= 1 << bits
    return max(f32(v) / f32((1 << (bits - 1)) - 1), f32(-1.0))


def unorm_write(x, bits):
    x = 0.0 if np.isnan(x) else min(max(float(x), 0.0), 1.0)
    return int(np.rint(x * ((1 << bits) - 1)))


def snorm_write(x, bits):
    x = 0.0 if np.isnan(x) else min(max(float(x), -1.0), 1.0)
    return int(np.rint(x * ((1 << (bits - 1)) - 1))) & ((1 << bits) - 1)


def half_bits(x):
    return int(np.array([x], dtype=np.float32).astype(np.float16).view(np.uint16)[0])


def half_value(bits):
    return f32(np.array([bits], dtype=np.uint16).view(np.float16)[0])


def bits_of(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


# FORMAT: (channel bits, class)
FORMATS = {
    "R8G8B8A8_UNORM": ([8] * 4, "unorm"), "R8G8B8A8_SNORM": ([8] * 4, "snorm"),
    "R16G16B16A16_SFLOAT": ([16] * 4, "float"), "R16_SFLOAT": ([16], "float"),
    "R16G16_UNORM": ([16] * 2, "unorm"), "A2B10G10R10_UNORM_PACK32": ([10, 10, 10, 2], "unorm"),
    "R32G32_SFLOAT": ([32] * 2, "float"), "R8_SNORM": ([8], "snorm"), "R16G16B16A16_SNORM": ([16] * 4, "snorm"),
    "R32_SFLOAT": ([32], "float"), "R8G8_UNORM": ([8] * 2, "unorm"), "R32_UINT": ([32], "uint"),
    "R8G8B8A8_UINT": ([8] * 4, "uint"), "R16_UINT": ([16], "uint"), "R32G32_UINT": ([32] * 2, "uint"),
    "A2B10G10R10_UINT_PACK32": ([10, 10, 10, 2], "uint"), "R32G32B32A32_UINT": ([32] * 4, "uint"),
    "R8_SINT": ([8], "sint"), "R16G16_SINT": ([16] * 2, "sint"), "R32G32B32A32_SINT": ([32] * 4, "sint"),
    "R16G16B16A16_SINT": ([16] * 4, "sint"),
    "R16G16_SFLOAT": ([16] * 2, "float"), "R16G16B16A16_UNORM": ([16] * 4, "unorm"), "R8_UNORM": ([8], "unorm"),
    "R16G16_SNORM": ([16] * 2, "snorm"), "R8G8_SNORM": ([8] * 2, "snorm"), "R16_SNORM": ([16], "snorm"),
    "R16G16B16A16_UINT": ([16] * 4, "uint"), "R16G16_UINT": ([16] * 2, "uint"), "R8G8_UINT": ([8] * 2, "uint"),
    "R8_UINT": ([8], "uint"), "R8G8B8A8_SINT": ([8] * 4, "sint"), "R32_SINT": ([32], "sint"),
    "R32G32_SINT": ([32] * 2, "sint"), "R8G8_SINT": ([8] * 2, "sint"), "R16_SINT": ([16], "sint"),
}


def texel_size(name):
    return sum(FORMATS[name][0]) // 8


def decode(name, raw):
    """The four components (floats as float32, integers as ints) of texel bytes."""
    bits, kind = FORMATS[name]
    word = int.from_bytes(raw, "little")
    out = []
    for b in bits:
        v = word & ((1 << b) - 1)
        word >>= b
        if kind == "unorm":
            out.append(unorm_read(v, b))
        elif kind == "snorm":
            out.append(snorm_read(v, b))
        elif kind == "float":
            out.append(half_value(v) if b == 16 else f32(struct.unpack("<f", v.to_bytes(4, "little"))[0]))
        elif kind == "sint":
            out.append(v - (1 << b) if v >= 1 << (b - 1) else v)
        else:
            out.append(v)
    one = f32(1.0) if kind in ("unorm", "snorm", "float") else 1
    zero = f32(0.0) if kind in ("unorm", "snorm", "float") else 0
    while len(out) < 4:
        out.append(one if len(out) == 3 else zero)
    return out


def encode(name, components):
    bits, kind = FORMATS[name]
    word, shift = 0, 0
    for b, x in zip(bits, components):
        if kind == "unorm":
            v = unorm_write(x, b)
        elif kind == "snorm":
            v = snorm_write(x, b)
        elif kind == "float":
            v = half_bits(x) if b == 16 else bits_of(x)
        else:
            v = int(x) & ((1 << b) - 1)
        word |= v << shift
        shift += b
    return word.to_bytes(shift // 8, "little")


def is_nan(word):
    return (word >> 23) & 0xff == 0xff and word & 0x7fffff != 0


def component_words(components):
    """The 32-bit words a shader sees of decode()'s components."""
    return [bits_of(c) if isinstance(c, np.floating) else c & 0xffffffff for c in components]


# ---- rgba8: normalized formats, out-of-bounds reads and writes ----

W, H = 13, 7


def rgba8_source():
    return bytes((x * 41 + y * 17 + c * 71 + 3) % 256 for y in range(H) for x in range(W) for c in range(4))


def make_rgba8():
    write("src.bin", rgba8_source())
    write("zero4.bin", bytes(W * H * 4))
    write("zero-f32.bin", bytes(W * H * 4))
    # Every byte value, -128 and 127 among them.
    write("signed.bin", bytes((i * 7 + 128) % 256 for i in range(W * H * 4)))
    write("sizes.bin", bytes(16))


def check_rgba8(suffix):
    source = rgba8_source()
    swizzled = read(f"swizzled.{suffix}.out")
    total = read(f"sum.{suffix}.out")
    signed = read(f"signed.{suffix}.out")
    for y in range(H):
        for x in range(W):
            at = (y * W + x) * 4
            c = decode("R8G8B8A8_UNORM", source[at:at + 4])
            bgra = [c[2], c[1], c[0], c[3]]
            same(f"swizzled ({x},{y})", swizzled[at:at + 4], encode("R8G8B8A8_UNORM", [v * f32(2) for v in bgra]))
            same(f"sum ({x},{y})", total[at:at + 4], struct.pack("<f", c[0] + c[1]))
            s = decode("R8G8B8A8_SNORM", bytes((i * 7 + 128) % 256 for i in range(at, at + 4)))
            same(f"snorm ({x},{y})", signed[at:at + 4], encode("R8G8B8A8_SNORM", [-v for v in s]))
    same("sizes", list(struct.unpack("<4i", read(f"sizes.{suffix}.out"))), [W, H, W, H])
    print(f"rgba8 {suffix}: {W * H} texels of 3 images and 2 sizes match")


# ---- int: integer formats, 1D arrays, 3D, out-of-bounds coordinates ----

def make_int():
    write("counts.bin", struct.pack("<15I", *[1000 + 7 * i for i in range(15)]))
    write("ints.bin", struct.pack("<48i", *[(-1) ** i * (i * 1000003) for i in range(48)]))
    write("volume.bin", struct.pack("<32f", *[i * 0.25 - 3 for i in range(32)]))
    write("reals.bin", struct.pack("<6f", 1.5, -2.25, 3e-40, float("inf"), -0.0, 65504.0))
    write("out.bin", bytes(50 * 16))


def check_int(suffix):
    counts = struct.unpack("<15I", read(f"counts.{suffix}.out"))
    for i in range(15):
        same(f"counts[{i}]", counts[i], ((1000 + 7 * i) * 3 + i) & 0xffffffff)
    ints = [(-1) ** i * (i * 1000003) for i in range(48)]
    out = struct.unpack("<200I", read(f"out.{suffix}.out"))
    for i in range(16):
        layer, x = i // 4, i % 4
        expected = [v & 0xffffffff for v in ints[(layer * 4 + x) * 4:][:4]] if layer < 3 else [0, 0, 0, 0]
        same(f"ints[{i}]", list(out[4 * i:4 * i + 4]), expected)
    volume = struct.unpack("<32f", read(f"volume.{suffix}.out"))
    for i in range(8):
        for c, add in enumerate([1.0, 2.0, 3.0, float(i)]):
            same(f"volume[{i}].{c}", bits_of(volume[4 * i + c]), bits_of(f32(i * 4 * 0.25 + c * 0.25 - 3) + f32(add)))
    reals = [1.5, -2.25, 3e-40, float("inf"), -0.0, 65504.0]
    for i in range(16):
        x, y = i - 4, i // 8
        value = bits_of(f32(reals[x])) if 0 <= x < 6 and y == 0 else 0
        same(f"reals[{i}]", list(out[64 + 4 * i:68 + 4 * i]), [value, 0, 0, bits_of(1.0)])
    for i in range(16):
        same(f"outside[{i}]", list(out[128 + 4 * i:132 + 4 * i]), [0, 0, 0, 0])
    same("sizes", list(out[192:200]), [5, 3, 4, 3, 2, 2, 2, 6])
    print(f"int {suffix}: 15 counts, 16 array reads, 8 volume texels, 32 outside reads and 4 sizes match")


# ---- buffer: texel buffers ----

def buffer_values():
    return [f32(v) for v in np.linspace(-7.3, 11.9, 40)]


def make_buffer():
    write("texels.bin", struct.pack("<40f", *buffer_values()))
    write("fetched-u32.bin", struct.pack("<12I", *[(0xfffffff0 + i * 3) & 0xffffffff for i in range(12)]))
    write("fetched-u8.bin", bytes(range(200, 248)))
    halves = [0.1, -1.5, 65504.0 / 3, 2.0 ** -20, -0.0, 1000.3, 7.0, -3.5e-5, 21845.0, 0.333, 1.0, 2049.0]
    write("halves.bin", b"".join(struct.pack("<H", half_bits(f32(h))) for h in halves))
    write("bout.bin", bytes(17 * 16))


def check_buffer(suffix, fetched_format):
    values = buffer_values()
    texels = struct.unpack("<40f", read(f"texels.{suffix}.out"))
    for i in range(40):
        same(f"texels[{i}]", bits_of(texels[i]), bits_of(values[i] * f32(0.5) + f32(1.0)))
    out = struct.unpack("<68I", read(f"bout.{suffix}.out"))
    fetched = read("fetched-u32.bin" if fetched_format == "R32_UINT" else "fetched-u8.bin")
    size = texel_size(fetched_format)
    for i in range(12):
        same(f"fetched[{i}]", list(out[4 * i:4 * i + 4]), decode(fetched_format, fetched[size * i:size * (i + 1)]))
    halves = read("halves.bin")
    got = read(f"halves.{suffix}.out")
    for i in range(12):
        h = half_value(int.from_bytes(halves[2 * i:2 * i + 2], "little"))
        expected = struct.pack("<H", half_bits(h * f32(3))) if i % 2 == 0 else halves[2 * i:2 * i + 2]
        same(f"halves[{i}]", got[2 * i:2 * i + 2], expected)
    same("sizes", list(out[64:68]), [10, 12, 12, 0])
    print(f"buffer {suffix} ({fetched_format}): 10 texels, 12 fetches, 12 halves and 3 sizes match")


# ---- unknown: formats taken from the descriptor at run time ----

FLOAT_VALUES = [
    [0.5, 2.0, -1.0, 0.25], [float("nan"), 1.0 / 3, -0.5, 1.0], [0.999, 0.001, -0.75, 0.6],
    [1e-3, -2.5e-4, 0.75, -0.125], [65504.0, -7.0, 3.0, 100.0], [0.1, 0.2, 0.3, 0.4],
    [-0.0, 0.0, 1.5, -1.5], [1.0 / 255, 0.5 / 255, 254.5 / 255, 0.7],
]
UINT_VALUES = [[i * 37 % 256, i * 91 % 256, i, 3 - i % 4] for i in range(8)]
SINT_VALUES = [[-i * 13, i * 29 - 100, (-1) ** i * i, -1] for i in range(8)]


def unknown_inputs():
    return (FLOAT_VALUES, UINT_VALUES, SINT_VALUES)


def make_unknown(float_format, uint_format, sint_format):
    for name, fmt in (("floats", float_format), ("uints", uint_format), ("sints", sint_format)):
        size = texel_size(fmt)
        write(f"{name}-{fmt}.bin", bytes((i * 53 + 128) % 256 for i in range(8 * size)))
    values = b"".join(struct.pack("<4f", *v) for v in FLOAT_VALUES)
    values += b"".join(struct.pack("<4I", *v) for v in UINT_VALUES)
    values += b"".join(struct.pack("<4i", *v) for v in SINT_VALUES)
    write("values.bin", values)
    write("read.bin", bytes(3 * 8 * 16))


def check_unknown(suffix, float_format, uint_format, sint_format):
    out = struct.unpack("<96I", read(f"read.{suffix}.out"))
    for block, (name, fmt, values) in enumerate(
            (("floats", float_format, FLOAT_VALUES), ("uints", uint_format, UINT_VALUES),
             ("sints", sint_format, SINT_VALUES))):
        size = texel_size(fmt)
        source = read(f"{name}-{fmt}.bin")
        written = read(f"{name}.{suffix}.out")
        for x in range(8):
            texel = source[x * size:(x + 1) * size]
            at = 32 * block + 4 * x
            expected = component_words(decode(fmt, texel))
            got = list(out[at:at + 4])
            # A NaN read from a 16-bit float may come back quieted.
            got = [e if is_nan(g) and is_nan(e) and block == 0 else g for g, e in zip(got, expected)]
            same(f"{fmt} read {x}", got, expected)
            components = [f32(v) for v in values[x]] if block == 0 else values[x]
            same(f"{fmt} write {x}", written[x * size:(x + 1) * size], encode(fmt, components))
    print(f"unknown {suffix}: {float_format}, {uint_format}, {sint_format} read and written")


# ---- PNG ----

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, color_type, depth, rows):
    raw = b"".join(b"\0" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(raw)) + \
        png_chunk(b"IEND", b"")


def unpng(data):
    """(width, height, color type, depth, rows) of a PNG without interlace."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color_type = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color_type]
    stride = width * channels * depth // 8
    bpp = max(1, channels * depth // 8)
    rows, previous = [], bytes(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = previous[i], previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) % 256
            elif kind == 2:
                line[i] = (line[i] + up) % 256
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) % 256
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) % 256
        rows.append(bytes(line))
        previous = bytes(line)
    return width, height, color_type, depth, rows


PW, PH = 11, 6


def rgb_rows():
    return [bytes((x * 23 + y * 40 + c * 90) % 256 for x in range(PW) for c in range(3)) for y in range(PH)]


def make_png():
    write("in.png", png(PW, PH, 2, 8, rgb_rows()))
    write("blank.bin", bytes(PW * PH * 4))
    gray16 = [b"".join(struct.pack(">H", (x * 4099 + y * 9001) % 65536) for x in range(PW)) for y in range(PH)]
    write("gray16.png", png(PW, PH, 0, 16, gray16))


def check_png(suffix):
    width, height, color_type, depth, rows = unpng(read(f"inverted.{suffix}.png"))
    same("PNG layout", (width, height, color_type, depth), (PW, PH, 6, 8))
    for y, row in enumerate(rgb_rows()):
        for x in range(PW):
            r, g, b = row[3 * x:3 * x + 3]
            same(f"pixel ({x},{y})", rows[y][4 * x:4 * x + 4], bytes([255 - r, 255 - g, 255 - b, 255]))
    print(f"png {suffix}: {PW}x{PH} RGB in, RGBA out, inverted")


def check_png16(name):
    _, _, _, _, original = unpng(read("gray16.png"))
    width, height, color_type, depth, rows = unpng(read(name))
    same("16-bit PNG layout", (width, height, color_type, depth), (PW, PH, 0, 16))
    same("16-bit PNG samples", rows, original)
    print(f"png16 {name}: {PW}x{PH} 16-bit gray round trip")


if __name__ == "__main__":
    command, case, *rest = sys.argv[1:]
    {"make": {"rgba8": make_rgba8, "int": make_int, "buffer": make_buffer, "unknown": make_unknown, "png": make_png},
     "check": {"rgba8": check_rgba8, "int": check_int, "buffer": check_buffer, "unknown": check_unknown,
               "png": check_png, "png16": check_png16}}[command][case](*rest)
