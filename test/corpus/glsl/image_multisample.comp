#version 450
// target-env: vulkan1.1
// Multisampled storage images (OpTypeImage MS 1, the Sample operand on
// OpImageRead/OpImageWrite and OpImageTexelPointer, OpImageQuerySamples):
// 4x4 texels of 4 samples. Each invocation writes its texel's samples from
// the input, then (after a barrier) reads the mirrored texel's samples in
// reverse order, adds to the mirrored texel's counters (one add per sample,
// so the old values are the stored ones) and reads them back. The images
// are written before they are read: lavapipe's start undefined, ours zero.
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0) buffer In { float a[64]; uint b[64]; };
layout(set = 0, binding = 1, r32f) uniform image2DMS img;
layout(set = 0, binding = 2, r32ui) uniform uimage2DMSArray counters;
layout(set = 0, binding = 3) buffer Out { float o[]; };

void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  ivec2 q = ivec2(3) - p;
  uint self = gl_LocalInvocationIndex;
  int samples = imageSamples(img);
  for (int s = 0; s < 4; ++s) {
    imageStore(img, p, s, vec4(a[self * 4u + uint(s)]));
    imageStore(counters, ivec3(p, 0), s, uvec4(b[self * 4u + uint(s)]));
    imageStore(counters, ivec3(p, 1), s, uvec4(b[63u - self * 4u - uint(s)]));
  }
  memoryBarrierImage();
  barrier();
  uint at = self * 20u;
  for (int s = 0; s < 4; ++s) {
    o[at + uint(s)] = imageLoad(img, q, 3 - s).r;
    o[at + 4u + uint(s)] = float(imageAtomicAdd(counters, ivec3(q, s & 1), s, self + uint(s)) & 0xffffu);
    o[at + 8u + uint(s)] = float(imageAtomicMax(counters, ivec3(q, 1 - (s & 1)), s, b[self]) & 0xffffu);
  }
  memoryBarrierImage();
  barrier();
  for (int s = 0; s < 4; ++s) {
    o[at + 12u + uint(s)] = float(imageLoad(counters, ivec3(p, s & 1), s).r & 0xffffu);
  }
  o[at + 16u] = float(samples);
  ivec3 size = imageSize(counters);
  o[at + 17u] = float(size.x * 100 + size.y * 10 + size.z);
  ivec2 plain = imageSize(img);
  o[at + 18u] = float(plain.x * 10 + plain.y);
  o[at + 19u] = float(imageSamples(counters));
}
