// Format conversions: read_imagef of UNORM8 (RGBA and BGRA) and 16-bit
// float texels, written to half floats, UNORM16 and SNORM8 (write_imagef
// rounds and saturates), with integer coordinates and no sampler.
__kernel void image_convert(read_only image2d_t rgba, read_only image2d_t bgra, read_only image2d_t halves,
                            write_only image2d_t to_half, write_only image2d_t to_unorm16,
                            write_only image2d_t to_snorm8) {
    int2 at = (int2)((int)get_global_id(0), (int)get_global_id(1));
    float4 a = read_imagef(rgba, at);
    float4 b = read_imagef(bgra, at);
    float4 h = read_imagef(halves, at);
    write_imagef(to_half, at, a * 3.0f - b + h);
    write_imagef(to_unorm16, at, (float4)(0.25f * a.x + 0.5f * b.y + 0.25f * a.z, 0.0f, 0.0f, 1.0f));
    write_imagef(to_snorm8, at, h * 0.25f - a);
}
