#version 450
// Every subgroup operation family, in uniform and non-uniform control flow,
// a loop that lanes leave one after the other, and atomics: checked by
// subgroups.py against a model of docs/abi.md's subgroups (the local
// indices cut into runs of gl_SubgroupSize).
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_vote : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_shader_subgroup_shuffle : enable
#extension GL_KHR_shader_subgroup_shuffle_relative : enable
#extension GL_KHR_shader_subgroup_clustered : enable
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(set = 0, binding = 0) readonly buffer In { uint v_in[]; };
layout(set = 0, binding = 1) buffer Out { uint o[]; };
layout(set = 0, binding = 2) buffer Counters { uint counter[]; };

void main() {
  uint i = gl_LocalInvocationIndex;
  uint v = v_in[i];
  uint lane = gl_SubgroupInvocationID;
  uint b = i * 64;
  uint n = subgroupBallotBitCount(subgroupBallot(true));
  o[b + 0] = gl_SubgroupSize;
  o[b + 1] = lane;
  o[b + 2] = gl_SubgroupID;
  o[b + 3] = gl_NumSubgroups;
  o[b + 4] = subgroupAdd(v);
  o[b + 5] = subgroupMul(v | 1u);
  o[b + 6] = subgroupMin(v);
  o[b + 7] = uint(subgroupMax(int(v) - 50));
  o[b + 8] = subgroupAnd(v | 0x100u);
  o[b + 9] = subgroupOr(v);
  o[b + 10] = subgroupXor(v);
  o[b + 11] = subgroupInclusiveAdd(v);
  o[b + 12] = subgroupExclusiveAdd(v);
  o[b + 13] = subgroupInclusiveMin(v);
  o[b + 14] = subgroupExclusiveMax(v);
  o[b + 15] = subgroupClusteredAdd(v, 2);
  o[b + 16] = subgroupClusteredMax(v, 4);
  o[b + 17] = floatBitsToUint(subgroupAdd(float(v)));
  o[b + 18] = floatBitsToUint(subgroupMin(float(v) - 20.0));
  o[b + 19] = subgroupAll(v > 10u) ? 1u : 0u;
  o[b + 20] = subgroupAny(v > 90u) ? 1u : 0u;
  o[b + 21] = subgroupAllEqual(v / 200u) ? 1u : 0u;
  o[b + 22] = subgroupBroadcast(v, 0);
  o[b + 23] = subgroupBroadcastFirst(v);
  uvec4 thirds = subgroupBallot(v % 3u == 0u);
  o[b + 24] = thirds.x;
  o[b + 25] = thirds.y | thirds.z | thirds.w;
  o[b + 26] = subgroupBallotBitCount(thirds);
  o[b + 27] = subgroupBallotInclusiveBitCount(thirds);
  o[b + 28] = subgroupBallotExclusiveBitCount(thirds);
  uvec4 odd = subgroupBallot(v % 2u == 1u);
  o[b + 29] = odd.x == 0u ? 999u : subgroupBallotFindLSB(odd);
  o[b + 30] = odd.x == 0u ? 999u : subgroupBallotFindMSB(odd);
  o[b + 31] = subgroupInverseBallot(thirds) ? 1u : 0u;
  o[b + 32] = subgroupBallotBitExtract(odd, lane) ? 1u : 0u;
  o[b + 33] = subgroupShuffle(v, (lane + 1u) % n);
  o[b + 34] = subgroupShuffleXor(v, 1u);
  o[b + 35] = subgroupShuffleUp(v, 1u);
  o[b + 36] = subgroupShuffleDown(v, 1u);
  o[b + 37] = gl_SubgroupEqMask.x;
  o[b + 38] = gl_SubgroupGeMask.x;
  o[b + 39] = gl_SubgroupGtMask.x;
  o[b + 40] = gl_SubgroupLeMask.x;
  o[b + 41] = gl_SubgroupLtMask.x;
  o[b + 42] = subgroupElect() ? 1u : 0u;
#ifdef BARRIER
  // (subgroups.test: the same with a barrier, as regions and coroutines.)
  barrier();
#endif
  // Non-uniform control flow: each side its own active lanes.
  if (lane < 3u) {
    o[b + 43] = subgroupAdd(v);
    o[b + 44] = subgroupBallot(true).x;
    o[b + 45] = subgroupElect() ? 1u : 0u;
    o[b + 46] = subgroupInclusiveAdd(v);
    o[b + 47] = subgroupBroadcastFirst(v);
    o[b + 48] = subgroupAll(v > 10u) ? 1u : 0u;
    o[b + 49] = subgroupShuffleDown(v, 1u);
  } else {
    o[b + 43] = subgroupAdd(v) + 100000u;
    o[b + 44] = subgroupBallot(true).x;
    o[b + 45] = subgroupElect() ? 1u : 0u;
    o[b + 46] = subgroupExclusiveAdd(v);
    o[b + 47] = subgroupBroadcastFirst(v);
    o[b + 48] = subgroupAny(v > 90u) ? 1u : 0u;
    o[b + 49] = subgroupShuffleUp(v, 1u);
  }
  // A loop lanes leave one by one: iteration k has the lanes from k on.
  uint acc = 0u;
  for (uint k = 0u; k <= lane; k++) {
    acc += subgroupAdd(1u);
  }
  o[b + 50] = acc;
  // Atomics run lane by lane, in lane order.
  o[b + 51] = atomicAdd(counter[gl_SubgroupID], 1u);
  uvec2 pair = subgroupInclusiveAdd(uvec2(v, 2u * v));
  o[b + 52] = pair.y;
  o[b + 53] = subgroupAnd(v > 5u) ? 1u : 0u;
  o[b + 54] = subgroupXor(v > 50u) ? 1u : 0u;
  o[b + 55] = atomicCompSwap(counter[gl_SubgroupID + 512u], lane, lane + 1u);
}
