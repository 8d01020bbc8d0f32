// fuzz-diff-spvasm --divergent (session 17), seed 20261165: lavapipe
// (Mesa's llvmpipe, LLVM 15) computes OpGroupNonUniform* ClusteredReduce as
// a Reduce of the whole subgroup whatever its ClusterSize: subgroupClusteredAdd
// (v, 1) and (v, 2) both give the sum of the subgroup's 8 lanes (828 here,
// and 412 over the 4 even lanes in the `if`). Not a fault of ours: pinned
// so that ours stays right. Expected, by hand, from the definition: a
// cluster of 1 is the lane's own value (100 + i); clusters of 2 are the
// pairs (2k, 2k + 1): 201, 205, 209, 213; in the `if` only the even lane of
// each pair is active, so both give its own value; odd lanes write nothing.
// At subgroups of 4, 8 (both paths) and 16, every SPMD mode (a cluster of 2
// is undefined at 1, which --spmd off would give without a size asked for).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.1 %s -o cl.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*32 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs cl.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 4 | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*32 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs cl.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 8 | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*32 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs cl.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 16 | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*32 --out o.out=u32/4 --modes loops -- \
// RUN:   spirv-run-rs cl.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 8 --barriers coroutines | FileCheck %s
// CHECK:      o.out[0]: 100 201 100 100
// CHECK-NEXT: o.out[4]: 101 201 0 0
// CHECK-NEXT: o.out[8]: 102 205 102 102
// CHECK-NEXT: o.out[12]: 103 205 0 0
// CHECK-NEXT: o.out[16]: 104 209 104 104
// CHECK-NEXT: o.out[20]: 105 209 0 0
// CHECK-NEXT: o.out[24]: 106 213 106 106
// CHECK-NEXT: o.out[28]: 107 213 0 0
#version 450
#extension GL_KHR_shader_subgroup_clustered : require
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer B { uint o[]; };
shared uint sh[8];
void main() {
  uint i = gl_LocalInvocationIndex;
  uint v = 100u + i;
  sh[i] = v;
  // a barrier: as coroutines, each subgroup operation a rendezvous
  barrier();
  v = sh[i];
  o[4u * i] = subgroupClusteredAdd(v, 1u);
  o[4u * i + 1u] = subgroupClusteredAdd(v, 2u);
  if ((i & 1u) == 0u) {
    o[4u * i + 2u] = subgroupClusteredAdd(v, 1u);
    o[4u * i + 3u] = subgroupClusteredAdd(v, 2u);
  }
}
