#version 450
// target-env: vulkan1.1
// Sampling with each filter, mipmap mode and address mode (issue 18): one
// rgba8 image of 3 mip levels behind ten combined image samplers, each
// with its own sampler (run.toml), sampled at explicit LODs; a gather,
// an offset, a fetch of each level; a depth comparison and a comparison
// gather on a D32_SFLOAT image. The coordinates and LODs keep off texel and
// level boundaries (run.toml's grid fills), where implementations may
// round either way.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(set = 0, binding = 1) uniform sampler2D s1;
layout(set = 0, binding = 2) uniform sampler2D s2;
layout(set = 0, binding = 3) uniform sampler2D s3;
layout(set = 0, binding = 4) uniform sampler2D s4;
layout(set = 0, binding = 5) uniform sampler2D s5;
layout(set = 0, binding = 6) uniform sampler2D s6;
layout(set = 0, binding = 7) uniform sampler2D s7;
layout(set = 0, binding = 8) uniform sampler2D s8;
layout(set = 0, binding = 9) uniform sampler2D s9;
layout(set = 0, binding = 10) uniform sampler2DShadow shadow;
// (s, t, lod, depth reference) per invocation.
layout(set = 0, binding = 11) readonly buffer Params { vec4 p[]; };
layout(set = 0, binding = 12) writeonly buffer Out { vec4 o[]; };
layout(set = 0, binding = 13) uniform sampler2D texels;

void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 q = p[i];
  uint at = i * 15u;
  o[at + 0u] = textureLod(s0, q.xy, q.z);
  o[at + 1u] = textureLod(s1, q.xy, q.z);
  o[at + 2u] = textureLod(s2, q.xy, q.z);
  o[at + 3u] = textureLod(s3, q.xy, q.z);
  o[at + 4u] = textureLod(s4, q.xy, q.z);
  o[at + 5u] = textureLod(s5, q.xy, q.z);
  o[at + 6u] = textureLod(s6, q.xy, q.z);
  o[at + 7u] = textureLod(s7, q.xy, q.z);
  o[at + 8u] = textureLod(s8, q.xy, q.z);
  o[at + 9u] = textureLod(s9, q.xy, q.z);
  o[at + 10u] = textureGather(s3, q.xy, 1);
  o[at + 11u] = textureLodOffset(s7, q.xy, q.z, ivec2(1, -1));
  o[at + 12u] = vec4(textureLod(shadow, vec3(q.xy, q.w), q.z), textureGather(shadow, q.xy, q.w).xyz);
  o[at + 13u] = texelFetch(s0, ivec2(int(i % 8u), int(i / 8u % 4u)), int(i % 3u));
  o[at + 14u] = textureLod(texels, q.xy * vec2(8.0, 4.0), 0.0);
}
