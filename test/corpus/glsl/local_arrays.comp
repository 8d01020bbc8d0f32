// target-env: vulkan1.2
// A private array indexed dynamically: insertion sort of 8 values.
#version 450
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };
void main() {
  uint base = gl_GlobalInvocationID.x * 8u;
  uint v[8];
  for (int k = 0; k < 8; ++k) v[k] = data[base + uint(k)];
  for (int a = 1; a < 8; ++a) {
    uint key = v[a];
    int b = a - 1;
    while (b >= 0 && v[b] > key) { v[b + 1] = v[b]; --b; }
    v[b + 1] = key;
  }
  for (int k = 0; k < 8; ++k) data[base + uint(k)] = v[k];
}
