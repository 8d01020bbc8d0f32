// target-env: vulkan1.1
// Subgroup arithmetic on both sides of a workgroup barrier: a kernel with
// barriers runs as regions (the default; the steps as the subgroup's lanes)
// or coroutines (the subgroup operations as rendezvous), with the subgroups
// asked for (docs/abi.md "Subgroups"); lavapipe with 8.
#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int data[]; };
shared int exchanged[64];
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint l = gl_LocalInvocationIndex;
  int total = subgroupAdd(data[g]);
  exchanged[l] = total;
  barrier();
  int mirrored = exchanged[63u - l];
  int prefix = subgroupInclusiveAdd(mirrored);
  data[g] = total * 3 + prefix * 5 + int(gl_SubgroupSize) * 1000000 + int(gl_SubgroupInvocationID) * 100000;
}
