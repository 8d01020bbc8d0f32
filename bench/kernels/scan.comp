// Inclusive prefix sum of each run of 256 uints: Hillis-Steele steps through
// shared memory, two barriers a step (read, then write).
#version 450
layout(local_size_x = 256) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint data[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint sums[]; };
shared uint tile[256];
void main() {
  uint l = gl_LocalInvocationID.x;
  uint g = gl_GlobalInvocationID.x;
  tile[l] = data[g];
  barrier();
  for (uint offset = 1u; offset < 256u; offset <<= 1) {
    uint before = l >= offset ? tile[l - offset] : 0u;
    barrier();
    tile[l] += before;
    barrier();
  }
  sums[g] = tile[l];
}
