#version 450
// target-env: vulkan1.1
// Sampling every other kind of image (issue 18): a 1D array, a 2D array
// (rgba16f), a 3D image (linear, mipmapped), integer texels (nearest), a
// cube depth comparison, an sRGB image and a BGRA one, each with its own
// sampler (run.toml). Coordinates keep off texel and level boundaries
// (run.toml's grid fills).
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler1DArray lines;
layout(set = 0, binding = 1) uniform sampler2DArray layers;
layout(set = 0, binding = 2) uniform sampler3D volume;
layout(set = 0, binding = 3) uniform isampler2D ints;
layout(set = 0, binding = 4) uniform samplerCubeShadow shadow;
layout(set = 0, binding = 5) uniform sampler2D srgb;
layout(set = 0, binding = 6) uniform sampler2D bgra;
// (s, t, r, lod), (layer, reference, axis, _) per invocation.
layout(set = 0, binding = 7) readonly buffer Params { vec4 p[]; };
layout(set = 0, binding = 8) writeonly buffer Out { vec4 o[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 a = p[2u * i];
  vec4 b = p[2u * i + 1u];
  uint at = i * 7u;
  o[at + 0u] = textureLod(lines, vec2(a.x, b.x), a.w);
  o[at + 1u] = textureLod(layers, vec3(a.xy, b.x), a.w);
  o[at + 2u] = textureLod(volume, a.xyz, a.w);
  o[at + 3u] = vec4(textureLod(ints, a.xy, 0.0));
  // A direction with a major component of +-1 on the axis b.z picks.
  uint axis = uint(abs(b.z) * 4.0) % 6u;
  float major = (axis & 1u) == 0u ? 1.0 : -1.0;
  vec2 m = a.xy * 2.0 - 0.5;
  vec3 d = axis < 2u ? vec3(major, m) : axis < 4u ? vec3(m.x, major, m.y) : vec3(m, major);
  o[at + 4u] = vec4(texture(shadow, vec4(d, b.y)));
  o[at + 5u] = textureLod(srgb, a.xy, a.w);
  o[at + 6u] = textureLod(bgra, a.xy, a.w);
}
