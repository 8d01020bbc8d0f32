// target-env: vulkan1.1
// Subgroup shuffles: indexed, xor, up and down.
#version 450
#extension GL_KHR_shader_subgroup_shuffle : enable
#extension GL_KHR_shader_subgroup_shuffle_relative : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  float v = data[i];
  data[i] = subgroupShuffle(v, 0u) + subgroupShuffleXor(v, 1u) + subgroupShuffleUp(v, 1u) + subgroupShuffleDown(v, 1u);
}
