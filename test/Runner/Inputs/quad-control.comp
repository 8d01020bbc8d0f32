#version 450
// SPV_KHR_quad_control's quad votes, which glslang 12 cannot write:
// quad-control.py turns each subgroupQuadSwapHorizontal of a bool into
// OpGroupNonUniformQuadAnyKHR and each subgroupQuadSwapVertical into
// OpGroupNonUniformQuadAllKHR, and checks the results against a model.
#extension GL_KHR_shader_subgroup_quad : enable
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(set = 0, binding = 0) readonly buffer In { uint v_in[]; };
layout(set = 0, binding = 1) buffer Out { uint o[]; };
void main() {
  uint i = gl_LocalInvocationIndex;
  uint v = v_in[i];
  uint b = i * 4;
  o[b + 0] = gl_SubgroupSize;
  o[b + 1] = subgroupQuadSwapHorizontal(v % 4u == 1u) ? 1u : 0u;
  o[b + 2] = subgroupQuadSwapVertical(v % 5u != 0u) ? 1u : 0u;
  if (v % 7u != 0u) {
    o[b + 3] = subgroupQuadSwapHorizontal(v % 2u == 0u) ? 1u : 0u;
  }
}
