"""Inputs and checks of cl-khr-extensions.test: each output word of both
kernels against the OpenCL extension specifications, for subgroups of the
size given (the workgroup is 16; lanes are local ids modulo the size).
Words the specifications leave undefined (a shuffle from a lane outside the
subgroup, a cluster wider than the subgroup) are not compared."""
import random
import struct
import sys

N, LOCAL = 64, 16


def s8(v):
    v &= 255
    return v - 256 if v > 127 else v


def s16(v):
    v &= 0xFFFF
    return v - 65536 if v > 32767 else v


def dots_bits_votes(x, lane, g):
    b = [(x >> (8 * k)) & 255 for k in range(4)]
    sx = x - 2**32 if x >= 2**31 else x
    f = (x >> 3) & 0x1FF
    e = [sum(b[k] * (k + 1) for k in range(4)),
         max(-2**31, min(2**31 - 1, sum(s8(b[k]) * c for k, c in enumerate([-1, 2, -3, 4])) + sx)) & 0xFFFFFFFF,
         sum(b[k] * [4, 3, 2, 1][k] for k in range(4)),
         x | (0xFF << 4),
         (f - 512 if f & 256 else f) & 0xFFFFFFFF,
         int(f"{x:032b}"[::-1], 2),
         sum(v & 1 for v in g),
         g[0],
         g[lane ^ 1] if (lane ^ 1) < len(g) else None,
         (sum(g[lane & ~1:(lane & ~1) + 2]) & 0xFFFFFFFF) if len(g) >= 2 else x,
         max(g),
         int(lane == 0),
         int(all(v == g[0] for v in g)),
         g[lane + 1] if lane + 1 < len(g) else None,
         sum(v & 0xFFFF for v in g[:lane + 1]) & 0xFFFF,
         sum(v & 1 for v in g[:lane + 1])]
    return e, (11, 12)


def ballots_rotates(x, lane, g):
    size = len(g)
    pred = [(v & 3) != 0 for v in g]
    cluster = lane & ~3
    scan = 0
    for v in g[:lane]:
        scan ^= v
    e = [min(k for k in range(size) if pred[k]) if any(pred) else None,
         max(k for k in range(size) if pred[k]) if any(pred) else None,
         int(lane % 2 == 0),
         int(pred[1]) if size > 1 else 0,
         g[lane - 1] if lane >= 1 else None,
         scan,
         int(all(v & 1 for v in g)),
         min(g[cluster:cluster + 4]) if size >= 4 else None,
         g[1] if size > 1 else None,
         (1 << lane) - 1,
         g[(lane + 3) % size],
         g[cluster + (lane - cluster + 1) % 4] if size >= 4 else None,
         sum(s16(v) for v in g) & 0xFFFF,
         max(s8(v) for v in g) & 255,
         sum(pred[:lane]),
         sum(v >> 31 for v in g) % 2]
    return e, (2, 3, 6, 15)


def main():
    if sys.argv[1] == "inputs":
        rng = random.Random(20261903)
        open("in.bin", "wb").write(struct.pack(f"{N}I", *[rng.getrandbits(32) for _ in range(N)]))
        open("out.bin", "wb").write(bytes(4 * 16 * N))
        return
    kernel, size, path = sys.argv[2], int(sys.argv[3]), sys.argv[4]
    xs = struct.unpack(f"{N}I", open("in.bin", "rb").read())
    out = struct.unpack(f"{16 * N}I", open(path, "rb").read())
    model = {"dots_bits_votes": dots_bits_votes, "ballots_rotates": ballots_rotates}[kernel]
    wrong, compared = {}, 0
    for i in range(N):
        lane = (i % LOCAL) % size
        group = [xs[i - lane + k] for k in range(size)]
        expected, booleans = model(xs[i], lane, group)
        for k, want in enumerate(expected):
            if want is None:
                continue
            got = out[16 * i + k]
            if k in booleans:  # OpenCL's predicates: any non-zero is true
                got = int(got != 0)
            compared += 1
            if got != want:
                wrong.setdefault(k, (i, got, want))
    print(f"{kernel} size {size}: {compared} compared, wrong words {sorted(wrong.items())}")


if __name__ == "__main__":
    main()
