// target-env: vulkan1.2
// Specialization constants of every width and composites of them (issue 16:
// an OpSpecConstant whose default MLIR's op cannot carry, spec-constant
// composites and OpSpecConstantOp on them), and OpSelect of a
// struct and of an array (SPIR-V 1.4 and later: glslang selects whole
// composites).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(constant_id = 0) const int64_t BIG = -81985529216486895l;
layout(constant_id = 1) const uint64_t UBIG = 0xfedcba9876543210ul;
layout(constant_id = 2) const double SCALE = 1.0e-300;
layout(constant_id = 3) const int16_t SMALL = int16_t(-1234);
layout(constant_id = 4) const float16_t HALF = float16_t(0.333);
layout(constant_id = 5) const uint A = 7u;
layout(constant_id = 6) const uint B = 9u;
const uvec2 PAIR = uvec2(A, B);
const uvec2 SWAPPED = uvec2(B, A + B);
const uvec2 SUM = PAIR + SWAPPED * 3u;
struct S { uint a; float b; uvec2 c; };
layout(std430, set = 0, binding = 0) readonly buffer In { uint v[]; } inputs;
layout(std430, set = 0, binding = 1) buffer Out { uint u[]; } outs;
layout(std430, set = 0, binding = 2) buffer Wide { uint64_t w[]; } wide;
layout(std430, set = 0, binding = 3) buffer Doubles { double d[]; } doubles;
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = inputs.v[i];
  S s0 = S(x, float(x & 255u), ((i & 1u) != 0u ? PAIR : SWAPPED));
  S s1 = S(x ^ A, -float(x >> 24), ((i & 1u) != 0u ? SWAPPED : SUM));
  S s = (x & 4u) != 0u ? s0 : s1;
  uint[3] t0 = uint[3](x, A, B), t1 = uint[3](B, x >> 3, PAIR.y * 2u);
  uint[3] t = (x & 8u) != 0u ? t0 : t1;
  outs.u[8u * i + 0u] = s.a;
  outs.u[8u * i + 1u] = floatBitsToUint(s.b);
  outs.u[8u * i + 2u] = s.c.x * 1000u + s.c.y;
  outs.u[8u * i + 3u] = t[0] + t[1] * 3u + t[2] * 5u;
  outs.u[8u * i + 4u] = uint(int(SMALL) * int(x & 15u));
  outs.u[8u * i + 5u] = uint(float16BitsToUint16(HALF * float16_t(x & 7u)));
  outs.u[8u * i + 6u] = SUM.x * 100u + SUM.y;
  outs.u[8u * i + 7u] = uint(i < 16u);
  wide.w[2u * i] = uint64_t(BIG) * uint64_t(x) + UBIG;
  wide.w[2u * i + 1u] = UBIG >> (x & 63u);
  doubles.d[i] = SCALE * double(x);
}
