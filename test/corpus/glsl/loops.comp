// target-env: vulkan1.3
// Nested loops with break and continue; a do-while.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int acc = 0;
  for (int a = 0; a < 10; ++a) {
    if (a == int(i % 7u)) continue;
    for (int b = 0; b < a; ++b) {
      if (acc > 1000) break;
      acc += a * b;
    }
  }
  int n = int(i);
  do { n /= 2; acc ^= n; } while (n > 1);
  data[i] = acc;
}
