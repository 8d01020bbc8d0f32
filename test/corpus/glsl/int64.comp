// target-env: vulkan1.2
// 64-bit integer arithmetic: a hash over 64-bit words.
#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint64_t data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint64_t h = data[i] ^ 0xcbf29ce484222325ul;
  for (int r = 0; r < 4; ++r) { h *= 0x100000001b3ul; h ^= h >> 29; }
  data[i] = h + (int64_t(i) < 0l ? 1ul : 0ul);
}
