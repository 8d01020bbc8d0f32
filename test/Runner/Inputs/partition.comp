#version 450
// SPV_NV/EXT_shader_subgroup_partitioned: subgroupPartitionNV on scalars,
// vectors, floats and booleans, and the partitioned reductions and scans
// (OpGroupNonUniform* with PartitionedReduce/InclusiveScan/ExclusiveScan)
// in uniform and non-uniform control flow: checked by partition.py against
// a model of docs/abi.md's subgroups.
#extension GL_NV_shader_subgroup_partitioned : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(set = 0, binding = 0) readonly buffer In { uint v_in[]; };
layout(set = 0, binding = 1) buffer Out { uint o[]; };

void main() {
  uint i = gl_LocalInvocationIndex;
  uint k = v_in[2 * i];
  uint x = v_in[2 * i + 1];
  float f = float(x) - 3.5;
  uint b = i * 40;
  o[b + 0] = gl_SubgroupSize;
  uvec4 p = subgroupPartitionNV(k);
  o[b + 1] = p.x;
  o[b + 2] = p.y;
  o[b + 3] = p.z;
  o[b + 4] = p.w;
  o[b + 5] = subgroupPartitionNV(vec2(float(k & 1u), f > 0.0 ? 1.0 : -2.0)).x;
  o[b + 6] = subgroupPartitionNV(k > 1u).x;
  o[b + 7] = subgroupPartitionNV(ivec3(int(k), 0, int(x % 2u))).x;
  o[b + 8] = subgroupPartitionNV(f).x;
  o[b + 9] = subgroupPartitionedAddNV(x, p);
  o[b + 10] = subgroupPartitionedInclusiveAddNV(x, p);
  o[b + 11] = subgroupPartitionedExclusiveAddNV(x, p);
  o[b + 12] = floatBitsToUint(subgroupPartitionedAddNV(f, p));
  o[b + 13] = floatBitsToUint(subgroupPartitionedExclusiveMinNV(f, p));
  o[b + 14] = uint(subgroupPartitionedMinNV(int(x) - 5, p));
  o[b + 15] = uint(subgroupPartitionedInclusiveMaxNV(int(x) - 5, p));
  o[b + 16] = subgroupPartitionedMaxNV(x, p);
  o[b + 17] = subgroupPartitionedExclusiveMinNV(x, p);
  o[b + 18] = subgroupPartitionedMulNV(x + 1u, p);
  o[b + 19] = subgroupPartitionedInclusiveMulNV(x + 1u, p);
  o[b + 20] = subgroupPartitionedAndNV(x | 8u, p);
  o[b + 21] = subgroupPartitionedOrNV(1u << x, p);
  o[b + 22] = subgroupPartitionedExclusiveXorNV(x * 17u, p);
  o[b + 23] = subgroupPartitionedAndNV(x > 2u, p) ? 1u : 0u;
  o[b + 24] = subgroupPartitionedInclusiveOrNV(x == 4u, p) ? 1u : 0u;
  o[b + 25] = subgroupPartitionedExclusiveXorNV(x > 4u, p) ? 1u : 0u;
  uvec2 w = subgroupPartitionedInclusiveAddNV(uvec2(x, i), p);
  o[b + 26] = w.x;
  o[b + 27] = w.y;
  o[b + 28] = floatBitsToUint(subgroupPartitionedMaxNV(vec2(f, -f), p).y);
  if (x % 3u != 1u) {
    uvec4 q = subgroupPartitionNV(k);
    o[b + 29] = q.x;
    o[b + 30] = subgroupPartitionedAddNV(x, q);
    o[b + 31] = subgroupPartitionedExclusiveAddNV(x, q);
    o[b + 32] = subgroupPartitionedInclusiveMaxNV(i, q);
    if (k != 2u) {
      o[b + 33] = subgroupPartitionNV(x % 2u).x;
    }
  } else {
    o[b + 34] = subgroupPartitionNV(k).x;
    o[b + 35] = subgroupPartitionedAddNV(i, subgroupPartitionNV(k));
  }
  for (uint r = 0; r < k; r++) {
    // Lanes leave the loop one partition at a time.
    o[b + 36] = subgroupPartitionedInclusiveAddNV(r + x, subgroupPartitionNV(r));
  }
}
