// OpenCL C's convert_<type>_sat between integer types of either signedness:
// clang-22 emits OpSatConvertSToU / OpSatConvertUToS for a change of
// signedness (scalars and vectors, narrower, as wide and wider results).
__kernel void saturating_conversions(__global const int *a, __global const uint *b, __global const long *c,
                                     __global uint *u, __global int *s, __global uchar *u8, __global char *s8,
                                     __global ulong *u64, __global ushort4 *u16v, __global int4 *s32v) {
  size_t i = get_global_id(0);
  u[i] = convert_uint_sat(a[i]);
  s[i] = convert_int_sat(b[i]);
  u8[2 * i] = convert_uchar_sat(a[i]);
  u8[2 * i + 1] = convert_uchar_sat(c[i]);
  s8[2 * i] = convert_char_sat(b[i]);
  s8[2 * i + 1] = convert_char_sat((ulong)c[i]);
  u64[i] = convert_ulong_sat(a[i]);
  int4 v = (int4)(a[i], a[i] >> 12, -a[i], a[i] >> 20);
  u16v[i] = convert_ushort4_sat(v);
  s32v[i] = convert_int4_sat((uint4)(b[i], b[i] >> 1, ~b[i], b[i] >> 24));
}
