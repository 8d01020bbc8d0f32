#version 450
// target-env: vulkan1.1
// Image processing on storage images: a horizontal 5-tap binomial blur of
// an rgba8 image (edges clamped), a Reinhard tone map from rgba16f to
// rgba8, and a lookup through an r32ui storage texel buffer. The images are
// 37x21, the dispatch 40x24: the invocations outside write nothing.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D blurred;
layout(set = 0, binding = 2, rgba16f) uniform readonly image2D hdr;
layout(set = 0, binding = 3, rgba8) uniform writeonly image2D tonemapped;
layout(set = 0, binding = 4, r32ui) uniform readonly uimageBuffer lut;
layout(set = 0, binding = 5, r32ui) uniform writeonly uimage2D looked_up;

const float weights[5] = float[](0.0625, 0.25, 0.375, 0.25, 0.0625);

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(src);
  vec4 sum = vec4(0.0);
  for (int k = -2; k <= 2; k++) {
    sum += weights[k + 2] * imageLoad(src, ivec2(clamp(p.x + k, 0, size.x - 1), p.y));
  }
  imageStore(blurred, p, sum);
  vec4 c = imageLoad(hdr, p);
  imageStore(tonemapped, p, vec4(c.rgb / (1.0 + c.rgb), 1.0));
  uint i = uint(p.x + p.y * size.x) % uint(imageSize(lut));
  imageStore(looked_up, p, uvec4(imageLoad(lut, int(i)).x ^ uint(p.x)));
}
