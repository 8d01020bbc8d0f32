// target-env: vulkan1.3
// Early returns from main and from a function.
#version 450
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint n; } p;
layout(std430, set = 0, binding = 0) buffer Data { int data[]; };
int classify(int v) { if (v < 0) return -1; if (v == 0) return 0; return 1; }
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= p.n) return;
  int v = data[i];
  if (v == 12345) { data[i] = 0; return; }
  data[i] = classify(v) * 100 + v % 100;
}
