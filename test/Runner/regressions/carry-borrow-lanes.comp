// fuzz-diff (session 10), seed 20261132 at --subgroup-size 4: instcombine
// turns usubBorrow and uaddCarry into llvm.usub/uadd.with.overflow, whose
// {value, overflow} pair the SPMD vectorizer did not take ("an aggregate
// value"): it declined the kernel, and subgroups of more than one
// invocation, which are its lanes, were refused. Expected: GLSL's meaning
// (wrapping differences and sums, their borrow and carry bits, subgroupAdd
// over runs of 4 invocations), computed by hand from the inputs.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o carry.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread \
// RUN:   --in x.bin=u32:5,3,0,10,1,2,3,4 --in o.bin=u32:0*16 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs carry.spv --workgroups 1 --buffer 0:0=x.bin --buffer 0:1=o.bin:o.out --subgroup-size 4 | FileCheck %s
// RUN: spirv-run-rs carry.spv --workgroups 1 --buffer 0:0=x.bin --buffer 0:1=o.bin --subgroup-size 4 --time 2>&1 | FileCheck %s --check-prefix=TIME
// CHECK:      o.out[0]: 12 134 13 132 1000 29 19 139
// CHECK-NEXT: o.out[8]: 1039 140 1039 141 1039 142 1039 143
// TIME: 4 invocations at once (SPMD)
// TIME: subgroups of 4
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer X { uint x[]; } x;
layout(std430, binding = 1) buffer O { uint o[]; } o;
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint borrow, carry;
  uint d = usubBorrow(x.x[i], x.x[(i + 1u) % 8u], borrow);
  uint a = uaddCarry(x.x[i], 4294967295u, carry);
  o.o[2u * i] = d + 1000u * borrow + 10u * subgroupAdd(borrow);
  o.o[2u * i + 1u] = a + 100u * carry + 10u * subgroupAdd(carry);
}
