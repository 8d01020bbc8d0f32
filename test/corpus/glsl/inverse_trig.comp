// target-env: vulkan1.0
// GLSL.std.450 functions on run-time values: inverse and hyperbolic
// trigonometry, roundEven, reflect (eight results per input).
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { float x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { float r[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  float v = x[i];
  r[8 * i + 0] = asin(v);
  r[8 * i + 1] = acos(v);
  r[8 * i + 2] = atan(v * 3.0);
  r[8 * i + 3] = cosh(v) + asinh(v * 3.0);
  r[8 * i + 4] = acosh(abs(v) * 3.0 + 1.0);
  r[8 * i + 5] = atanh(v * 0.9);
  r[8 * i + 6] = roundEven(v * 8.0);
  r[8 * i + 7] = dot(reflect(vec3(v, 1.0, -v), normalize(vec3(1.0, 2.0, 2.0))), vec3(1.0, 0.5, 0.25));
}
