#version 450
// Subgroup values that depend on the subgroup size, not on the lanes that
// run it: a workgroup narrower than the subgroup size asked for is one
// partial subgroup of that size, whatever lanes run it (docs/abi.md,
// "Subgroups"). `bits` (a push constant, all ones) is a ballot whose bits
// past the active lanes are set: counted and searched within the
// subgroup's gl_SubgroupSize bits. Checked by subgroup-capped.py.
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_shader_subgroup_shuffle : enable
layout(local_size_x_id = 0) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(push_constant) uniform P { uvec4 bits; } p;

void main() {
  uint i = gl_LocalInvocationIndex;
  uint b = i * 12u;
  o[b + 0] = gl_SubgroupSize;
  o[b + 1] = gl_NumSubgroups;
  o[b + 2] = gl_SubgroupID;
  o[b + 3] = gl_SubgroupInvocationID;
  o[b + 4] = subgroupBallotBitCount(p.bits);
  o[b + 5] = subgroupBallotFindMSB(p.bits);
  o[b + 6] = subgroupBallotInclusiveBitCount(p.bits);
  o[b + 7] = subgroupBallotBitCount(uvec4(0xffffffffu));
  o[b + 8] = subgroupBallotBitCount(subgroupBallot(true));
  o[b + 9] = gl_SubgroupGtMask.x;
  o[b + 10] = subgroupAdd(i + 1u);
  o[b + 11] = subgroupShuffle(i * 7u, 0u);
}
