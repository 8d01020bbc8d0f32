"""Inputs and expected results of test/Runner/opencl-image-write.test:
write_imagef to 8-bit UNORM images, encoded as the OpenCL C specification
says (clamp to [0, 1], NaN to 0, times 255, round to nearest even),
independently of the runtime.

  make                    the input files
  shifted FORMAT OUT      the shifted kernel's 5x4 image (FORMAT: RGBA8,
                          R8 (its red channel) or RGBA32F)
  copy FORMAT OUT         copy_shifted's 7x5 image from src.bin
"""
import math
import struct
import sys

W, H = 5, 4          # the shifted kernel's image
GW, GH = 9, 6        # its grid, shifted by (-2, -1)
CW, CH = 7, 5        # copy_shifted's images


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def values():
    # Every kind of value: ties of the scale by 255 (k + 0.5) / 255, values
    # just around them, outside [0, 1], infinities, NaN, -0.
    special = [float("nan"), float("inf"), -float("inf"), -0.0, 0.0, 1.0, -1e-30, 1.0000001, 2.5, -3.0]
    out = []
    for i in range(GW * GH * 4):
        if i % 7 == 3:
            out.append(special[(i // 7) % len(special)])
        else:
            k = (i * 37) % 256
            out.append(f32((k + 0.5) / 255 + ((i % 3) - 1) * 1e-7))
    return [f32(v) for v in out]


def unorm8(value):
    if math.isnan(value):
        return 0
    clamped = min(max(value, 0.0), 1.0)
    scaled = clamped * 255.0  # exact in double
    return int(round(scaled))  # Python rounds half to even


def source():
    return bytes((29 * k + 3) % 256 for k in range(4 * CW * CH))


def make():
    open("values.bin", "wb").write(struct.pack("<%df" % (GW * GH * 4), *values()))
    open("pattern8.bin", "wb").write(bytes((11 * k + 5) % 256 for k in range(4 * W * H)))
    open("pattern-r8.bin", "wb").write(bytes((11 * k + 5) % 256 for k in range(W * H)))
    open("pattern32.bin", "wb").write(struct.pack("<%df" % (4 * W * H), *([-7.0] * (4 * W * H))))
    open("src.bin", "wb").write(source())
    open("src-bgra.bin", "wb").write(bgra(source()))
    open("zero8.bin", "wb").write(bytes(4 * CW * CH))
    open("zero-r8.bin", "wb").write(bytes(CW * CH))


def bgra(data):
    return b"".join(bytes((data[i + 2], data[i + 1], data[i], data[i + 3])) for i in range(0, len(data), 4))


def read_texels(fmt, path, count):
    data = open(path, "rb").read()
    if fmt == "RGBA32F":
        return [tuple(struct.unpack_from("<4f", data, 16 * i)) for i in range(count)]
    if fmt == "R8":
        return [(data[i],) for i in range(count)]
    return [tuple(data[4 * i:4 * i + 4]) for i in range(count)]


def same(a, b):
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


def shifted(fmt, path):
    v = values()
    expected = {}
    for gy in range(GH):
        for gx in range(GW):
            x, y = gx - 2, gy - 1
            if 0 <= x < W and 0 <= y < H:
                texel = tuple(v[4 * (gy * GW + gx) + c] for c in range(4))
                expected[(x, y)] = texel if fmt == "RGBA32F" else tuple(unorm8(c) for c in texel)
                if fmt == "R8":
                    expected[(x, y)] = expected[(x, y)][:1]
    got = read_texels(fmt, path, W * H)
    bad = [(x, y) for y in range(H) for x in range(W) if not all(map(same, got[y * W + x], expected[(x, y)]))]
    for x, y in bad[:5]:
        print(f"texel ({x}, {y}): {got[y * W + x]}, expected {expected[(x, y)]}")
    print(f"shifted {fmt}: {W * H - len(bad)} of {W * H} texels match")


def copy(fmt, path):
    src = source()
    got = read_texels(fmt, path, CW * CH)
    bad = 0
    for y in range(CH):
        for x in range(CW):
            sx, sy = min(max(x - 1, 0), CW - 1), min(max(y + 1, 0), CH - 1)
            texel = [f32(f32(src[4 * (sy * CW + sx) + c] / 255) * 2.0) for c in range(4)]
            expected = tuple(unorm8(f32(t - 0.25)) for t in texel)[:1 if fmt == "R8" else 4]
            if got[y * CW + x] != expected:
                bad += 1
                if bad <= 5:
                    print(f"texel ({x}, {y}): {got[y * CW + x]}, expected {expected}")
    print(f"copy {fmt}: {CW * CH - bad} of {CW * CH} texels match")


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "make":
        make()
    elif command == "shifted":
        shifted(sys.argv[2], sys.argv[3])
    elif command == "copy":
        copy(sys.argv[2], sys.argv[3])
