"""Inputs and expected results of test/Runner/buffer-device-address-streaming.test.

make: src.bin (192 ints), dst.bin (224 ints), a.bin (40 ints), b.bin (48
ints: whole 64-byte lines, as src and dst, so that a wrong access past the
end reaches memory the runner did not pad with zeros), out.bin (6 ints per invocation), push.bin (four addresses, filled in
by --address). check walk|stream: models the shader, with its loop (WALK)
or without, for 256 invocations (an access past a buffer's end reads zero
and writes nothing) and compares the outputs.
"""
import struct
import sys

INVOCATIONS = 256
SRC = [3 * k + 1 for k in range(192)]
DST = [-5] * 224
A = [1000 + k for k in range(40)]
B = [2000 + k for k in range(48)]


def ints(values):
    return struct.pack(f"<{len(values)}i", *values)


def make():
    for name, values in (("src", SRC), ("dst", DST), ("a", A), ("b", B)):
        open(f"{name}.bin", "wb").write(ints(values))
    open("out.bin", "wb").write(ints([-9] * (6 * INVOCATIONS)))
    open("push.bin", "wb").write(bytes(32))


def at(values, index):
    return values[index] if index < len(values) else 0


def check(walk):
    dst = list(DST)
    out = []
    for i in range(INVOCATIONS):
        if i < len(dst):
            dst[i] = 2 * at(SRC, i) + 1
        alternate = at(A if i & 1 else B, i // 2)
        stepped = at(A, i)
        walked = 0
        p = A
        for j in range(4 if walk else 0):
            walked = walked * 2 + at(p, i // 4 + j)
            p = A if j & 1 else B
        tail = at(B, 38 + i % 16)
        ahead = at(A, 4 + i % 8)
        out += [alternate, stepped, walked, tail, ahead, 0]
    wrong = []
    got = list(struct.unpack(f"<{6 * INVOCATIONS}i", open("out.out", "rb").read()))
    for i in range(INVOCATIONS):
        if got[6 * i : 6 * i + 6] != out[6 * i : 6 * i + 6]:
            wrong.append(f"invocation {i}: {got[6 * i : 6 * i + 6]}, expected {out[6 * i : 6 * i + 6]}")
    got_dst = list(struct.unpack(f"<{len(DST)}i", open("dst.out", "rb").read()))
    if got_dst != dst:
        wrong.append(f"dst {got_dst}, expected {dst}")
    for name, values in (("src", SRC), ("a", A), ("b", B)):
        if list(struct.unpack(f"<{len(values)}i", open(f"{name}.out", "rb").read())) != values:
            wrong.append(f"{name} was written")
    print(f"invocation 17: {' '.join(map(str, got[102:108]))}; invocation 255: {' '.join(map(str, got[-6:]))}")
    print(f"dst[191:193] {got_dst[191:193]}")
    print("OK" if not wrong else "WRONG: " + "; ".join(wrong[:4]))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make()
    else:
        check(sys.argv[2] == "walk")
