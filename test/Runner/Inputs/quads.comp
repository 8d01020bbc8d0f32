#version 450
// Quad operations (a quad: 4 consecutive subgroup invocations) in uniform
// and non-uniform control flow, on scalars, vectors and booleans: checked
// by quads.py against a model of docs/abi.md's subgroups.
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_quad : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
#extension GL_EXT_shader_subgroup_extended_types_int64 : enable
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(set = 0, binding = 0) readonly buffer In { uint v_in[]; };
layout(set = 0, binding = 1) buffer Out { uint o[]; };

void main() {
  uint i = gl_LocalInvocationIndex;
  uint v = v_in[i];
  uint b = i * 24;
  o[b + 0] = gl_SubgroupSize;
  o[b + 1] = subgroupQuadBroadcast(v, 0);
  o[b + 2] = subgroupQuadBroadcast(v, 1);
  o[b + 3] = subgroupQuadBroadcast(v, 2);
  o[b + 4] = subgroupQuadBroadcast(v, 3);
  o[b + 5] = subgroupQuadSwapHorizontal(v);
  o[b + 6] = subgroupQuadSwapVertical(v);
  o[b + 7] = subgroupQuadSwapDiagonal(v);
  o[b + 8] = floatBitsToUint(subgroupQuadSwapHorizontal(float(v) * 0.5));
  uvec3 w = subgroupQuadSwapDiagonal(uvec3(v, v + 1000u, v * 3u));
  o[b + 9] = w.x;
  o[b + 10] = w.y;
  o[b + 11] = w.z;
  o[b + 12] = subgroupQuadBroadcast(v % 2u == 0u, 2) ? 1u : 0u;
  o[b + 13] = subgroupQuadSwapVertical(v > 50u) ? 1u : 0u;
  vec2 f = subgroupQuadBroadcast(vec2(float(v), -float(v)), 1);
  o[b + 14] = floatBitsToUint(f.x);
  o[b + 15] = floatBitsToUint(f.y);
  // Non-uniform: only the invocations with v % 3 != 0 take part; a read of
  // one that does not is undefined (not checked).
  if (v % 3u != 0u) {
    o[b + 16] = subgroupQuadSwapHorizontal(v);
    o[b + 17] = subgroupQuadBroadcast(v, 3);
  }
#ifdef BARRIER
  // (quads.test: the same with a barrier, as coroutines.)
  barrier();
#endif
  // A 64-bit value.
  o[b + 18] = uint(subgroupQuadSwapVertical(uint64_t(v) << 33) >> 33);
  o[b + 19] = 7u;
}
