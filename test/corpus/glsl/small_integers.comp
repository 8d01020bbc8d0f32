// target-env: vulkan1.2
// 8- and 16-bit integers in buffers and in arithmetic.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Bytes { int8_t bytes[]; };
layout(std430, set = 0, binding = 1) buffer Shorts { uint16_t shorts[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int8_t b = bytes[i];
  uint16_t s = shorts[i];
  bytes[i] = int8_t(b * int8_t(3) - int8_t(7));
  shorts[i] = uint16_t(s >> 3) ^ uint16_t(b);
}
