"""Long vectors (SPV_EXT_long_vector) under the instructions that are not one
scalar instruction per component: a shader and an OpenCL kernel written
here for any component count N, their inputs, and the expected values
computed in float32 (and exact integers) in the order the import expands
them (long-vector-math.test).

gen N shader.spvasm kernel.spvasm [specop]: the two modules with vectors of N
  components; placeholders: an OpTypeArray named "long..." becomes
  OpTypeVectorIdEXT, `OpCapability Int8` becomes LongVectorEXT (spirv-as
  2023.1 predates the extension). With `specop` the count is
  `OpSpecConstantOp Select` of a boolean spec constant (SpecId 1, default
  true) between N and 1, and CompositeExtract of a spec constant composite
  in the kernel.
patch IN OUT: the placeholders replaced.
make N: the inputs (4 invocations / work-items).
check-shader N S: the shader's outputs at subgroup size S.
check-kernel N: the kernel's outputs.
"""
import importlib.util
import math
import os
import random
import struct
import sys
from fractions import Fraction

import numpy as np

F = np.float32
ITEMS = 4


def inputs(n):
    rng = random.Random(1000 + n)
    floats = [F(rng.randint(-64, 64) / 8 + rng.choice([0, 0.03125, -0.0625])) for _ in range(ITEMS * 3 * n)]
    words = [rng.choice([rng.getrandbits(32), rng.getrandbits(8), 0xFFFFFFFF - rng.getrandbits(4)]) for _ in range(ITEMS * 2 * n)]
    return floats, words


def vectors(values, n, count):
    return [values[k * n:(k + 1) * n] for k in range(count)]


# ---------------------------------------------------------------- modules

HEADER_SHADER = """; Long vectors of {n} components (long-vector-math.py)
OpCapability Shader
OpCapability Int8
OpCapability Int16
OpCapability DotProduct
OpCapability DotProductInputAll
OpCapability GroupNonUniform
OpCapability GroupNonUniformArithmetic
OpCapability GroupNonUniformBallot
OpExtension "SPV_KHR_integer_dot_product"
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid
OpExecutionMode %main LocalSize 4 1 1
OpName %longf "longf"
OpName %longu "longu"
OpName %longi "longi"
OpName %longus "longus"
OpName %longss "longss"
OpDecorate %gid BuiltIn GlobalInvocationId
{spec_decorations}OpDecorate %rtf ArrayStride {stride}
OpDecorate %rtu ArrayStride {stride}
OpDecorate %rts ArrayStride 4
OpDecorate %rtw ArrayStride 4
OpMemberDecorate %bf 0 Offset 0
OpMemberDecorate %bu 0 Offset 0
OpMemberDecorate %bs 0 Offset 0
OpMemberDecorate %bw 0 Offset 0
OpDecorate %bf Block
OpDecorate %bu Block
OpDecorate %bs Block
OpDecorate %bw Block
OpDecorate %inf DescriptorSet 0
OpDecorate %inf Binding 0
OpDecorate %inu DescriptorSet 0
OpDecorate %inu Binding 1
OpDecorate %outf DescriptorSet 0
OpDecorate %outf Binding 2
OpDecorate %outu DescriptorSet 0
OpDecorate %outu Binding 3
OpDecorate %outs DescriptorSet 0
OpDecorate %outs Binding 4
OpDecorate %outw DescriptorSet 0
OpDecorate %outw Binding 5
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%ushort = OpTypeInt 16 0
%short = OpTypeInt 16 1
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%p_in = OpTypePointer Input %v3uint
%gid = OpVariable %p_in Input
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%uint_5 = OpConstant %uint 5
%uint_11 = OpConstant %uint 11
%uint_12 = OpConstant %uint 12
%uint_N = OpConstant %uint {n}
{count}%eta_lo = OpConstant %float 0.5
%eta_hi = OpConstant %float 3
%longf = OpTypeArray %float %n
%longu = OpTypeArray %uint %n
%longi = OpTypeArray %int %n
%longus = OpTypeArray %ushort %n
%longss = OpTypeArray %short %n
%modf_t = OpTypeStruct %longf %longf
%frexp_t = OpTypeStruct %longf %longi
%carry_t = OpTypeStruct %longu %longu
%smul_t = OpTypeStruct %longi %longi
%rtf = OpTypeRuntimeArray %longf
%rtu = OpTypeRuntimeArray %longu
%rts = OpTypeRuntimeArray %float
%rtw = OpTypeRuntimeArray %uint
%bf = OpTypeStruct %rtf
%bu = OpTypeStruct %rtu
%bs = OpTypeStruct %rts
%bw = OpTypeStruct %rtw
%p_bf = OpTypePointer StorageBuffer %bf
%p_bu = OpTypePointer StorageBuffer %bu
%p_bs = OpTypePointer StorageBuffer %bs
%p_bw = OpTypePointer StorageBuffer %bw
%p_f = OpTypePointer StorageBuffer %longf
%p_u = OpTypePointer StorageBuffer %longu
%p_s = OpTypePointer StorageBuffer %float
%p_w = OpTypePointer StorageBuffer %uint
%fp_longf = OpTypePointer Function %longf
%fp_longi = OpTypePointer Function %longi
%inf = OpVariable %p_bf StorageBuffer
%inu = OpVariable %p_bu StorageBuffer
%outf = OpVariable %p_bf StorageBuffer
%outu = OpVariable %p_bu StorageBuffer
%outs = OpVariable %p_bs StorageBuffer
%outw = OpVariable %p_bw StorageBuffer
%main = OpFunction %void None %fn
%entry = OpLabel
%var_f = OpVariable %fp_longf Function
%var_i = OpVariable %fp_longi Function
%g = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g 0
%i3 = OpIMul %uint %i %uint_3
%i3b = OpIAdd %uint %i3 %uint_1
%i3c = OpIAdd %uint %i3 %uint_2
%i2 = OpIMul %uint %i %uint_2
%i2b = OpIAdd %uint %i2 %uint_1
%pa = OpAccessChain %p_f %inf %uint_0 %i3
%a = OpLoad %longf %pa
%pb = OpAccessChain %p_f %inf %uint_0 %i3b
%b = OpLoad %longf %pb
%pc = OpAccessChain %p_f %inf %uint_0 %i3c
%c = OpLoad %longf %pc
%pua = OpAccessChain %p_u %inu %uint_0 %i2
%ua = OpLoad %longu %pua
%pub = OpAccessChain %p_u %inu %uint_0 %i2b
%ub = OpLoad %longu %pub
%ia = OpBitcast %longi %ua
%ib = OpBitcast %longi %ub
%ua16 = OpUConvert %longus %ua
%ub16 = OpUConvert %longus %ub
%ia16 = OpSConvert %longss %ia
%ib16 = OpSConvert %longss %ib
"""

