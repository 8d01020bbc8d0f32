// target-env: vulkan1.3
// A switch with fall-through and a default.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { int data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int v = data[i], r = 0;
  switch (v & 7) {
    case 0: r = 10; break;
    case 1: r = 20;
    case 2: r += 5; break;
    case 5: case 6: r = v * 2; break;
    default: r = -1;
  }
  data[i] = r;
}
