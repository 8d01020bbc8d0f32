"""OpSpecConstantOp with every opcode SPIR-V allows for it (test/Runner/
spec-constant-ops.test). `spec_ops.py shader` writes the assembly of a
GLCompute shader computing the Shader opcodes from specialization constants
(integers of 32 and 64 bits, booleans, floats, vectors, composites of
spec-constant operations and of composites) and storing each result as a
32-bit word; `spec_ops.py kernel` an OpenCL kernel computing the Kernel
opcodes (floats, conversions, bitcasts). `spec_ops.py check shader|kernel
FILE [ID=VALUE...]` checks the words in FILE against Python's results for
those specialization values (the defaults otherwise). `shader-reduced`
(for both) is the shader without the Select of a whole array and of a
struct, on which Mesa 22.3.6's lavapipe crashes (docs/notes.md, session 22,
h4): the module to compare with lavapipe."""

import math
import struct
import sys

MASK = (1 << 32) - 1

SHADER_DEFAULTS = {0: 7, 1: -3, 2: 100, 3: 6, 4: True, 5: False, 6: 1.5, 7: 1.0001}
KERNEL_DEFAULTS = {0: 2.5, 1: -0.75, 2: 9}


def s32(x):
    x &= MASK
    return x - (1 << 32) if x >> 31 else x


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def quantize(x):
    """OpQuantizeToF16: to half precision (round to nearest even) and back;
    too large an infinity, below the smallest normal half zero."""
    x = f32(x)
    try:
        half = struct.unpack("<e", struct.pack("<e", x))[0]
    except OverflowError:
        half = math.copysign(math.inf, x)
    return 0.0 if abs(half) < 2.0 ** -14 else half