SHADER_OPS_F = [
    "%f0 = OpExtInst %longf %glsl Normalize %a",
    "%f1 = OpExtInst %longf %glsl FaceForward %a %b %c",
    "%nb = OpExtInst %longf %glsl Normalize %b\n%f2 = OpExtInst %longf %glsl Reflect %a %nb",
    "%f3 = OpExtInst %longf %glsl Refract %a %nb %eta_lo",
    "%f4 = OpExtInst %longf %glsl Refract %a %nb %eta_hi",
    "%ms = OpExtInst %modf_t %glsl ModfStruct %a\n%f5 = OpCompositeExtract %longf %ms 0",
    "%f6 = OpCompositeExtract %longf %ms 1",
    "%f7 = OpExtInst %longf %glsl Modf %a %var_f",
    "%f8 = OpLoad %longf %var_f",
    "%fs = OpExtInst %frexp_t %glsl FrexpStruct %a\n%f9 = OpCompositeExtract %longf %fs 0",
    "%f10 = OpGroupNonUniformBroadcastFirst %longf %uint_3 %a",
    "%f11 = OpExtInst %longf %glsl Frexp %a %var_i",
]
SHADER_OPS_U = [
    "%ac = OpIAddCarry %carry_t %ua %ub\n%u0 = OpCompositeExtract %longu %ac 0",
    "%u1 = OpCompositeExtract %longu %ac 1",
    "%sb = OpISubBorrow %carry_t %ua %ub\n%u2 = OpCompositeExtract %longu %sb 0",
    "%u3 = OpCompositeExtract %longu %sb 1",
    "%um = OpUMulExtended %carry_t %ua %ub\n%u4 = OpCompositeExtract %longu %um 0",
    "%u5 = OpCompositeExtract %longu %um 1",
    "%sm = OpSMulExtended %smul_t %ia %ib\n%sm0 = OpCompositeExtract %longi %sm 0\n%u6 = OpBitcast %longu %sm0",
    "%sm1 = OpCompositeExtract %longi %sm 1\n%u7 = OpBitcast %longu %sm1",
    "%fe = OpCompositeExtract %longi %fs 1\n%u8 = OpBitcast %longu %fe",
    "%vi = OpLoad %longi %var_i\n%u9 = OpBitcast %longu %vi",
    "%u10 = OpGroupNonUniformIAdd %longu %uint_3 Reduce %ua",
]
SHADER_OPS_S = [
    "%s0 = OpExtInst %float %glsl Length %a",
    "%s1 = OpExtInst %float %glsl Distance %a %b",
]
SHADER_OPS_W = [
    "%w0 = OpUDot %uint %ua %ub",
    "%sd = OpSDot %int %ia %ib\n%w1 = OpBitcast %uint %sd",
    "%sud = OpSUDot %int %ia %ub\n%w2 = OpBitcast %uint %sud",
    "%w3 = OpUDot %uint %ua16 %ub16",
    "%sd16 = OpSDot %int %ia16 %ib16\n%w4 = OpBitcast %uint %sd16",
]


