"""c11-min-max.test: inputs, or the expected values (OpenCL C's definition
of each atomic min/max: signed or unsigned comparison at the type's width)."""
import struct
import sys

N, LOCAL = 128, 32
IN = [((k * 0x9E3779B97F4A7C15) >> 3) % (1 << 64) - (1 << 63) for k in range(N)]
if sys.argv[1] == "inputs":
    open("in.bin", "wb").write(struct.pack(f"<{N}q", *IN))
    open("s.bin", "wb").write(struct.pack("<2i", 0, 0))
    open("u.bin", "wb").write(struct.pack("<2I", 0xFFFFFFFF, 0))
    open("sl.bin", "wb").write(struct.pack("<2q", 0, 0))
    open("ul.bin", "wb").write(struct.pack("<2Q", (1 << 64) - 1, 0))
    open("out.bin", "wb").write(bytes(16 * N))
    sys.exit(0)


def signed(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


ints = [signed(v, 32) for v in IN]
print("s", min([0] + ints), max([0] + ints))
print("u", min([0xFFFFFFFF] + [v & 0xFFFFFFFF for v in IN]), max(v & 0xFFFFFFFF for v in IN))
print("sl", min([0] + IN), max([0] + IN))
print("ul", min(v % (1 << 64) for v in IN), max(v % (1 << 64) for v in IN))
for g in range(N // LOCAL):
    group = IN[g * LOCAL:(g + 1) * LOCAL]
    print("group", g, min([2**31 - 1] + [signed(v >> 32, 32) for v in group]), signed(max(v % (1 << 64) for v in group), 64))
