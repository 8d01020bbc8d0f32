// OpenCL.std functions with pointer results (remquo, fract, sincos, modf,
// frexp, lgamma_r) writing through private, local and global pointers;
// nan(); convert_<type>_sat_<mode>; vload_half/vstore_half_r*;
// shuffle/shuffle2; async_work_group_copy and wait_group_events; prefetch.
kernel void pointer_math(global const float *in, global float *out, global int *ints,
                         global half *halves, local float *tile) {
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    size_t g = get_group_id(0);
    event_t e = async_work_group_copy(tile, in + g * n, n, 0);
    wait_group_events(1, &e);
    prefetch(in + g * n, n);
    float x = tile[l], y = tile[(l + 1) % n] + 0.5f;
    size_t o = 12 * i;
    int q;
    out[o + 0] = remquo(x, y, &q);
    ints[8 * i + 0] = (q < 0 ? -1 : 1) * (abs(q) & 7);   // remquo: the sign and at least 3 low bits
    float whole;
    out[o + 1] = fract(x, &whole);
    out[o + 2] = whole;
    local float cosines[256];
    out[o + 3] = sincos(x * 0.01f, &cosines[l]);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[o + 4] = cosines[(l + 3) % n];
    out[o + 5] = modf(y, out + o + 6);
    int e2;
    out[o + 7] = frexp(x, &e2);
    ints[8 * i + 1] = e2;
    int sign;
    // lgamma's accuracy is undefined in OpenCL: only its sign is compared
    out[o + 8] = 0.0f * lgamma_r(x * 0.01f + 0.25f, &sign) + whole;
    ints[8 * i + 2] = sign;
    // nan(): a quiet NaN (its payload is the implementation's choice)
    ints[8 * i + 3] = isnan(nan((uint)i)) + 2 * isnan(nan((uint)i) + 1.0f);
    ints[8 * i + 4] = convert_int_sat_rtn(x * 1e8f);
    ints[8 * i + 5] = convert_int_sat_rtp(y * -3e7f);
    ints[8 * i + 6] = convert_int_sat_rtz(x * -3e7f);
    ints[8 * i + 7] = (int)convert_char_sat_rte(x * 2.0f) * 65536 + (int)convert_ushort_sat_rtn(y * 640.0f);
    out[o + 9] = (float)convert_short_sat_rte(x * 400.0f) + (float)convert_uchar_sat_rtz(y);
    float4 v = vload4(0, tile + (l & ~3));
    uint4 mask = (uint4)((uint)l, (uint)(l >> 1), (uint)(l >> 2), (uint)(7 - (l & 7))) & 7;
    float4 s = shuffle2(v, v * 2.0f, mask) + shuffle(v, mask.wzyx & 3);
    out[o + 10] = s.x + s.y * 3.0f + s.z * 5.0f + s.w * 7.0f;
    // half conversions by rounding mode, stored and loaded
    vstore_half_rte(x * 1.001f, 4 * i + 0, halves);
    vstore_half_rtz(x * 1.001f, 4 * i + 1, halves);
    vstore_half_rtp(y * 0.999f, 4 * i + 2, halves);
    vstore_half_rtn(y * 0.999f, 4 * i + 3, halves);
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[o + 11] = vload_half(4 * i + 1, (global const half *)halves) + vload_half(4 * i + 3, (global const half *)halves);
}
