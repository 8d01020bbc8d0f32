#version 450
// GL_EXT_shared_memory_block: shared blocks with explicit layout, which
// all alias one another (SPV_KHR_workgroup_memory_explicit_layout): words
// written through one block are read as bytes, 16-bit values and 64-bit
// values through the others. GL_EXT_null_initializer: a function variable
// initialized to zero with `= {}` (an OpConstantNull initializer).
#extension GL_EXT_shared_memory_block : require
#extension GL_EXT_null_initializer : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 64) in;
shared Words { uint w[64]; } words;
shared Halves { uint16_t h[128]; } halves;
shared Longs { uint64_t l[32]; } longs;
shared Bytes { uint8_t b[256]; } bytes_;
layout(std430, binding = 0) readonly buffer In { uint values[]; };
layout(std430, binding = 1) writeonly buffer Out { uvec4 outs[]; };
struct Acc { uint sum; uvec2 pair; float f; };
void main() {
    uint i = gl_LocalInvocationIndex;
    uint g = gl_GlobalInvocationID.x;
    Acc acc = {};
    words.w[i] = values[g];
    barrier();
    acc.sum = uint(halves.h[2u * ((i + 1u) % 64u) + 1u]) + uint(bytes_.b[(i * 3u) % 256u]);
    acc.pair = unpack32(longs.l[(i + 7u) % 32u]);
    barrier();
    halves.h[(127u - 2u * i)] = uint16_t(i * 1000u);
    barrier();
    outs[g] = uvec4(acc.sum, acc.pair.x ^ acc.pair.y, words.w[63u - i] + uint(acc.f), 0u);
}
