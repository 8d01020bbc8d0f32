"""Inputs and a model for test/Runner/buffer-reference-array-cycle.test.

`make` writes the device buffers (their addresses are set by the test's
--address flags); `check NAME FILE` prints the 8 ints of FILE and whether
they are the model's.

array-cycle: four 16-byte nodes S { Row *row; int v; } (v = 10 (k + 1)) and
four rows of two node references: row k holds nodes k + 1 and k + 3 (mod 4).
Invocation i starts at node i and takes five steps to row[(s + i) & 1];
acc = 3 acc + v; then the byte distance from node 0 to the node reached.

fan: three Fan { int v; int n; Fan kids[]; } of 32 bytes (v = k + 1, n = 3,
kid j = node (k + 1 + j) mod 3), three Grid { int v; Grid g[2][2]; } of 48
bytes (v = 10 (k + 1), g[a][b] = node (k + 1 + 2a + b) mod 3); four steps
each, acc = 5 acc + v.
"""
import struct
import sys


def model(name):
    out = []
    if name == "array-cycle":
        ends = []
        for i in range(4):
            node, acc = i, 0
            for s in range(5):
                acc = acc * 3 + 10 * (node + 1)
                node = (node + 1) % 4 if (s + i) & 1 == 0 else (node + 3) % 4
            out.append(acc)
            ends.append(16 * node)
        return out + ends
    fans, grids = [], []
    for i in range(4):
        node, acc = 0, 0
        for s in range(4):
            acc = acc * 5 + node + 1
            node = (node + 1 + (i + s) % 3) % 3
        fans.append(acc)
        node, acc = 0, 0
        for s in range(4):
            acc = acc * 5 + 10 * (node + 1)
            node = (node + 1 + 2 * ((i >> 1) & 1) + ((i + s) & 1)) % 3
        grids.append(acc)
    return fans + grids


def make():
    write = lambda name, data: open(name, "wb").write(bytes(data))
    write("nodes.bin", b"".join(struct.pack("<Qi4x", 0, 10 * (k + 1)) for k in range(4)))
    write("rows.bin", bytes(64))
    fan, grid = bytearray(96), bytearray(144)
    for k in range(3):
        struct.pack_into("<ii", fan, 32 * k, k + 1, 3)
        struct.pack_into("<i", grid, 48 * k, 10 * (k + 1))
    write("fan.bin", fan)
    write("grid.bin", grid)
    write("out.bin", bytes(32))
    write("push.bin", bytes(16))


if sys.argv[1] == "make":
    make()
else:
    name, path = sys.argv[2], sys.argv[3]
    got = list(struct.unpack("<8i", open(path, "rb").read()))
    print(name, *got, "model:", "same" if got == model(name) else "DIFFERS " + " ".join(map(str, model(name))))
