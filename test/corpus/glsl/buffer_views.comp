// target-env: vulkan1.1
// Three variables bound to one binding, typed views of one buffer (as
// ggml's matrix multiplies read their inputs): words, 16-bit halves and
// uvec4s of the same bytes.
#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer Words { uint words[]; };
layout(std430, set = 0, binding = 0) readonly buffer Halves { uint16_t halves[]; };
layout(std430, set = 0, binding = 0) readonly buffer Quads { uvec4 quads[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint results[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint high = uint(halves[2u * i + 1u]);
  uint low = uint(halves[2u * i]);
  results[3u * i] = (high << 16) | low;
  results[3u * i + 1u] = quads[i / 4u][i % 4u] ^ words[i];
  results[3u * i + 2u] = high * 7u + low;
}
