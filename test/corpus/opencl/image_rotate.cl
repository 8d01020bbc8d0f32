// An image rotation about the centre with a bilinear literal sampler
// (normalized coordinates, clamped to the border): each output texel reads
// the source where the rotation maps it. cos and sin of the angle come from
// the host, so both sides sample the very same points.
const sampler_t bilinear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void image_rotate(read_only image2d_t src, write_only image2d_t dst, float c, float s) {
    int x = get_global_id(0), y = get_global_id(1);
    int w = get_image_width(dst), h = get_image_height(dst);
    if (x >= w || y >= h) {
        return;
    }
    float cx = 0.5f * (float)w, cy = 0.5f * (float)h;
    float dx = (float)x + 0.5f - cx, dy = (float)y + 0.5f - cy;
    float sx = c * dx + s * dy + cx;
    float sy = c * dy - s * dx + cy;
    float2 at = (float2)(sx / (float)get_image_width(src), sy / (float)get_image_height(src));
    write_imagef(dst, (int2)(x, y), read_imagef(src, bilinear, at));
}
