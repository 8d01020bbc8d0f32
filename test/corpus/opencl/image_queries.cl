// Image queries over 1D, 2D, 3D and 2D array images of several formats.
// get_image_channel_data_type is taken modulo 16: clang-22 writes it as
// OpImageQueryFormat without adding CL_SNORM_INT8 (0x10D0, a multiple of
// 16), so the SPIR-V value and OpenCL's agree below 16 (docs/differential.md).
__kernel void image_queries(read_only image1d_t a, read_only image2d_t b, read_only image3d_t c,
                            read_only image2d_array_t d, __global int *out) {
    int i = get_global_id(0);
    int v[16];
    v[0] = get_image_width(a);
    v[1] = get_image_width(b);
    v[2] = get_image_height(b);
    v[3] = get_image_width(c);
    v[4] = get_image_height(c);
    v[5] = get_image_depth(c);
    v[6] = get_image_width(d);
    v[7] = get_image_height(d);
    v[8] = (int)get_image_array_size(d);
    int4 dim3 = get_image_dim(c);
    v[9] = dim3.x * 10000 + dim3.y * 100 + dim3.z;
    int2 dim2 = get_image_dim(d);
    v[10] = dim2.x * 100 + dim2.y;
    v[11] = get_image_channel_order(a);
    v[12] = get_image_channel_order(c);
    v[13] = get_image_channel_data_type(b) % 16;
    v[14] = get_image_channel_data_type(d) % 16;
    v[15] = get_image_channel_order(d);
    out[i] = v[i % 16] + (i / 16) * (int)read_imagef(c, (int4)(i % 3, 1, 1, 0)).x;
}
