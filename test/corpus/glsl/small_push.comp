#version 450
// target-env: vulkan1.2
// 8- and 16-bit types in push constants and uniform blocks
// (storagePushConstant8/16, uniformAndStorageBuffer8/16BitAccess): scalars,
// vectors and arrays of int8, uint16, float16 read directly, their offsets
// packed as the std430 (push constants) and std140 (uniform) rules say.
// The half product is exact (an 8-bit integer times 0.5), so a fused
// multiply-add rounds as the separate operations do.
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 32) in;
layout(push_constant, std430) uniform Push {
    int8_t bias;          // 0
    uint8_t shift;        // 1
    uint16_t scale;       // 2
    float16_t half_scale; // 4
    i8vec2 offsets;       // 6
    u16vec2 limits;       // 8
    uint8_t table[4];     // 12
} pc;
layout(std140, binding = 0) uniform U {
    f16vec4 weights;      // 0
    i16vec2 pairs[3];     // 16, stride 16
    uint8_t bytes_[2];    // 64, stride 16
    u8vec4 packed_;       // 96
} u;
layout(std430, binding = 1) readonly buffer In { uint values[]; };
layout(std430, binding = 2) writeonly buffer Out { uvec4 outs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = values[i];
    int a = int(int8_t(v)) * int(pc.scale) + int(pc.bias) + int(pc.offsets[i & 1u]);
    uint b = min(v >> pc.shift, uint(pc.limits.y)) + uint(pc.table[i & 3u]);
    float16_t h = float16_t(int8_t(v >> 16)) * pc.half_scale + u.weights[i & 3u];
    int c = int(u.pairs[i % 3u].x) * int(u.pairs[(i + 1u) % 3u].y) + int(u.bytes_[i & 1u]) + int(u.packed_[i & 3u]);
    outs[i] = uvec4(uint(a), b, uint(float16BitsToUint16(h)), uint(c));
}
