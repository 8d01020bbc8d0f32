#version 450
// sampling.test: depth comparisons (explicit LOD, gather, projective,
// offset), a 2D array, a 3D image, a 1D image and integer texels, each
// with its own sampler. One invocation per entry of the parameter buffer.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2DShadow shadow;
layout(set = 0, binding = 1) uniform sampler2DArray layered;
layout(set = 0, binding = 2) uniform sampler3D volume;
layout(set = 0, binding = 3) uniform sampler1D line;
layout(set = 0, binding = 4) uniform isampler2D ints;
layout(set = 0, binding = 5) buffer Out { vec4 o[]; };
// (s, t, lod, reference) and (r, layer, _, _) per invocation.
layout(set = 0, binding = 6) readonly buffer Params { vec4 p[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 a = p[2u * i];
  vec4 b = p[2u * i + 1u];
  vec2 st = a.xy;
  float lod = a.z;
  float ref = a.w;
  uint at = i * 8u;
  o[at + 0u] = vec4(textureLod(shadow, vec3(st, ref), lod));
  o[at + 1u] = textureGather(shadow, st, ref);
  o[at + 2u] = vec4(textureProjLod(shadow, vec4(st * 2.0, ref * 2.0, 2.0), lod));
  o[at + 3u] = vec4(textureLodOffset(shadow, vec3(st, ref), lod, ivec2(-1, 1)));
  o[at + 4u] = textureLod(layered, vec3(st, b.y), lod);
  o[at + 5u] = textureLod(volume, vec3(st, b.x), lod);
  o[at + 6u] = textureLod(line, st.x, lod);
  o[at + 7u] = vec4(textureLod(ints, st, lod));
}
