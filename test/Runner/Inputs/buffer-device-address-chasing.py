"""Inputs and expected results of test/Runner/buffer-device-address-chasing.test.

make: a.bin and b.bin (8 nodes of 16 bytes each: value, tag, next; whole
64-byte lines), heads.bin (8 addresses), out.bin (4 ints per invocation);
the addresses (heads, links) are filled in by the test's --address flags,
which LINKS and HEADS below mirror. check: models the shader for 32
invocations (an access outside the buffer its leaf lies in, the end
included, reads zero and writes nothing) and compares out and every value
and tag word of a and b (the link words hold run-time addresses: only the
high half of b's last link, which a straddling node's tag increments, is
compared).
"""
import struct
import sys

INVOCATIONS = 32
NODES = 8
SIZE = 16 * NODES
BASES = {"a": 0x10000, "b": 0x20000}
VALUES = {"a": [100 + k for k in range(NODES)], "b": [200 + k for k in range(NODES)]}
# (buffer, byte of the link) -> (buffer, byte it points at): --address
# TARGET+BYTES@BUFFER:LINK.
LINKS = {
    ("a", 8): ("b", 0),
    ("b", 8): ("a", 16),
    ("a", 24): ("b", 16),
    ("b", 24): ("a", 32),
    ("a", 40): ("b", 32),
    ("b", 40): ("a", 48),
    ("a", 72): ("a", 80),
    ("a", 88): ("a", 128),
    ("b", 56): ("b", 120),
    ("a", 104): ("b", 64),
    ("b", 72): ("b", 80),
    ("b", 88): ("a", 112),
    ("a", 120): ("b", 128),
    ("b", 104): ("b", 96),
}
# Heads 0-7: (buffer, byte), None a null address.
HEADS = [("a", 0), ("a", 64), ("b", 48), ("a", 96), ("b", 64), ("b", 96), ("a", 128), None]


def wrap(value):
    return (value + 2**31) % 2**32 - 2**31


def memory():
    words = {}
    for name, base in BASES.items():
        for k in range(NODES):
            words[base + 16 * k] = VALUES[name][k]
            words[base + 16 * k + 4] = 0
            words[base + 16 * k + 8] = 0
            words[base + 16 * k + 12] = 0
        for (buffer, byte), (target, offset) in LINKS.items():
            if buffer == name:
                address = BASES[target] + offset
                words[base + byte] = address & 0xFFFFFFFF
                words[base + byte + 4] = address >> 32
    return words


def lies(address):
    """The buffer the host says `address` lies in (its end included)."""
    for base in BASES.values():
        if base <= address <= base + SIZE:
            return base
    return None


def inside(leaf, address, length):
    base = lies(leaf)
    return base is not None and base <= address and address + length <= base + SIZE


def make():
    for name in BASES:
        data = b"".join(struct.pack("<iiQ", VALUES[name][k], 0, 0) for k in range(NODES))
        open(f"{name}.bin", "wb").write(data)
    open("heads.bin", "wb").write(bytes(8 * len(HEADS)))
    open("out.bin", "wb").write(struct.pack(f"<{4 * INVOCATIONS}i", *([-9] * (4 * INVOCATIONS))))


def check():
    words = memory()
    out = []
    for i in range(INVOCATIONS):
        head = HEADS[i % 8]
        head = 0 if head is None else BASES[head[0]] + head[1]

        def load(leaf, offset):
            return words[leaf + offset] if inside(leaf, leaf + offset, 4) else 0

        n, total, steps = head, 0, 0
        while steps < 12 and n != 0:
            total = wrap(total * 3 + load(n, 0))
            if inside(n, n + 4, 4):
                words[n + 4] += 1
            n = (load(n, 12) << 32 | load(n, 8)) if inside(n, n + 8, 8) else 0
            steps += 1
        forward = 0
        for j in range(4):
            forward = wrap(forward * 5 + load(head + 16 * j, 0))
        back = load(head - 16, 0) if head >= 16 else 0
        out += [total, steps, forward, back]
    wrong = []
    got = list(struct.unpack(f"<{4 * INVOCATIONS}i", open("out.out", "rb").read()))
    for i in range(INVOCATIONS):
        if got[4 * i : 4 * i + 4] != out[4 * i : 4 * i + 4]:
            wrong.append(f"invocation {i}: {got[4 * i : 4 * i + 4]}, expected {out[4 * i : 4 * i + 4]}")
    for name, base in BASES.items():
        data = open(f"{name}.out", "rb").read()
        for k in range(NODES):
            value, tag, low, high = struct.unpack_from("<iiII", data, 16 * k)
            expected = (words[base + 16 * k], words[base + 16 * k + 4])
            if (value, tag) != expected:
                wrong.append(f"{name} node {k}: value, tag {value}, {tag}; expected {expected}")
            if k == NODES - 1 and high != words[base + 16 * k + 12] & 0xFFFFFFFF and name == "b":
                wrong.append(f"b node {k}: link's high half {high}, expected {words[base + 16 * k + 12]}")
    print("invocation 1:", *out[4:8], "; invocation 2:", *out[8:12])
    print("tags a", *[words[BASES["a"] + 16 * k + 4] for k in range(NODES)],
          "b", *[words[BASES["b"] + 16 * k + 4] for k in range(NODES)],
          "b's last link high", words[BASES["b"] + 16 * 7 + 12])
    print("\n".join(wrong) if wrong else "OK")


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]]()
