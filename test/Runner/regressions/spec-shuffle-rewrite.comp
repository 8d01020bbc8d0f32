// Specialization-constant swizzles (glslang writes OpSpecConstantOp
// VectorShuffle with two component literals, and CompositeExtract) in a
// module a rewrite on the words reads (here the unsized descriptor array;
// also long vectors, heaps, untyped pointers): rspirv 0.13's parser reads
// one operand per grammar operand inside OpSpecConstantOp, so the module
// was refused ("malformed instruction: found extra operands"). rewrite::parse
// reads OpSpecConstantOp itself now. Default (3, 5) and specialized (1, 2).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator --target-env vulkan1.2 %s -o t.spv > /dev/null
// RUN: head -c 16 /dev/zero > zero.bin
// RUN: spirv-run-rs t.spv --workgroups 1 --buffer '0:0[0]=zero.bin' --buffer '0:0[1]=zero.bin:out.bin'
// RUN: od -An -tu4 out.bin | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: 538 539 540 541
// RUN: spirv-run-rs t.spv --spec 0=1 --spec 1=2 --spmd off --workgroups 1 --buffer '0:0[0]=zero.bin' --buffer '0:0[1]=zero.bin:out.bin'
// RUN: od -An -tu4 out.bin | FileCheck %s --check-prefix=SPECIALIZED
// SPECIALIZED: 213 214 215 216
#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 4) in;
layout(constant_id = 0) const uint A = 3;
layout(constant_id = 1) const uint B = 5;
const uvec2 SWAPPED = uvec2(A, B).yx;
const uint PICK = uvec4(A, B, A + B, 7u).zyxw.x;
layout(set = 0, binding = 0) buffer Bufs { uint v[]; } bufs[];
void main() {
  uint i = gl_GlobalInvocationID.x;
  bufs[1].v[i] = SWAPPED.x * 100u + SWAPPED.y * 10u + PICK + i;
}
