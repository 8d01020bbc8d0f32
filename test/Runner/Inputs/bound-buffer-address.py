"""Inputs and the model of bound-buffer-address.comp: a bound buffer also
given by address (--address 0:0@push:0, --address 0:0+16@push:8); with
`apart`, the addresses are those of a second copy of the data bound at a
binding the shader does not declare (0:2, written to data2.out), so that
the binding and the address reach two buffers."""

import struct
import sys

WORDS = 24
INVOCATIONS = 8


def make():
    with open("data.bin", "wb") as f:
        f.write(struct.pack(f"<{WORDS}I", *[1000 + k for k in range(WORDS)]))
    with open("out.bin", "wb") as f:
        f.write(bytes(4 * 40))
    # The runner writes both addresses over these zeros.
    with open("pc.bin", "wb") as f:
        f.write(bytes(16))


def model(apart):
    bound = [1000 + k for k in range(WORDS)]
    # What the address reaches: the bound buffer itself, or a copy.
    addressed = list(bound) if apart else bound
    result = [0] * 40
    for i in range(INVOCATIONS):
        result[i] = addressed[i]
        result[8 + i] = addressed[4 + i]
    for i in range(INVOCATIONS):
        addressed[8 + i] = 3 * i + 1
    addressed[16] += sum(i + 1 for i in range(INVOCATIONS))
    addressed[17] = max([addressed[17]] + [2000 + i for i in range(INVOCATIONS)])
    for i in range(4):
        bound[20 + i] = 500 + i
    for i in range(INVOCATIONS):
        result[24 + i] = bound[8 + i]
        result[32 + i] = addressed[20 + (i & 3)]
    return bound, addressed, result


def words(path, count):
    return list(struct.unpack(f"<{count}I", open(path, "rb").read()))


def check(apart):
    bound, addressed, result = model(apart)
    got_bound = words("data.out", WORDS)
    got_addressed = words("data2.out", WORDS) if apart else got_bound
    got_result = words("out.out", 40)
    print("out", " ".join(str(word) for word in got_result[16:24]), "data", got_addressed[16], got_addressed[17])
    bad = [("data", k, got, want) for k, (got, want) in enumerate(zip(got_bound, bound)) if got != want]
    bad += [("addressed", k, got, want) for k, (got, want) in enumerate(zip(got_addressed, addressed)) if got != want]
    bad += [("out", k, got, want) for k, (got, want) in enumerate(zip(got_result, result)) if got != want]
    print("OK" if not bad else f"WRONG {bad}")


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make()
    else:
        check(sys.argv[2:] == ["apart"])
