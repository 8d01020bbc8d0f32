// target-env: vulkan1.2
// Vulkan's scalar block layout (GL_EXT_scalar_block_layout): vec3 arrays at
// stride 12, an array of { vec2; float } structs at stride 12, vec2s at
// offset 4 + 8i (below their 8-byte alignment).
#version 450
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 64) in;
struct P { vec2 a; float b; };
layout(scalar, set = 0, binding = 0) readonly buffer In { vec3 v[]; };
layout(scalar, set = 0, binding = 1) writeonly buffer Out { vec3 w[]; };
layout(scalar, set = 0, binding = 2) buffer Ps { P p[]; };
layout(scalar, set = 0, binding = 3) buffer Q { float pad; vec2 q[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  vec3 x = v[i];
  vec3 pa = vec3(p[i].a, p[i].b);
  // x * 2 is exact: one rounding whether or not the add is contracted.
  w[i] = x.zxy * 2.0 + pa;
  p[i].a = x.xy - p[i].a;
  p[i].b = x.z + pad;
  q[i] = q[i].yx + x.xy;
}
