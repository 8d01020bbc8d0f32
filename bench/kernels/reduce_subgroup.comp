// reduce.comp with subgroup operations: each subgroup sums its values
// (subgroupAdd), its first invocation writes the sum to shared memory, one
// barrier, then subgroup 0 sums the partial sums. Right at any subgroup size.
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 256) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint data[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint sums[]; };
shared uint partial[256];
void main() {
  uint s = subgroupAdd(data[gl_GlobalInvocationID.x]);
  if (subgroupElect()) partial[gl_SubgroupID] = s;
  barrier();
  if (gl_SubgroupID == 0u) {
    uint t = 0u;
    for (uint i = gl_SubgroupInvocationID; i < gl_NumSubgroups; i += gl_SubgroupSize) t += partial[i];
    t = subgroupAdd(t);
    if (subgroupElect()) sums[gl_WorkGroupID.x] = t;
  }
}
