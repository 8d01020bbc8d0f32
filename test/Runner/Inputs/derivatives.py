"""Inputs for, and a model of, derivatives.comp (docs/abi.md, "Subgroups").

make: writes in.bin (24 invocations' values, small integers: every
difference exact) and a zeroed out.bin.
check: reads out.bin and prints how many invocations' results match the
model: quads of 4 consecutive local indices (DerivativeGroupLinear), lane
bit 0 the horizontal neighbour, bit 1 the vertical one; fine differences in
the invocation's own row or column, coarse ones in the quad's first; dFdx
and dFdy fine. check-quads: the same over 2x2 blocks of local ids
(DerivativeGroupQuads).
"""
import struct
import sys

N = 24
SLOTS = 14


def value(index):
    return float((index * 37 + 11) % 23 - 9)


SX = 6


def model(quads):
    vs = [value(i) for i in range(N)]
    ws = [(v * 3.0, -v * v) for v in vs]
    expected = {}
    for i in range(N):
        if quads:
            # 2x2 blocks of local ids in the 6x4 workgroup: quad lane bit 0
            # is x, bit 1 is y.
            x, y = i % SX, i // SX
            base_x, base_y = x & ~1, y & ~1

            def at(qx, qy):
                return (base_y + qy) * SX + base_x + qx

            own = [at(0, 0), at(1, 0), at(0, 1), at(1, 1)]
            lane = (x & 1) | ((y & 1) << 1)
        else:
            own = [(i & ~3) + k for k in range(4)]
            lane = i & 3

        def fine(values, bit):
            return values[own[lane | bit]] - values[own[lane & ~bit]]

        def coarse(values, bit):
            return values[own[bit]] - values[own[0]]

        dx, dy = fine(vs, 1), fine(vs, 2)
        cx, cy = coarse(vs, 1), coarse(vs, 2)
        w0 = [w[0] for w in ws]
        w1 = [w[1] for w in ws]
        e = [dx, dy, abs(dx) + abs(dy), dx, dy, abs(dx) + abs(dy), cx, cy, abs(cx) + abs(cy),
             fine(w0, 1), fine(w1, 1), coarse(w0, 2), coarse(w1, 2), abs(fine(w1, 1)) + abs(fine(w1, 2))]
        expected[i] = e
    return expected


def main():
    if sys.argv[1] == "make":
        with open("in.bin", "wb") as out:
            out.write(struct.pack(f"<{N}f", *[value(i) for i in range(N)]))
        with open("out.bin", "wb") as out:
            out.write(bytes(4 * SLOTS * N))
        return
    with open("out.bin", "rb") as data:
        got = struct.unpack(f"<{SLOTS * N}f", data.read(4 * SLOTS * N))
    right = 0
    for i, e in model(sys.argv[1] == "check-quads").items():
        wrong = [(slot, got[i * SLOTS + slot], want) for slot, want in enumerate(e) if got[i * SLOTS + slot] != want]
        if wrong:
            print(f"invocation {i}: (slot, got, expected) {wrong}")
        else:
            right += 1
    print(f"derivatives: {right} of {N} invocations right")


main()
