// target-env: vulkan1.1
// Quad operations: broadcasts from each lane of the quad, the three swaps.
#version 450
#extension GL_KHR_shader_subgroup_quad : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int v = data[i];
  data[i] = subgroupQuadBroadcast(v, 0) + 3 * subgroupQuadBroadcast(v, 3) + 5 * subgroupQuadSwapHorizontal(v)
      + 7 * subgroupQuadSwapVertical(v) + 11 * subgroupQuadSwapDiagonal(v) + 13 * subgroupQuadBroadcast(v, 2);
}
