// OpenCL.std integer built-ins, signed and unsigned, scalar and vector.
__kernel void integer(__global int *s, __global uint *u, __global int4 *v) {
  size_t i = get_global_id(0);
  int a = s[i]; uint b = u[i]; int4 c = v[i];
  s[i] = clz(a) + popcount(a) + mad_hi(a, a, 7) + add_sat(a, 100) + sub_sat(a, 5) + rotate(a, 3) + abs(a)
      + hadd(a, 9) + mul24(a & 0xffff, 3) + mad24(a & 0xff, 2, 1) + max(a, 0) + min(a, 10) + clamp(a, -5, 5);
  u[i] = add_sat(b, 7u) + mad_hi(b, b, b) + rhadd(b, 1u) + abs_diff(b, 3u) + popcount(b) + upsample((ushort)b, (ushort)1);
  v[i] = mad_hi(c, c, c) + clz(c) + rotate(c, (int4)(1, 2, 3, 4));
}
