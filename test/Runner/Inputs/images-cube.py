"""Inputs and the expected results of images-cube.comp (images-cube.test).

make: src.bin, a 4x4 rgba32f cube (texel (x, y) of face f is
(x + 4y + 16f, 0, 0, f)); dst.bin, a 4x4 r32ui cube array of two cubes
(texel (x, y) of layer-face L is 5000 + 16L + 4y + x); out.bin, zeros.
check OUT DST: the buffer and the written cube array against Vulkan's
rules, worked out here.
"""
import struct
import sys

W = 4


def initial(x, y, layer):
    return 5000 + 16 * layer + 4 * y + x


def make():
    with open("src.bin", "wb") as f:
        for face in range(6):
            for y in range(W):
                for x in range(W):
                    f.write(struct.pack("<4f", x + 4 * y + 16 * face, 0, 0, face))
    with open("dst.bin", "wb") as f:
        for layer in range(12):
            for y in range(W):
                for x in range(W):
                    f.write(struct.pack("<I", initial(x, y, layer)))
    with open("out.bin", "wb") as f:
        f.write(bytes(16 + 96 * 4 + 16 * 16))


def check(out, dst):
    data = open(out, "rb").read()
    sizes = struct.unpack_from("<4i", data, 0)
    old = struct.unpack_from("<96I", data, 16)
    outside = struct.unpack_from("<64f", data, 16 + 96 * 4)
    texels = struct.unpack("<%dI" % (12 * W * W), open(dst, "rb").read())
    wrong = []
    if sizes != (4, 4, 204, 204):
        wrong.append("sizes %r" % (sizes,))
    for y in range(W):
        for x in range(W):
            i = y * W + x
            for face in range(6):
                if old[i * 6 + face] != initial(x, y, face):
                    wrong.append("old (%d, %d) face %d: %d" % (x, y, face, old[i * 6 + face]))
                added = texels[(face * W + y) * W + x]
                if added != initial(x, y, face) + face + 1:
                    wrong.append("atomic (%d, %d) face %d: %d" % (x, y, face, added))
                written = texels[((6 + face) * W + y) * W + x]
                if written != x + 4 * y + 16 * face + 1000 * face:
                    wrong.append("store (%d, %d) face %d: %d" % (x, y, face, written))
            if outside[4 * i:4 * i + 4] != (0.0, 0.0, 0.0, 0.0):
                wrong.append("outside read %d: %r" % (i, outside[4 * i:4 * i + 4]))
    print("\n".join(wrong[:10]))
    print("cube images: %d mismatches" % len(wrong))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make()
    else:
        check(sys.argv[2], sys.argv[3])
