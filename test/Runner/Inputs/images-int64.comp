#version 450
// 64-bit integer storage images (test/Runner/images-int64.test): r64ui and
// r64i images read, written and updated atomically, each invocation on its
// own texel so that every old value is known; reads and atomics outside
// the image give 0 (robustImageAccess).
#extension GL_EXT_shader_image_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, r64ui) uniform u64image2D u;
layout(set = 0, binding = 1, r64i) uniform i64image2D s;
layout(set = 0, binding = 2, r64ui) uniform writeonly u64image2D copy;
layout(set = 0, binding = 3) buffer Old { uint64_t old[]; };
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  uint i = gl_LocalInvocationIndex;
  uint64_t a = imageLoad(u, p).x;
  int64_t b = imageLoad(s, p).x;
  imageStore(copy, p, u64vec4(a ^ 0xF0F0F0F0F0F0F0F0ul, 0ul, 0ul, 0ul));
  uint at = i * 12u;
  old[at + 0u] = a;
  old[at + 1u] = uint64_t(b);
  old[at + 2u] = imageAtomicAdd(u, p, 0x100000001ul);
  old[at + 3u] = imageAtomicXor(u, p, 0xFF00000000000000ul);
  old[at + 4u] = imageAtomicMax(u, p, uint64_t(i) << 40);
  old[at + 5u] = imageAtomicCompSwap(u, p, uint64_t(i), 7ul);
  old[at + 6u] = uint64_t(imageAtomicMin(s, p, int64_t(i) - 8l));
  old[at + 7u] = uint64_t(imageAtomicMax(s, p, -(int64_t(1) << 50)));
  old[at + 8u] = uint64_t(imageAtomicExchange(s, p, int64_t(i) * -1000000000000l));
  old[at + 9u] = imageAtomicAnd(u, p, 0x0FFFFFFFFFFFFFFFul);
  // Outside the image: 0, nothing written.
  old[at + 10u] = imageLoad(u, p + ivec2(100, 0)).x;
  old[at + 11u] = imageAtomicOr(u, p + ivec2(0, 100), 1ul);
}