def stores(prefix, ops, per_item, out, pointer):
    lines = []
    for j, op in enumerate(ops):
        lines.append(op)
        lines.append(f"%{prefix}base{j} = OpIMul %uint %i %uint_{per_item}")
        lines.append(f"%{prefix}idx{j} = OpIAdd %uint %{prefix}base{j} %{prefix}c{j}")
        lines.append(f"%{prefix}p{j} = OpAccessChain {pointer} {out} %uint_0 %{prefix}idx{j}")
        lines.append(f"OpStore %{prefix}p{j} %{prefix}{j}")
    return lines


def shader(n, specop):
    consts = set()
    body = []
    for prefix, ops, per, out, pointer in [
        ("f", SHADER_OPS_F, 12, "%outf", "%p_f"),
        ("u", SHADER_OPS_U, 12, "%outu", "%p_u"),
        ("s", SHADER_OPS_S, 5, "%outs", "%p_s"),
        ("w", SHADER_OPS_W, 5, "%outw", "%p_w"),
    ]:
        body += stores(prefix, ops, per, out, pointer)
        for j in range(len(ops)):
            consts.add(f"%{prefix}c{j} = OpConstant %uint {j}")
    if specop:
        count = "%big = OpSpecConstantTrue %bool\n%n = OpSpecConstantOp %uint Select %big %uint_N %uint_1\n"
        spec_decorations = "OpDecorate %big SpecId 1\n"
    else:
        count = "%n = OpConstant %uint {n}\n".format(n=n)
        spec_decorations = ""
    text = HEADER_SHADER.format(n=n, stride=4 * n, count=count, spec_decorations=spec_decorations)
    # the per-prefix index constants, before the types that follow %uint_N
    text = text.replace("%uint_N = ", "\n".join(sorted(consts)) + "\n%uint_N = ")
    text += "\n".join(body) + "\nOpReturn\nOpFunctionEnd\n"
    return text.replace("%uint_5 = OpConstant %uint 5\n", "%uint_5 = OpConstant %uint 5\n", 1)


