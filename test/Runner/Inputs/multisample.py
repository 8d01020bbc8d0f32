"""test/Runner/multisample.test: 4x2 multisampled images of 4 samples, in
the runner's raw layout (docs/abi.md, "Multisampled images": sample s of
texel (x, y) of layer l at ((l * height + y) * width + x) * samples + s).

Sample s of texel (x, y) of the source holds 100 y + 10 x + s; the sampled
image the same plus 0.5. The shader (multisample.comp) reads every sample
of both, writes 2 v + 1 to the destination's, adds s + 1 to sample s of
layer 1 of a 2-layer R32_UINT array whose sample s of texel (x, y) of layer
l starts at 1000 l + 10 (y * 4 + x) + s, and reports imageSamples,
textureSamples and the sizes (SPIR-V: OpImageQuerySamples the image's
sample count; OpImageQuerySize of a 2D multisampled array (width, height,
layers))."""
import struct
import sys

W, H, S, LAYERS = 4, 2, 4, 2


def source(x, y, s):
    return 100.0 * y + 10.0 * x + s


def counter(layer, x, y, s):
    return 1000 * layer + 10 * (y * W + x) + s


def texels(value, layers=1):
    return [value(layer, x, y, s) for layer in range(layers) for y in range(H) for x in range(W) for s in range(S)]


if sys.argv[1] == "make":
    open("src.bin", "wb").write(struct.pack("<32f", *texels(lambda l, x, y, s: source(x, y, s))))
    open("tex.bin", "wb").write(struct.pack("<32f", *texels(lambda l, x, y, s: source(x, y, s) + 0.5)))
    open("counters.bin", "wb").write(struct.pack("<64I", *texels(counter, LAYERS)))
    open("zero.bin", "wb").write(bytes(W * H * 16 * 4))
    sys.exit(0)

out = struct.unpack("<128f", open(sys.argv[2], "rb").read())
dst = struct.unpack("<32f", open(sys.argv[3], "rb").read())
counters = struct.unpack("<64I", open(sys.argv[4], "rb").read())
wrong = []
for y in range(H):
    for x in range(W):
        at = (y * W + x) * 16
        expected = [source(x, y, s) for s in range(S)]
        expected += [source(x, y, s) + 0.5 for s in range(S)]
        expected += [float(counter(1, x, y, s)) for s in range(S)]
        expected += [float(S), float(S), float(W * 100 + H * 10 + LAYERS), float(W * 10 + H)]
        if list(out[at:at + 16]) != expected:
            wrong.append(f"invocation ({x}, {y}): {out[at:at + 16]}, expected {expected}")
for index, value in enumerate(dst):
    texel, s = divmod(index, S)
    x, y = texel % W, texel // W
    if value != 2 * source(x, y, s) + 1:
        wrong.append(f"destination sample {s} of ({x}, {y}): {value}")
for index, value in enumerate(counters):
    texel, s = divmod(index, S)
    layer, rest = divmod(texel, W * H)
    x, y = rest % W, rest // W
    if value != counter(layer, x, y, s) + (s + 1 if layer == 1 else 0):
        wrong.append(f"counter sample {s} of ({x}, {y}) layer {layer}: {value}")
print("\n".join(wrong))
print(f"multisampled images: {len(wrong)} wrong")
