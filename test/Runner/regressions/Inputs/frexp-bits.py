"""Inputs and checks of frexp-vector-combine.comp: 32 floats chosen at the
edges of frexp (zeros of both signs, the smallest and largest subnormals,
the smallest normal, infinities, NaN, the largest finite), and the check of
what the shader wrote against Python's math.frexp (infinities and NaN:
the value itself and exponent 0)."""
import math
import struct
import sys

WORDS = [0x3F800000, 0x40400000, 0x00000001, 0x807FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x80000000,
         0x00000000, 0x3EFFFFFF, 0x7F7FFFFF, 0x00800000, 0xC2F6E979, 0x3A83126F, 0x00400000, 0x4B000001] * 2


def as_float(word):
    return struct.unpack("<f", struct.pack("<I", word))[0]


if sys.argv[1] == "make":
    open("in.bin", "wb").write(struct.pack("<32I", *WORDS))
    open("out.bin", "wb").write(bytes(256))
else:
    out = struct.unpack("<64I", open(sys.argv[2], "rb").read())
    wrong = 0
    for i in range(16):
        for c in range(2):
            word = WORDS[2 * i + c]
            x = as_float(word)
            exponent = struct.unpack("<i", struct.pack("<I", out[4 * i + c]))[0]
            significand = out[4 * i + 2 + c]
            if math.isinf(x) or math.isnan(x):
                right = exponent == 0 and (significand == word or math.isnan(as_float(significand)))
            else:
                m, e = math.frexp(x)
                right = struct.pack("<f", m) == struct.pack("<I", significand) and exponent == e
            if not right:
                wrong += 1
                print("wrong: %#010x -> %#010x, %d" % (word, significand, exponent))
    print("frexp: %d of 32 right" % (32 - wrong))
