#version 450
// What the runner refuses, by name: a cube image (-DCUBE); a combined
// image sampler given no image or no sampler (-DSAMPLED; glslang makes
// texture() in compute an explicit LOD of 0).
layout(local_size_x = 1) in;
#ifdef CUBE
layout(set = 0, binding = 0, rgba8) uniform readonly imageCube cube;
#else
layout(set = 0, binding = 0) uniform sampler2D sampled;
#endif
layout(set = 0, binding = 1) buffer Out { vec4 o; };
void main() {
#ifdef CUBE
  o = imageLoad(cube, ivec3(0));
#else
  o = texture(sampled, vec2(0.5));
#endif
}
