#version 450
// sampling.test: cube face selection (nearest, one level): each direction
// of the parameter buffer sampled from a cube and from layer 1 of a cube
// array, and the sizes.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform samplerCube cube;
layout(set = 0, binding = 1) uniform samplerCubeArray cubes;
layout(set = 0, binding = 2) readonly buffer Params { vec4 p[]; };
layout(set = 0, binding = 3) writeonly buffer Out { vec4 o[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  o[3u * i] = textureLod(cube, p[i].xyz, 0.0);
  o[3u * i + 1u] = textureLod(cubes, vec4(p[i].xyz, 1.0), 0.0);
  o[3u * i + 2u] = vec4(vec2(textureSize(cube, 0)), vec2(textureSize(cubes, 0).yz));
}
