// write_imagef on an image whose format only the descriptor knows
// (test/Runner/opencl-image-write.test): inlined for RGBA8
// (image_inline.rs, rgba8_write), the host's otherwise.

// Each work-item writes values[i] at its id shifted by (dx, dy): a 9x6
// grid over a 5x4 image puts writes outside on every side.
__kernel void shifted(write_only image2d_t img, __global const float4 *values, int dx, int dy) {
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_global_size(0);
    write_imagef(img, (int2)(x + dx, y + dy), values[y * w + x]);
}

// A read through the inlined clamp-to-edge sampler and a write, both
// behind descriptor tests (the vectorized function versioned on them).
const sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void copy_shifted(read_only image2d_t src, write_only image2d_t dst) {
    int x = get_global_id(0), y = get_global_id(1);
    float4 texel = read_imagef(src, edge, (int2)(x - 1, y + 1));
    write_imagef(dst, (int2)(x, y), texel * 2.0f - 0.25f);
}
