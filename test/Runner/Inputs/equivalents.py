"""Inputs and the check of test/Runner/equivalents.test.

    python3 equivalents.py make         # data.bin: four words, out.bin: 32 zero words
    python3 equivalents.py check OUT    # OUT against the spec, subgroups of one invocation

The words are float bits chosen for OpQuantizeToF16: a value half holds
exactly, one it rounds (to nearest even), one beyond its range (infinity),
and 2 (an integer <= 3, for the comparisons).
"""
import struct
import sys

import numpy as np

WORDS = [
    struct.unpack("<I", struct.pack("<f", 1.5))[0],
    struct.unpack("<I", struct.pack("<f", 3.14159))[0],
    struct.unpack("<I", struct.pack("<f", -1.0e6))[0],
    2,
]

if sys.argv[1] == "make":
    open("data.bin", "wb").write(struct.pack("<4I", *WORDS))
    open("out.bin", "wb").write(bytes(128))
else:
    out = struct.unpack("<32I", open(sys.argv[2], "rb").read())
    wrong = 0
    for i, x in enumerate(WORDS):
        f = np.frombuffer(struct.pack("<I", x), np.float32)[0]
        with np.errstate(over="ignore"):
            quantized = np.float32(np.float16(f))
        q = struct.unpack("<I", quantized.tobytes())[0]
        # A subgroup of one invocation: all = any = the invocation's own
        # predicate, all-equal true, the first and invocation 0 are itself,
        # the ballot has bit 0 set when the predicate holds.
        above = int(x > 3)
        want = [x, q, above, above, 1, x, x, above]
        got = list(out[8 * i:8 * i + 8])
        if got != want:
            wrong += 1
            print(f"invocation {i}: {got} (want {want})")
    print(f"equivalents: {4 - wrong} of 4 invocations right")
