#version 450
// Each of the 16 arithmetic subgroup opcodes (IAdd FAdd IMul FMul SMin UMin
// FMin SMax UMax FMax BitwiseAnd/Or/Xor LogicalAnd/Or/Xor) with each group
// operation (Reduce, InclusiveScan, ExclusiveScan, ClusteredReduce of
// CLUSTER lanes), once where every invocation is and once in an `if` that
// leaves out some lanes of each subgroup: checked by
// subgroup-arithmetic.py against its own model of docs/abi.md's subgroups.
// The floats are chosen so that every order of the operations is exact.
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_shader_subgroup_clustered : enable
#ifndef CLUSTER
#define CLUSTER 4
#endif
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(set = 0, binding = 0) readonly buffer In { uint v_in[]; };
layout(set = 0, binding = 1) buffer Out { uint o[]; };

#define F(x) floatBitsToUint(x)
#define B(x) ((x) ? 1u : 0u)
// the 16 opcodes for one group operation OP (a prefix: subgroup,
// subgroupInclusive, subgroupExclusive) into slots base..base+15
#define ALL(OP, base)                                   \
  o[s + base + 0] = OP##Add(u);                         \
  o[s + base + 1] = F(OP##Add(f));                      \
  o[s + base + 2] = OP##Mul(u);                         \
  o[s + base + 3] = F(OP##Mul(f));                      \
  o[s + base + 4] = uint(OP##Min(int(u)));              \
  o[s + base + 5] = OP##Min(u);                         \
  o[s + base + 6] = F(OP##Min(f));                      \
  o[s + base + 7] = uint(OP##Max(int(u)));              \
  o[s + base + 8] = OP##Max(u);                         \
  o[s + base + 9] = F(OP##Max(f));                      \
  o[s + base + 10] = OP##And(u);                        \
  o[s + base + 11] = OP##Or(u);                         \
  o[s + base + 12] = OP##Xor(u);                        \
  o[s + base + 13] = B(OP##And(p));                     \
  o[s + base + 14] = B(OP##Or(p));                      \
  o[s + base + 15] = B(OP##Xor(p));
#define CLUSTERED(base)                                 \
  o[s + base + 0] = subgroupClusteredAdd(u, CLUSTER);   \
  o[s + base + 1] = F(subgroupClusteredAdd(f, CLUSTER)); \
  o[s + base + 2] = subgroupClusteredMul(u, CLUSTER);   \
  o[s + base + 3] = F(subgroupClusteredMul(f, CLUSTER)); \
  o[s + base + 4] = uint(subgroupClusteredMin(int(u), CLUSTER)); \
  o[s + base + 5] = subgroupClusteredMin(u, CLUSTER);   \
  o[s + base + 6] = F(subgroupClusteredMin(f, CLUSTER)); \
  o[s + base + 7] = uint(subgroupClusteredMax(int(u), CLUSTER)); \
  o[s + base + 8] = subgroupClusteredMax(u, CLUSTER);   \
  o[s + base + 9] = F(subgroupClusteredMax(f, CLUSTER)); \
  o[s + base + 10] = subgroupClusteredAnd(u, CLUSTER);  \
  o[s + base + 11] = subgroupClusteredOr(u, CLUSTER);   \
  o[s + base + 12] = subgroupClusteredXor(u, CLUSTER);  \
  o[s + base + 13] = B(subgroupClusteredAnd(p, CLUSTER)); \
  o[s + base + 14] = B(subgroupClusteredOr(p, CLUSTER)); \
  o[s + base + 15] = B(subgroupClusteredXor(p, CLUSTER));

void main() {
  uint i = gl_LocalInvocationIndex;
  uint s = i * 128u;
  uint u = v_in[i];
  // -2, -1, -0.5, 0.5, 1, 2: sums and products exact in any order
  const float table[6] = float[](-2.0, -1.0, -0.5, 0.5, 1.0, 2.0);
  float f = table[u % 6u];
  bool p = (u & 3u) != 0u;
  ALL(subgroup, 0)
  ALL(subgroupInclusive, 16)
  ALL(subgroupExclusive, 32)
  CLUSTERED(48)
#ifdef BARRIER
  // (subgroup-arithmetic.test: with it, as coroutines, each operation a
  // rendezvous)
  barrier();
#endif
  if ((u >> 4) % 3u != 0u) {
    ALL(subgroup, 64)
    ALL(subgroupInclusive, 80)
    ALL(subgroupExclusive, 96)
    CLUSTERED(112)
  }
}
