#version 450
// sampling.test: a descriptor array of combined image samplers, refused by
// name (the ABI has one descriptor per binding).
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D tex[2];
layout(set = 0, binding = 1) buffer Out { vec4 o[]; };
void main() { o[0] = textureLod(tex[1], vec2(0.5), 0.0); }
