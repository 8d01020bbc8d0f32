"""Inputs and model of subgroup-capped.comp: `make N` writes the output
buffer (a sentinel in every word) and the push constants (all ones);
`check N S` compares out.bin with the values the Vulkan spec gives for a
workgroup of N invocations in subgroups of S (runs of S consecutive local
indices, the last one partial), whatever lanes ran them."""
import struct
import sys

WORDS = 12
SENTINEL = 0xDEADBEEF


def model(n: int, s: int) -> list[int]:
    out = []
    subgroups = (n + s - 1) // s
    for i in range(n):
        sg, lane = divmod(i, s)
        members = range(sg * s, min(n, sg * s + s))
        mask = 0xFFFFFFFF
        gt = (mask << (lane + 1)) & mask if lane + 1 < 32 else 0
        out += [
            s, subgroups, sg, lane,
            s,                      # every bit of the subgroup's set
            s - 1,                  # the highest of them
            lane + 1,               # those up to the lane
            s,
            len(members),           # the active lanes' ballot
            gt,
            sum(m + 1 for m in members),
            members[0] * 7,
        ]
    return out


def main() -> None:
    if sys.argv[1] == "make":
        n = int(sys.argv[2])
        open("out.bin", "wb").write(struct.pack(f"<{n * WORDS}I", *[SENTINEL] * (n * WORDS)))
        open("push.bin", "wb").write(struct.pack("<4I", *[0xFFFFFFFF] * 4))
        return
    n, s = int(sys.argv[2]), int(sys.argv[3])
    got = struct.unpack(f"<{n * WORDS}I", open("out.bin", "rb").read())
    want = model(n, s)
    wrong = [(k // WORDS, k % WORDS, got[k], want[k]) for k in range(len(want)) if got[k] != want[k]]
    for invocation, word, g, w in wrong[:10]:
        print(f"invocation {invocation} word {word}: got {g:#x}, want {w:#x}")
    print(f"{n} invocations in subgroups of {s}: {len(want) - len(wrong)} of {len(want)} right")


main()
