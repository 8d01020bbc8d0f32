"""Inputs and checks of test/Runner/division.test: integer division and
remainder with zero divisors and MIN / -1 pairs, which must not trap.

`division.py sweep RUNNER glsl|opencl SOURCE` compiles SOURCE
(Inputs/division.comp with glslangValidator, or division.cl with clang-22)
for every integer type (i8 u8 i16 u16 i32 u32 i64 u64), runs it with RUNNER
(spirv-run-rs) under every `--spmd` mode, with and without `--unchecked`, on
64 pairs, and checks the results: six per invocation, the scalar quotient
and remainder, then the quotient and remainder of pairs i and i^3 divided as
vectors. A signed remainder is signed like the divisor for GLSL (OpSMod),
like the dividend for OpenCL (OpSRem). The run must exit 0; pairs SPIR-V
leaves undefined (a zero divisor, MIN / -1) may give any value; every other
result must be exact. One line per type, or the first failure (exit 1)."""

import struct
import subprocess
import sys

FORMATS = {"i8": "b", "u8": "B", "i16": "h", "u16": "H", "i32": "i", "u32": "I", "i64": "q", "u64": "Q"}
COUNT = 64


def bits(kind):
    return int(kind[1:])


def signed(kind):
    return kind[0] == "i"


def inputs(kind):
    width = bits(kind)
    low, high = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed(kind) else (0, (1 << width) - 1)
    state, n, d = 5, [], []
    for k in range(COUNT):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        a = low + (state >> 11) % (high - low + 1)
        b = (state >> 3) % 23 - (11 if signed(kind) else 0)
        if k % 8 == 0:
            b = 0  # a zero divisor
        elif k % 8 == 5:
            a, b = (low, -1) if signed(kind) else (high, high)  # MIN / -1
        elif k % 8 == 6:
            a, b = high, (low if signed(kind) else 1)
        elif b == 0:
            b = 7
        n.append(a)
        d.append(b)
    return n, d


def write(name, kind, values):
    with open(name, "wb") as out:
        out.write(struct.pack("<%d%s" % (len(values), FORMATS[kind]), *values))


def expected(kind, mod, a, b):
    """(quotient, remainder), or None where SPIR-V leaves them undefined."""
    if b == 0 or (signed(kind) and a == -(1 << (bits(kind) - 1)) and b == -1):
        return None
    quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    if mod == "smod" and signed(kind):
        return quotient, a % b  # Python's % is signed like the divisor
    return quotient, a - b * quotient


GLSL_TYPES = {"i8": ("int8_t", "i8vec4"), "u8": ("uint8_t", "u8vec4"), "i16": ("int16_t", "i16vec4"),
              "u16": ("uint16_t", "u16vec4"), "i32": ("int", "ivec4"), "u32": ("uint", "uvec4"),
              "i64": ("int64_t", "i64vec4"), "u64": ("uint64_t", "u64vec4")}
OPENCL_TYPES = {"i8": "char", "u8": "uchar", "i16": "short", "u16": "ushort", "i32": "int", "u32": "uint",
                "i64": "long", "u64": "ulong"}
MODES = [spmd + unchecked for spmd in (["--spmd", "off"], ["--spmd", "loops"], ["--spmd", "always"])
         for unchecked in ([], ["--unchecked"])]


def fail(message):
    print(message)
    sys.exit(1)


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        fail("%s: exit status %d\n%s" % (" ".join(command), done.returncode, done.stderr))


def check(kind, mod, name):
    """The number of results checked and of undefined ones in `name`."""
    n, d = inputs(kind)
    data = open(name, "rb").read()
    out = struct.unpack("<%d%s" % (6 * COUNT, FORMATS[kind]), data)
    undefined = 0
    for i in range(COUNT):
        scalar, vector = expected(kind, mod, n[i], d[i]), expected(kind, mod, n[i ^ 3], d[i ^ 3])
        # The six results: the scalar quotient and remainder of pair i,
        # then the vectors' of pair i (component x) and pair i^3 (w).
        checks = [(scalar, 0), (scalar, 1), (scalar, 0), (vector, 0), (scalar, 1), (vector, 1)]
        for slot, (result, which) in enumerate(checks):
            if result is None:
                undefined += 1
            elif out[6 * i + slot] != result[which]:
                fail("%s %s: invocation %d, result %d is %d, expected %d (%d, %d)"
                     % (kind, mod, i, slot, out[6 * i + slot], result[which], n[i], d[i]))
    return 6 * COUNT - undefined, undefined


def main():
    runner, api, source = sys.argv[2:5]
    for kind in FORMATS:
        n, d = inputs(kind)
        write("n.bin", kind, n)
        write("d.bin", kind, d)
        write("out.bin", kind, [0] * (6 * COUNT))
        module = "%s-%s.spv" % (api, kind)
        if api == "glsl":
            scalar, vector = GLSL_TYPES[kind]
            run(["glslangValidator", "-V", "--target-env", "vulkan1.1", "-DT=" + scalar, "-DV=" + vector,
                 source, "-o", module])
            arguments = ["--workgroups", "4", "--buffer", "0:0=n.bin", "--buffer", "0:1=d.bin",
                         "--buffer", "0:2=out.bin:out.out"]
            mod = "smod"
        else:
            scalar = OPENCL_TYPES[kind]
            run(["clang-22", "--target=spirv64", "-cl-std=CL1.2", "-O0", "-DT=" + scalar, "-DV=%s4" % scalar,
                 "-c", source, "-o", module])
            arguments = ["--global", "64", "--local", "16", "--arg", "0=buffer:n.bin", "--arg", "1=buffer:d.bin",
                         "--arg", "2=buffer:out.bin:out.out"]
            mod = "srem"
        for mode in MODES:
            run([runner, module] + arguments + mode)
            right, undefined = check(kind, mod, "out.out")
        print("%s %s: %d modes, %d results right, %d undefined" % (kind, mod, len(MODES), right, undefined))


if __name__ == "__main__" and sys.argv[1:2] == ["sweep"]:
    main()
