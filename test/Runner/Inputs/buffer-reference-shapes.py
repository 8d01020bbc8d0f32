"""Inputs and expected results of test/Runner/buffer-reference-shapes.test.

make: cells.bin (four 64-byte Cells: {vec3 v; int n; Item items[2] (each
{vec3 pos; int tag}); Cell link}, links filled in by --address), table.bin
(Cell cells[4], filled in by --address; uint count), counter.bin, push.bin
(the Table's address as a uvec2, the Counter's: --address), floats.bin,
ints.bin.
flags: prints the --address flags.
check: models the shader on the inputs and compares every output.
"""
import struct
import sys

PERM = [2, 0, 3, 1]  # Table.cells[i] is cell PERM[i]
LINK = [1, 2, 3, 0]  # cell k links to cell LINK[k]


def cell(k):
    return dict(v=(k + 0.5, 2.0 * k, -k), n=3 + k, items=[((1.0, 2.0, 3.0), 10 + k), ((0.25 * k, 1.0, 0.5), -1)])


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def make():
    data = b""
    for k in range(4):
        c = cell(k)
        data += struct.pack("<3fi", *c["v"], c["n"])
        for pos, tag in c["items"]:
            data += struct.pack("<3fi", *pos, tag)
        data += struct.pack("<Q8x", 0)
    open("cells.bin", "wb").write(data)
    open("table.bin", "wb").write(struct.pack("<4QI4x", 0, 0, 0, 0, 4))
    open("counter.bin", "wb").write(struct.pack("<IiIi", 0, 0, 0, -100))
    open("push.bin", "wb").write(bytes(16))
    open("floats.bin", "wb").write(struct.pack("<16f", *([-9.0] * 16)))
    open("ints.bin", "wb").write(struct.pack("<16i", *([-9] * 16)))


def flags():
    print("--address table@push:0")
    print("--address counter@push:8")
    for i, k in enumerate(PERM):
        print(f"--address cells+{64 * k}@table:{8 * i}" if k else f"--address cells@table:{8 * i}")
    for k, to in enumerate(LINK):
        print(f"--address cells+{64 * to}@cells:{64 * k + 48}" if to else f"--address cells@cells:{64 * k + 48}")


def model():
    floats, ints = [0.0] * 16, [0] * 16
    cells = {k: cell(k) for k in range(4)}
    hits, total, bits, maxn = 0, 0, 0, -100
    written = {}
    for i in range(4):
        k = PERM[i]
        c, l = cells[k], cells[LINK[k]]
        s = [f32(c["v"][a] + f32(c["items"][1][0][a] * 2.0)) for a in range(3)]
        floats[4 * i:4 * i + 4] = s + [float(c["n"] * 10 + l["n"])]
        tag = c["items"][0][1]
        ints[i] = tag
        ints[4 + i] = 64 * LINK[k] - 64 * PERM[0]
        ints[8 + i] = 64 * k - 64 * PERM[0]
        ints[12 + i] = c["n"] * 100 + 1
        written[k] = (i * 3 + tag, f32(c["items"][1][0][1] + i))
        hits += 1
        total += c["n"]
        bits |= 1 << (2 * i)
        maxn = max(maxn, c["n"] * (i - 1))
    return floats, ints, (hits, total, bits, maxn), written


def check():
    floats, ints, counter, written = model()
    wrong = []
    got_f = list(struct.unpack("<16f", open("floats.out", "rb").read()))
    got_i = list(struct.unpack("<16i", open("ints.out", "rb").read()))
    got_c = struct.unpack("<IiIi", open("counter.out", "rb").read())
    print("floats", *got_f)
    print("ints", *got_i)
    print("counter", *got_c)
    if got_f != floats:
        wrong.append(f"floats {got_f}, expected {floats}")
    if got_i != ints:
        wrong.append(f"ints {got_i}, expected {ints}")
    if got_c != counter:
        wrong.append(f"counter {got_c}, expected {counter}")
    cells = open("cells.out", "rb").read()
    for k in range(4):
        y, = struct.unpack_from("<f", cells, 64 * k + 32 + 4)
        tag, = struct.unpack_from("<i", cells, 64 * k + 32 + 12)
        if (tag, y) != written[k]:
            wrong.append(f"cell {k} items[1] tag, pos.y {tag}, {y}, expected {written[k]}")
    print("\n".join(wrong) if wrong else "OK")


if __name__ == "__main__":
    {"make": make, "flags": flags, "check": check}[sys.argv[1]]()
