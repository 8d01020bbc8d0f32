"""Runs bool-vector-across-barrier.comp's binaries at every subgroup size
(and as coroutines) and checks each invocation's word against a model of
the shader. Usage: bool-vector-across-barrier.py RUNNER BINARY..."""

import random
import struct
import subprocess
import sys

GROUPS, SIZE = 2, 16
rng = random.Random(308)
w = [rng.getrandbits(32) for _ in range(GROUPS * SIZE)]
open("w.bin", "wb").write(struct.pack(f"<{len(w)}I", *w))
open("zero.bin", "wb").write(bytes(4 * len(w)))


def expected(subgroup: int) -> list[int]:
    out = []
    for group in range(GROUPS):
        xs = w[group * SIZE:(group + 1) * SIZE]
        sh = [x >> 8 for x in xs]
        bits = []
        for l, x in enumerate(xs):
            b = [x & 1 != 0, x & 2 != 0, x % 3 == 0]
            c = [not v for v in b]
            if sh[(l + 1) % SIZE] % 2 == 0:
                c[1] = b[0]
            bits.append(int(c[0]) | int(c[1]) << 1 | int(c[2]) << 2 | int(b[2]) << 3)
        for l in range(SIZE):
            first = l // subgroup * subgroup
            out.append((bits[l] + 16 * sum(bits[first:first + subgroup])) % 2**32)
    return out


runner, binaries = sys.argv[1], sys.argv[2:]
runs = [(["--subgroup-size", str(s)], s) for s in (1, 4, 8, 16)] + [(["--barriers", "coroutines", "--subgroup-size", "4"], 4)]
for binary in binaries:
    for flags, subgroup in runs:
        done = subprocess.run([runner, binary, "--workgroups", str(GROUPS), "--buffer", "0:0=zero.bin:o.out",
                               "--buffer", "0:1=w.bin", *flags], capture_output=True, text=True)
        label = f"{binary} {' '.join(flags)}"
        if done.returncode != 0:
            print(f"{label}: wrong: exit {done.returncode}: {done.stderr.strip()}")
            continue
        got = struct.unpack(f"<{len(w)}I", open("o.out", "rb").read())
        right = sum(g == e for g, e in zip(got, expected(subgroup)))
        print(f"{label}: {right} of {len(w)} right" + ("" if right == len(w) else " (wrong)"))
