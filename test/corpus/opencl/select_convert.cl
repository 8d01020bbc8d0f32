// select, shuffle, and conversions with saturation and rounding modes.
__kernel void select_convert(__global float4 *f, __global int4 *i4, __global uchar4 *bytes) {
  size_t i = get_global_id(0);
  float4 v = f[i];
  int4 m = isgreater(v, (float4)(0.0f));
  f[i] = select(-v, v, m);
  i4[i] = convert_int4_rtz(v * 10.0f) + shuffle(i4[i], (uint4)(3, 2, 1, 0));
  bytes[i] = convert_uchar4_sat_rte(v * 100.0f);
}
