// Integer coordinates: a sampler argument (unnormalized, nearest, clamped
// to the border) reads a frame of border texels around the source, and
// reads without a sampler copy the inside; integer texels, signed and
// unsigned, through read_imageui/read_imagei and write_imageui/write_imagei.
__kernel void image_copy(read_only image2d_t src, sampler_t nearest, write_only image2d_t framed,
                         read_only image2d_t signed_src, write_only image2d_t signed_dst, __global int *sums) {
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_image_width(framed), h = get_image_height(framed);
    uint4 texel = read_imageui(src, nearest, (int2)(x - 2, y - 1));
    write_imageui(framed, (int2)(x, y), texel);
    int2 inside = (int2)(min(x, get_image_width(signed_src) - 1), min(y, get_image_height(signed_src) - 1));
    int4 value = read_imagei(signed_src, inside);
    write_imagei(signed_dst, inside, value * (int4)(-1, 2, 3, 1));
    sums[y * w + x] = value.x + value.y + value.z + value.w + (int)texel.x;
}
