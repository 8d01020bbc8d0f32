#version 450
// What this slice of images refuses, by name: a cube image and a sampled
// image (compiled with -DCUBE or -DSAMPLED).
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
  o = textureLod(sampled, vec2(0.5), 0.0);
#endif
}
