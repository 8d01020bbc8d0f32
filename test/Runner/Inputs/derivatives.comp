#version 450
// Compute-shader derivatives (GL_NV_compute_shader_derivatives, linear
// quads: 4 consecutive local indices, bit 0 horizontal, bit 1 vertical):
// every derivative instruction on a float and a vec2; derivatives.py
// models them.
#extension GL_NV_compute_shader_derivatives : enable
layout(local_size_x = 6, local_size_y = 4) in;
#ifdef QUADS
layout(derivative_group_quadsNV) in;
#else
layout(derivative_group_linearNV) in;
#endif
layout(set = 0, binding = 0) readonly buffer In { float v_in[]; };
layout(set = 0, binding = 1) buffer Out { float o[]; };

void main() {
  uint i = gl_LocalInvocationIndex;
  float v = v_in[i];
  vec2 w = vec2(v * 3.0, -v * v);
  uint b = i * 14;
  o[b + 0] = dFdx(v);
  o[b + 1] = dFdy(v);
  o[b + 2] = fwidth(v);
  o[b + 3] = dFdxFine(v);
  o[b + 4] = dFdyFine(v);
  o[b + 5] = fwidthFine(v);
  o[b + 6] = dFdxCoarse(v);
  o[b + 7] = dFdyCoarse(v);
  o[b + 8] = fwidthCoarse(v);
  vec2 dx = dFdxFine(w);
  vec2 dy = dFdyCoarse(w);
  o[b + 9] = dx.x;
  o[b + 10] = dx.y;
  o[b + 11] = dy.x;
  o[b + 12] = dy.y;
  o[b + 13] = fwidth(w).y;
}
