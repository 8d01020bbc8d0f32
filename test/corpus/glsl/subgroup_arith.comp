// target-env: vulkan1.1
// Subgroup reductions and scans.
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int idata[]; };
layout(std430, set = 0, binding = 1) buffer FData { float fdata[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int v = idata[i];
  idata[i] = subgroupAdd(v) + subgroupMin(v) * 3 + subgroupMax(v) * 5 + subgroupInclusiveAdd(v) * 7
      + subgroupExclusiveAdd(v) * 11 + (subgroupAnd(v) ^ subgroupOr(v) ^ subgroupXor(v));
  fdata[i] = subgroupAdd(fdata[i]) + subgroupMul(fdata[i]) + subgroupMax(fdata[i]);
}
