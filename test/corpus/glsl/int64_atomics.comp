#version 450
// target-env: vulkan1.2
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
layout(local_size_x = 32) in;
layout(std430, binding = 0) readonly buffer In { uint64_t a[]; };
layout(std430, binding = 1) buffer Out { ivec4 bits[]; };
layout(std430, binding = 2) buffer Acc { uint64_t umax; uint64_t umin; int64_t smax; int64_t smin; uint64_t andv; uint64_t orv; uint64_t xorv; uint64_t sum; uint64_t cas; };
shared int64_t s_min;
shared uint64_t s_or;
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint64_t x = a[i];
    int64_t s = int64_t(x);


    bits[i] = ivec4(int(x >> 40), int(s >> 60), int(x), 0);
    if (gl_LocalInvocationIndex == 0) { s_min = 0x7fffffffffffffffl; s_or = 0ul; }
    barrier();
    atomicMax(umax, x);
    atomicMin(umin, x);
    atomicMax(smax, s);
    atomicMin(smin, s);
    atomicAnd(andv, x | 0x8000000000000001ul);
    atomicOr(orv, x & 0x00ff00ff00ff00fful);
    atomicXor(xorv, x);
    atomicAdd(sum, x >> 8);
    atomicCompSwap(cas, 0ul, 0xdeadbeefcafef00dul);
    atomicMin(s_min, s);
    atomicOr(s_or, x);
    barrier();
    if (gl_LocalInvocationIndex == 0) {
        atomicXor(xorv, uint64_t(s_min) ^ s_or);
    }
}
