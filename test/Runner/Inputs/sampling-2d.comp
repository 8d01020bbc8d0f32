#version 450
// sampling.test: one 2D float image sampled every way a compute shader
// can with one sampler: explicit LOD, offsets, gradients, gathers (one
// offset, four offsets), a separate texture and sampler, the projective
// form, fetches of each level and the level queries. One invocation per
// entry of the parameter buffer.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform texture2D separate;
layout(set = 0, binding = 2) uniform sampler smp;
layout(set = 0, binding = 3) buffer Out { vec4 o[]; };
// (s, t, lod, gradient scale) per invocation.
layout(set = 0, binding = 4) readonly buffer Params { vec4 p[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  vec2 st = p[i].xy;
  float lod = p[i].z;
  float g = p[i].w;
  uint at = i * 10u;
  o[at + 0u] = textureLod(tex, st, lod);
  o[at + 1u] = textureLodOffset(tex, st, lod, ivec2(1, -2));
  // Gradients along s for x and along t for y: rho = max(g * 8 * 1, g * 4 * 1.5).
  o[at + 2u] = textureGrad(tex, st, vec2(g, 0.0), vec2(0.0, g * 1.5));
  o[at + 3u] = textureGather(tex, st, 1);
  o[at + 4u] = textureGatherOffset(tex, st, ivec2(-1, 1), 2);
  o[at + 5u] = textureGatherOffsets(tex, st, ivec2[4](ivec2(0, 0), ivec2(1, 0), ivec2(-2, 1), ivec2(1, 1)), 0);
  o[at + 6u] = textureLod(sampler2D(separate, smp), st, lod);
  o[at + 7u] = textureProjLod(tex, vec3(st * 2.5, 2.5), lod);
  int level = int(i % 3u);
  o[at + 8u] = texelFetch(tex, ivec2(int(i % 9u), int(i / 9u) - 1), level);
  o[at + 9u] = vec4(vec2(textureSize(tex, level)), float(textureQueryLevels(tex)), 0.0);
}
