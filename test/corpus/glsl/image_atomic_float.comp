#version 450
// target-env: vulkan1.2
// GL_EXT_shader_atomic_float(2) on images: imageAtomicAdd, imageAtomicMin
// and imageAtomicMax on an r32f storage image and an r32f texel buffer,
// 64 invocations contending for each texel. Integer values: sums are exact
// in any order.
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, r32f) uniform image2D sums;
layout(binding = 1, r32f) uniform image2D extremes;
layout(binding = 2, r32f) uniform imageBuffer texels;
layout(std430, binding = 3) readonly buffer In { float values[]; };
void main() {
    uvec2 id = gl_GlobalInvocationID.xy;
    uint i = id.y * 32u + id.x;
    float v = values[i];
    ivec2 t = ivec2(id & 3u);
    imageAtomicAdd(sums, t, v);
    imageAtomicMin(extremes, ivec2(t.x, 0), v);
    imageAtomicMax(extremes, ivec2(t.x, 1), v);
    imageAtomicAdd(texels, int(i % 7u), v * 0.5);
    imageAtomicMax(texels, 7 + int(i % 5u), v);
}
