// OpenCL.std instructions no other corpus program uses, each checked against
// PoCL (test/corpus/run.toml gives each output the precision of the
// OpenCL C specification's tables).
__kernel void opencl_std_rest(__global const float *x, __global const int *n, __global float *exact,
                              __global float *ulp3, __global float *ulp16, __global float *half_precision,
                              __global int *ints, __global half *halves, __global float *native) {
  size_t i = get_global_id(0);
  float a = x[2 * i], b = x[2 * i + 1];
  int p = n[2 * i], q = n[2 * i + 1];
  float4 v = (float4)(a, b, a - b, 1.0f);

  // Exact: clamp, min/max of the common functions, mad of small integers,
  // ldexp, logb, nextafter, bitselect, select.
  exact[8 * i + 0] = clamp(a, -2.0f, 3.0f);
  exact[8 * i + 1] = max(a, b);
  exact[8 * i + 2] = min(a, b);
  exact[8 * i + 3] = mad(floor(a), floor(b), 3.0f);
  exact[8 * i + 4] = ldexp(a, q % 8);
  exact[8 * i + 5] = logb(a == 0.0f ? 1.0f : a);
  exact[8 * i + 6] = nextafter(a, b);
  exact[8 * i + 7] = as_float(bitselect(as_uint(a), as_uint(b), 0x80ff00ffu));

  // 3 ulp (exp10, log10); radians/degrees are 2 ulp.
  ulp3[4 * i + 0] = exp10(a * 0.25f);
  ulp3[4 * i + 1] = log10(fabs(a) + 0.5f);
  ulp3[4 * i + 2] = radians(a * 10.0f);
  ulp3[4 * i + 3] = degrees(b);

  // 16 ulp: pown, powr, tgamma, lgamma (checked within the same bound).
  ulp16[4 * i + 0] = pown(a, q % 5);
  ulp16[4 * i + 1] = powr(fabs(a) + 0.25f, b);
  ulp16[4 * i + 2] = tgamma(fabs(a) + 0.5f);
  ulp16[4 * i + 3] = lgamma(fabs(b) + 0.5f);

  // half_* (8192 ulp) and fast_distance/fast_normalize.
  float h = fabs(a) + 0.5f;
  half_precision[16 * i + 0] = half_cos(a);
  half_precision[16 * i + 1] = half_divide(a, h);
  half_precision[16 * i + 2] = half_exp(b * 0.5f);
  half_precision[16 * i + 3] = half_exp2(b * 0.5f);
  half_precision[16 * i + 4] = half_exp10(b * 0.25f);
  half_precision[16 * i + 5] = half_log(h);
  half_precision[16 * i + 6] = half_log2(h);
  half_precision[16 * i + 7] = half_log10(h);
  half_precision[16 * i + 8] = half_powr(h, b * 0.5f);
  half_precision[16 * i + 9] = half_recip(h);
  half_precision[16 * i + 10] = half_rsqrt(h);
  half_precision[16 * i + 11] = half_sin(a);
  half_precision[16 * i + 12] = half_sqrt(h);
  half_precision[16 * i + 13] = half_tan(a * 0.25f);
  half_precision[16 * i + 14] = fast_distance(v.xy, v.zw);
  half_precision[16 * i + 15] = fast_normalize(v).y;

  // native_*: implementation-defined precision (checked loosely).
  native[14 * i + 0] = native_cos(a);
  native[14 * i + 1] = native_divide(a, h);
  native[14 * i + 2] = native_exp(b * 0.5f);
  native[14 * i + 3] = native_exp2(b * 0.5f);
  native[14 * i + 4] = native_exp10(b * 0.25f);
  native[14 * i + 5] = native_log(h);
  native[14 * i + 6] = native_log2(h);
  native[14 * i + 7] = native_log10(h);
  native[14 * i + 8] = native_powr(h, b * 0.5f);
  native[14 * i + 9] = native_recip(h);
  native[14 * i + 10] = native_rsqrt(h);
  native[14 * i + 11] = native_sin(a);
  native[14 * i + 12] = native_sqrt(h);
  native[14 * i + 13] = native_tan(a * 0.25f);

  // Integers: clamp, mul_hi, mad24, mul24, abs, shuffle2.
  uint u = (uint)p, w = (uint)q;
  ints[8 * i + 0] = (int)clamp(u, 100u, 1000000u);
  ints[8 * i + 1] = mul_hi(p, q);
  ints[8 * i + 2] = (int)mad24(u & 0xffffffu, w & 0xffffffu, 7u);
  ints[8 * i + 3] = (int)mul24(u & 0x7fffffu, w & 0x7fffffu);
  ints[8 * i + 4] = (int)abs(u);
  int4 s = shuffle2((int4)(p, q, p ^ q, 3), (int4)(-1, -2, -3, -4), (uint4)(7, 0, 5, 2));
  ints[8 * i + 5] = s.x + s.y;
  ints[8 * i + 6] = s.z * 3 + s.w;
  ints[8 * i + 7] = mul_hi(u, w) == 0u ? 1 : 0;

  // Half loads and stores: vload_halfn, vloada_halfn, vstore_half_r,
  // vstore_halfn, vstore_halfn_r, vstorea_halfn, vstorea_halfn_r.
  __global half *out = halves + 32 * i;
  vstore_half_rtz(a, 0, out);
  vstore_half_rtp(b, 1, out);
  vstore_half4(v, 1, out);
  vstore_half4_rtn(v * 3.1f, 2, out);
  vstorea_half4(v * 0.3f, 3, out);
  vstorea_half4_rtz(v * 7.7f, 4, out);
  float4 back = vload_half4(1, out) + vloada_half4(3, out);
  vstore_half4_rte(back, 5, out);
  vstore_half2(vload_half2(4, out), 12, out);
}
