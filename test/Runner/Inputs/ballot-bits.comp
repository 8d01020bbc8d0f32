#version 450
// OpGroupNonUniformInverseBallot and OpGroupNonUniformBallotBitExtract
// (test/Runner/ballot-bits.test): every invocation reads bits of the same
// ballots, at its own indexes, and of ballots it takes itself.
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 8) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uvec4 ballots[8]; uint indexes[8]; };
layout(std430, set = 0, binding = 1) buffer Out { uint bits[]; };
void main() {
  uint i = gl_LocalInvocationIndex;
  for (uint k = 0u; k < 8u; ++k) {
    // The ballots are uniform, as InverseBallot requires.
    bits[24 * i + k] = subgroupInverseBallot(ballots[k]) ? 1u : 0u;
    bits[24 * i + 8 + k] = subgroupBallotBitExtract(ballots[k], indexes[i] + k) ? 1u : 0u;
  }
  // The own bit of a ballot, and of the ballot of a predicate.
  bits[24 * i + 16] = subgroupInverseBallot(subgroupBallot(true)) ? 1u : 0u;
  bits[24 * i + 17] = subgroupInverseBallot(subgroupBallot((i & 1u) == 0u)) ? 1u : 0u;
  bits[24 * i + 18] = subgroupBallotBitExtract(subgroupBallot(true), gl_SubgroupInvocationID) ? 1u : 0u;
  bits[24 * i + 19] = subgroupBallotBitExtract(subgroupBallot(true), gl_SubgroupSize) ? 1u : 0u;
  bits[24 * i + 20] = gl_SubgroupSize;
}
