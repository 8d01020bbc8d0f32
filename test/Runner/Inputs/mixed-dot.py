"""Inputs and the check of test/Runner/mixed-dot.test.

    python3 mixed-dot.py make          # writes in.bin (4 invocations)
    python3 mixed-dot.py check OUT     # compares OUT with the definitions

OpFDot2MixAcc32VALVE: acc + (a.x * b.x + a.y * b.y), the products exact in
f32, each addition rounded to f32; OpFDot2MixAcc16VALVE: the same sum in f32
with the f16 accumulator, rounded once to f16. Exact comparison.
"""
import struct
import sys

import numpy as np

CASES = [  # a, b, 32-bit accumulator, 16-bit accumulator
    ((1.5, -2.25), (1.5, -2.25), 0.25, 0.5),
    ((65504.0, 2.0), (0.5, -0.125), -1000.0, 3.0),
    ((0.0009765625, 3.0), (0.0009765625, -7.5), 1e-6, -2.0),
    ((-0.0, 1024.0), (5.0, 1024.0), 3.0e9, 100.0),  # 1024*1024 overflows f16, not f32
]


def halves(pair):
    return struct.unpack("<I", struct.pack("<2e", *pair))[0]


if sys.argv[1] == "make":
    words = []
    for a, b, acc32, acc16 in CASES:
        bits32 = struct.unpack("<I", struct.pack("<f", acc32))[0]
        # The 16-bit accumulator rides in the low half of the float's bits:
        # the kernel reads both from one word, so the case sets both halves.
        low16 = struct.unpack("<H", struct.pack("<e", acc16))[0]
        words += [halves(a), halves(b), (bits32 & 0xFFFF0000) | low16]
    open("in.bin", "wb").write(struct.pack(f"<{len(words)}I", *words))
    open("out.bin", "wb").write(bytes(8 * len(CASES)))
else:
    out = open(sys.argv[2], "rb").read()
    words = open("in.bin", "rb").read()
    wrong = 0
    for i, (a, b, _, acc16) in enumerate(CASES):
        acc_word = struct.unpack_from("<I", words, 12 * i + 8)[0]
        acc32 = np.float32(struct.unpack("<f", struct.pack("<I", acc_word))[0])
        a32 = [np.float32(np.float16(x)) for x in a]
        b32 = [np.float32(np.float16(x)) for x in b]
        dot = np.float32(a32[0] * b32[0]) + np.float32(a32[1] * b32[1])
        want32 = np.float32(acc32 + np.float32(dot))
        want16 = np.float16(np.float32(np.float32(np.float16(acc16)) + np.float32(dot)))
        got32 = np.frombuffer(out, np.float32, 1, 8 * i)[0]
        got16 = np.frombuffer(out, np.float16, 1, 8 * i + 4)[0]
        same32 = got32.tobytes() == want32.tobytes()
        same16 = got16.tobytes() == want16.tobytes()
        if not (same32 and same16):
            wrong += 1
            print(f"case {i}: acc32 {got32!r} (want {want32!r}), acc16 {got16!r} (want {want16!r})")
    print(f"mixed-dot: {len(CASES) - wrong} of {len(CASES)} cases exact")
