"""Every opcode SPIR-V allows in OpSpecConstantOp only "If the Kernel
capability was declared", each in its own Vulkan compute module (Shader, no
Kernel) that is valid but for that one instruction
(test/Import/spec-kernel-opcodes-refused.test).

`spec_kernel_only.py TOOL DIR` writes DIR/OP.spvasm for each opcode,
assembles it for Vulkan 1.2 (SPIR-V 1.5), runs spirv-val on it and TOOL
(spirv-opt-rs), and prints one line per opcode: spirv-val's error, whether
TOOL exited 1 with exactly one error, whether that error is located at the
OpSpecConstantOp's byte offset, and the error's text after "invalid module: ".
Then the same module with its OpSpecConstantOp removed (the function's use
replaced by a plain constant), which both must accept: so each refusal is
about that instruction alone.

GenericCastToPtr and PtrCastToGeneric cast the block's variable to and from
a StorageBuffer pointer type: a Generic pointer needs GenericPointer, which
needs Kernel's Addresses model, and spirv-val does not type-check
OpSpecConstantOp's operands, only this rule."""

import struct
import subprocess
import sys

HEADER = """OpCapability Shader
OpCapability Int64
OpCapability PhysicalStorageBufferAddresses
OpMemoryModel PhysicalStorageBuffer64 GLSL450
OpEntryPoint GLCompute %main "main" %out
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %x SpecId 0
OpDecorate %n SpecId 1
OpDecorate %u SpecId 2
OpDecorate %w SpecId 3
OpDecorate %Out Block
OpMemberDecorate %Out 0 Offset 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 0
OpDecorate %Node Block
OpMemberDecorate %Node 0 Offset 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%uint = OpTypeInt 32 0
%ulong = OpTypeInt 64 0
%float = OpTypeFloat 32
%c0 = OpConstant %int 0
%u7 = OpConstant %uint 7
%Out = OpTypeStruct %uint
%pOut = OpTypePointer StorageBuffer %Out
%out = OpVariable %pOut StorageBuffer
%pu = OpTypePointer StorageBuffer %uint
%Node = OpTypeStruct %uint
%pNode = OpTypePointer PhysicalStorageBuffer %Node
%x = OpSpecConstant %float 2.5
%n = OpSpecConstant %int -3
%u = OpSpecConstant %uint 9
%w = OpSpecConstant %ulong 4096
"""

# (opcode, the OpSpecConstantOp defining %r, how the function turns %r into
# the uint it stores: None stores %r itself; "bits" bitcasts a float; "ptr"
# stores 7 through %r, a StorageBuffer pointer; "keep" leaves %r unused: the
# pointer arithmetic and casts of the block's variable, which spirv-val does
# not type-check in OpSpecConstantOp, and a PhysicalStorageBuffer pointer).
CASES = [
    ("FAdd", "%r = OpSpecConstantOp %float FAdd %x %x", "bits"),
    ("FSub", "%r = OpSpecConstantOp %float FSub %x %x", "bits"),
    ("FMul", "%r = OpSpecConstantOp %float FMul %x %x", "bits"),
    ("FDiv", "%r = OpSpecConstantOp %float FDiv %x %x", "bits"),
    ("FRem", "%r = OpSpecConstantOp %float FRem %x %x", "bits"),
    ("FMod", "%r = OpSpecConstantOp %float FMod %x %x", "bits"),
    ("FNegate", "%r = OpSpecConstantOp %float FNegate %x", "bits"),
    ("ConvertFToS", "%r = OpSpecConstantOp %int ConvertFToS %x", "bits"),
    ("ConvertFToU", "%r = OpSpecConstantOp %uint ConvertFToU %x", None),
    ("ConvertSToF", "%r = OpSpecConstantOp %float ConvertSToF %n", "bits"),
    ("ConvertUToF", "%r = OpSpecConstantOp %float ConvertUToF %u", "bits"),
    ("Bitcast", "%r = OpSpecConstantOp %uint Bitcast %x", None),
    ("AccessChain", "%r = OpSpecConstantOp %pu AccessChain %out %c0", "ptr"),
    ("InBoundsAccessChain", "%r = OpSpecConstantOp %pu InBoundsAccessChain %out %c0", "ptr"),
    ("PtrAccessChain", "%r = OpSpecConstantOp %pOut PtrAccessChain %out %c0", "keep"),
    ("InBoundsPtrAccessChain", "%r = OpSpecConstantOp %pOut InBoundsPtrAccessChain %out %c0", "keep"),
    ("ConvertPtrToU", "%r = OpSpecConstantOp %ulong ConvertPtrToU %out", "keep"),
    ("ConvertUToPtr", "%r = OpSpecConstantOp %pNode ConvertUToPtr %w", "keep"),
    ("GenericCastToPtr", "%r = OpSpecConstantOp %pOut GenericCastToPtr %out", "keep"),
    ("PtrCastToGeneric", "%r = OpSpecConstantOp %pOut PtrCastToGeneric %out", "keep"),
]


def module(definition, use):
    lines = [HEADER]
    if definition:
        lines.append(definition)
    lines.append("%main = OpFunction %void None %fn\n%l = OpLabel\n%o = OpAccessChain %pu %out %c0")
    if definition is None or use == "keep":
        lines.append("OpStore %o %u7")
    elif use == "ptr":
        lines.append("OpStore %r %u7")
    elif use == "bits":
        lines.append("%b = OpBitcast %uint %r\nOpStore %o %b")
    else:
        lines.append("OpStore %o %r")
    lines.append("OpReturn\nOpFunctionEnd\n")
    return "\n".join(lines)


def spec_op_offset(binary):
    """The byte offset of the module's one OpSpecConstantOp."""
    words = struct.unpack("<%dI" % (len(binary) // 4), binary)
    at = 5
    while at < len(words):
        if words[at] & 0xFFFF == 52:
            return at * 4
        at += words[at] >> 16
    return None


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main():
    tool, directory = sys.argv[1:3]
    for name, definition, use in CASES:
        for variant, text in (("", module(definition, use)), ("-without", module(None, use))):
            source = "%s/%s%s.spvasm" % (directory, name, variant)
            binary = "%s/%s%s.spv" % (directory, name, variant)
            open(source, "w").write(text)
            status, output = run(["spirv-as", "--target-env", "vulkan1.2", source, "-o", binary])
            if status:
                print("%s%s: spirv-as failed: %s" % (name, variant, output.strip()))
                continue
            status, output = run(["spirv-val", "--target-env", "vulkan1.2", binary])
            val = output.splitlines()[0] if status else "valid"
            status, output = run([tool, binary, "-o", "/dev/null"])
            errors = [line for line in output.splitlines() if "error:" in line]
            if variant:
                print("%s without it: spirv-val %s; spirv-opt-rs exit %d, %d errors" % (name, val, status, len(errors)))
                continue
            offset = spec_op_offset(open(binary, "rb").read())
            located = len(errors) == 1 and ("at byte offset %d:" % offset) in errors[0]
            text = errors[0].split("invalid module: ", 1)[-1] if errors else ""
            print("%s: spirv-val %s" % (name, val.replace("error: line ", "line ")))
            print("%s: spirv-opt-rs exit %d, %d error%s, %s: %s" % (
                name, status, len(errors), "" if len(errors) == 1 else "s",
                "at the OpSpecConstantOp" if located else "elsewhere", text))


main()
