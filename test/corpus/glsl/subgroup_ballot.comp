// target-env: vulkan1.1
// Subgroup ballot: count and first set bits, broadcasts.
#version 450
#extension GL_KHR_shader_subgroup_ballot : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uvec4 ballot = subgroupBallot((data[i] & 1u) == 1u);
  data[i] = subgroupBallotBitCount(ballot) + subgroupBallotFindLSB(ballot) * 256u
      + subgroupBroadcastFirst(data[i]) * 65536u + subgroupBroadcast(data[i], 0u);
}
