// target-env: vulkan1.0
// Tree reduction in shared memory, barriers inside the loop.
#version 450
layout(local_size_x = 128) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint data[]; };
layout(std430, set = 0, binding = 1) buffer Out { uint sums[]; };
shared uint tile[128];
void main() {
  uint l = gl_LocalInvocationID.x;
  tile[l] = data[gl_GlobalInvocationID.x];
  barrier();
  for (uint s = 64; s > 0; s >>= 1) {
    if (l < s) tile[l] += tile[l + s];
    barrier();
  }
  if (l == 0) sums[gl_WorkGroupID.x] = tile[0];
}
