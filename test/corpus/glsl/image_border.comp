#version 450
// target-env: vulkan1.1
// Border colours on formats of fewer than four channels (issue 18): the
// border's components where the format has channels, and for the others
// what a read of the format gives (G, B 0; A 1). R8_UNORM with opaque
// white, R8G8_UNORM with transparent black, and a texel inside.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2D r8;
layout(set = 0, binding = 1) uniform sampler2D rg8;
layout(set = 0, binding = 2) writeonly buffer Out { vec4 o[]; };
void main() {
  o[0] = textureLod(r8, vec2(-1.0, 0.5), 0.0);
  o[1] = textureLod(rg8, vec2(-1.0, 0.5), 0.0);
  o[2] = textureLod(r8, vec2(0.5, 0.5), 0.0);
}