# Each Shader result: (name, SPIR-V lines defining %name, Python value as a
# 32-bit word). The lines may use %a %b (int), %u %v (uint), %t %f (bool),
# %h (float), and earlier results.
def shader_results(spec):
    a, b, u, v, t, f, h, g = (spec[k] for k in range(8))
    a, b, u, v = s32(a), s32(b), u & MASK, v & MASK
    va = [a, b, 11, a]
    # VectorShuffle %va %va 3 2 1 4: components 3, 2, 1 of the first, 0 of the second.
    shuffled = [va[3], va[2], va[1], va[0]]
    inserted = [b, b, 11, a]
    rows = [
        ("snegate", "OpSpecConstantOp %int SNegate %a", -a),
        ("not", "OpSpecConstantOp %int Not %a", ~a),
        ("iadd", "OpSpecConstantOp %int IAdd %a %b", a + b),
        ("isub", "OpSpecConstantOp %int ISub %a %b", a - b),
        ("imul", "OpSpecConstantOp %int IMul %a %b", a * b),
        ("udiv", "OpSpecConstantOp %uint UDiv %u %v", u // v),
        ("sdiv", "OpSpecConstantOp %int SDiv %a %b", trunc_div(a, b)),
        ("umod", "OpSpecConstantOp %uint UMod %u %v", u % v),
        ("srem", "OpSpecConstantOp %int SRem %a %b", a - b * trunc_div(a, b)),
        ("smod", "OpSpecConstantOp %int SMod %a %b", a % b),
        ("shr", "OpSpecConstantOp %uint ShiftRightLogical %u %v", u >> v),
        ("sar", "OpSpecConstantOp %int ShiftRightArithmetic %b %v", b >> v),
        ("shl", "OpSpecConstantOp %int ShiftLeftLogical %a %v", a << v),
        ("or", "OpSpecConstantOp %int BitwiseOr %a %b", a | b),
        ("xor", "OpSpecConstantOp %int BitwiseXor %a %b", a ^ b),
        ("and", "OpSpecConstantOp %int BitwiseAnd %a %b", a & b),
        ("ieq", "OpSpecConstantOp %bool IEqual %a %b", a == b),
        ("ine", "OpSpecConstantOp %bool INotEqual %a %b", a != b),
        ("ult", "OpSpecConstantOp %bool ULessThan %u %v", u < v),
        ("slt", "OpSpecConstantOp %bool SLessThan %a %b", a < b),
        ("ugt", "OpSpecConstantOp %bool UGreaterThan %u %v", u > v),
        ("sgt", "OpSpecConstantOp %bool SGreaterThan %a %b", a > b),
        ("ule", "OpSpecConstantOp %bool ULessThanEqual %u %v", u <= v),
        ("sle", "OpSpecConstantOp %bool SLessThanEqual %a %b", a <= b),
        ("uge", "OpSpecConstantOp %bool UGreaterThanEqual %u %v", u >= v),
        ("sge", "OpSpecConstantOp %bool SGreaterThanEqual %a %b", a >= b),
        ("lor", "OpSpecConstantOp %bool LogicalOr %t %f", t or f),
        ("land", "OpSpecConstantOp %bool LogicalAnd %t %f", t and f),
        ("lnot", "OpSpecConstantOp %bool LogicalNot %t", not t),
        ("leq", "OpSpecConstantOp %bool LogicalEqual %t %f", t == f),
        ("lne", "OpSpecConstantOp %bool LogicalNotEqual %t %f", t != f),
        ("select", "OpSpecConstantOp %int Select %t %a %b", a if t else b),
        # 64 bits: widened, computed, narrowed.
        ("wide", "OpSpecConstantOp %long SConvert %a", None),
        ("uwide", "OpSpecConstantOp %ulong UConvert %u", None),
        ("wmul", "OpSpecConstantOp %long IMul %wide %wide_big", None),
        ("narrow", "OpSpecConstantOp %int SConvert %wmul", s32(a * (1 << 33) + a)),
        ("unarrow", "OpSpecConstantOp %uint UConvert %uwide", u),
        ("wshr", "OpSpecConstantOp %long ShiftRightArithmetic %wmul %c32l", None),
        ("high", "OpSpecConstantOp %int SConvert %wshr", s32((a * ((1 << 33) + 1)) >> 32)),
        # Floats: widened and narrowed back.
        ("hd", "OpSpecConstantOp %double FConvert %h", None),
        ("hf", "OpSpecConstantOp %float FConvert %hd", None),
        ("quant", "OpSpecConstantOp %float QuantizeToF16 %g", bits(quantize(g))),
        # Composites: literal indexes and components.
        ("va", "OpSpecConstantComposite %v4int %a %b %c11 %a", None),
        ("shuf", "OpSpecConstantOp %v4int VectorShuffle %va %va 3 2 1 4", None),
        ("shuf0", "OpSpecConstantOp %int CompositeExtract %shuf 0", shuffled[0]),
        ("shuf1", "OpSpecConstantOp %int CompositeExtract %shuf 1", shuffled[1]),
        ("shuf2", "OpSpecConstantOp %int CompositeExtract %shuf 2", shuffled[2]),
        ("shuf3", "OpSpecConstantOp %int CompositeExtract %shuf 3", shuffled[3]),
        ("ins", "OpSpecConstantOp %v4int CompositeInsert %b %va 0", None),
        ("ins0", "OpSpecConstantOp %int CompositeExtract %ins 0", inserted[0]),
        ("ins3", "OpSpecConstantOp %int CompositeExtract %ins 3", inserted[3]),
        # Integer operations, a comparison and Select lane by lane on vectors.
        ("vadd", "OpSpecConstantOp %v4int IAdd %va %ins", None),
        ("vadd0", "OpSpecConstantOp %int CompositeExtract %vadd 0", va[0] + inserted[0]),
        ("vadd3", "OpSpecConstantOp %int CompositeExtract %vadd 3", va[3] + inserted[3]),
        ("veq", "OpSpecConstantOp %v4bool IEqual %va %ins", None),
        ("vcsel", "OpSpecConstantOp %v4int Select %veq %va %shuf", None),
        ("vcsel0", "OpSpecConstantOp %int CompositeExtract %vcsel 0", va[0] if va[0] == inserted[0] else shuffled[0]),
        ("vcsel1", "OpSpecConstantOp %int CompositeExtract %vcsel 1", va[1] if va[1] == inserted[1] else shuffled[1]),
        ("vcsel2", "OpSpecConstantOp %int CompositeExtract %vcsel 2", va[2] if va[2] == inserted[2] else shuffled[2]),
        # A composite of spec-constant operations, a composite of composites.
        ("pair", "OpSpecConstantComposite %v2int %iadd %isub", None),
        ("pair1", "OpSpecConstantOp %int CompositeExtract %pair 1", a - b),
        ("nest", "OpSpecConstantComposite %arr2 %va %ins", None),
        ("nest12", "OpSpecConstantOp %int CompositeExtract %nest 1 0", inserted[0]),
        ("nest03", "OpSpecConstantOp %int CompositeExtract %nest 0 3", va[3]),
        # Select with a scalar condition of a whole vector, array, struct
        # (SPIR-V 1.4; lavapipe's per-component vector select gets the
        # components after the first wrong, fuzz-diff finding 05, docs/differential.md).
        ("vsel", "OpSpecConstantOp %v4int Select %t %va %ins", None),
        ("vsel0", "OpSpecConstantOp %int CompositeExtract %vsel 0", (va if t else inserted)[0]),
        ("vsel1", "OpSpecConstantOp %int CompositeExtract %vsel 1", (va if t else inserted)[1]),
        ("nest2", "OpSpecConstantComposite %arr2 %ins %va", None),
        ("asel", "OpSpecConstantOp %arr2 Select %f %nest %nest2", None),
        ("asel01", "OpSpecConstantOp %int CompositeExtract %asel 0 1", (va if f else inserted)[1]),
        ("asel13", "OpSpecConstantOp %int CompositeExtract %asel 1 3", (inserted if f else va)[3]),
        ("sa", "OpSpecConstantComposite %st %iadd %va", None),
        ("sb", "OpSpecConstantComposite %st %isub %ins", None),
        ("ssel", "OpSpecConstantOp %st Select %t %sa %sb", None),
        ("ssel0", "OpSpecConstantOp %int CompositeExtract %ssel 0", a + b if t else a - b),
        ("ssel11", "OpSpecConstantOp %int CompositeExtract %ssel 1 1", (va if t else inserted)[1]),
    ]
    if REDUCED:
        rows = [row for row in rows if row[0] not in COMPOSITE_SELECT]
    return rows, h, g


# The rows of the Select of a whole array or struct and what only they use
# (left out of `shader-reduced`).
COMPOSITE_SELECT = {"nest2", "asel", "asel01", "asel13", "sa", "sb", "ssel", "ssel0", "ssel11"}
REDUCED = False


def shader_assembly():
    rows, _, _ = shader_results(SHADER_DEFAULTS)
    lines = ["""; Generated by test/Runner/Inputs/spec_ops.py shader.
               OpCapability Shader
               OpCapability Int64
               OpCapability Float64
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %buf
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %a SpecId 0
               OpDecorate %b SpecId 1
               OpDecorate %u SpecId 2
               OpDecorate %v SpecId 3
               OpDecorate %t SpecId 4
               OpDecorate %f SpecId 5
               OpDecorate %h SpecId 6
               OpDecorate %g SpecId 7
               OpDecorate %rta ArrayStride 4
               OpMemberDecorate %block 0 Offset 0
               OpDecorate %block Block
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %bool = OpTypeBool
        %int = OpTypeInt 32 1
       %uint = OpTypeInt 32 0
       %long = OpTypeInt 64 1
      %ulong = OpTypeInt 64 0
      %float = OpTypeFloat 32
     %double = OpTypeFloat 64
      %v2int = OpTypeVector %int 2
      %v4int = OpTypeVector %int 4
     %v4bool = OpTypeVector %bool 4
         %c2 = OpConstant %uint 2
       %arr2 = OpTypeArray %v4int %c2
         %st = OpTypeStruct %int %v4int
        %rta = OpTypeRuntimeArray %uint
      %block = OpTypeStruct %rta
  %ptr_block = OpTypePointer StorageBuffer %block
        %buf = OpVariable %ptr_block StorageBuffer
   %ptr_uint = OpTypePointer StorageBuffer %uint
         %c0 = OpConstant %int 0
        %c11 = OpConstant %int 11
         %u0 = OpConstant %uint 0
         %u1 = OpConstant %uint 1
       %c32l = OpConstant %long 32
   %wide_big = OpConstant %long 8589934593
          %a = OpSpecConstant %int 7
          %b = OpSpecConstant %int -3
          %u = OpSpecConstant %uint 100
          %v = OpSpecConstant %uint 6
          %t = OpSpecConstantTrue %bool
          %f = OpSpecConstantFalse %bool
          %h = OpSpecConstant %float 1.5
          %g = OpSpecConstant %float 1.0001"""]
    for name, definition, _ in rows:
        lines.append("%%%s = %s" % (name, definition))
    lines.append("""       %main = OpFunction %void None %fn
      %entry = OpLabel""")
    index = 0
    # The last two: the float converted back, and OpQuantizeToF16 in the
    # function itself.
    lines.append("   %qf = OpQuantizeToF16 %float %g")
    for name, definition, expected in rows + [("hf", None, 0.0), ("qf", None, 0.0)]:
        if expected is None:
            continue
        value = "%" + name
        result_type = definition.split()[1] if definition else "%float"
        if result_type == "%bool":
            lines.append("   %%w_%s = OpSelect %%uint %s %%u1 %%u0" % (name, value))
        else:
            lines.append("   %%w_%s = OpBitcast %%uint %s" % (name, value))
        lines.append("   %%p_%s = OpAccessChain %%ptr_uint %%buf %%c0 %%i%d" % (name, index))
        lines.append("               OpStore %%p_%s %%w_%s" % (name, name))
        index += 1
    lines.append("""               OpReturn
               OpFunctionEnd""")
    # The indexes of the stores, as constants after the header's types.
    constants = ["        %%i%d = OpConstant %%int %d" % (i, i) for i in range(index)]
    return "\n".join(lines[:1] + constants + lines[1:])


def shader_expected(spec):
    rows, h, g = shader_results(spec)
    words = []
    for _, _, expected in rows:
        if expected is None:
            continue
        words.append(int(expected) & MASK if not isinstance(expected, bool) else int(expected))
    words.append(bits(f32(h)))
    words.append(bits(quantize(g)))
    return words


# The opcodes OpSpecConstantOp takes whatever the capability (all of the
# Shader list but QuantizeToF16), in an OpenCL kernel: the Shader rows with
# every integer type unsigned (Kernel allows no signed integer type; the
# opcode carries the signedness), stored as words as the shader stores them.
def kernel_general_assembly():
    import re
    rows, _, _ = shader_results(SHADER_DEFAULTS)
    rows = [row for row in rows if row[0] != "quant"]
    unsigned = lambda text: re.sub(r"%(int|long|v4int|v2int)\b", lambda m: "%u" + m.group(1) if m.group(1)[0] != "v"
                                   else "%" + m.group(1).replace("int", "uint"), text)
    stored = [(name, definition) for name, definition, expected in rows if expected is not None] + [("hf", None)]
    lines = ["""; Generated by test/Runner/Inputs/spec_ops.py kernel-general.
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Float64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "spec_general"
               OpDecorate %a SpecId 0
               OpDecorate %b SpecId 1
               OpDecorate %u SpecId 2
               OpDecorate %v SpecId 3
               OpDecorate %t SpecId 4
               OpDecorate %f SpecId 5
               OpDecorate %h SpecId 6
               OpDecorate %g SpecId 7
       %void = OpTypeVoid
       %bool = OpTypeBool
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
      %float = OpTypeFloat 32
     %double = OpTypeFloat 64
     %v2uint = OpTypeVector %uint 2
     %v4uint = OpTypeVector %uint 4
     %v4bool = OpTypeVector %bool 4
         %c2 = OpConstant %uint 2
       %arr2 = OpTypeArray %v4uint %c2
         %st = OpTypeStruct %uint %v4uint
   %ptr_uint = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr_uint
        %c11 = OpConstant %uint 11
         %u0 = OpConstant %uint 0
         %u1 = OpConstant %uint 1
       %c32l = OpConstant %ulong 32
   %wide_big = OpConstant %ulong 8589934593"""]
    lines += ["        %%i%d = OpConstant %%ulong %d" % (i, i) for i in range(len(stored))]
    lines.append("""          %a = OpSpecConstant %uint 7
          %b = OpSpecConstant %uint 0xfffffffd
          %u = OpSpecConstant %uint 100
          %v = OpSpecConstant %uint 6
          %t = OpSpecConstantTrue %bool
          %f = OpSpecConstantFalse %bool
          %h = OpSpecConstant %float 1.5
          %g = OpSpecConstant %float 1.0001""")
    for name, definition, _ in rows:
        lines.append("%%%s = %s" % (name, unsigned(definition)))
    lines.append("""       %main = OpFunction %void None %fn
        %out = OpFunctionParameter %ptr_uint
      %entry = OpLabel""")
    for index, (name, definition) in enumerate(stored):
        value = "%" + name
        result_type = unsigned(definition).split()[1] if definition else "%float"
        if result_type == "%bool":
            lines.append("   %%w_%s = OpSelect %%uint %s %%u1 %%u0" % (name, value))
            value = "%w_" + name
        elif result_type == "%float":
            lines.append("   %%w_%s = OpBitcast %%uint %s" % (name, value))
            value = "%w_" + name
        lines.append("   %%p_%s = OpInBoundsPtrAccessChain %%ptr_uint %%out %%i%d" % (name, index))
        lines.append("               OpStore %%p_%s %s Aligned 4" % (name, value))
    lines.append("""               OpReturn
               OpFunctionEnd""")
    return "\n".join(lines)


def kernel_general_expected(spec):
    rows, h, _ = shader_results(spec)
    words = [int(expected) & MASK for name, _, expected in rows if expected is not None and name != "quant"]
    return words + [bits(f32(h))]


# Kernel opcodes on float and integer specialization constants.
def kernel_rows(spec):
    x, y, n = f32(spec[0]), f32(spec[1]), spec[2]
    return [
        ("fadd", "OpSpecConstantOp %float FAdd %x %y", bits(f32(x + y))),
        ("fsub", "OpSpecConstantOp %float FSub %x %y", bits(f32(x - y))),
        ("fmul", "OpSpecConstantOp %float FMul %x %y", bits(f32(x * y))),
        ("fdiv", "OpSpecConstantOp %float FDiv %x %y", bits(f32(x / y))),
        ("frem", "OpSpecConstantOp %float FRem %x %y", bits(f32(math.fmod(x, y)))),
        ("fmod", "OpSpecConstantOp %float FMod %x %y", bits(f32(x - y * math.floor(x / y)))),
        ("fneg", "OpSpecConstantOp %float FNegate %x", bits(-x)),
        ("ftos", "OpSpecConstantOp %uint ConvertFToS %y_times", s32(int(f32(y * 100))) & MASK),
        ("ftou", "OpSpecConstantOp %uint ConvertFToU %x", int(x)),
        ("stof", "OpSpecConstantOp %float ConvertSToF %n", bits(f32(n))),
        ("utof", "OpSpecConstantOp %float ConvertUToF %n", bits(f32(n & MASK))),
        ("wide", "OpSpecConstantOp %ulong UConvert %n", None),
        ("narrow", "OpSpecConstantOp %uint UConvert %wide", n & MASK),
        ("cast", "OpSpecConstantOp %uint Bitcast %x", bits(x)),
        # Vectors: (x, y) - (y, x) lane by lane.
        ("xy", "OpSpecConstantComposite %v2float %x %y", None),
        ("yx", "OpSpecConstantComposite %v2float %y %x", None),
        ("vsub", "OpSpecConstantOp %v2float FSub %xy %yx", None),
        ("vsub0", "OpSpecConstantOp %float CompositeExtract %vsub 0", bits(f32(x - y))),
        ("vsub1", "OpSpecConstantOp %float CompositeExtract %vsub 1", bits(f32(y - x))),
        ("vneg", "OpSpecConstantOp %v2float FNegate %xy", None),
        ("vneg1", "OpSpecConstantOp %float CompositeExtract %vneg 1", bits(-y)),
        # Doubles and 64-bit integers: x * x in double (exact), back to
        # float; truncated to a ulong and narrowed; n sign-extended to a
        # long, converted to double and back.
        ("xd", "OpSpecConstantOp %double FConvert %x", None),
        ("dmul", "OpSpecConstantOp %double FMul %xd %xd", None),
        ("dmulf", "OpSpecConstantOp %float FConvert %dmul", bits(f32(x * x))),
        ("dtol", "OpSpecConstantOp %ulong ConvertFToS %dmul", None),
        ("dtoi", "OpSpecConstantOp %uint UConvert %dtol", int(x * x) & MASK),
        ("nl", "OpSpecConstantOp %ulong SConvert %n", None),
        ("ltod", "OpSpecConstantOp %double ConvertSToF %nl", None),
        ("ltof", "OpSpecConstantOp %float FConvert %ltod", bits(f32(n))),
        # x * x * 1e9 (not negative) to a ulong: both words.
        ("dbig", "OpSpecConstantOp %double FMul %dmul %billion", None),
        ("dtou", "OpSpecConstantOp %ulong ConvertFToU %dbig", None),
        ("dtou_lo", "OpSpecConstantOp %uint UConvert %dtou", int(x * x * 1e9) & MASK),
        ("dtou_hi0", "OpSpecConstantOp %ulong ShiftRightLogical %dtou %c32", None),
        ("dtou_hi", "OpSpecConstantOp %uint UConvert %dtou_hi0", int(x * x * 1e9) >> 32),
    ]


def kernel_assembly():
    rows = kernel_rows(KERNEL_DEFAULTS)
    stored = [name for name, _, expected in rows if expected is not None]
    lines = ["""; Generated by test/Runner/Inputs/spec_ops.py kernel.
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
               OpCapability Float64
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %main "spec_ops"
               OpDecorate %x SpecId 0
               OpDecorate %y SpecId 1
               OpDecorate %n SpecId 2
       %void = OpTypeVoid
       %uint = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
      %float = OpTypeFloat 32
     %double = OpTypeFloat 64
    %v2float = OpTypeVector %float 2
   %ptr_uint = OpTypePointer CrossWorkgroup %uint
         %fn = OpTypeFunction %void %ptr_uint
     %hundred = OpConstant %float 100
     %billion = OpConstant %double 1000000000
        %c32 = OpConstant %ulong 32"""]
    lines += ["        %%i%d = OpConstant %%ulong %d" % (i, i) for i in range(len(stored))]
    lines.append("""          %x = OpSpecConstant %float 2.5
          %y = OpSpecConstant %float -0.75
          %n = OpSpecConstant %uint 9
    %y_times = OpSpecConstantOp %float FMul %y %hundred""")
    for name, definition, _ in rows:
        lines.append("%%%s = %s" % (name, definition))
    lines.append("""       %main = OpFunction %void None %fn
        %out = OpFunctionParameter %ptr_uint
      %entry = OpLabel""")
    for index, name in enumerate(stored):
        definition = next(d for n, d, _ in rows if n == name)
        value = "%" + name
        if definition.split()[1] == "%float":
            lines.append("   %%w_%s = OpBitcast %%uint %s" % (name, value))
            value = "%w_" + name
        lines.append("   %%p_%s = OpInBoundsPtrAccessChain %%ptr_uint %%out %%i%d" % (name, index))
        lines.append("               OpStore %%p_%s %s Aligned 4" % (name, value))
    lines.append("""               OpReturn
               OpFunctionEnd""")
    return "\n".join(lines)


def kernel_expected(spec):
    return [expected for _, _, expected in kernel_rows(spec) if expected is not None]


def main():
    global REDUCED
    for index in (1, 2):
        if len(sys.argv) > index and sys.argv[index] == "shader-reduced":
            sys.argv[index] = "shader"
            REDUCED = True
    if sys.argv[1] in ("shader", "kernel", "kernel-general"):
        print({"shader": shader_assembly, "kernel": kernel_assembly,
               "kernel-general": kernel_general_assembly}[sys.argv[1]]())
        return
    kind, name = sys.argv[2:4]
    spec = dict(KERNEL_DEFAULTS if kind == "kernel" else SHADER_DEFAULTS)
    for pair in sys.argv[4:]:
        key, value = pair.split("=")
        default = spec[int(key)]
        spec[int(key)] = (value == "true") if isinstance(default, bool) else (
            float(value) if isinstance(default, float) else int(value, 0))
    expected = {"shader": shader_expected, "kernel": kernel_expected,
                "kernel-general": kernel_general_expected}[kind](spec)
    data = open(name, "rb").read()
    words = struct.unpack("<%dI" % (len(data) // 4), data)[:len(expected)]
    for index, (got, want) in enumerate(zip(words, expected)):
        if got != want:
            print("%s result %d: %#x, expected %#x" % (kind, index, got, want))
            sys.exit(1)
    print("%s: %d results right" % (kind, len(expected)))


main()
