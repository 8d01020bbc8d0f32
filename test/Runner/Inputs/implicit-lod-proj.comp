#version 450
// Projective implicit-LOD sampling, OpImageQueryLod and the sparse
// implicit-LOD forms in compute (GL_NV_compute_shader_derivatives, linear
// quads): quad q samples coordinates 2^q texels apart after the projection
// (q_i = 2 everywhere: the coordinates are doubled, then divided), so its
// level of detail is q (q + 1 with a bias of 1); implicit-lod-proj.py
// models the levels.
#extension GL_NV_compute_shader_derivatives : enable
#extension GL_ARB_sparse_texture2 : enable
layout(local_size_x = 16) in;
layout(derivative_group_linearNV) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DShadow shadow;
layout(set = 0, binding = 2) buffer Out { float o[]; };
layout(set = 0, binding = 3) uniform sampler2D linear;

void main() {
  uint i = gl_LocalInvocationIndex;
  uint q = i / 4u;
  uint lane = i % 4u;
  float s = float(1u << q);
  vec2 uv = vec2((1.0 + float(lane & 1u) + 0.5) * s, (2.0 + float(lane >> 1u) + 0.5) * s) / 32.0;
  uint at = i * 12u;
  o[at + 0u] = textureProj(tex, vec3(2.0 * uv, 2.0)).r;
  o[at + 1u] = textureProj(tex, vec3(2.0 * uv, 2.0), 1.0).r;
  o[at + 2u] = textureProj(shadow, vec4(2.0 * uv, 3000.0, 2.0));
  vec2 lod = textureQueryLod(tex, uv);
  o[at + 3u] = lod.x;
  o[at + 4u] = lod.y;
  vec2 lodLinear = textureQueryLod(linear, uv * 0.75);
  o[at + 5u] = lodLinear.x;
  o[at + 6u] = lodLinear.y;
  vec4 texel;
  int code = sparseTextureARB(tex, uv, texel);
  o[at + 7u] = texel.r;
  o[at + 8u] = sparseTexelsResidentARB(code) ? 1.0 : 0.0;
  code = sparseTextureARB(tex, uv, texel, 1.0);
  o[at + 9u] = texel.r;
  float depth;
  code = sparseTextureARB(shadow, vec3(uv, 1500.0), depth);
  o[at + 10u] = depth;
  o[at + 11u] = textureLod(tex, uv, float(q)).r;
}
