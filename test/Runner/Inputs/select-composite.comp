#version 450
// OpSelect of a struct and of an array (glslang, SPIR-V 1.4 and later):
// member by member.
layout(local_size_x = 1) in;
struct S { uint a; vec2 b; uint c[3]; };
layout(std430, set = 0, binding = 0) buffer B { uint k; uint r[9]; } b;
void main() {
  S s1 = S(1u, vec2(2.0, 3.0), uint[3](4u, 5u, 6u));
  S s2 = S(b.k, vec2(8.0, 9.0), uint[3](10u, 11u, b.k + 1u));
  S x = b.k != 0u ? s1 : s2;
  uint u1[3] = uint[3](1u, 2u, 3u);
  uint u2[3] = uint[3](4u, 5u, b.k);
  uint u[3] = b.k != 0u ? u1 : u2;
  b.r[0] = x.a; b.r[1] = uint(x.b.x); b.r[2] = uint(x.b.y); b.r[3] = x.c[0]; b.r[4] = x.c[1]; b.r[5] = x.c[2];
  b.r[6] = u[0]; b.r[7] = u[1]; b.r[8] = u[2];
}
