"""Inputs and checks of the runner's lit tests (test/Runner): `make.py NAME`
writes the input files of NAME into the current directory; `make.py
check-NAME` reads the outputs and prints one line saying how many results
are right, or the first wrong one (and exits 1)."""

import struct
import sys


def write(name, fmt, values):
    with open(name, "wb") as out:
        out.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def read(name, fmt):
    data = open(name, "rb").read()
    return struct.unpack("<%d%s" % (len(data) // struct.calcsize(fmt), fmt), data)


def fail(message):
    print(message)
    sys.exit(1)


def values_for_histogram():
    state, values = 7, []
    for _ in range(64 * 256):
        state = (state * 1103515245 + 12345) % (1 << 31)
        values.append(state >> 8)
    return values


def collective_inputs():
    state, values = 11, []
    for _ in range(64):
        state = (state * 1103515245 + 12345) % (1 << 31)
        values.append((state >> 16) % 41 - 20)
    return values


def check_collectives(suffix):
    """Workgroups of 16: every result of every work-item, against Python."""
    x = collective_inputs()
    out, minimum, wide = read("out-%s.out" % suffix, "i"), read("minimum-%s.out" % suffix, "f"), read("wide-%s.out" % suffix, "q")
    for i in range(64):
        group = x[i - i % 16:i - i % 16 + 16]
        before, upto = group[:i % 16], group[:i % 16 + 1]
        expected = [sum(group), sum(upto), max(before) if before else -(1 << 31), group[3],
                    int(all(v > 0 for v in group)), int(any(v > 5 for v in group)), x[i], 0]
        if list(out[i * 8:i * 8 + 8]) != expected:
            fail("collectives %s: work-item %d gives %s, expected %s" % (suffix, i, list(out[i * 8:i * 8 + 8]), expected))
        if minimum[i] != min(group) / 2:
            fail("collectives %s: minimum[%d] = %r" % (suffix, i, minimum[i]))
        if wide[i] != min(v * 1000000000 for v in upto):
            fail("collectives %s: wide[%d] = %d" % (suffix, i, wide[i]))
    print("collectives %s: 64 work-items right" % suffix)


def spmd_inputs():
    return [(k * 37 + 5) % 200 + 1 for k in range(48)]


def spmd_floats():
    return [((k * 7919) % 400 - 150) / 3.0 for k in range(60)]


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def check_spmd():
    """spmd.comp's integer results, against Python."""
    data, results, dense = spmd_inputs(), read("results.out", "i"), read("dense.out", "i")
    right = 0
    for i, v in enumerate(data):
        n, steps = v, 0
        while n != 1 and steps < 100:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        nested = 0
        for a in range(v % 7):
            if a == 3:
                continue
            for b in range(5):
                if a + b > v % 5:
                    break
                nested += a * b + 1
        quotient = 1000 // (v % 4) if v % 4 else -1
        chosen = [10, v * 2, -v, 7][v & 3]
        last = 0 if v % 5 == 0 else v.bit_length() - 1 + bin(v).count("1")
        expected = [steps, nested, quotient, chosen, None, last]
        for k, value in enumerate(expected):
            if value is None:
                continue
            if results[i * 6 + k] != value:
                fail("spmd: results[%d] = %d, expected %d" % (i * 6 + k, results[i * 6 + k], value))
            right += 1
        if dense[i] != v * 3 + data[(i * 7) % 48] + (v * (v % 6) + 1) + (v * ((v // 3) % 6) + 1):
            fail("spmd: dense[%d] = %d" % (i, dense[i]))
        right += 1
    print("spmd: %d of %d right" % (right, right))


def check_spmd_cl():
    """spmd.cl's step counts and results, with float arithmetic rounded as f32."""
    steps, out, right = read("steps.out", "i"), read("floats.out", "f"), 0
    for i, value in enumerate(spmd_floats()):
        x, n = f32(value), 0
        while abs(x) > 1.5:
            x = f32(f32(x * 0.5) + f32(f32(abs(x) ** 0.5) * 0.25))
            n += 1
            if n == 50:
                break
        expected = (-1.0, 0) if x < 0 else (x, n)
        if (out[i], steps[i]) != expected:
            fail("spmd-cl: element %d is %r, expected %r" % (i, (out[i], steps[i]), expected))
        right += 1
    print("spmd-cl: %d of %d right" % (right, right))


def main(what):
    if what == "saxpy":
        write("x.bin", "f", [i * 0.5 for i in range(1000)])
        write("y.bin", "f", [1000.0 - i for i in range(1000)])
        with open("pc.bin", "wb") as out:
            out.write(struct.pack("<fI", 2.0, 1000))
    elif what == "check-saxpy":
        y = read("y.out", "f")
        for i in range(1000):
            if y[i] != 2.0 * (i * 0.5) + 1000.0 - i:
                fail("saxpy: y[%d] = %r" % (i, y[i]))
        print("saxpy: 1000 elements right")
    elif what == "bounds":
        write("a.bin", "I", [10, 11, 12, 13])
        write("b.bin", "I", [0] * 20)
        write("c.bin", "I", [5, 6])
        write("k.bin", "I", [31, 32])
        write("out.bin", "I", [0] * 16)
    elif what == "collectives":
        write("in.bin", "i", collective_inputs())
        write("out.bin", "i", [0] * (64 * 8))
        write("minimum.bin", "f", [0.0] * 64)
        write("wide.bin", "q", [0] * 64)
    elif what == "check-collectives":
        check_collectives(sys.argv[2])
    elif what == "reduce":
        write("data.bin", "I", [(i * 2654435761) % (1 << 32) for i in range(40 * 128)])
        write("sums.bin", "I", [0] * 40)
    elif what == "check-reduce":
        data, sums = read("data.bin", "I"), read("sums.out", "I")
        for g in range(40):
            if sums[g] != sum(data[g * 128:(g + 1) * 128]) % (1 << 32):
                fail("reduce: sums[%d] = %d" % (g, sums[g]))
        print("reduce: 40 sums right")
    elif what == "histogram":
        write("values.bin", "I", values_for_histogram())
        write("bins.bin", "I", [0] * 256)
    elif what == "check-histogram":
        bins, counts = read("bins-1.out", "I"), [0] * 256
        for value in values_for_histogram():
            counts[value & 255] += 1
        for b in range(256):
            if bins[b] != counts[b]:
                fail("histogram: bins[%d] = %d, expected %d" % (b, bins[b], counts[b]))
        print("histogram: 256 bins right")
    elif what == "opencl":
        write("in.bin", "I", [(i * 40503) % 65536 for i in range(50 * 64)])
        write("out.bin", "I", [0] * 50)
        write("x.bin", "f", [i * 0.25 for i in range(1000)])
        write("y.bin", "f", [float(i) for i in range(1000)])
    elif what == "check-opencl":
        data, out = read("in.bin", "I"), read("out.out", "I")
        for g in range(50):
            if out[g] != sum(data[g * 64:(g + 1) * 64]) % (1 << 32):
                fail("reduce: out[%d] = %d" % (g, out[g]))
        y = read("y.out", "f")
        for i in range(1000):
            if y[i] != 3.0 * (i * 0.25) + i:
                fail("saxpy: y[%d] = %r" % (i, y[i]))
        print("opencl: 50 sums and 1000 elements right")
    elif what == "spmd":
        write("in.bin", "i", spmd_inputs())
        write("results.bin", "i", [0] * (48 * 6))
        write("dense.bin", "i", [0] * 48)
        write("limit.bin", "i", [100])
        write("floats.bin", "f", spmd_floats())
        write("floats-out.bin", "f", [0.0] * 60)
        write("steps.bin", "i", [0] * 60)
    elif what == "check-spmd":
        check_spmd()
    elif what == "check-spmd-cl":
        check_spmd_cl()
    else:
        fail("make.py: unknown %s" % what)


main(sys.argv[1])
