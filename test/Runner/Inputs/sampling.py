"""Inputs and expected outputs of test/Runner/sampling.test.

`sampling.py make CASE FORMAT` writes the inputs of CASE (`2d` or `kinds`)
in the current directory; `sampling.py check CASE FORMAT LABEL SAMPLER...`
checks the output `CASE.LABEL.out` of a run with those samplers (the
`--sampler` texts, one per sampled binding) against values computed here,
independently of the runner, from the Vulkan specification's "Texel
Filtering", "Texel Coordinate Systems", "Wrapping Operation" and "Depth
Compare Operation" sections, in double precision. The coordinates are
multiples of 1/64 and the gradients powers of two times 1 or 1.5, so that
no result sits on a rounding boundary; float results must agree within
1e-4 (Vulkan allows far more), integers exactly. Prints one line; exit
status 1 at the first mismatch.
"""

import math
import struct
import sys


def write(name, data):
    with open(name, "wb") as handle:
        handle.write(bytes(data))


def read(name):
    with open(name, "rb") as handle:
        return handle.read()


def fail(message):
    print("MISMATCH:", message)
    sys.exit(1)


# ---------------------------------------------------------------- formats

# name: (bytes per texel, channels, kind); kinds: "f32", "f16", "unorm8",
# "srgb8", "bgra8", "unorm16", "i32".
FORMATS = {
    "R32G32B32A32_SFLOAT": (16, 4, "f32"),
    "R32G32_SFLOAT": (8, 2, "f32"),
    "R32_SFLOAT": (4, 1, "f32"),
    "D32_SFLOAT": (4, 1, "f32"),
    "R16G16B16A16_SFLOAT": (8, 4, "f16"),
    "R8G8B8A8_UNORM": (4, 4, "unorm8"),
    "R8G8B8A8_SRGB": (4, 4, "srgb8"),
    "B8G8R8A8_UNORM": (4, 4, "bgra8"),
    "D16_UNORM": (2, 1, "unorm16"),
    "R32G32B32A32_SINT": (16, 4, "i32"),
}


