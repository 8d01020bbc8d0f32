"""Inputs and expected outputs of the descriptor-array case of
test/Runner/sampling.test: `make` writes three 1x1 R32G32B32A32_SFLOAT
images (texel 10k + 1 .. 10k + 4); `check FILE` checks the output of
sampling-array.comp: tex[min(i, 2)], images[i % 2] (the images bound are
1 and 2), and the border of samplers[i % 2] (opaque black, opaque white).
`storage make`, `storage check FILE`: the storage-image array case.
"""

import struct
import sys


def texel(k):
    return [10.0 * k + 1, 10.0 * k + 2, 10.0 * k + 3, 10.0 * k + 4]


if sys.argv[1] == "storage":
    # The storage-image array case: element 0 holds 1, 2, 3, 4.
    if sys.argv[2] == "make":
        with open("storage0.bin", "wb") as handle:
            handle.write(struct.pack("<4f", 1, 2, 3, 4))
        with open("storage1.bin", "wb") as handle:
            handle.write(bytes(16))
    else:
        with open(sys.argv[3], "rb") as handle:
            got = list(struct.unpack("<4f", handle.read()))
        if got != [3.0, 5.0, 7.0, 9.0]:
            print(f"MISMATCH: storage element 1: got {got}, expected [3.0, 5.0, 7.0, 9.0]")
            sys.exit(1)
        print("storage array: 4 texels match")
elif sys.argv[1] == "make":
    for k in range(3):
        with open(f"element{k}.bin", "wb") as handle:
            handle.write(struct.pack("<4f", *texel(k)))
    with open("zero-array.bin", "wb") as handle:
        handle.write(bytes(16 * 3 * 8))
else:
    with open(sys.argv[2], "rb") as handle:
        got = struct.unpack("<96f", handle.read())
    for i in range(8):
        borders = [[0.0, 0.0, 0.0, 1.0], [1.0, 1.0, 1.0, 1.0]]
        for k, expected in enumerate([texel(min(i, 2)), texel(1 + i % 2), borders[i % 2]]):
            value = list(got[(3 * i + k) * 4:(3 * i + k) * 4 + 4])
            if value != expected:
                print(f"MISMATCH: invocation {i} output {k}: got {value}, expected {expected}")
                sys.exit(1)
    print("array: 8 invocations of 3 descriptor arrays match")
