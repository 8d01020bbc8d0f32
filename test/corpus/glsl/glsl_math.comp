// target-env: vulkan1.0
// GLSL.std.450 math: exponentials, trigonometry, interpolation, rounding.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  float x = data[i];
  data[i] = exp(x * 0.1) + log(abs(x) + 1.0) + sin(x) * cos(x) + pow(abs(x), 1.5) + fma(x, 2.0, 1.0)
      + clamp(x, -1.0, 1.0) + mix(x, 1.0, 0.25) + step(0.5, x) + smoothstep(0.0, 1.0, x) + floor(x) + fract(x)
      + inversesqrt(abs(x) + 1.0) + atan(x, 2.0) + tanh(x) + sign(x) + round(x);
}
