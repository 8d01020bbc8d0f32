#version 450
// Implicit-LOD sampling in compute (GL_NV_compute_shader_derivatives, linear
// quads): quad q samples coordinates 2^q texels apart, so its level of
// detail is q (q + 1 with a bias of 1); implicit-lod.py models the levels.
#extension GL_NV_compute_shader_derivatives : enable
layout(local_size_x = 16) in;
layout(derivative_group_linearNV) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DShadow shadow;
layout(set = 0, binding = 2) buffer Out { float o[]; };

void main() {
  uint i = gl_LocalInvocationIndex;
  uint q = i / 4u;
  uint lane = i % 4u;
  float s = float(1u << q);
  vec2 uv = vec2((1.0 + float(lane & 1u) + 0.5) * s, (2.0 + float(lane >> 1u) + 0.5) * s) / 32.0;
  o[i * 4 + 0] = texture(tex, uv).r;
  o[i * 4 + 1] = texture(tex, uv, 1.0).r;
  o[i * 4 + 2] = texture(shadow, vec3(uv, 1500.0));
  o[i * 4 + 3] = textureLod(tex, uv, float(q)).r;
}