def srgb_to_linear(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encode(fmt, values):
    """The bytes of a texel of `values` (one per channel; raw integers for
    the 8- and 16-bit formats)."""
    size, channels, kind = FORMATS[fmt]
    if kind == "f32":
        return struct.pack(f"<{channels}f", *values)
    if kind == "f16":
        return struct.pack(f"<{channels}e", *values)
    if kind in ("unorm8", "srgb8", "bgra8"):
        return bytes(values)
    if kind == "unorm16":
        return struct.pack("<H", values[0])
    return struct.pack(f"<{channels}i", *values)


def decode(fmt, data):
    """The four components a shader reads (floats or integers)."""
    size, channels, kind = FORMATS[fmt]
    integer = kind == "i32"
    out = [0, 0, 0, 1] if integer else [0.0, 0.0, 0.0, 1.0]
    if kind == "f32":
        values = list(struct.unpack(f"<{channels}f", data))
    elif kind == "f16":
        values = list(struct.unpack(f"<{channels}e", data))
    elif kind == "unorm8":
        values = [b / 255 for b in data]
    elif kind == "srgb8":
        values = [srgb_to_linear(b / 255) for b in data[:3]] + [data[3] / 255]
    elif kind == "bgra8":
        values = [data[2] / 255, data[1] / 255, data[0] / 255, data[3] / 255]
    elif kind == "unorm16":
        values = [struct.unpack("<H", data)[0] / 65535]
    else:
        values = list(struct.unpack(f"<{channels}i", data))
    out[: len(values)] = values
    return out


# ---------------------------------------------------------------- images


class Image:
    """Texels level after level, each level's layers in turn (the runner's
    raw layout)."""

    def __init__(self, fmt, extent, layers, levels, dims, value):
        self.fmt, self.extent, self.layers, self.levels, self.dims = fmt, extent, layers, levels, dims
        self.texels = {}
        data = bytearray()
        for level in range(levels):
            w, h, d = self.level_extent(level)
            for layer in range(layers):
                for z in range(d):
                    for y in range(h):
                        for x in range(w):
                            raw = encode(fmt, value(level, layer, x, y, z))
                            self.texels[(level, layer, x, y, z)] = decode(fmt, raw)
                            data += raw
        self.data = data

    def level_extent(self, level):
        return [max(1, size >> level) for size in self.extent]

    def integer(self):
        return FORMATS[self.fmt][2] == "i32"


def parse_sampler(text):
    sampler = {
        "mag": "nearest", "min": "nearest", "mipmap": "nearest", "address": ["repeat"] * 3,
        "border": "float_transparent_black", "unnormalized": False, "compare": None,
        "min_lod": 0.0, "max_lod": 1000.0, "bias": 0.0,
    }
    for pair in filter(None, text.split(",")):
        key, value = pair.split("=")
        if key == "filter":
            sampler["mag"] = sampler["min"] = value
        elif key == "address":
            sampler["address"] = [value] * 3
        elif key in ("mipmap", "border", "compare"):
            sampler[key] = value
        elif key == "unnormalized":
            sampler["unnormalized"] = value == "true"
        elif key == "lod_bias":
            sampler["bias"] = float(value)
        elif key in ("min_lod", "max_lod"):
            sampler[key] = float(value)
        else:
            raise ValueError(key)
    return sampler


def wrap(mode, i, size):
    """Vulkan's wrapping of integer texel coordinate i; None: a border texel."""
    def mirror(a):
        return a if a >= 0 else -(1 + a)
    if mode == "repeat":
        return i % size
    if mode == "mirrored_repeat":
        return (size - 1) - mirror((i % (2 * size)) - size)
    if mode == "clamp_to_edge":
        return min(max(i, 0), size - 1)
    if mode == "clamp_to_border":
        return i if 0 <= i < size else None
    if mode == "mirror_clamp_to_edge":
        return min(max(mirror(i), 0), size - 1)
    raise ValueError(mode)


BORDERS = {
    "float_transparent_black": [0, 0, 0, 0], "int_transparent_black": [0, 0, 0, 0],
    "float_opaque_black": [0, 0, 0, 1], "int_opaque_black": [0, 0, 0, 1],
    "float_opaque_white": [1, 1, 1, 1], "int_opaque_white": [1, 1, 1, 1],
}

COMPARE = {
    "never": lambda r, d: False, "less": lambda r, d: r < d, "equal": lambda r, d: r == d,
    "less_or_equal": lambda r, d: r <= d, "greater": lambda r, d: r > d,
    "not_equal": lambda r, d: r != d, "greater_or_equal": lambda r, d: r >= d,
    "always": lambda r, d: True,
}


def texel(image, sampler, level, layer, ijk):
    """The texel at wrapped coordinates, or the border colour (the format's
    channels of it, the others as a read of the format gives them)."""
    if None in ijk:
        channels = FORMATS[image.fmt][1]
        missing = [0, 0, 0, 1]
        return [BORDERS[sampler["border"]][c] if c < channels else missing[c] for c in range(4)]
    return image.texels[(level, layer) + tuple(ijk)]


def compared(image, sampler, value, dref):
    if dref is None:
        return value
    if FORMATS[image.fmt][2] == "unorm16":
        dref = min(max(dref, 0.0), 1.0)
    return [1.0 if COMPARE[sampler["compare"]](dref, value[0]) else 0.0, 0.0, 0.0, 1.0]


def texel_space(image, sampler, level, coords, offset):
    extent = image.level_extent(level)
    return [
        (coords[a] if sampler["unnormalized"] else coords[a] * extent[a]) + offset[a]
        for a in range(image.dims)
    ]


def filter_level(image, sampler, level, layer, coords, offset, filt, dref):
    extent = image.level_extent(level)
    uvw = texel_space(image, sampler, level, coords, offset)
    pad = [0] * (3 - image.dims)
    if filt == "nearest" or (image.integer() and dref is None):
        ijk = [wrap(sampler["address"][a], math.floor(uvw[a]), extent[a]) for a in range(image.dims)] + pad
        return compared(image, sampler, texel(image, sampler, level, layer, ijk), dref)
    base = [math.floor(u - 0.5) for u in uvw]
    frac = [(u - 0.5) - math.floor(u - 0.5) for u in uvw]
    total = [0.0] * 4
    for corner in range(1 << image.dims):
        weight = 1.0
        ijk = []
        for a in range(image.dims):
            high = (corner >> a) & 1
            weight *= frac[a] if high else 1 - frac[a]
            ijk.append(wrap(sampler["address"][a], base[a] + high, extent[a]))
        value = compared(image, sampler, texel(image, sampler, level, layer, ijk + pad), dref)
        total = [t + weight * v for t, v in zip(total, value)]
    return total


def sample(image, sampler, coords, layer=0.0, lod=0.0, grad=None, offset=(0, 0, 0), dref=None):
    """A sample (textureLod, textureGrad...): four components."""
    layer = min(max(int(math.floor(layer + 0.5)), 0), image.layers - 1)  # ties never occur here
    if sampler["unnormalized"]:
        lam = 0.0
    else:
        if grad is not None:
            extent = image.level_extent(0)
            rho = [math.sqrt(sum((g[a] * extent[a]) ** 2 for a in range(image.dims))) for g in grad]
            base = math.log2(max(rho))
        else:
            base = lod
        lam = min(max(base + sampler["bias"], sampler["min_lod"]), sampler["max_lod"])
    filt = sampler["mag"] if lam <= 0 else sampler["min"]
    q = image.levels - 1
    d = min(max(lam, 0.0), q)
    integer_plain = image.integer() and dref is None
    if lam <= 0 or q == 0:
        value = filter_level(image, sampler, 0, layer, coords, offset, filt, dref)
    elif sampler["mipmap"] == "nearest" or integer_plain:
        level = max(math.ceil(d + 0.5) - 1, 0)
        value = filter_level(image, sampler, level, layer, coords, offset, filt, dref)
    else:
        high = math.floor(d)
        low = min(high + 1, q)
        delta = d - high
        a = filter_level(image, sampler, high, layer, coords, offset, filt, dref)
        b = filter_level(image, sampler, low, layer, coords, offset, filt, dref)
        value = [(1 - delta) * x + delta * y for x, y in zip(a, b)]
    if dref is not None:
        value = [value[0], 0.0, 0.0, 1.0]
    return value


def gather(image, sampler, coords, component, offset=(0, 0), dref=None):
    """textureGather: component c of (i0, j1), (i1, j1), (i1, j0), (i0, j0)."""
    extent = image.level_extent(0)
    uv = texel_space(image, sampler, 0, coords, list(offset) + [0])
    i0, j0 = math.floor(uv[0] - 0.5), math.floor(uv[1] - 0.5)
    out = []
    for di, dj in [(0, 1), (1, 1), (1, 0), (0, 0)]:
        ijk = [wrap(sampler["address"][0], i0 + di, extent[0]), wrap(sampler["address"][1], j0 + dj, extent[1]), 0]
        value = compared(image, sampler, texel(image, sampler, 0, 0, ijk), dref)
        out.append(value[0] if dref is not None else value[component])
    return out


def fetch(image, level, layer, ijk):
    extent = image.level_extent(level)
    if level >= image.levels or any(not 0 <= ijk[a] < extent[a] for a in range(image.dims)):
        return [0, 0, 0, 0] if FORMATS[image.fmt][1] == 4 else [0, 0, 0, 1]
    return image.texels[(level, layer) + tuple(ijk) + (0,) * (3 - len(ijk))]


# ---------------------------------------------------------------- cases

def pattern(level, layer, x, y, z, channels, kind):
    """Distinct, smoothly varying texel values in the format's range."""
    values = []
    for c in range(channels):
        n = (level * 7 + layer * 3 + x * 5 + y * 11 + z * 13 + c * 17) % 23
        if kind in ("unorm8", "srgb8", "bgra8"):
            values.append(n * 11)
        elif kind == "unorm16":
            values.append(n * 2849)
        elif kind == "i32":
            values.append(n - 11)
        else:
            values.append(n / 8 - 1.0)
    return values


def make_image(fmt, extent, layers, levels, dims):
    size, channels, kind = FORMATS[fmt]
    return Image(fmt, extent, layers, levels, dims,
                 lambda level, layer, x, y, z: pattern(level, layer, x, y, z, channels, kind))


INVOCATIONS = 32


def params_2d():
    """(s, t, lod, gradient scale) per invocation."""
    out = []
    for i in range(INVOCATIONS):
        s = ((i * 37) % 150 - 40) / 64
        t = ((i * 23) % 100 - 20) / 64
        lod = ((i * 13) % 29 - 6) / 8 + 1 / 16
        g = 2.0 ** ((i % 6) - 5)
        out.append((s, t, lod, g))
    return out


def params_kinds():
    """(s, t, lod, reference), (r, layer, 0, 0) per invocation."""
    out = []
    for i in range(INVOCATIONS):
        s = ((i * 29) % 120 - 30) / 64
        t = ((i * 19) % 110 - 25) / 64
        lod = ((i * 11) % 21 - 5) / 8 + 1 / 16
        ref = ((i * 7) % 26) / 16 - 0.5
        r = ((i * 5) % 90 - 13) / 64
        layer = ((i * 3) % 9) / 2 - 0.75
        out.append(((s, t, lod, ref), (r, layer, 0.0, 0.0)))
    return out


def images_2d(fmt):
    return {"tex": make_image(fmt, [8, 4, 1], 1, 3, 2)}


def images_kinds(fmt):
    # fmt: the depth image's format.
    return {
        "shadow": make_image(fmt, [8, 4, 1], 1, 2, 2),
        "layered": make_image("R16G16B16A16_SFLOAT", [4, 4, 1], 3, 2, 2),
        "volume": make_image("R8G8B8A8_UNORM", [4, 4, 4], 1, 2, 3),
        "line": make_image("R32G32_SFLOAT", [8, 1, 1], 1, 3, 1),
        "ints": make_image("R32G32B32A32_SINT", [4, 4, 1], 1, 1, 2),
    }


def make(case, fmt):
    if case == "2d":
        write("tex.bin", images_2d(fmt)["tex"].data)
        write("params-2d.bin", b"".join(struct.pack("<4f", *p) for p in params_2d()))
        write("zero-2d.bin", bytes(16 * 10 * INVOCATIONS))
    else:
        for name, image in images_kinds(fmt).items():
            write(f"{name}.bin", image.data)
        write("params-kinds.bin", b"".join(struct.pack("<8f", *a, *b) for a, b in params_kinds()))
        write("zero-kinds.bin", bytes(16 * 8 * INVOCATIONS))


def expected_2d(fmt, samplers):
    image = images_2d(fmt)["tex"]
    sampler = parse_sampler(samplers[0])
    separate = parse_sampler(samplers[1])
    rows = []
    for i, (s, t, lod, g) in enumerate(params_2d()):
        st = [s, t, 0]
        level = i % 3
        extent = image.level_extent(level)
        unnormalized = sampler["unnormalized"]
        rows.append([
            sample(image, sampler, st, lod=lod),
            None if unnormalized else sample(image, sampler, st, lod=lod, offset=(1, -2, 0)),
            None if unnormalized else sample(image, sampler, st, grad=[[g, 0, 0], [0, g * 1.5, 0]]),
            None if unnormalized else gather(image, sampler, st, 1),
            None if unnormalized else gather(image, sampler, st, 2, offset=(-1, 1)),
            None if unnormalized else [
                gather(image, sampler, st, 0, offset=o)[k]
                for k, o in enumerate([(0, 0), (1, 0), (-2, 1), (1, 1)])
            ],
            sample(image, separate, st, lod=lod),
            None if unnormalized else sample(image, sampler, st, lod=lod),
            fetch(image, level, 0, [i % 9, i // 9 - 1]),
            [extent[0], extent[1], image.levels, 0],
        ])
    return rows


def expected_kinds(fmt, samplers):
    images = images_kinds(fmt)
    shadow, layered, volume, line, ints = (parse_sampler(text) for text in samplers)
    rows = []
    for (s, t, lod, ref), (r, layer, _, _) in params_kinds():
        st = [s, t, 0]
        # A comparison's scalar, splatted by vec4().
        depth = sample(images["shadow"], shadow, st, lod=lod, dref=ref)[0]
        offset = sample(images["shadow"], shadow, st, lod=lod, offset=(-1, 1, 0), dref=ref)[0]
        rows.append([
            [depth] * 4,
            gather(images["shadow"], shadow, st, 0, dref=ref),
            [depth] * 4,
            [offset] * 4,
            sample(images["layered"], layered, st, layer=layer, lod=lod),
            sample(images["volume"], volume, [s, t, r], lod=lod),
            sample(images["line"], line, [s, 0, 0], lod=lod),
            [float(v) for v in sample(images["ints"], ints, st, lod=lod)],
        ])
    return rows


def check(case, fmt, label, samplers):
    rows = expected_2d(fmt, samplers) if case == "2d" else expected_kinds(fmt, samplers)
    per_row = len(rows[0])
    data = read(f"{case}.{label}.out")
    got = struct.unpack(f"<{len(data) // 4}f", data)
    count = 0
    for i, row in enumerate(rows):
        for k, expected in enumerate(row):
            if expected is None:
                continue
            value = got[(i * per_row + k) * 4:(i * per_row + k) * 4 + 4]
            for c in range(4):
                if not abs(value[c] - expected[c]) <= 1e-4:
                    fail(f"{case} {label}: invocation {i} output {k} component {c}: got {value[c]}, expected {expected[c]} "
                         f"(all: {list(value)} vs {expected})")
                count += 1
    print(f"{case} {fmt} {label}: {count} components match")


if __name__ == "__main__":
    command, case, fmt = sys.argv[1:4]
    if command == "make":
        make(case, fmt)
    else:
        check(case, fmt, sys.argv[4], sys.argv[5:])
