// target-env: vulkan1.0
// Hillis-Steele inclusive scan of one workgroup in shared memory.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int data[]; };
shared int scan[2][64];
void main() {
  uint l = gl_LocalInvocationID.x;
  uint base = gl_WorkGroupID.x * 64u;
  int current = 0;
  scan[0][l] = data[base + l];
  barrier();
  for (uint offset = 1; offset < 64u; offset *= 2u) {
    int next = 1 - current;
    scan[next][l] = scan[current][l] + (l >= offset ? scan[current][l - offset] : 0);
    barrier();
    current = next;
  }
  data[base + l] = scan[current][l];
}
