// OpenCL images and samplers (test/Runner/opencl-images.test): sampling
// through a sampler argument and through literal samplers, integer
// coordinates, every kind of image OpenCL C has, queries.

__kernel void sample_modes(read_only image2d_t img, sampler_t s, __global const float2 *at, __global float4 *out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, s, at[i]);
}

__kernel void sample_integer(read_only image2d_t img, sampler_t s, __global float4 *out) {
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_global_size(0);
    out[y * w + x] = read_imagef(img, s, (int2)(x - 2, y - 1));
}

const sampler_t nearest_none = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
const sampler_t linear_edge = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
const sampler_t linear_clamp = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
const sampler_t linear_repeat = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
const sampler_t nearest_mirror = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;
const sampler_t linear_pixels = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void literal_samplers(read_only image2d_t img, __global const float2 *at, __global float4 *out) {
    int i = get_global_id(0);
    float2 p = at[i];
    out[6 * i + 0] = read_imagef(img, nearest_none, clamp(p, 0.0f, 0.99f));
    out[6 * i + 1] = read_imagef(img, linear_edge, p);
    out[6 * i + 2] = read_imagef(img, linear_clamp, p);
    out[6 * i + 3] = read_imagef(img, linear_repeat, p);
    out[6 * i + 4] = read_imagef(img, nearest_mirror, p);
    out[6 * i + 5] = read_imagef(img, linear_pixels, p * (float2)(get_image_width(img), get_image_height(img)));
}

// Integer coordinates through a literal unnormalized, nearest,
// clamp-to-edge sampler: inlined on RGBA8 images (image_inline.rs).
const sampler_t pixel_edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void literal_integer(read_only image2d_t img, __global float4 *out) {
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_global_size(0);
    out[y * w + x] = read_imagef(img, pixel_edge, (int2)(x - 2, y - 1));
}

#if __OPENCL_C_VERSION__ >= 200
// A texel buffer, a read_write 1D image, a 1D array and a 3D image
// sampled linearly; a 2D array written; the queries of each.
__kernel void kinds(read_only image1d_buffer_t buf, read_write image1d_t rw, read_only image1d_array_t arr,
                    read_only image3d_t vol, write_only image2d_array_t layers, __global int *info,
                    __global float4 *out) {
    int i = get_global_id(0);
    float4 b = read_imagef(buf, i);
    float4 r = read_imagef(rw, i);
    write_imagef(rw, i, b + r);
    out[3 * i] = read_imagef(arr, (int2)(i % get_image_width(arr), i / get_image_width(arr)));
    float4 at = (float4)(((float)i + 0.25f) / 8.0f, 0.375f, 0.625f, 0.0f);
    out[3 * i + 1] = read_imagef(vol, linear_edge, at);
    out[3 * i + 2] = (float4)(b.x, r.x, 0.0f, 0.0f);
    write_imagef(layers, (int4)(i % 4, 1, i / 4, 0), (float4)((float)i, 0.5f, -1.0f, 2.0f));
    if (i == 0) {
        info[0] = get_image_width(buf);
        info[1] = get_image_width(rw);
        info[2] = get_image_width(arr);
        info[3] = (int)get_image_array_size(arr);
        int4 d = get_image_dim(vol);
        info[4] = d.x * 100 + d.y * 10 + d.z;
        info[5] = get_image_width(layers) * 100 + get_image_height(layers) * 10 + (int)get_image_array_size(layers);
        info[6] = get_image_channel_order(buf);
        info[7] = get_image_channel_order(arr);
        info[8] = get_image_channel_order(vol);
        info[9] = get_image_channel_data_type(rw) % 16;
        info[10] = get_image_channel_data_type(arr) % 16;
    }
}
#endif
