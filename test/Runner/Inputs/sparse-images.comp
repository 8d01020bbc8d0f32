#version 450
#extension GL_ARB_sparse_texture2 : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1, r32f) uniform readonly image2D img;
layout(set = 0, binding = 2) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 3) uniform sampler2DShadow shadow;
void main() {
  uint i = gl_GlobalInvocationID.x;
  ivec2 c = ivec2(i, 1);
  vec4 a, b, d, e;
  int r0 = sparseTexelFetchARB(tex, c, 0, a);
  int r1 = sparseImageLoadARB(img, c, b);
  int r2 = sparseTextureLodARB(tex, (vec2(c) + 0.5) / 4.0, 0.0, d);
  int r3 = sparseTextureGatherARB(tex, (vec2(c) + 1.0) / 4.0, e, 1);
  float s;
  int r4 = sparseTextureLodARB(shadow, vec3((vec2(c) + 0.5) / 4.0, 0.5), 0.0, s);
  vec4 g; int r5 = sparseTextureGatherARB(shadow, (vec2(c) + 1.0) / 4.0, 0.5, g);
  vec4 h; int r6 = sparseTextureARB(tex, (vec2(c) + 0.5) / 4.0, h);
  bool all = sparseTexelsResidentARB(r5) && sparseTexelsResidentARB(r6) && sparseTexelsResidentARB(r0) && sparseTexelsResidentARB(r1) && sparseTexelsResidentARB(r2) && sparseTexelsResidentARB(r3) && sparseTexelsResidentARB(r4);
  o.v[5 * i] = a;
  o.v[5 * i + 1] = b;
  o.v[5 * i + 2] = d;
  o.v[5 * i + 3] = e;
  o.v[5 * i + 4] = vec4(s, all ? 1.0 : 0.0, 0.0, 0.0);
  o.v[20 + 2 * i] = g;
  o.v[21 + 2 * i] = h;
}
