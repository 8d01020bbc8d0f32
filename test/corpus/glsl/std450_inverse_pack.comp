// target-env: vulkan1.0
// GLSL.std.450 instructions issue 16 found refused, run against lavapipe:
// MatrixInverse (2x2, 3x3, 4x4), Determinant (3x3, 4x4), Modf (the pointer
// form glslang emits for modf), FrexpStruct, and every pack/unpack pair
// (Unorm/Snorm 2x16 and 4x8, Half2x16, Double2x32).
#version 450
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) readonly buffer In { vec4 v[]; } inputs;
layout(std430, set = 0, binding = 1) buffer Matrices { vec4 m[]; } matrices;
layout(std430, set = 0, binding = 2) buffer Exact { vec4 e[]; } exact;
layout(std430, set = 0, binding = 3) buffer Ints { uint u[]; } ints;
layout(std430, set = 0, binding = 4) buffer Doubles { dvec2 d[]; } doubles;
layout(std430, set = 0, binding = 5) buffer Unpacked { vec4 p[]; } unpacked;
void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 a = inputs.v[4 * i], b = inputs.v[4 * i + 1], c = inputs.v[4 * i + 2], d = inputs.v[4 * i + 3];
  // Diagonally dominant: well conditioned, so the inverse is close in floats.
  mat4 m4 = mat4(a + vec4(8, 0, 0, 0), b + vec4(0, 8, 0, 0), c + vec4(0, 0, 8, 0), d + vec4(0, 0, 0, 8));
  mat3 m3 = mat3(m4);
  mat2 m2 = mat2(m4);
  mat4 i4 = inverse(m4);
  mat3 i3 = inverse(m3);
  mat2 i2 = inverse(m2);
  uint base = 10u * i;
  matrices.m[base + 0u] = i4[0];
  matrices.m[base + 1u] = i4[1];
  matrices.m[base + 2u] = i4[2];
  matrices.m[base + 3u] = i4[3];
  matrices.m[base + 4u] = vec4(i3[0], i3[1].x);
  matrices.m[base + 5u] = vec4(i3[1].yz, i3[2].xy);
  matrices.m[base + 6u] = vec4(i3[2].z, i2[0], i2[1].x);
  matrices.m[base + 7u] = vec4(i2[1].y, determinant(m4), determinant(m3), determinant(m2));
  vec4 whole;
  vec4 fraction = modf(a * 13.25, whole);
  ivec4 exponent;
  vec4 mantissa = frexp(b * 1000.0, exponent);
  matrices.m[base + 8u] = fraction;
  matrices.m[base + 9u] = mantissa;
  exact.e[2u * i] = whole;
  exact.e[2u * i + 1u] = vec4(exponent);
  // Packing: inputs in [-1.5, 1.5] test the clamps. The packed words are
  // compared exactly, the unpacked values (each a division by 255, 127,
  // 65535 or 32767, or a half widened) within division's precision.
  uint u0 = packUnorm4x8(a * 0.75 + 0.5);
  uint u1 = packSnorm4x8(b);
  uint u2 = packUnorm2x16(c.xy * 0.75 + 0.5);
  uint u3 = packSnorm2x16(d.zw);
  uint u4 = packHalf2x16(a.zw * 100.0);
  uvec2 halves = unpackDouble2x32(double(a.x) * 3.0);
  uint base_u = 8u * i;
  ints.u[base_u + 0u] = u0;
  ints.u[base_u + 1u] = u1;
  ints.u[base_u + 2u] = u2;
  ints.u[base_u + 3u] = u3;
  ints.u[base_u + 4u] = u4;
  ints.u[base_u + 5u] = halves.x;
  ints.u[base_u + 6u] = halves.y;
  ints.u[base_u + 7u] = packUnorm4x8(unpackUnorm4x8(u0)) ^ packSnorm4x8(unpackSnorm4x8(u1));
  unpacked.p[4u * i + 0u] = unpackUnorm4x8(u0);
  unpacked.p[4u * i + 1u] = unpackSnorm4x8(u1);
  unpacked.p[4u * i + 2u] = vec4(unpackUnorm2x16(u2), unpackSnorm2x16(u3));
  unpacked.p[4u * i + 3u] = vec4(unpackHalf2x16(u4), unpackHalf2x16(u4 ^ 0x80008000u));
  doubles.d[i] = dvec2(packDouble2x32(uvec2(u0, (u1 & 0x0fffffffu) | 0x10000000u)), packDouble2x32(uvec2(u2, 0x40000000u)));
}
