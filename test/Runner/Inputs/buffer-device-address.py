"""Inputs and expected results of test/Runner/buffer-device-address.test.

make: nodes.bin (four 16-byte nodes {next, value, pad}, value k + 1, next
filled in by --address), data.bin, edge.bin, pointers.bin (two addresses,
filled in by --address), out.bin, pc-checked.bin and pc-unchecked.bin (the
head, filled in by --address, and the checked flag).
check CHECKED: models the shader on the inputs (the list order is the one
the test's --address flags give: 0 -> 2 -> 1 -> 3) and compares the outputs.
"""
import struct
import sys

VALUES = [1, 2, 3, 4]
ORDER = [0, 2, 1, 3]
DATA = [5, 6, 7, 8]
EDGE = [1, 2, 3, 4]


def make():
    nodes = b"".join(struct.pack("<Qii", 0, value, 0) for value in VALUES)
    open("nodes.bin", "wb").write(nodes)
    open("data.bin", "wb").write(struct.pack("<4i", *DATA))
    open("edge.bin", "wb").write(struct.pack("<4i", *EDGE))
    open("pointers.bin", "wb").write(bytes(16))
    open("out.bin", "wb").write(struct.pack("<16i", *([-9] * 16)))
    open("pc-checked.bin", "wb").write(struct.pack("<Qi", 0, 1))
    open("pc-unchecked.bin", "wb").write(struct.pack("<Qi", 0, 0))


def check(checked):
    digits = 0
    for k in ORDER:
        digits = digits * 10 + VALUES[k]
    edge_bytes = struct.pack("<4i", *EDGE)
    expected = []
    for i in range(4):
        # Pair at edge + 12 - 4 i: 8 bytes, inside the 16 bytes or not.
        start = 12 - 4 * i
        if start + 8 <= len(edge_bytes):
            x, y = struct.unpack_from("<2i", edge_bytes, start)
            pair = x + 10 * y
        else:
            pair = 0 if checked else -1
        expected += [digits, len(ORDER), DATA[(i + 1) % 4], pair]
    values = list(VALUES)
    values[ORDER[1]] += 100
    wrong = []
    out = list(struct.unpack("<16i", open("out.out", "rb").read()))
    if out != expected:
        wrong.append(f"out {out}, expected {expected}")
    data = list(struct.unpack("<4i", open("data.out", "rb").read()))
    if data != [2 * x + i for i, x in enumerate(DATA)]:
        wrong.append(f"data {data}")
    edge = list(struct.unpack("<4i", open("edge.out", "rb").read()))
    if edge != EDGE:
        wrong.append(f"edge {edge} (the store straddling its end must do nothing)")
    nodes = open("nodes.out", "rb").read()
    got_values = [struct.unpack_from("<i", nodes, 16 * k + 8)[0] for k in range(4)]
    if got_values != values:
        wrong.append(f"node values {got_values}, expected {values}")
    print(f"out {' '.join(map(str, out))}")
    print("OK" if not wrong else "WRONG: " + "; ".join(wrong))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make()
    else:
        check(sys.argv[2] == "checked")
