#version 450
#extension GL_EXT_shader_atomic_float2 : require
// imageAtomicMin/Max on an r32f image and an r32f texel buffer
// (OpAtomicFMinEXT/FMaxEXT on OpImageTexelPointer): invocation i offers
// (i * 7) % 16 - 8 to texel i % 2 of each.
layout(local_size_x = 16) in;
layout(binding = 0, r32f) uniform image2D extremes;
layout(binding = 1, r32f) uniform imageBuffer texels;
layout(std430, binding = 2) buffer Old { float old[]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    float v = float(int((i * 7u) % 16u) - 8);
    imageAtomicMin(extremes, ivec2(i % 2u, 0), v);
    imageAtomicMax(extremes, ivec2(i % 2u, 1), v);
    imageAtomicMax(texels, int(i % 2u), v * 0.5);
    // each invocation alone on texel 2 + i: the old value is the initial one
    old[i] = imageAtomicMin(texels, int(2u + i), v);
}
