// Sum of 256 uints per workgroup: a tree in shared memory, a barrier per level.
#version 450
layout(local_size_x = 256) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint data[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint sums[]; };
shared uint tile[256];
void main() {
  uint l = gl_LocalInvocationID.x;
  tile[l] = data[gl_GlobalInvocationID.x];
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (l < s) tile[l] += tile[l + s];
    barrier();
  }
  if (l == 0u) sums[gl_WorkGroupID.x] = tile[0];
}
