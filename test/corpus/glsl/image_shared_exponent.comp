#version 450
// target-env: vulkan1.1
// The shared-exponent format E5B9G9R9_UFLOAT_PACK32 (sampled images only):
// every texel of random bits fetched (exact: 9-bit mantissas times a power
// of two), and an image of values below 2 (exponents 15 and 16) sampled
// with nearest and linear filtering between two levels, off texel centres.
layout(local_size_x = 8, local_size_y = 4) in;
layout(set = 0, binding = 0) uniform sampler2D bits;
layout(set = 0, binding = 1) uniform sampler2D nearest;
layout(set = 0, binding = 2) uniform sampler2D linear;
layout(set = 0, binding = 3) writeonly buffer Fetched { vec4 fetched[]; };
layout(set = 0, binding = 4) writeonly buffer Sampled { vec4 sampled[]; };
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  uint i = uint(p.y * 8 + p.x);
  fetched[i] = texelFetch(bits, p, 0);
  fetched[32u + i] = texelFetch(nearest, p, 0);
  fetched[64u + i] = texelFetch(nearest, p / 2, 1);
  vec2 uv = (vec2(p) + vec2(0.3, 0.7)) / vec2(8.0, 4.0);
  sampled[2u * i] = textureLod(nearest, uv, 0.3);
  sampled[2u * i + 1u] = textureLod(linear, uv, 0.6);
}
