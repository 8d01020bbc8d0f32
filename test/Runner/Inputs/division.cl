// Integer division and remainder on inputs with zero divisors and
// MIN / -1 pairs (test/Runner/division.test): T (a scalar type) and V (its
// 4-vector) come from -D. Signed types give OpSDiv and OpSRem, unsigned ones
// OpUDiv and OpUMod.
kernel void divide(global const T *n, global const T *d, global T *result) {
  size_t i = get_global_id(0);
  result[6 * i] = n[i] / d[i];
  result[6 * i + 1] = n[i] % d[i];
  V vn = (V)(n[i], n[i ^ 1], n[i ^ 2], n[i ^ 3]);
  V vd = (V)(d[i], d[i ^ 1], d[i ^ 2], d[i ^ 3]);
  V q = vn / vd;
  V r = vn % vd;
  result[6 * i + 2] = q.x;
  result[6 * i + 3] = q.w;
  result[6 * i + 4] = r.x;
  result[6 * i + 5] = r.w;
}
