#version 450
// Partitions in a kernel with a barrier (partition.test): keys from shared
// memory written before the barrier; partition.py barrier models it.
#extension GL_NV_shader_subgroup_partitioned : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
shared uint keys[16];
void main() {
  uint i = gl_LocalInvocationIndex;
  keys[i] = (i * 7u) % 3u;
  barrier();
  uint k = keys[15u - i];
  uvec4 p = subgroupPartitionNV(k);
  o[i * 2u] = p.x;
  o[i * 2u + 1u] = subgroupPartitionedInclusiveAddNV(i, p);
}
