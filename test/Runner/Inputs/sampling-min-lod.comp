#version 450
// The MinLod image operand (textureGradClampARB, test/Runner/sampling-min-lod.test):
// the least level of detail, raised per invocation over a 4-level image whose
// levels hold 0, 10, 20, 30; the gradients alone would pick level 0.
#extension GL_ARB_sparse_texture_clamp : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D levels_nearest;
layout(set = 0, binding = 1) uniform sampler2D levels_linear;
layout(set = 0, binding = 2) buffer Out { vec4 result[]; };
void main() {
  uint i = gl_LocalInvocationIndex;
  float min_lod = float(i) * 0.3 + 0.05;
  vec2 uv = vec2(0.3, 0.6);
  vec2 g = vec2(1.0 / 64.0, 0.0);
  result[2u * i] = textureGradClampARB(levels_nearest, uv, g, vec2(0.0), min_lod);
  result[2u * i + 1u] = textureGradClampARB(levels_linear, uv, g * 4.0, vec2(0.0), min_lod);
}
