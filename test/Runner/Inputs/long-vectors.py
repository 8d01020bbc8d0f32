"""long-vectors.spvasm's placeholders, inputs and expected values
(long-vectors.test; SPV_EXT_long_vector).

patch IN OUT: OpTypeArray of an OpName starting "long" -> OpTypeVectorIdEXT
  (5288), capability Int64 -> LongVectorEXT (5425).
make: x.bin (4 x 5 floats), w.bin (4 x 5 uints), o.bin, r.bin (zeros).
check N: compares o.bin and r.bin with the values computed here in float32
  in the module's order (%n = N components for the spec-sized vector).
"""
import struct
import sys

import numpy as np

F = np.float32


def a_of(i):
    return [F(((i * 5 + k) * 3 % 11 - 5) * 0.5 + 0.25) for k in range(5)]


def u_of(i):
    return [(i * 5 + k) * 7 % 13 for k in range(5)]


def patch(source, target, placeholder=11):
    """Writes `source` with every OpTypeArray named "long..." made an
    OpTypeVectorIdEXT and the placeholder capability (Int64, 11, unless
    given) LongVectorEXT: spirv-as 2023.1 predates the extension."""
    data = bytearray(open(source, "rb").read())
    words = list(struct.unpack(f"<{len(data) // 4}I", data))
    names, at = {}, 5
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        if opcode == 5:  # OpName
            raw = struct.pack(f"<{count - 2}I", *words[at + 2:at + count])
            names[words[at + 1]] = raw.split(b"\0")[0].decode()
        at += count
    at, types, capabilities = 5, 0, 0
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        if opcode == 28 and names.get(words[at + 1], "").startswith("long"):
            words[at] = (count << 16) | 5288
            types += 1
        if opcode == 17 and words[at + 1] == placeholder:
            words[at + 1] = 5425
            capabilities += 1
        at += count
    print(f"patched: {types} OpTypeVectorIdEXT, {capabilities} LongVectorEXT")
    open(target, "wb").write(struct.pack(f"<{len(words)}I", *words))


def make():
    with open("x.bin", "wb") as f:
        for i in range(4):
            f.write(np.array(a_of(i), dtype=np.float32).tobytes())
    with open("w.bin", "wb") as f:
        for i in range(4):
            f.write(struct.pack("<5I", *u_of(i)))
    open("o.bin", "wb").write(bytes(4 * 64 * 4))
    open("r.bin", "wb").write(bytes(4 * 5 * 8))


def expected(n):
    o = np.zeros(4 * 64, dtype=np.float32)
    r = np.zeros(8 * 5, dtype=np.float32)
    for i in range(4):
        a, b, u = a_of(i), a_of((i + 1) % 4), u_of(i)
        dot = a[0] * b[0]
        for k in range(1, 5):
            dot = F(dot + a[k] * b[k])
        neg = [F(-(a[k] / b[k])) for k in range(5)]
        less = [a[k] < b[k] for k in range(5)]
        minimum = [a[k] if less[k] else b[k] for k in range(5)]
        acc = list(a)
        for _ in range(3):
            acc = [F(acc[k] + b[k]) for k in range(5)]
        inserted = list(a)
        inserted[2] = F(7)
        dyn = list(a)
        dyn[i] = F(9)
        columns = [
            [F(F((a[k] + b[k]) * (a[k] - b[k])) * F(2.5)) for k in range(5)],
            neg,
            [a[0], a[1], dot, b[3], b[4]],
            inserted,
            [b[4], a[0], b[1], a[2], b[0]],
            dyn,
            minimum,
            [F(int(neg[k])) for k in range(5)],
            [F(((u[k] ^ (k + 1)) << (k + 1)) & 0xFFFFFFFF) for k in range(5)],
            [F(np.float64(a[k]) * np.float64(b[k]) + np.float64(abs(F(a[k] - b[k])))) for k in range(5)],
            [F(a[k] * a[k]) for k in range(5)],
            acc,
        ]
        base = 64 * i
        for c, column in enumerate(columns):
            for k in range(5):
                o[base + 5 * c + k] = column[k]
        flag = (F(1) if any(less) else F(0)) + (F(2.5) if all(less) else F(0))
        o[base + 60] = dot
        o[base + 61] = F(F(a[4] + b[i]) + flag)
        vdot = F(0)
        for k in range(n):
            term = F(F(k + i + 1) * F(k + i + 1))
            vdot = term if k == 0 else F(vdot + term)
        o[base + 62] = vdot
        o[base + 63] = F(2 * (n + i) + 2 * (i + 1))
        r[10 * i:10 * i + 5] = minimum
        r[10 * i + 5:10 * i + 10] = acc
    return o, r


def check(n):
    o, r = expected(n)
    got_o = np.frombuffer(open("o.bin", "rb").read(), dtype=np.float32)
    got_r = np.frombuffer(open("r.bin", "rb").read(), dtype=np.float32)
    right = 0
    for name, want, got in (("o", o, got_o), ("r", r, got_r)):
        for index, (w, g) in enumerate(zip(want, got)):
            if w.tobytes() == g.tobytes():
                right += 1
            else:
                print(f"{name}[{index}]: {g!r}, expected {w!r}")
    print(f"long vectors with N = {n}: {right} of {len(o) + len(r)} right")


if __name__ == "__main__":
    if sys.argv[1] == "patch":
        patch(sys.argv[2], sys.argv[3], *(int(word) for word in sys.argv[4:5]))
    elif sys.argv[1] == "make":
        make()
    else:
        check(int(sys.argv[2]))
