// Integer division and remainder on inputs with zero divisors and
// MIN / -1 pairs (test/Runner/division.test): T (a scalar type) and V (its
// 4-vector) come from -D. Signed types give OpSDiv and OpSMod, unsigned ones
// OpUDiv and OpUMod. Each invocation i divides pair i as scalars, and pairs
// i, i^1, i^2, i^3 as one vector.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) readonly buffer Dividends { T n[]; };
layout(std430, set = 0, binding = 1) readonly buffer Divisors { T d[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Out { T result[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  result[6 * i] = n[i] / d[i];
  result[6 * i + 1] = n[i] % d[i];
  V vn = V(n[i], n[i ^ 1], n[i ^ 2], n[i ^ 3]);
  V vd = V(d[i], d[i ^ 1], d[i ^ 2], d[i ^ 3]);
  V q = vn / vd;
  V r = vn % vd;
  // Components 0 and 3 of each: pairs i and i^3.
  result[6 * i + 2] = q.x;
  result[6 * i + 3] = q.w;
  result[6 * i + 4] = r.x;
  result[6 * i + 5] = r.w;
}
