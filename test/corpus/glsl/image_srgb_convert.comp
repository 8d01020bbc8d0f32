#version 450
// target-env: vulkan1.1
// Colour conversion between linear and sRGB on rgba8: a storage image read
// as linear UNORM is encoded to sRGB by the transfer function (IEC
// 61966-2-1) and written back as rgba8, alpha kept; a sampled
// R8G8B8A8_SRGB image is fetched (the sampler decodes sRGB) and converted
// from Rec. 709 RGB to luma and YCbCr, written as rgba32f.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform image2D linear_image;
layout(set = 0, binding = 1) uniform sampler2D srgb_image;
layout(set = 0, binding = 2, rgba32f) uniform writeonly image2D ycbcr;

vec3 encode(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, greaterThan(c, vec3(0.0031308)));
}

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  vec4 c = imageLoad(linear_image, p);
  imageStore(linear_image, p, vec4(encode(c.rgb), c.a));
  vec4 s = texelFetch(srgb_image, p, 0);
  float y = dot(s.rgb, vec3(0.2126, 0.7152, 0.0722));
  imageStore(ycbcr, p, vec4(y, (s.b - y) / 1.8556, (s.r - y) / 1.5748, s.a));
}
