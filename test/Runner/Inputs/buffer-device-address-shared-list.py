"""A model of buffer-device-address-shared-list.comp
(test/Runner/buffer-device-address-shared-list.test).

  python3 buffer-device-address-shared-list.py RUNNER SPV [--barrier] [RUNNER OPTIONS...]

Writes the inputs in the working directory, runs RUNNER on SPV with the
buffers and the --address flags of the lists below, and checks every output
word and every value and tag word of the three device buffers against the
model. Prints one summary line and OK, or the first difference (exit 1).

Three device buffers a, b, c of 8 nodes of 16 bytes (value, tag, next). The
cycle a0 b0 a1 b1 a2 b2 c0 c1 a3 b3 c2 a4 b4 c3 (back to a0) crosses
between two buffers and then three (a cache of two answers misses there);
a5 -> b5 -> a's end (a + 128, a leaf at the end of a: nothing fits, then
null); c7 -> b6 -> b6 (a self loop); a null head.
"""
import struct
import subprocess
import sys

BUFFERS = "abc"
NODES = 8
GROUPS = 8
LOCAL = 16
INVOCATIONS = GROUPS * LOCAL
# A node is (buffer, byte offset); None is null.
CYCLE = [("a", 0), ("b", 0), ("a", 1), ("b", 1), ("a", 2), ("b", 2), ("c", 0), ("c", 1),
         ("a", 3), ("b", 3), ("c", 2), ("a", 4), ("b", 4), ("c", 3)]
LINKS = {}
for k, (buffer, node) in enumerate(CYCLE):
    target = CYCLE[(k + 1) % len(CYCLE)]
    LINKS[(buffer, 16 * node)] = (target[0], 16 * target[1])
LINKS[("a", 80)] = ("b", 80)
LINKS[("b", 80)] = ("a", 128)
LINKS[("c", 112)] = ("b", 96)
LINKS[("b", 96)] = ("b", 96)
HEADS = [("a", 0), ("c", 16), ("a", 80), ("c", 112), None, ("b", 48)]


def wrap(value):
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def initial():
    """Per buffer, its 32 words: values, tags 0, links as (buffer, offset)."""
    memory = {}
    for index, buffer in enumerate(BUFFERS):
        words = []
        for node in range(NODES):
            words += [1000 * (index + 1) + 37 * node + 5, 0, 0, 0]
        memory[buffer] = words
    return memory


def walk_load(memory, pointer, offset):
    """The word at byte `offset` of the node at `pointer` (0 outside)."""
    if pointer is None:
        return 0
    buffer, base = pointer
    byte = base + offset
    if 0 <= byte and byte + 4 <= 16 * NODES:
        return memory[buffer][byte // 4]
    return 0


def next_of(pointer):
    if pointer is None:
        return None
    buffer, base = pointer
    if base + 16 > 16 * NODES:
        return None  # next lies past the end: zero, null
    return LINKS.get(pointer)


def model(barrier):
    memory = initial()
    out = []
    for i in range(INVOCATIONS):
        n = HEADS[i % 6]
        total = 0
        for j in range(5 + (i % 7) * 3):
            total = wrap(total + (wrap(walk_load(memory, n, 0) * (j + 1)) ^ i))
            if n is not None and n[1] + 8 <= 16 * NODES:
                memory[n[0]][n[1] // 4 + 1] += 1
            n = next_of(n)
        out.append(total)
        if barrier:
            n = HEADS[(i + 2) % 6]
            second = 0
            for j in range(3 + i % 4):
                second = wrap(second * 5 + walk_load(memory, n, 0))
                n = next_of(n)
            out.append(second)
        else:
            out.append(total)
    return out, memory


def flags():
    result = []
    for k, head in enumerate(HEADS):
        if head is not None:
            result.append("--address %s+%d@0:1:%d" % (head[0], head[1], 8 * k))
    for (buffer, offset), (target, at) in sorted(LINKS.items()):
        result.append("--address %s+%d@%s:%d" % (target, at, buffer, offset + 8))
    return " ".join(result).split()


def main():
    runner, spv = sys.argv[1], sys.argv[2]
    barrier = "--barrier" in sys.argv[3:]
    options = [arg for arg in sys.argv[3:] if arg != "--barrier"]
    memory = initial()
    for buffer in BUFFERS:
        with open(buffer + ".bin", "wb") as handle:
            handle.write(struct.pack("<%di" % len(memory[buffer]), *memory[buffer]))
    with open("out.bin", "wb") as handle:
        handle.write(bytes(8 * INVOCATIONS))
    with open("heads.bin", "wb") as handle:
        handle.write(bytes(8 * len(HEADS)))
    command = [runner, spv, "--workgroups", str(GROUPS), "--buffer", "0:0=out.bin:out.out", "--buffer", "0:1=heads.bin"]
    for buffer in BUFFERS:
        command += ["--device-buffer", "%s=%s.bin:%s.out" % (buffer, buffer, buffer)]
    command += flags() + options
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        print("FAIL: exit status %d\n%s" % (done.returncode, done.stderr))
        sys.exit(1)
    want, want_memory = model(barrier)
    got = list(struct.unpack("<%di" % (2 * INVOCATIONS), open("out.out", "rb").read()))
    for index, (g, w) in enumerate(zip(got, want)):
        if g != w:
            print("FAIL: result[%d] = %d, the model says %d" % (index, g, w))
            sys.exit(1)
    for buffer in BUFFERS:
        data = open(buffer + ".out", "rb").read()
        words = struct.unpack("<%di" % (len(data) // 4), data)
        for node in range(NODES):
            for word in (0, 1):
                g, w = words[4 * node + word], want_memory[buffer][4 * node + word]
                if g != w:
                    print("FAIL: %s node %d word %d = %d, the model says %d" % (buffer, node, word, g, w))
                    sys.exit(1)
    tags = " ".join("%s %s" % (buffer, " ".join(str(want_memory[buffer][4 * n + 1]) for n in range(NODES))) for buffer in BUFFERS)
    print("invocation 0: %d %d ; invocation 127: %d %d" % (want[0], want[1], want[-2], want[-1]))
    print("tags " + tags)
    print("OK")


if __name__ == "__main__":
    main()
