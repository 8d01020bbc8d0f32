"""shared-blocks.test: inputs (`inputs`), or a check of OUT against the
spec (`check OUT`): test/Runner/Inputs/shared-blocks.comp's blocks all
start at the same address of a workgroup's shared memory (little-endian
bytes), so each invocation reads its workgroup's 64 input words as 16-bit
values, bytes and 64-bit values, then sees 16-bit stores in the words."""
import struct
import sys

VALUES = [(k * 2654435761 + 12345) & 0xFFFFFFFF for k in range(256)]
if sys.argv[1] == "inputs":
    open("in.bin", "wb").write(struct.pack("<256I", *VALUES))
    open("out.bin", "wb").write(bytes(4096))
    sys.exit(0)
out = struct.unpack("<1024I", open(sys.argv[2], "rb").read())
bad = 0
for group in range(4):
    raw = struct.pack("<64I", *VALUES[64 * group:64 * group + 64])
    halves, longs = struct.unpack("<128H", raw), struct.unpack("<32Q", raw)
    stored = bytearray(raw)
    for i in range(64):
        struct.pack_into("<H", stored, 2 * (127 - 2 * i), (i * 1000) & 0xFFFF)
    words = struct.unpack("<64I", bytes(stored))
    for i in range(64):
        pair = longs[(i + 7) % 32]
        want = (halves[2 * ((i + 1) % 64) + 1] + raw[(i * 3) % 256], (pair & 0xFFFFFFFF) ^ (pair >> 32), words[63 - i], 0)
        bad += out[4 * (64 * group + i):4 * (64 * group + i) + 4] != want
print(sys.argv[2], "wrong", bad)
