// target-env: vulkan1.1
// Subgroup basic and vote operations.
#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_vote : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  bool positive = data[i] > 0;
  int flags = (subgroupAll(positive) ? 1 : 0) | (subgroupAny(positive) ? 2 : 0) | (subgroupElect() ? 4 : 0)
      | (subgroupAllEqual(data[i]) ? 8 : 0);
  data[i] = flags + int(gl_SubgroupInvocationID) * 16 + int(gl_SubgroupSize) * 4096;
}
