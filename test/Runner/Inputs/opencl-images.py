"""Inputs and expected results of test/Runner/opencl-images.test: OpenCL's
sampling written from the OpenCL C specification ("Image Addressing and
Filtering": the nearest and linear formulas per addressing mode, with
normalized and unnormalized coordinates; the border colour by channel
order), independently of the runtime's Vulkan sampler.

  make                       the input files
  modes FORMAT SAMPLER OUT   sample_modes with the sampler argument SAMPLER
  integer SAMPLER OUT        sample_integer (9x6 over the 5x4 image)
  literal OUT                literal_samplers
  kinds OUT LAYERS RW INFO   the kinds kernel's outputs
"""
import math
import struct
import sys

W, H = 5, 4
POINTS = 64


def rgba(x, y):
    return (float(x + 10 * y), 100.0 + x, 200.0 + y, 1.0 + x * y)


def coordinates():
    # Dyadic, with odd numerators: never on a texel boundary, weights exact.
    return [(((4 * j + 1) - 96) / 64, ((4 * ((7 * j) % 64) + 1) - 96) / 64) for j in range(POINTS)]


def floats(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%df" % (len(data) // 4), data))


def write_floats(path, values):
    open(path, "wb").write(struct.pack("<%df" % len(values), *values))


def make():
    write_floats("rgba.bin", [c for y in range(H) for x in range(W) for c in rgba(x, y)])
    write_floats("r.bin", [rgba(x, y)[0] for y in range(H) for x in range(W)])
    write_floats("at.bin", [c for point in coordinates() for c in point])
    write_floats("at-pixels.bin", [c for s, t in coordinates() for c in (s * W, t * H)])
    write_floats("zero-modes.bin", [0.0] * (4 * POINTS))
    write_floats("zero-integer.bin", [0.0] * (4 * 9 * 6))
    write_floats("zero-literal.bin", [0.0] * (4 * 6 * POINTS))
    write_floats("buf.bin", [float(i * 4 + c) for i in range(8) for c in range(4)])
    write_floats("rw.bin", [0.5 * i - 1.0 for i in range(8)])
    open("arr.bin", "wb").write(bytes((37 * k + 11) % 256 for k in range(4 * 2 * 4)))
    # An RGBA8 image and its texels as the floats UNORM8 means (v / 255:
    # the quotient of the double is the correctly rounded f32 too).
    rgba8 = bytes((53 * k + 7) % 256 for k in range(4 * W * H))
    open("rgba8.bin", "wb").write(rgba8)
    write_floats("rgba8-floats.bin", [b / 255.0 for b in rgba8])
    write_floats("vol.bin", [float(x + 8 * y + 16 * z) for z in range(2) for y in range(2) for x in range(8)])
    write_floats("zero-layers.bin", [0.0] * (4 * 2 * 2 * 4))
    open("zero-info.bin", "wb").write(bytes(4 * 16))
    write_floats("zero-kinds.bin", [0.0] * (4 * 3 * 8))


class Sampler:
    def __init__(self, text):
        fields = dict(pair.split("=") for pair in text.split(",") if pair)
        self.filter = fields.get("filter", "nearest")
        self.address = fields.get("address", "none")
        self.normalized = fields.get("normalized", "true") == "true"


def border(order):
    return (0.0, 0.0, 0.0, 1.0) if order == "R" else (0.0, 0.0, 0.0, 0.0)


def texel(order, x, y):
    if order == "R":
        return (rgba(x, y)[0], 0.0, 0.0, 1.0)
    return rgba(x, y)


def nearest_index(sampler, s, size):
    """OpenCL: the texel index along one axis, None for the border."""
    if sampler.address == "repeat":
        u = (s - math.floor(s)) * size
        i = math.floor(u)
        return i - size if i > size - 1 else i
    if sampler.address == "mirrored_repeat":
        m = abs(s - 2.0 * round_even(0.5 * s))
        return min(math.floor(m * size), size - 1)
    u = s * size if sampler.normalized else s
    i = math.floor(u)
    if sampler.address == "clamp":
        return i if 0 <= i < size else None
    return min(max(i, 0), size - 1)  # clamp_to_edge; none (kept inside)


def linear_indices(sampler, s, size):
    """OpenCL: (i0, i1, a) along one axis, None indices for the border."""
    if sampler.address == "repeat":
        u = (s - math.floor(s)) * size
        i0 = math.floor(u - 0.5)
        i1 = i0 + 1
        if i0 < 0:
            i0 += size
        if i1 > size - 1:
            i1 -= size
        return i0, i1, (u - 0.5) - math.floor(u - 0.5)
    if sampler.address == "mirrored_repeat":
        u = abs(s - 2.0 * round_even(0.5 * s)) * size
        i0 = math.floor(u - 0.5)
        return max(i0, 0), min(i0 + 1, size - 1), (u - 0.5) - math.floor(u - 0.5)
    u = s * size if sampler.normalized else s
    i0 = math.floor(u - 0.5)
    a = (u - 0.5) - i0
    if sampler.address == "clamp":
        inside = lambda i: i if 0 <= i < size else None
        return inside(i0), inside(i0 + 1), a
    edge = lambda i: min(max(i, 0), size - 1)
    return edge(i0), edge(i0 + 1), a


def round_even(x):
    return float(round(x))


def sample(order, sampler, s, t):
    def at(i, j):
        return border(order) if i is None or j is None else texel(order, i, j)
    if sampler.filter == "nearest":
        return at(nearest_index(sampler, s, W), nearest_index(sampler, t, H))
    i0, i1, a = linear_indices(sampler, s, W)
    j0, j1, b = linear_indices(sampler, t, H)
    corners = [((1 - a) * (1 - b), at(i0, j0)), (a * (1 - b), at(i1, j0)), ((1 - a) * b, at(i0, j1)),
               (a * b, at(i1, j1))]
    return tuple(sum(weight * value[c] for weight, value in corners) for c in range(4))


def compare(label, got, expected):
    bad = [(k, g, e) for k, (g, e) in enumerate(zip(got, expected)) if abs(g - e) > 1e-4 * max(1.0, abs(e))]
    if bad:
        k, g, e = bad[0]
        print(f"{label}: {len(bad)} of {len(expected)} components differ, first {k}: {g} (expected {e})")
    else:
        print(f"{label}: {len(expected)} components match")


def main():
    command = sys.argv[1]
    if command == "make":
        make()
    elif command == "modes":
        order, text, path = sys.argv[2], sys.argv[3], sys.argv[4]
        sampler = Sampler(text)
        points = coordinates() if sampler.normalized else [(s * W, t * H) for s, t in coordinates()]
        expected = [c for s, t in points for c in sample(order, sampler, s, t)]
        compare(f"modes {order} {text}", floats(path), expected)
    elif command == "integer":
        text, path = sys.argv[2], sys.argv[3]
        sampler = Sampler(text)
        expected = [c for y in range(6) for x in range(9) for c in sample("RGBA", sampler, x - 2.0, y - 1.0)]
        compare(f"integer {text}", floats(path), expected)
    elif command == "literal":
        modes = ["filter=nearest,address=none", "filter=linear,address=clamp_to_edge", "filter=linear,address=clamp",
                 "filter=linear,address=repeat", "filter=nearest,address=mirrored_repeat",
                 "filter=linear,address=clamp,normalized=false"]
        expected = []
        for s, t in coordinates():
            for index, text in enumerate(modes):
                if index == 0:
                    point = (min(max(s, 0.0), 0.99), min(max(t, 0.0), 0.99))
                elif index == 5:
                    point = (s * W, t * H)
                else:
                    point = (s, t)
                expected.extend(sample("RGBA", Sampler(text), *point))
        compare("literal samplers", floats(sys.argv[2]), expected)
    elif command == "kinds":
        out, layers, rw, info = floats(sys.argv[2]), floats(sys.argv[3]), floats(sys.argv[4]), sys.argv[5]
        arr = open("arr.bin", "rb").read()
        vol = floats("vol.bin")
        buf = floats("buf.bin")
        expected = []
        for i in range(8):
            layer, x = i // 4, i % 4
            expected.extend(arr[(layer * 4 + x) * 4 + c] / 255 for c in range(4))
            # Linear, clamp to edge: u = i + 0.25 (i0 = i - 1, a = 0.75),
            # v: j0 = 0, b = 0.25; w: k0 = 0, c = 0.75.
            def v(x, y, z):
                return vol[min(max(x, 0), 7) + 8 * y + 16 * z]
            value = 0.0
            for dx, wx in ((i - 1, 0.25), (i, 0.75)):
                for dy, wy in ((0, 0.75), (1, 0.25)):
                    for dz, wz in ((0, 0.25), (1, 0.75)):
                        value += wx * wy * wz * v(dx, dy, dz)
            expected.extend([value, 0.0, 0.0, 1.0])
            expected.extend([buf[4 * i], 0.5 * i - 1.0, 0.0, 0.0])
        compare("kinds out", out, expected)
        expected_layers = [0.0] * (4 * 2 * 2 * 4)
        for i in range(8):
            base = ((i // 4) * 2 * 4 + 1 * 4 + i % 4) * 4
            expected_layers[base:base + 4] = [float(i), 0.5, -1.0, 2.0]
        compare("kinds layers", layers, expected_layers)
        compare("kinds read_write", rw, [0.5 * i - 1.0 + buf[4 * i] for i in range(8)])
        words = list(struct.unpack("<16i", open(info, "rb").read()))
        expected_info = [8, 8, 4, 2, 822, 422, 0x10B5, 0x10B5, 0x10B0, 14, 2]
        print("kinds info:", "match" if words[:11] == expected_info else f"{words[:11]} (expected {expected_info})")


main()
