#version 450
#extension GL_EXT_nonuniform_qualifier : require
// sampling.test: descriptor arrays: three combined image samplers indexed
// per invocation (an index past the array reads its last element: Vulkan
// leaves it undefined), two sampled images and two samplers paired by
// OpSampledImage. The images are 1x1 (their texel anywhere inside), the
// samplers clamp to different border colours (sampled outside).
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D tex[3];
layout(set = 0, binding = 1) uniform texture2D images[2];
layout(set = 0, binding = 2) uniform sampler samplers[2];
layout(set = 0, binding = 3) buffer Out { vec4 o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  o[3u * i] = textureLod(tex[nonuniformEXT(i)], vec2(0.5), 0.0);
  o[3u * i + 1u] = textureLod(nonuniformEXT(sampler2D(images[i % 2u], samplers[0])), vec2(0.5), 0.0);
  o[3u * i + 2u] = textureLod(nonuniformEXT(sampler2D(images[0], samplers[i % 2u])), vec2(-1.0, 0.5), 0.0);
}
