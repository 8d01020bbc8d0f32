#version 450
// target-env: vulkan1.1
// Cube maps (issue 18): face selection and seamless filtering across face
// edges and corners, with nearest and linear samplers, mipmaps, a gather, a
// cube array and size queries. Each direction has a major component of
// exactly +-1 (the face: run.toml's axis) and two others in (-1, 1) that
// keep off texel boundaries.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform samplerCube nearest_cube;
layout(set = 0, binding = 1) uniform samplerCube linear_cube;
layout(set = 0, binding = 2) uniform samplerCubeArray cubes;
// (a, b, lod, layer) and the axis per invocation.
layout(set = 0, binding = 3) readonly buffer Params { vec4 p[]; };
layout(set = 0, binding = 4) readonly buffer Axes { uint axis[]; };
layout(set = 0, binding = 5) writeonly buffer Out { vec4 o[]; };

vec3 direction(uint face, float a, float b) {
  float major = (face & 1u) == 0u ? 1.0 : -1.0;
  if (face < 2u) return vec3(major, a, b);
  if (face < 4u) return vec3(a, major, b);
  return vec3(a, b, major);
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 q = p[i];
  vec3 d = direction(axis[i] % 6u, q.x, q.y);
  uint at = i * 6u;
  o[at + 0u] = textureLod(nearest_cube, d, q.z);
  o[at + 1u] = textureLod(linear_cube, d, q.z);
  o[at + 2u] = textureGather(linear_cube, d, 2);
  o[at + 3u] = textureLod(cubes, vec4(d, q.w), q.z);
  o[at + 4u] = vec4(vec2(textureSize(linear_cube, 1)), vec2(textureSize(cubes, 0).yz));
  // Tiny faces at level 2 (1x1): every linear tap is off an edge or corner.
  o[at + 5u] = textureLod(linear_cube, d, 2.0);
}
