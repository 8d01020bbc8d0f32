#version 450
// Multisampled images (test/Runner/multisample.test): 4x2 texels of 4
// samples. Invocation (x, y) reads each sample of a storage image and of a
// sampled image (texelFetch), writes 2v + 1 to each sample of another,
// adds s + 1 to sample s of layer 1 of a multisampled array of counters,
// and reports the sample counts and sizes. multisample.py models it.
layout(local_size_x = 4, local_size_y = 2) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2DMS src;
layout(set = 0, binding = 1, r32f) uniform writeonly image2DMS dst;
layout(set = 0, binding = 2, r32ui) uniform uimage2DMSArray counters;
layout(set = 0, binding = 3) uniform sampler2DMS tex;
layout(set = 0, binding = 4) buffer Out { float o[]; };

void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  uint at = (gl_LocalInvocationID.y * 4u + gl_LocalInvocationID.x) * 16u;
  int samples = imageSamples(src);
  for (int s = 0; s < samples; ++s) {
    float v = imageLoad(src, p, s).r;
    o[at + uint(s)] = v;
    o[at + 4u + uint(s)] = texelFetch(tex, p, s).r;
    imageStore(dst, p, s, vec4(2.0 * v + 1.0));
    o[at + 8u + uint(s)] = float(imageAtomicAdd(counters, ivec3(p, 1), s, uint(s + 1)));
  }
  o[at + 12u] = float(samples);
  o[at + 13u] = float(textureSamples(tex));
  ivec3 size = imageSize(counters);
  o[at + 14u] = float(size.x * 100 + size.y * 10 + size.z);
  o[at + 15u] = float(imageSize(src).x * 10 + textureSize(tex).y);
}
