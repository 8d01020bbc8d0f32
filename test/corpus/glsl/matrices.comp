// target-env: vulkan1.0
// Matrix arithmetic: products, transpose, matrix times scalar.
#version 450
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) buffer M { mat4 models[]; };
layout(std430, set = 0, binding = 1) buffer V { vec4 points[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  mat4 m = models[i];
  mat4 t = transpose(m) * 0.5;
  points[i] = (m * t) * points[i] + points[i] * m;
  models[i] = m * t;
}
