"""SPV_KHR_quad_control's OpGroupNonUniformQuad{All,Any}KHR: a module made
from quad-control.comp, and a model of its results (docs/abi.md,
"Subgroups").

patch IN OUT: rewrites glslang's module: OpCapability QuadControlKHR and
OpExtension "SPV_KHR_quad_control" added, each OpGroupNonUniformQuadSwap
(scope, predicate, direction) of direction 0 (horizontal) replaced by
OpGroupNonUniformQuadAnyKHR(predicate), of direction 1 (vertical) by
OpGroupNonUniformQuadAllKHR(predicate). (SPIR-V has no offsets: the words
are rewritten in place.)
make SX SY: writes in.bin and a zeroed out.bin.
check SX SY SIZE: reads out.bin and prints how many results match a model of
subgroups of SIZE invocations cut into quads of 4, each vote over the
quad's active invocations (those present and in the branch).
"""
import struct
import sys

SLOTS = 4
QUAD_SWAP = 366
QUAD_ALL = 5110
QUAD_ANY = 5111
CAPABILITY = 17
EXTENSION = 10


def value(index):
    return (index * 37 + 11) % 101


def patch(source, target):
    data = open(source, "rb").read()
    words = list(struct.unpack(f"<{len(data) // 4}I", data))
    header, body = words[:5], words[5:]
    constants = {}
    out = []
    position = 0
    added = False
    while position < len(body):
        count, opcode = body[position] >> 16, body[position] & 0xFFFF
        inst = body[position:position + count]
        position += count
        if opcode == 43:  # OpConstant: remember small integer constants
            constants[inst[2]] = inst[3]
        if opcode == CAPABILITY and not added:
            added = True
            out += inst
            out += [(2 << 16) | CAPABILITY, 5087]
            name = b"SPV_KHR_quad_control\0"
            name += b"\0" * (-len(name) % 4)
            out += [((1 + len(name) // 4) << 16) | EXTENSION, *struct.unpack(f"<{len(name) // 4}I", name)]
            continue
        if opcode == QUAD_SWAP:
            direction = constants[inst[5]]
            vote = {0: QUAD_ANY, 1: QUAD_ALL}[direction]
            out += [(4 << 16) | vote, inst[1], inst[2], inst[4]]
            continue
        out += inst
    with open(target, "wb") as file:
        file.write(struct.pack(f"<{len(header) + len(out)}I", *header, *out))


def model(sx, sy, size):
    total = sx * sy
    expected = {}
    for i in range(total):
        lane = i % size
        first = i - lane
        quad = [first + q for q in range(lane & ~3, (lane & ~3) + 4) if q < size and first + q < total]
        vs = [value(j) for j in quad]
        v = value(i)
        e = [size, int(any(w % 4 == 1 for w in vs)), int(all(w % 5 != 0 for w in vs)), 0]
        if v % 7 != 0:
            e[3] = int(any(w % 2 == 0 for w in vs if w % 7 != 0))
        expected[i] = e
    return expected


def main():
    command = sys.argv[1]
    if command == "patch":
        patch(sys.argv[2], sys.argv[3])
        return
    sx, sy = int(sys.argv[2]), int(sys.argv[3])
    total = sx * sy
    if command == "make":
        with open("in.bin", "wb") as out:
            out.write(struct.pack(f"<{total}I", *[value(i) for i in range(total)]))
        with open("out.bin", "wb") as out:
            out.write(bytes(4 * SLOTS * total))
        return
    size = int(sys.argv[4])
    with open("out.bin", "rb") as data:
        words = struct.unpack(f"<{SLOTS * total}I", data.read(4 * SLOTS * total))
    right = checked = 0
    for i, e in model(sx, sy, size).items():
        for slot, want in enumerate(e):
            checked += 1
            got = words[i * SLOTS + slot]
            if got == want:
                right += 1
            else:
                print(f"invocation {i} slot {slot}: {got}, expected {want}")
    print(f"quad votes in subgroups of {size}: {right} of {checked} right")


main()