HEADER_KERNEL = """; Long vectors of {n} components in an OpenCL kernel (long-vector-math.py)
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
OpCapability Int8
%cl = OpExtInstImport "OpenCL.std"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %main "main" %gid
OpName %longf "longf"
OpName %longu "longu"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %gid Constant
{spec_decorations}%void = OpTypeVoid
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%v3ulong = OpTypeVector %ulong 3
%p_in = OpTypePointer Input %v3ulong
%gid = OpVariable %p_in Input
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%uint_3 = OpConstant %uint 3
%uint_5 = OpConstant %uint 5
%uint_7 = OpConstant %uint 7
%uint_14 = OpConstant %uint 14
%uint_10 = OpConstant %uint 10
%uint_N = OpConstant %uint {n}
{consts}
{count}%longf = OpTypeArray %float %n
%longu = OpTypeArray %uint %n
%sevens = OpConstantComposite %longu {sevens}
%threes = OpConstantComposite %longu {threes}
%fives = OpConstantComposite %longu {fives}
%g_f = OpTypePointer CrossWorkgroup %longf
%g_u = OpTypePointer CrossWorkgroup %longu
%g_s = OpTypePointer CrossWorkgroup %float
%fp_longf = OpTypePointer Function %longf
%fp_longi = OpTypePointer Function %longu
%fn = OpTypeFunction %void %g_f %g_u %g_f %g_u %g_s
%main = OpFunction %void None %fn
%inf = OpFunctionParameter %g_f
%inu = OpFunctionParameter %g_u
%outf = OpFunctionParameter %g_f
%outu = OpFunctionParameter %g_u
%outs = OpFunctionParameter %g_s
%entry = OpLabel
%var_f = OpVariable %fp_longf Function
%var_f2 = OpVariable %fp_longf Function
%var_f3 = OpVariable %fp_longf Function
%var_i = OpVariable %fp_longi Function
%var_i2 = OpVariable %fp_longi Function
%g = OpLoad %v3ulong %gid
%gx = OpCompositeExtract %ulong %g 0
%i = OpUConvert %uint %gx
%i3 = OpIMul %uint %i %uint_3
%i3b = OpIAdd %uint %i3 %uint_1
%i3c = OpIAdd %uint %i3 %uint_2
%i2 = OpIMul %uint %i %uint_2
%i2b = OpIAdd %uint %i2 %uint_1
%pa = OpInBoundsPtrAccessChain %g_f %inf %i3
%a = OpLoad %longf %pa
%pb = OpInBoundsPtrAccessChain %g_f %inf %i3b
%b = OpLoad %longf %pb
%pc = OpInBoundsPtrAccessChain %g_f %inf %i3c
%c = OpLoad %longf %pc
%pua = OpInBoundsPtrAccessChain %g_u %inu %i2
%ua = OpLoad %longu %pua
%pub = OpInBoundsPtrAccessChain %g_u %inu %i2b
%ub = OpLoad %longu %pub
%e7 = OpUMod %longu %ua %sevens
%e = OpISub %longu %e7 %threes
%e5 = OpUMod %longu %ub %fives
"""

KERNEL_OPS_F = [
    "%f0 = OpExtInst %longf %cl fmax %a %b",
    "%f1 = OpExtInst %longf %cl mad %a %b %c",
    "%f2 = OpExtInst %longf %cl fmin %a %b",
    "%f3 = OpExtInst %longf %cl normalize %a",
    "%f4 = OpExtInst %longf %cl fract %a %var_f",
    "%f5 = OpLoad %longf %var_f",
    "%f6 = OpExtInst %longf %cl modf %a %var_f2",
    "%f7 = OpLoad %longf %var_f2",
    "%f8 = OpExtInst %longf %cl frexp %a %var_i",
    "%f9 = OpExtInst %longf %cl sincos %a %var_f3",
    "%f10 = OpLoad %longf %var_f3",
    "%f11 = OpExtInst %longf %cl remquo %a %b %var_i2",
    "%f12 = OpExtInst %longf %cl ldexp %a %e",
    "%f13 = OpExtInst %longf %cl pown %a %e5",
]
KERNEL_OPS_U = [
    "%u0 = OpExtInst %longu %cl u_add_sat %ua %ub",
    "%u1 = OpExtInst %longu %cl s_abs %ua",
    "%u2 = OpExtInst %longu %cl popcount %ua",
    "%u3 = OpExtInst %longu %cl rotate %ua %ub",
    "%u4 = OpExtInst %longu %cl u_mul_hi %ua %ub",
    "%u5 = OpExtInst %longu %cl select %ua %ub %e",
    "%u6 = OpLoad %longu %var_i",
    "%u7 = OpLoad %longu %var_i2",
]
KERNEL_OPS_S = [
    "%s0 = OpExtInst %float %cl length %a",
    "%s1 = OpExtInst %float %cl distance %a %b",
    "%s2 = OpExtInst %float %cl fast_length %a",
]


