// Malformed SPIR-V binaries: one located error (the byte offset), exit
// status 1, never a crash. Each is made from a valid module (%t.spv).
//
// RUN: rm -rf %t && split-file %s %t
// RUN: spirv-as %t/valid.spvasm -o %t.spv
// RUN: spirv-opt-rs %t.spv | FileCheck %s --check-prefix=VALID
// VALID: spirv.func @spirv_fn_{{[0-9]+}}() "None"
//
// Big-endian words are read too.
// RUN: python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(); w=struct.unpack('<%%dI' %% (len(d)//4), d); open(sys.argv[2],'wb').write(struct.pack('>%%dI' %% len(w), *w))" %t.spv %t.be.spv
// RUN: spirv-opt-rs %t.be.spv | FileCheck %s --check-prefix=VALID
//
// Truncated inside the header, and inside an instruction.
// RUN: head -c 12 %t.spv > %t.short.spv
// RUN: not spirv-opt-rs %t.short.spv 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: error: {{.*}}shorter than the 20-byte module header
// RUN: head -c 26 %t.spv > %t.odd.spv
// RUN: not spirv-opt-rs %t.odd.spv 2>&1 | FileCheck %s --check-prefix=ODD
// ODD: error: at byte offset 24: truncated module: the size (26 bytes) is not a multiple of 4
// RUN: head -c 32 %t.spv > %t.cut.spv
// RUN: not spirv-opt-rs %t.cut.spv 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: error: at byte offset 28: truncated module: instruction with opcode 14 has 3 words but only 1 remain
//
// Wrong magic (the file is then not recognised as SPIR-V, and not as MLIR either).
// RUN: python3 -c "import sys; d=bytearray(open(sys.argv[1],'rb').read()); d[0]=0; open(sys.argv[2],'wb').write(d)" %t.spv %t.magic.spv
// RUN: not spirv-opt-rs %t.magic.spv 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: error:
//
// A word count running past the end.
// RUN: python3 -c "import sys; d=bytearray(open(sys.argv[1],'rb').read()); d[22]=0x40; open(sys.argv[2],'wb').write(d)" %t.spv %t.count.spv
// RUN: not spirv-opt-rs %t.count.spv 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: at byte offset 20: truncated module: instruction with opcode 17 has 64 words
//
// An unknown opcode.
// RUN: python3 -c "import sys; d=bytearray(open(sys.argv[1],'rb').read()); d[20]=0xff; d[21]=0x7f; open(sys.argv[2],'wb').write(d)" %t.spv %t.opcode.spv
// RUN: not spirv-opt-rs %t.opcode.spv 2>&1 | FileCheck %s --check-prefix=OPCODE
// OPCODE: error: at byte offset 20: unknown opcode 32767
//
// An id at or beyond the bound (the header's bound lowered to 2).
// RUN: python3 -c "import sys; d=bytearray(open(sys.argv[1],'rb').read()); d[12]=2; open(sys.argv[2],'wb').write(d)" %t.spv %t.bound.spv
// RUN: not spirv-opt-rs %t.bound.spv 2>&1 | FileCheck %s --check-prefix=BOUND
// BOUND: error: at byte offset {{[0-9]+}}: <id> %{{[0-9]+}} is at or beyond the module's bound 2
//
// A use of an undefined id: the function's type is not a type.
// RUN: spirv-as %t/undef.spvasm -o %t.undef.spv
// RUN: not spirv-opt-rs %t.undef.spv 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: error: at byte offset {{[0-9]+}}: {{.*}}%{{[0-9]+}} is not a defined function type
//
// An instruction the dialect has no op for.
// RUN: spirv-as %t/any.spvasm -o %t.any.spv
// RUN: not spirv-opt-rs %t.any.spv 2>&1 | FileCheck %s --check-prefix=ANY
// ANY: error: at byte offset {{[0-9]+}}: cannot represent in the SPIR-V dialect: instruction OpIsHelperInvocationEXT in a function
//
// An instruction missing its last operand (upstream's serializer writes
// OpLoopMerge MaxIterations without its literal): the error is at the
// OpLoopMerge (byte 124), not at the OpBranchConditional starting where the
// operand would have been (byte 140).
// RUN: spirv-as %t/loop.spvasm -o %t.loop.spv
// RUN: python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(); w=list(struct.unpack('<%%dI' %% (len(d)//4), d)); i=5; exec('while w[i] & 0xffff != 246: i += w[i] >> 16'); n=w[i] >> 16; del w[i+n-1]; w[i]=((n-1) << 16) | 246; open(sys.argv[2],'wb').write(struct.pack('<%%dI' %% len(w), *w))" %t.loop.spv %t.cut-operand.spv
// RUN: not spirv-opt-rs %t.cut-operand.spv 2>&1 | FileCheck %s --check-prefix=OPERAND
// OPERAND: error: at byte offset 124: malformed instruction: operand decoding error: reached word limit at index 140

