// fuzz-diff (session 10), seed 20261144 at --subgroup-size 4: instcombine
// turns a select chain of 64-bit compares into a three-way compare
// (llvm.scmp), which the SPMD vectorizer did not widen: it declined the
// kernel, and subgroups of more than one invocation, which are its lanes,
// were refused. Expected: GLSL's meaning (c = -1, 0 or 1; subgroupAdd over
// runs of 4 invocations), computed by hand from the inputs.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o cmp.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread \
// RUN:   --in a.bin=i64:5,-3,7,7,1099511627776,-1099511627776,0,2,9,9,-1,4,3,3,100,-100 --in o.bin=i32:0*16 --out o.out=i32/8 -- \
// RUN:   spirv-run-rs cmp.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out --subgroup-size 4 | FileCheck %s
// RUN: spirv-run-rs cmp.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin --subgroup-size 4 --time 2>&1 | FileCheck %s --check-prefix=TIME
// CHECK:      o.out[0]: -9 -11 -10 -11 -19 -21 -21 -21
// CHECK-NEXT: o.out[8]: 10 11 9 11 -10 -11 -9 -11
// TIME: 4 invocations at once (SPMD)
// TIME: subgroups of 4
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer B { int64_t a[]; } b;
layout(std430, binding = 1) buffer O { int o[]; } o;
void main() {
  uint i = gl_GlobalInvocationID.x;
  int64_t x = b.a[i], y = b.a[(i + 1u) % 16u];
  int c = x < y ? -1 : (x > y ? 1 : 0);
  o.o[i] = c + 10 * subgroupAdd(c);
}
