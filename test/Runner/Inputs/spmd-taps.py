"""spmd.test: a 5x5 blur of an rgba8 image (spmd-taps.comp) computed as the
shader does, in float32 and in the shader's order (texels as exactly
v / 255, the weights' products, row by row), written as Vulkan's UNORM
conversion (clamped, times 255, rounded to nearest even).

  spmd-taps.py make                # taps-in.bin, taps-out.bin: a 20x11 image, random, and zeros
  spmd-taps.py check FILE...       # each FILE is the blurred image, byte for byte
"""
import sys

import numpy

WIDTH, HEIGHT = 20, 11
W = [1.0, 4.0, 6.0, 4.0, 1.0]


def blur(image):
    texels = image.astype(numpy.float32) / numpy.float32(255)
    total = numpy.zeros((HEIGHT, WIDTH, 4), numpy.float32)
    ys = numpy.arange(HEIGHT)
    xs = numpy.arange(WIDTH)
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            at_y = numpy.clip(ys + dy, 0, HEIGHT - 1)
            at_x = numpy.clip(xs + dx, 0, WIDTH - 1)
            weight = numpy.float32(W[dx + 2] * W[dy + 2])
            total = total + weight * texels[at_y][:, at_x]
    scaled = total * numpy.float32(1.0 / 256.0)
    clamped = numpy.clip(scaled, 0, 1).astype(numpy.float64)
    return numpy.rint(clamped * 255).astype(numpy.uint8)


if __name__ == "__main__":
    if sys.argv[1] == "make":
        rng = numpy.random.default_rng(7)
        rng.integers(0, 256, (HEIGHT, WIDTH, 4), dtype=numpy.uint8).tofile("taps-in.bin")
        numpy.zeros((HEIGHT, WIDTH, 4), numpy.uint8).tofile("taps-out.bin")
    else:
        image = numpy.fromfile("taps-in.bin", numpy.uint8).reshape(HEIGHT, WIDTH, 4)
        expected = blur(image)
        for name in sys.argv[2:]:
            got = numpy.fromfile(name, numpy.uint8).reshape(HEIGHT, WIDTH, 4)
            wrong = int(numpy.count_nonzero((got != expected).any(axis=2)))
            print(f"{name}: {WIDTH * HEIGHT - wrong} of {WIDTH * HEIGHT} pixels right")
