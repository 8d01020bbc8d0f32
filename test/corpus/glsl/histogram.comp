// target-env: vulkan1.1
// 256-bin histogram: atomics on shared memory, then on the buffer.
#version 450
layout(local_size_x = 256) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint values[]; };
layout(std430, set = 0, binding = 1) buffer Bins { uint bins[256]; };
shared uint local_bins[256];
void main() {
  uint l = gl_LocalInvocationID.x;
  local_bins[l] = 0;
  barrier();
  atomicAdd(local_bins[values[gl_GlobalInvocationID.x] & 255u], 1u);
  barrier();
  atomicAdd(bins[l], local_bins[l]);
}
