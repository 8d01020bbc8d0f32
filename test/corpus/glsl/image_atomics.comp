#version 450
// target-env: vulkan1.1
// Image atomics (OpImageTexelPointer): every imageAtomic* on r32ui and
// r32i storage images and an r32ui texel buffer, imageAtomicExchange on
// r32f. Only order-independent results are kept: the final texels, the
// old values of exchanges and compare-exchanges on texels one invocation
// owns, and whether an add's old value lies in its range. Atomics outside
// the image change nothing (robustImageAccess).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 1, r32i) uniform iimage2D extremes;
layout(set = 0, binding = 2, r32ui) uniform uimageBuffer bits;
layout(set = 0, binding = 3, r32f) uniform image2D owned;
layout(set = 0, binding = 4, r32ui) uniform uimage2D swaps;
layout(set = 0, binding = 5) buffer Out { uint results[]; };

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    uint i = gl_GlobalInvocationID.y * 16u + gl_GlobalInvocationID.x;
    // 16 invocations on each texel of a 4x4 block: the old values are 0..15
    // in some order.
    uint before = imageAtomicAdd(counts, p / 4, 1u);
    imageAtomicAdd(counts, p / 4 + ivec2(0, 4), i);
    imageAtomicAdd(counts, ivec2(-1, p.y), 1u);
    imageAtomicAdd(counts, ivec2(p.x, 8), 1u);
    int value = int(i * 2654435761u) >> 8;
    imageAtomicMax(extremes, p % 3, value);
    imageAtomicMin(extremes, p % 3 + ivec2(0, 3), value);
    imageAtomicMax(extremes, p % 3 + ivec2(3, 0), int(i) - 100);
    imageAtomicMin(extremes, p % 3 + ivec2(3, 3), int(i) - 100);
    imageAtomicAnd(bits, int(i % 8u), ~(1u << (i % 32u)));
    imageAtomicOr(bits, int(8u + i % 8u), 1u << (i % 32u));
    imageAtomicXor(bits, int(16u + i % 8u), i * 0x9e3779b9u);
    imageAtomicAdd(bits, int(24u + i % 8u), i);
    imageAtomicOr(bits, 40 + int(i), 1u);
    float previous = imageAtomicExchange(owned, p, float(i) * 0.5);
    uint swapped = imageAtomicCompSwap(swaps, p, i % 3u, i + 1000u);
    results[3u * i] = floatBitsToUint(previous);
    results[3u * i + 1u] = swapped;
    results[3u * i + 2u] = before < 16u ? 1u : 0u;
}
