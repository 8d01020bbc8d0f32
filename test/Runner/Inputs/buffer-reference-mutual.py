"""Inputs and expected results of test/Runner/buffer-reference-mutual.test.

make: evens.bin, odds.bin (16-byte list nodes {next, value, mark|scale}),
nodes.bin (32-byte tree nodes {left, right, leaf, key}), leaves.bin (16-byte
leaves {parent, payload[2]}), push.bin and out.bin; every link is 0 in the
files: the test's --address flags (LINKS, as `--address` prints them) fill
them in.
flags: prints those flags, one per line.
check: models the shader on LINKS and the inputs and compares out.out and
the written fields of evens.out and leaves.out.
"""
import struct
import sys

SIZES = {"evens": 16, "odds": 16, "nodes": 32, "leaves": 16}
COUNTS = {"evens": 4, "odds": 4, "nodes": 7, "leaves": 4}
# (target buffer, byte offset) <- (buffer, node index): the links.
LINKS = {
    ("push", 0): ("evens", 0),
    ("evens", 0): ("odds", 2), ("odds", 32): ("evens", 1),
    ("evens", 16): ("odds", 0), ("odds", 0): ("evens", 3),
    ("evens", 48): ("odds", 1), ("odds", 16): ("evens", 2),
    ("push", 8): ("nodes", 0),
    ("nodes", 0): ("nodes", 1), ("nodes", 8): ("nodes", 2), ("nodes", 16): ("leaves", 3),
    ("nodes", 32): ("nodes", 3), ("nodes", 40): ("nodes", 4), ("nodes", 48): ("leaves", 0),
    ("nodes", 64): ("nodes", 5), ("nodes", 72): ("nodes", 6), ("nodes", 80): ("leaves", 2),
    ("nodes", 112): ("leaves", 0), ("nodes", 144): ("leaves", 1),
    ("nodes", 176): ("leaves", 2), ("nodes", 208): ("leaves", 3),
    ("leaves", 0): ("nodes", 1), ("leaves", 16): ("nodes", 4),
    ("leaves", 32): ("nodes", 2), ("leaves", 48): ("nodes", 2),
}


def even(k):
    return (10 + k, -1)  # value, mark


def odd(k):
    return (20 + k, k + 2)  # value, scale


def key(k):
    return k + 1


def payload(k):
    return (100 + k, -5)


def i32(x):
    return (x + 2**31) % 2**32 - 2**31


def make():
    open("evens.bin", "wb").write(b"".join(struct.pack("<Qii", 0, *even(k)) for k in range(4)))
    open("odds.bin", "wb").write(b"".join(struct.pack("<Qii", 0, *odd(k)) for k in range(4)))
    open("nodes.bin", "wb").write(b"".join(struct.pack("<QQQii", 0, 0, 0, key(k), 0) for k in range(7)))
    open("leaves.bin", "wb").write(b"".join(struct.pack("<Qii", 0, *payload(k)) for k in range(4)))
    open("push.bin", "wb").write(bytes(16))
    open("out.bin", "wb").write(struct.pack("<16i", *([-9] * 16)))


def flags():
    for (target, offset), (buffer, index) in LINKS.items():
        source = buffer + (f"+{SIZES[buffer] * index}" if index else "")
        print(f"--address {source}@{target}:{offset}")


def link(buffer, index, offset):
    """The node a pointer field points to: (buffer, index), or None."""
    return LINKS.get((buffer, SIZES[buffer] * index + offset))


def model():
    """The shader, invocation by invocation: (out, marks, payload1)."""
    out = [0] * 16
    marks = {}
    written = {}
    for i in range(4):
        e = LINKS[("push", 0)]
        acc, steps = i, 0
        while e is not None and steps < 16:
            acc = i32(acc * 3 + even(e[1])[0])
            if steps == 2 * i:
                marks[e[1]] = i32(acc * 7 + 1)
            d = link("evens", e[1], 0)
            steps += 1
            if d is None:
                break
            value, scale = odd(d[1])
            acc = i32(acc * 5 + value * scale)
            e = link("odds", d[1], 0)
            steps += 1
        out[i], out[4 + i] = acc, steps
        n = LINKS[("push", 8)]
        path = 0
        for level in range(2):
            path = path * 10 + key(n[1])
            n = link("nodes", n[1], 0 if (i >> level) & 1 == 0 else 8)
        leaf = link("nodes", n[1], 16)
        path = path * 10 + key(n[1])
        parent = link("leaves", leaf[1], 0)
        out[8 + i] = path * 1000 + key(parent[1]) * 100 + payload(leaf[1])[0]
        written[leaf[1]] = path + i
        out[12 + i] = payload(leaf[1])[0] if link("nodes", parent[1], 16) == leaf else -1
    return out, marks, written


def check():
    out, marks, written = model()
    wrong = []
    got = list(struct.unpack("<16i", open("out.out", "rb").read()))
    print("out", *got)
    if got != out:
        wrong.append(f"out {got}, expected {out}")
    evens = open("evens.out", "rb").read()
    for k in range(4):
        mark = struct.unpack_from("<i", evens, 16 * k + 12)[0]
        if mark != marks.get(k, even(k)[1]):
            wrong.append(f"even {k} mark {mark}, expected {marks.get(k, even(k)[1])}")
    leaves = open("leaves.out", "rb").read()
    for k in range(4):
        value = struct.unpack_from("<i", leaves, 16 * k + 12)[0]
        if value != written.get(k, payload(k)[1]):
            wrong.append(f"leaf {k} payload[1] {value}, expected {written.get(k, payload(k)[1])}")
    print("\n".join(wrong) if wrong else "OK")


if __name__ == "__main__":
    {"make": make, "flags": flags, "check": check}[sys.argv[1]]()