def kernel(n, specop):
    body = []
    consts = set()
    for prefix, ops, per, out, pointer in [
        ("f", KERNEL_OPS_F, 14, "%outf", "%g_f"),
        ("u", KERNEL_OPS_U, 14, "%outu", "%g_u"),
        ("s", KERNEL_OPS_S, 3, "%outs", "%g_s"),
    ]:
        for j, op in enumerate(ops):
            consts.add(f"%{prefix}c{j} = OpConstant %uint {j}")
            body.append(op)
            body.append(f"%{prefix}base{j} = OpIMul %uint %i %uint_{per if per != 3 else 3}")
            body.append(f"%{prefix}idx{j} = OpIAdd %uint %{prefix}base{j} %{prefix}c{j}")
            body.append(f"%{prefix}p{j} = OpInBoundsPtrAccessChain {pointer} {out} %{prefix}idx{j}")
            body.append(f"OpStore %{prefix}p{j} %{prefix}{j}")
    if specop:
        count = "%pair = OpSpecConstantComposite %v2 %uint_1 %uint_N\n%n = OpSpecConstantOp %uint CompositeExtract %pair 1\n"
        count = "%v2 = OpTypeVector %uint 2\n" + count
    else:
        count = f"%n = OpConstant %uint {n}\n"
    text = HEADER_KERNEL.format(
        n=n,
        consts="\n".join(sorted(consts)),
        count=count,
        spec_decorations="",
        sevens=" ".join(["%uint_7"] * n),
        threes=" ".join(["%uint_3"] * n),
        fives=" ".join(["%uint_5"] * n),
    )
    return text + "\n".join(body) + "\nOpReturn\nOpFunctionEnd\n"


