// target-env: vulkan1.0
// Double precision: Newton iterations for a square root.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { double data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  double x = data[i], r = x > 1.0lf ? x : 1.0lf;
  for (int k = 0; k < 20; ++k) r = 0.5lf * (r + x / r);
  data[i] = r;
}
