// target-env: vulkan1.2
// 16-bit floats in storage and arithmetic.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float16_t data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  float16_t v = data[i];
  data[i] = v * float16_t(0.5) + float16_t(1.0);
}