def patch(source, target):
    """long-vectors.py's patch, with Int8 (39) as the placeholder capability."""
    spec = importlib.util.spec_from_file_location("long_vectors", os.path.join(os.path.dirname(__file__), "long-vectors.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.patch(source, target, placeholder=39)


def make(n):
    floats, words = inputs(n)
    open("inf.bin", "wb").write(np.array(floats, dtype=np.float32).tobytes())
    open("inu.bin", "wb").write(struct.pack(f"<{len(words)}I", *words))
    open("outf.bin", "wb").write(bytes(4 * n * 14 * ITEMS))
    open("outu.bin", "wb").write(bytes(4 * n * 14 * ITEMS))
    open("outs.bin", "wb").write(bytes(4 * 5 * ITEMS))
    open("outw.bin", "wb").write(bytes(4 * 5 * ITEMS))


# ---------------------------------------------------------------- models

def dot(a, b):
    total = F(a[0] * b[0])
    for x, y in zip(a[1:], b[1:]):
        total = F(total + F(x * y))
    return total


def sqrt(x):
    return F(np.sqrt(F(x)))


def refract(i, n, eta):
    d = dot(n, i)
    k = F(F(1) - F(F(eta * eta) * F(F(1) - F(d * d))))
    if k < 0:
        return [F(0)] * len(i)
    t = F(F(eta * d) + sqrt(k))
    return [F(F(eta * x) - F(t * y)) for x, y in zip(i, n)]


def frexp(x):
    m, e = math.frexp(float(x))
    return F(m), e


def signed(word):
    return word - (1 << 32) if word & 0x80000000 else word


def shader_model(n, s):
    floats, words = inputs(n)
    fv, uv = vectors(floats, n, 3 * ITEMS), vectors(words, n, 2 * ITEMS)
    out_f, out_u, out_s, out_w = {}, {}, {}, {}
    for i in range(ITEMS):
        a, b, c = fv[3 * i], fv[3 * i + 1], fv[3 * i + 2]
        ua, ub = uv[2 * i], uv[2 * i + 1]
        length_a = sqrt(dot(a, a))
        nb = [F(x / sqrt(dot(b, b))) for x in b]
        d = dot(b, a)
        twice = F(dot(nb, a) + dot(nb, a))
        rows_f = [
            [F(x / length_a) for x in a],
            [x if dot(c, b) < 0 else -x for x in a],
            [F(x - F(twice * y)) for x, y in zip(a, nb)],
            refract(a, nb, F(0.5)),
            refract(a, nb, F(3.0)),
            [F(math.modf(float(x))[0]) for x in a],
            [F(math.modf(float(x))[1]) for x in a],
            [F(math.modf(float(x))[0]) for x in a],
            [F(math.modf(float(x))[1]) for x in a],
            [frexp(x)[0] for x in a],
            None,
            [frexp(x)[0] for x in a],
        ]
        del d
        lane = i % s
        rows_f[10] = fv[3 * (i - lane)]
        group = range(i - lane, i - lane + s)
        rows_u = [
            [(x + y) & 0xFFFFFFFF for x, y in zip(ua, ub)],
            [int(x + y > 0xFFFFFFFF) for x, y in zip(ua, ub)],
            [(x - y) & 0xFFFFFFFF for x, y in zip(ua, ub)],
            [int(x < y) for x, y in zip(ua, ub)],
            [(x * y) & 0xFFFFFFFF for x, y in zip(ua, ub)],
            [(x * y) >> 32 for x, y in zip(ua, ub)],
            [(signed(x) * signed(y)) & 0xFFFFFFFF for x, y in zip(ua, ub)],
            [((signed(x) * signed(y)) >> 32) & 0xFFFFFFFF for x, y in zip(ua, ub)],
            [frexp(x)[1] & 0xFFFFFFFF for x in a],
            [frexp(x)[1] & 0xFFFFFFFF for x in a],
            [sum(uv[2 * g][k] for g in group) & 0xFFFFFFFF for k in range(n)],
        ]
        diff = [F(x - y) for x, y in zip(a, b)]
        rows_s = [length_a, sqrt(dot(diff, diff))]

        def s16(word):
            half = word & 0xFFFF
            return half - 0x10000 if half & 0x8000 else half

        rows_w = [
            sum(x * y for x, y in zip(ua, ub)) & 0xFFFFFFFF,
            sum(signed(x) * signed(y) for x, y in zip(ua, ub)) & 0xFFFFFFFF,
            sum(signed(x) * y for x, y in zip(ua, ub)) & 0xFFFFFFFF,
            sum((x & 0xFFFF) * (y & 0xFFFF) for x, y in zip(ua, ub)) & 0xFFFFFFFF,
            sum(s16(x) * s16(y) for x, y in zip(ua, ub)) & 0xFFFFFFFF,
        ]
        for j, row in enumerate(rows_f):
            out_f[12 * i + j] = row
        for j, row in enumerate(rows_u):
            out_u[12 * i + j] = row
        for j, value in enumerate(rows_s):
            out_s[5 * i + j] = value
        for j, value in enumerate(rows_w):
            out_w[5 * i + j] = value
    return out_f, out_u, out_s, out_w


def ulps(x, y):
    x, y = np.float32(x), np.float32(y)
    if x == y or (np.isnan(x) and np.isnan(y)):
        return 0
    xi = int(np.array([x]).view(np.int32)[0])
    yi = int(np.array([y]).view(np.int32)[0])
    xi = xi if xi >= 0 else -(xi & 0x7FFFFFFF)
    yi = yi if yi >= 0 else -(yi & 0x7FFFFFFF)
    return abs(xi - yi)


def compare(label, got, expected, tolerance=0):
    right, total, worst = 0, 0, None
    for index, row in expected.items():
        if row is None:
            continue
        row = row if isinstance(row, list) else [row]
        for k, value in enumerate(row):
            if value is None:
                continue
            total += 1
            have = got[index][k]
            if isinstance(value, (int,)) and not isinstance(value, bool):
                ok = int(have) == value
            else:
                ok = ulps(have, value) <= tolerance
            if ok:
                right += 1
            elif worst is None:
                worst = f"{label}[{index}][{k}] = {have!r}, expected {value!r}"
    return right, total, worst


def read_rows(name, n, dtype):
    data = np.fromfile(name, dtype=dtype)
    return data.reshape(-1, n) if n else data.reshape(-1, 1)


def report(n, parts):
    right = sum(part[0] for part in parts)
    total = sum(part[1] for part in parts)
    print(f"N = {n}: {right} of {total} right")
    for part in parts:
        if part[2]:
            print("first wrong:", part[2])


def check_shader(n, s):
    out_f, out_u, out_s, out_w = shader_model(n, s)
    got_f = read_rows("outf.bin", n, np.float32)
    got_u = read_rows("outu.bin", n, np.uint32)
    got_s = read_rows("outs.bin", 0, np.float32)
    got_w = read_rows("outw.bin", 0, np.uint32)
    report(n, [
        compare("f", got_f, out_f),
        compare("u", got_u, {k: [int(x) for x in v] for k, v in out_u.items()}),
        compare("s", got_s, {k: [v] for k, v in out_s.items()}),
        compare("w", got_w, {k: [v] for k, v in out_w.items()}),
    ])


def opencl_length(v):
    m = max(abs(x) for x in v)
    scale = F(1) if m == 0 or np.isinf(m) else m
    scaled = [F(x / scale) for x in v]
    return scaled, F(sqrt(dot(scaled, scaled)) * scale)


def remquo(x, y):
    if y == 0:
        return None, None  # a NaN and an unspecified quotient
    rem = F(math.remainder(float(x), float(y)))
    quotient = (Fraction(float(x)) - Fraction(float(rem))) / Fraction(float(y))
    q = int(quotient)
    low = abs(q) & 0x7F
    return rem, (-low if q < 0 else low) & 0xFFFFFFFF


def kernel_model(n):
    floats, words = inputs(n)
    fv, uv = vectors(floats, n, 3 * ITEMS), vectors(words, n, 2 * ITEMS)
    exact_f, close_f, out_u, out_s = {}, {}, {}, {}
    for i in range(ITEMS):
        a, b, c = fv[3 * i], fv[3 * i + 1], fv[3 * i + 2]
        ua, ub = uv[2 * i], uv[2 * i + 1]
        e = [((x % 7) - 3) for x in ua]
        e5 = [y % 5 for y in ub]
        scaled, _ = opencl_length(a)
        root = sqrt(dot(scaled, scaled))
        divisor = F(1) if root == 0 else root
        floor = [F(math.floor(float(x))) for x in a]
        rows = {
            0: [max(x, y) for x, y in zip(a, b)],
            2: [min(x, y) for x, y in zip(a, b)],
            3: [F(x / divisor) for x in scaled],
            4: [min(F(x - f), F(np.nextafter(F(1), F(0)))) for x, f in zip(a, floor)],
            5: floor,
            6: [F(math.modf(float(x))[0]) for x in a],
            7: [F(math.modf(float(x))[1]) for x in a],
            8: [frexp(x)[0] for x in a],
            11: [remquo(x, y)[0] for x, y in zip(a, b)],
            12: [F(math.ldexp(float(x), k)) for x, k in zip(a, e)],
        }
        close = {
            1: [F(float(x) * float(y) + float(z)) for x, y, z in zip(a, b, c)],
            9: [F(math.sin(float(x))) for x in a],
            10: [F(math.cos(float(x))) for x in a],
            13: [F(float(x) ** k) for x, k in zip(a, e5)],
        }
        for j, row in rows.items():
            exact_f[14 * i + j] = row
        for j, row in close.items():
            close_f[14 * i + j] = row
        rows_u = [
            [min(x + y, 0xFFFFFFFF) for x, y in zip(ua, ub)],
            [abs(signed(x)) & 0xFFFFFFFF for x in ua],
            [bin(x).count("1") for x in ua],
            [((x << (y % 32)) | (x >> (32 - y % 32))) & 0xFFFFFFFF if y % 32 else x for x, y in zip(ua, ub)],
            [(x * y) >> 32 for x, y in zip(ua, ub)],
            [y if (k & 0xFFFFFFFF) & 0x80000000 else x for x, y, k in zip(ua, ub, e)],
            [frexp(x)[1] & 0xFFFFFFFF for x in a],
            [remquo(x, y)[1] for x, y in zip(a, b)],  # None where y is 0
        ]
        for j, row in enumerate(rows_u):
            out_u[14 * i + j] = row
        diff = [F(x - y) for x, y in zip(a, b)]
        out_s[3 * i] = opencl_length(a)[1]
        out_s[3 * i + 1] = opencl_length(diff)[1]
        out_s[3 * i + 2] = opencl_length(a)[1]
    return exact_f, close_f, out_u, out_s


def check_kernel(n):
    exact_f, close_f, out_u, out_s = kernel_model(n)
    got_f = read_rows("outf.bin", n, np.float32)
    got_u = read_rows("outu.bin", n, np.uint32)
    got_s = read_rows("outs.bin", 0, np.float32)
    report(n, [
        compare("f", got_f, exact_f),
        # mad may fuse; sin, cos and pown are within the builtins' ulps
        compare("f~", got_f, close_f, tolerance=4),
        compare("u", got_u, out_u),
        compare("s", got_s, {k: [v] for k, v in out_s.items()}),
    ])


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "gen":
        n = int(sys.argv[2])
        specop = len(sys.argv) > 5 and sys.argv[5] == "specop"
        open(sys.argv[3], "w").write(shader(n, specop))
        open(sys.argv[4], "w").write(kernel(n, specop))
    elif command == "patch":
        patch(sys.argv[2], sys.argv[3])
    elif command == "make":
        make(int(sys.argv[2]))
    elif command == "check-shader":
        check_shader(int(sys.argv[2]), int(sys.argv[3]))
    elif command == "check-kernel":
        check_kernel(int(sys.argv[2]))
