"""test/Runner/implicit-lod-proj.test: a 6-level 32x32 R32_SFLOAT image whose
level l holds 1000 l + y * size + x (as in implicit-lod.py), sampled with
nearest filtering and nearest mipmaps (bindings 0, 1) and queried through a
nearest-filter sampler with linear mipmaps, lod_bias 0.5, max_lod 2.5
(binding 3).

Vulkan's rules, as the test reads them:
- a projective sample divides (u, v) (and Dref) by q; its implicit
  derivatives are those of the projected coordinate, so (2u, 2v) / 2 has
  the derivatives of (u, v);
- quad q's coordinates are 2^q texels apart: rho = 2^q, lambda' = log2(rho)
  + bias (the sampler's lod_bias plus a Bias operand), lambda = lambda'
  clamped to [min_lod, max_lod]; the level d' = clamp(lambda, 0, 5);
  nearest mipmaps read level ceil(d' + 0.5) - 1;
- OpImageQueryLod gives (d_l, lambda'): d_l = nearest(d') with nearest
  mipmaps, d' itself with linear ones; lambda' unclamped;
- every texel is resident: the sparse forms give the plain forms' texels
  and a residency code that OpImageSparseTexelsResident calls resident."""
import math
import re
import struct
import sys

LEVELS = 6
FIELDS = 12


def texel(level, x, y):
    size = 32 >> level
    return 1000.0 * level + y * size + x


def make():
    texels = [texel(level, x, y) for level in range(LEVELS) for y in range(32 >> level) for x in range(32 >> level)]
    open("levels.bin", "wb").write(struct.pack("<%df" % len(texels), *texels))
    open("zero.bin", "wb").write(bytes(16 * FIELDS * 4))


def proj(source, target):
    """The sparse implicit-LOD samples of `source` made projective (no GLSL
    function emits them): coordinates doubled and q = 2 (the Dref doubled
    too), which the projection undoes. spirv-as (SPIRV-Tools 2023.1) does
    not know the names OpImageSparseSampleProj{,Dref}ImplicitLod, so they
    are written as the explicit forms (mask None when there is none) and
    `patch` sets the opcodes (310 -> 309, 312 -> 311) in the binary."""
    out = []
    for line in open(source):
        plain = re.match(r"( *)(%\w+) = OpImageSparseSampleImplicitLod (%\w+) (%\w+) (%\w+)(.*)", line)
        dref = re.match(r"( *)(%\w+) = OpImageSparseSampleDrefImplicitLod (%\w+) (%\w+) (%\w+) (%\w+)(.*)", line)
        if plain:
            pad, result, ty, image, coordinate, rest = plain.groups()
            name = result[1:]
            out.append(f"{pad}%d{name} = OpVectorTimesScalar %v2float {coordinate} %float_2\n")
            out.append(f"{pad}%q{name} = OpCompositeConstruct %v3float %d{name} %float_2\n")
            out.append(f"{pad}{result} = OpImageSparseSampleProjExplicitLod {ty} {image} %q{name}{rest or ' None'}\n")
        elif dref:
            pad, result, ty, image, coordinate, reference, rest = dref.groups()
            name = result[1:]
            out.append(f"{pad}%d{name} = OpVectorTimesScalar %v3float {coordinate} %float_2\n")
            out.append(f"{pad}%q{name} = OpCompositeInsert %v3float %float_2 %d{name} 2\n")
            out.append(f"{pad}%r{name} = OpFMul %float {reference} %float_2\n")
            out.append(f"{pad}{result} = OpImageSparseSampleProjDrefExplicitLod {ty} {image} %q{name} %r{name}{rest or ' None'}\n")
        else:
            out.append(line)
    open(target, "w").write("".join(out))


def patch(path):
    """The explicit sparse projective opcodes of `path` made implicit."""
    words = list(struct.unpack("<%dI" % (len(open(path, "rb").read()) // 4), open(path, "rb").read()))
    at = 5
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        if opcode in (310, 312):
            words[at] = count << 16 | (opcode - 1)
        at += count
    open(path, "wb").write(struct.pack("<%dI" % len(words), *words))


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def check(path):
    got = struct.unpack("<%df" % (16 * FIELDS), open(path, "rb").read())
    right = 0
    for i in range(16):
        q, lane = i // 4, i % 4
        s = 1 << q
        u = f32((1 + (lane & 1) + 0.5) * s / 32)
        v = f32((2 + (lane >> 1) + 0.5) * s / 32)

        def sample(level):
            level = min(max(level, 0), LEVELS - 1)
            size = 32 >> level
            x = min(int(u * size), size - 1)
            y = min(int(v * size), size - 1)
            return texel(level, x, y)

        # Binding 3: rho = 0.75 * 2^q, lambda' = q + log2(0.75) + 0.5,
        # lambda = min(lambda', 2.5), d' = clamp(lambda, 0, 5), linear mipmaps.
        prime = q + math.log2(0.75) + 0.5
        level = min(max(min(prime, 2.5), 0.0), LEVELS - 1)
        expected = [
            sample(q), sample(q + 1), 1.0 if 1500.0 < sample(q) else 0.0,
            float(q), float(q), level, prime,
            sample(q), 1.0, sample(q + 1), 1.0 if 1500.0 < sample(q) else 0.0, sample(q),
        ]
        row = got[i * FIELDS:(i + 1) * FIELDS]
        if all(abs(a - b) <= 1e-5 for a, b in zip(row, expected)):
            right += 1
        else:
            print(f"invocation {i}: {row}, expected {expected}")
    print(f"projective implicit lod, query lod, sparse: {right} of 16 invocations right")


if __name__ == "__main__":
    {"make": lambda: make(), "proj": lambda: proj(sys.argv[2], sys.argv[3]), "patch": lambda: patch(sys.argv[2]), "check": lambda: check(sys.argv[2])}[sys.argv[1]]()
