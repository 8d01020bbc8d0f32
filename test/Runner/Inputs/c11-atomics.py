"""c11-atomics.test: inputs (`inputs`), or a check of the outputs of
test/corpus/opencl/c11_atomics.cl (OpenCL C 2.0 and later) against the
OpenCL C specification (`check PREFIX`). 256 work-items in groups of 64."""
import struct
import sys

N, LOCAL = 256, 64
IN = [((k * 7919) % 2001) - 1000 for k in range(N)]
ACC = [5, 0x10, 0xFFFFFFFF, 77, 900, 1000, 0, 0]
if sys.argv[1] == "inputs":
    open("in.bin", "wb").write(struct.pack(f"<{N}i", *IN))
    open("acc.bin", "wb").write(struct.pack("<8I", *ACC))
    open("out.bin", "wb").write(bytes(4 * 8 * N))
    sys.exit(0)

M = 0xFFFFFFFF
acc = list(ACC)
for v in IN:
    u = v & M
    acc[0] += 1
    acc[1] |= 1 << (v & 31)
    acc[2] &= ~(1 << (v & 31)) & M
    acc[3] ^= u
    acc[4] = min(acc[4], u)
    acc[5] = (acc[5] - (v & 0xFF)) & M
acc[6] = struct.unpack("<I", struct.pack("<f", float(sum(v & 0xFFF for v in IN))))[0]
acc[7] = 1000  # only work-item 0 finds its own index (0) there
table = [3, 1, 4, 1]
want = []
for i, v in enumerate(IN):
    g, l = divmod(i, LOCAL)
    group = IN[g * LOCAL:(g + 1) * LOCAL]
    want += [
        1 | 2 << 4 | 4 << 8,  # to_global / to_local / to_private of global, local, private pointers
        group[(l + 1) % LOCAL] + table[l & 3],
        sum(x & 0xFFFF for x in group),
        max(group[:l + 1]),
        sum(x & 0xFF for x in group[:l]),
        group[5] + int(7 in group) + 2 * int(7 not in group),
        sum(group),
        struct.unpack("<i", struct.pack("<I", max(x & M for x in group)))[0],
    ]
got_acc = list(struct.unpack("<8I", open(sys.argv[2] + "-acc.out", "rb").read()))
got = list(struct.unpack(f"<{8 * N}i", open(sys.argv[2] + "-out.out", "rb").read()))
wrong = [k for k in range(8) if got_acc[k] != acc[k]]
bad = sum(1 for a, b in zip(got, want) if a != b)
print(sys.argv[2], "wrong counters", wrong, "wrong outputs", bad)
