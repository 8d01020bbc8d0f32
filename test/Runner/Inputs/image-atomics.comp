#version 450
// Each invocation owns texel i of an r32ui and an r32i 8x8 image and a
// texel of an r32ui texel buffer, and an r32f texel: every image atomic
// in turn, each old value kept (test/Runner/image-atomics.test). Atomics
// outside the images change nothing and give 0.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D u;
layout(set = 0, binding = 1, r32i) uniform iimage2D s;
layout(set = 0, binding = 2, r32ui) uniform uimageBuffer b;
layout(set = 0, binding = 3, r32f) uniform image2D f;
layout(set = 0, binding = 4) buffer Out { uint old[]; };
void main() {
  uint i = gl_LocalInvocationIndex;
  ivec2 p = ivec2(i % 8u, i / 8u);
  uint k = i * 16u;
  uint v = i * 0x9e3779b9u;
  old[k + 0u] = imageAtomicAdd(u, p, v);
  old[k + 1u] = imageAtomicAnd(u, p, v >> 3);
  old[k + 2u] = imageAtomicOr(u, p, v << 5);
  old[k + 3u] = imageAtomicXor(u, p, 0x5a5a5a5au);
  old[k + 4u] = imageAtomicMin(u, p, v);
  old[k + 5u] = imageAtomicMax(u, p, v ^ 0x80000000u);
  old[k + 6u] = imageAtomicExchange(u, p, i);
  old[k + 7u] = imageAtomicCompSwap(u, p, i, 77u);
  old[k + 8u] = imageAtomicCompSwap(u, p, i, 99u);
  old[k + 9u] = uint(imageAtomicMin(s, p, int(v)));
  old[k + 10u] = uint(imageAtomicMax(s, p, -int(v >> 1)));
  old[k + 11u] = imageAtomicAdd(b, int(i), 1000u);
  old[k + 12u] = floatBitsToUint(imageAtomicExchange(f, p, -float(i)));
  old[k + 13u] = imageAtomicAdd(u, ivec2(-1, p.y), 5u) + imageAtomicAdd(u, ivec2(p.x, 8), 5u);
  old[k + 14u] = imageAtomicAdd(b, int(i) + 64, 5u);
  old[k + 15u] = uint(imageAtomicMax(s, p + ivec2(8, 0), 5));
}
