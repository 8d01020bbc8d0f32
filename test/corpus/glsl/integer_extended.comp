// target-env: vulkan1.0
// Extended integer arithmetic on full-range words: uaddCarry, usubBorrow,
// umulExtended, imulExtended, and the signed and unsigned abs, sign, min,
// max and clamp of GLSL.std.450 (eight results per pair).
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint r[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint a = x[2 * i], b = x[2 * i + 1];
  uint carry, borrow, hi, lo;
  r[8 * i + 0] = uaddCarry(a, b, carry) + carry * 0x9E3779B9u;
  r[8 * i + 1] = usubBorrow(a, b, borrow) ^ (borrow << 31);
  umulExtended(a, b, hi, lo);
  r[8 * i + 2] = hi;
  r[8 * i + 3] = lo;
  int shi, slo;
  imulExtended(int(a), int(b), shi, slo);
  r[8 * i + 4] = uint(shi) ^ uint(slo);
  int sa = int(a), sb = int(b);
  r[8 * i + 5] = uint(abs(sa >> 1) + sign(sb) * 3);
  r[8 * i + 6] = uint(min(sa, sb)) ^ uint(max(sa, sb) >> 4);
  r[8 * i + 7] = max(a, b) ^ clamp(a, 1000u, 0x80000000u);
}
