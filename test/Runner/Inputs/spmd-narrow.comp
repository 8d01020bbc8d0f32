// Workgroups narrower than the vector (spmd.test): x is the spec constant
// 0, so the runner's --spec picks it; y makes up the rest.
#version 450
layout(local_size_x_id = 0, local_size_y = 16) in;
layout(std430, set = 0, binding = 0) buffer Out { uint steps_of[]; };
void main() {
  uint n = gl_GlobalInvocationID.x * 16u + gl_GlobalInvocationID.y + 1u;
  uint steps = 0u;
  while (n != 1u && steps < 500u) {
    n = (n % 2u == 0u) ? n / 2u : 3u * n + 1u;
    steps++;
  }
  steps_of[gl_GlobalInvocationID.y * 16u + gl_GlobalInvocationID.x] = steps;
}
