// Integer built-ins on every width, long and ulong above all: popcount,
// clz, ctz (OpenCL C 2.0), mad_sat, add_sat, sub_sat, hadd, rhadd, mul_hi,
// mad_hi, abs, abs_diff, rotate, clamp, upsample, on scalars and vectors.
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
#define CTZ(x) ctz(x)
#else
#define CTZ(x) popcount((__typeof__(x))(((x) & -(x)) - 1))
#endif

kernel void long_integer(global const ulong *in, global ulong *out, global uint *counts) {
    size_t i = get_global_id(0);
    ulong a = in[2 * i], b = in[2 * i + 1];
    long s = (long)a, t = (long)b;
    size_t o = 16 * i;
    out[o + 0] = mad_sat(s >> 31, t >> 33, s);
    out[o + 1] = mad_sat(a >> 30, b >> 31, b);
    out[o + 2] = add_sat(s, t);
    out[o + 3] = sub_sat(a, b);
    out[o + 4] = hadd(s, t);
    out[o + 5] = rhadd(a, b);
    out[o + 6] = mul_hi(s, t);
    out[o + 7] = mul_hi(a, b);
    out[o + 8] = mad_hi(a, b, a ^ b);
    out[o + 9] = abs(s);
    out[o + 10] = abs_diff(s, t);
    out[o + 11] = rotate(a, b);
    out[o + 12] = clamp(s, -(t >> 2), t >> 1 | 1);
    out[o + 13] = upsample((uint)(a >> 7), (uint)b);
    long2 v = (long2)(s, t);
    long2 w = rhadd(v, v.yx) + hadd(v, (long2)(-1)) + sub_sat(v, v.yx);
    out[o + 14] = (ulong)(w.x ^ w.y);
    out[o + 15] = (ulong)mul_hi((ulong2)(a, b), (ulong2)(b, a)).x + (ulong)mad_sat((int)a, (int)b, (int)(a >> 32));
    uchar c = (uchar)a; short h = (short)(b >> 16); int n = (int)(a >> 20); ulong z = a >> (b & 63);
    counts[8 * i + 0] = popcount(c) | (popcount(h) << 8) | (popcount(n) << 16) | ((uint)popcount(z) << 24);
    counts[8 * i + 1] = clz(c) | (clz(h) << 8) | (clz(n) << 16) | ((uint)clz(z) << 24);
    counts[8 * i + 2] = CTZ(c) | (CTZ(h) << 8) | (CTZ(n) << 16) | ((uint)CTZ(z) << 24);
    uchar4 c4 = as_uchar4((uint)b);
    short4 h4 = as_short4(a);
    counts[8 * i + 3] = as_uint(popcount(c4) + clz(c4));
    counts[8 * i + 4] = as_uint(convert_uchar4(popcount(h4) + clz(h4)));
    counts[8 * i + 5] = as_uint(hadd(c4, c4.wzyx)) ^ as_uint(rhadd(c4, (uchar4)(255)));
    counts[8 * i + 6] = (uint)add_sat((char)a, (char)b) | ((uint)(ushort)sub_sat((short)a, (short)(b >> 3)) << 8);
    counts[8 * i + 7] = mul_hi((uint)a, (uint)b) ^ (uint)mul_hi((short)a, (short)b) ^ (uint)mad_hi((char)a, (char)b, (char)7);
}
