#version 450
// Storage images of normalized formats over a 13x7 image dispatched as
// 16x8 invocations: the invocations outside read zeros and their writes
// are dropped (robustImageAccess).
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D swizzled;
layout(set = 0, binding = 2, r32f) uniform writeonly image2D sum;
layout(set = 0, binding = 3, rgba8_snorm) uniform image2D signed_image;
layout(set = 0, binding = 4) buffer Sizes { ivec2 sizes[]; };

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  vec4 c = imageLoad(src, p);
  // Doubled: the upper half clamps to 1.
  imageStore(swizzled, p, c.bgra * 2.0);
  imageStore(sum, p, vec4(c.r + c.g));
  // -128 reads as -1: negated, 127.
  vec4 s = imageLoad(signed_image, p);
  imageStore(signed_image, p, -s);
  if (p == ivec2(0)) {
    sizes[0] = imageSize(src);
    sizes[1] = imageSize(sum);
  }
}
