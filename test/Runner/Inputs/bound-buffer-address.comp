#version 450
// A buffer both bound (set 0, binding 0) and given by address (its
// vkGetBufferDeviceAddress in the push constants): loads, stores and
// atomics through the address, what one way writes read the other way
// after a barrier, and loads past the buffer's end.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 8) in;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words {
    uint w[];
};

// A block of 32 words, bound to 24: the rest reads zero (checked code).
layout(set = 0, binding = 0, std430) buffer Data { uint data[32]; };
layout(set = 0, binding = 1, std430) buffer Out { uint result[]; };

layout(push_constant) uniform Addresses {
    Words words;     // byte 0 of binding 0
    uint64_t inner;  // byte 16 of binding 0, as an integer
} pc;

void main() {
    uint i = gl_LocalInvocationID.x;
    result[i] = pc.words.w[i];
    result[8 + i] = Words(pc.inner).w[i];
    memoryBarrierBuffer();
    barrier();
    pc.words.w[8 + i] = 3 * i + 1;
    atomicAdd(pc.words.w[16], i + 1);
    atomicMax(pc.words.w[17], 2000 + i);
    // Past the end of the buffer (24 words): zero.
    result[16 + i] = pc.words.w[24 + i];
    if (i < 4) {
        data[20 + i] = 500 + i;
    }
    memoryBarrierBuffer();
    barrier();
    result[24 + i] = data[8 + i];
    result[32 + i] = pc.words.w[20 + (i & 3)];
    // Stores past the end do nothing.
    pc.words.w[40 + i] = 77;
}
