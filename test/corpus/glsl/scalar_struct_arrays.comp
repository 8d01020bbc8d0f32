// target-env: vulkan1.2
// The scalar block layout's arrays of structs ending in a 3-vector: { vec3 }
// at stride 12, { float; float; vec3 } at stride 20, { float; vec3 } at 16;
// read, written whole and by member.
#version 450
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 64) in;
struct S { vec3 v; };
struct T { float a; float b; vec3 c; };
struct U { float f; vec3 w; };
layout(scalar, set = 0, binding = 0) buffer Ss { S s[]; };
layout(scalar, set = 0, binding = 1) buffer Ts { T t[]; };
layout(scalar, set = 0, binding = 2) buffer Us { U u[]; };
layout(scalar, set = 0, binding = 3) writeonly buffer Out { float o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  S a = s[i];
  T b = t[i];
  o[2u * i] = a.v.x + a.v.y * 3.0 - a.v.z + b.a * b.b + b.c.y - u[i].w.z + u[i].f;
  o[2u * i + 1u] = dot(b.c, u[i].w);
  s[i].v = b.c + vec3(1.0, 2.0, 3.0);
  t[i] = T(a.v.z, u[i].f, a.v);
  u[i].w.y = b.a;
}
