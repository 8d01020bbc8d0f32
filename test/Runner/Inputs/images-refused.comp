#version 450
// What the runner refuses, by name: a combined image sampler given no
// image or no sampler (glslang makes texture() in compute an explicit LOD
// of 0).
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D sampled;
layout(set = 0, binding = 1) buffer Out { vec4 o; };
void main() {
  o = texture(sampled, vec2(0.5));
}