//
// Types nested deeper than the importer takes (5,000 levels): refused, located.
// RUN: python3 -c "print('OpCapability Shader\nOpMemoryModel Logical GLSL450\n%%t0 = OpTypeFloat 32\n' + ''.join(f'%%t{i + 1} = OpTypeStruct %%t{i}\n' for i in range(6000)))" > %t.deep.spvasm
// RUN: spirv-as %t.deep.spvasm -o %t.deep.spv
// RUN: not spirv-opt-rs %t.deep.spv 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: error: at byte offset {{[0-9]+}}: cannot represent in the SPIR-V dialect: types nested deeper than 5000 levels

//
// A null constant of an array type with a huge length (what one flipped bit
// in a length makes; the fuzzer found the importer spelling it out for ever).
// RUN: spirv-as %t/huge.spvasm -o %t.huge.spv
// RUN: not spirv-opt-rs %t.huge.spv 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: at byte offset {{[0-9]+}}: cannot represent in the SPIR-V dialect: a constant of 100000000 scalars (composite constants are spelled out up to 1048576)
//
// A vector of a component count SPIR-V does not allow (the fuzzer found
// vloadn looping over 16 million lanes of one).
// RUN: spirv-as %t/vector5.spvasm -o %t.vector5.spv
// RUN: not spirv-opt-rs %t.vector5.spv 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR: error: at byte offset {{[0-9]+}}: invalid module: a vector of 5 components (SPIR-V allows 2, 3, 4, 8 and 16)
//
// Constants whose operands are not defined before them: a composite holding
// itself, a specialization constant operation reading itself (the fuzzer
// found materializing them recursing until the stack overflowed).
// RUN: spirv-as %t/cycle.spvasm -o %t.cycle.spv
// RUN: not spirv-opt-rs %t.cycle.spv 2>&1 | FileCheck %s --check-prefix=CYCLE
// CYCLE: error: at byte offset {{[0-9]+}}: <id> %{{[0-9]+}} is not defined before the constant that uses it
// RUN: spirv-as %t/spec-cycle.spvasm -o %t.spec-cycle.spv
// RUN: not spirv-opt-rs %t.spec-cycle.spv 2>&1 | FileCheck %s --check-prefix=CYCLE
//
// OpArrayLength of a member that is not the runtime array ending its struct.
// RUN: spirv-as --target-env vulkan1.1 %t/array-length.spvasm -o %t.array-length.spv
// RUN: not spirv-opt-rs %t.array-length.spv 2>&1 | FileCheck %s --check-prefix=ARRAY-LENGTH
// ARRAY-LENGTH: error: at byte offset {{[0-9]+}}: invalid module: OpArrayLength: member 0 of the pointee of {{.*}} is not a runtime array ending a struct

//--- valid.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
//--- loop.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
       %void = OpTypeVoid
       %bool = OpTypeBool
         %fn = OpTypeFunction %void
       %true = OpConstantTrue %bool
       %main = OpFunction %void None %fn
      %entry = OpLabel
               OpBranch %header
     %header = OpLabel
               OpLoopMerge %merge %header MaxIterations 4
               OpBranchConditional %true %header %merge
      %merge = OpLabel
               OpReturn
               OpFunctionEnd
//--- undef.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
       %void = OpTypeVoid
       %main = OpFunction %void None %void
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
//--- any.spvasm
               OpCapability Addresses
               OpCapability Kernel
               OpMemoryModel Physical64 OpenCL
       %void = OpTypeVoid
       %bool = OpTypeBool
        %int = OpTypeInt 32 0
        %ptr = OpTypePointer Function %int
         %fn = OpTypeFunction %void
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpVariable %ptr Function
          %a = OpIsHelperInvocationEXT %bool
               OpReturn
               OpFunctionEnd
//--- huge.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
        %f32 = OpTypeFloat 32
        %u32 = OpTypeInt 32 0
          %n = OpConstant %u32 100000000
        %arr = OpTypeArray %f32 %n
        %ptr = OpTypePointer Function %arr
       %null = OpConstantNull %arr
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %v = OpVariable %ptr Function %null
               OpReturn
               OpFunctionEnd
//--- vector5.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
        %f32 = OpTypeFloat 32
         %v5 = OpTypeVector %f32 5
//--- cycle.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
       %void = OpTypeVoid
        %int = OpTypeInt 32 1
        %vec = OpTypeVector %int 2
         %fn = OpTypeFunction %void
       %zero = OpConstant %int 0
          %c = OpConstantComposite %vec %zero %c
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpCompositeExtract %int %c 0
               OpReturn
               OpFunctionEnd
//--- spec-cycle.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
       %void = OpTypeVoid
        %int = OpTypeInt 32 1
         %fn = OpTypeFunction %void
       %zero = OpConstant %int 0
          %s = OpSpecConstantOp %int IAdd %s %zero
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpIAdd %int %s %s
               OpReturn
               OpFunctionEnd
//--- array-length.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %arr ArrayStride 4
               OpMemberDecorate %buf 0 Offset 0
               OpMemberDecorate %buf 1 Offset 16
               OpDecorate %buf Block
               OpDecorate %b DescriptorSet 0
               OpDecorate %b Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %arr = OpTypeRuntimeArray %uint
        %buf = OpTypeStruct %arr %uint
      %p_buf = OpTypePointer StorageBuffer %buf
          %b = OpVariable %p_buf StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %n = OpArrayLength %uint %b 0
               OpReturn
               OpFunctionEnd
