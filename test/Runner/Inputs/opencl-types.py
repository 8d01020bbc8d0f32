"""Inputs and a model of test/Runner/opencl-types.test (Inputs/opencl-types.cl):
`opencl-types.py make` writes the inputs; `opencl-types.py check PREFIX`
reads PREFIX-v-c.out, PREFIX-v-out.out, PREFIX-v-outi.out, PREFIX-nested.out,
PREFIX-sel1.out, PREFIX-sel0.out and prints one line per kernel."""

import struct
import sys

A = [i * 0.5 for i in range(32)]
B = [i * 3 - 7 for i in range(16)]
C = [100.0 + i for i in range(80)]

if sys.argv[1] == "make":
    open("a.bin", "wb").write(struct.pack("<32f", *A))
    open("b.bin", "wb").write(struct.pack("<16i", *B))
    open("c.bin", "wb").write(struct.pack("<80f", *C))
    open("z128.bin", "wb").write(bytes(128))
    open("z64.bin", "wb").write(bytes(64))
    sys.exit(0)
prefix = sys.argv[2]


def read(name, fmt):
    data = open(f"{prefix}-{name}.out", "rb").read()
    return list(struct.unpack("<%d%s" % (len(data) // struct.calcsize(fmt), fmt), data))


out = read("v-out", "f")
outi = read("v-outi", "i")
c = open(f"{prefix}-v-c.out", "rb").read()
expected_out = [A[k] * 2 + C[k] for k in range(32)]
expected_outi = [b + 1 for b in B]
expected_c = struct.pack("<64f", *C[:64]) + struct.pack("<16i", *[b * 3 for b in B])
ok = out == expected_out and outi == expected_outi and c == expected_c
print("v: " + ("right" if ok else f"wrong: {out} {outi}"))
nested = read("nested", "i")[:6]
print("nested: " + ("right" if nested == [(g % 3) * (g % 2) + 3 for g in range(6)] else f"wrong: {nested}"))
sel1, sel0 = read("sel1", "i")[:3], read("sel0", "i")[:3]
print("sel: " + ("right" if sel1 == [1, 2, 1] and sel0 == [3, 4, 0] else f"wrong: {sel1} {sel0}"))
