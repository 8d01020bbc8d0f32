"""nonuniform-buffers.test: writes the inputs (`inputs`) or checks the
outputs of test/Runner/Inputs/nonuniform-buffers.comp against the spec
(`check`): each invocation i reads buffer (7 i) % 4 of four (64, 128, 192,
256 words: lengths 63 + 64 k) and uniform block (i >> 1) % 3, and adds
its factor's x atomically into the next buffer's second half."""
import struct
import sys

SIZES = (64, 128, 192, 256)


def data(k):
    return [(k * 7919 + j * 104729) % 100000 for j in range(SIZES[k])]


def uniform(k):
    return [(k * 31 + j * 97 + 5) % 1000 for j in range(4)]


if sys.argv[1] == "inputs":
    for k in range(4):
        open(f"d{k}.bin", "wb").write(struct.pack(f"<{SIZES[k]}I", *data(k)))
    for k in range(3):
        open(f"u{k}.bin", "wb").write(struct.pack("<4I", *uniform(k)))
    open("out.bin", "wb").write(bytes(4096))
    sys.exit(0)

out = struct.unpack("<1024I", open(sys.argv[2] + ".out", "rb").read())
want = [data(k) for k in range(4)]
bad = 0
for i in range(256):
    w = (i * 7) % 4
    n = SIZES[w] - 1
    f = uniform((i >> 1) % 3)
    x = data(w)[1 + i % (n // 2)]
    if out[4 * i:4 * i + 4] != ((x * f[1] + f[2]) & 0xFFFFFFFF, n, f[3], w):
        bad += 1
    want[w][0] += 1
    nxt = (w + 1) % 4
    m = (SIZES[nxt] - 1) // 2
    want[nxt][1 + m + (i + 5) % m] += f[0]
for k in range(4):
    got = list(struct.unpack(f"<{SIZES[k]}I", open(f"{sys.argv[2]}-d{k}.out", "rb").read()))
    bad += sum(1 for a, b in zip(got, want[k]) if a != b)
print(sys.argv[2], "wrong", bad)
