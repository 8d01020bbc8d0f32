#version 450
// target-env: vulkan1.1
// Texel formats read and written: each invocation reads texel p of six
// 16x8 storage images (normalized, packed, half and integer formats), stores
// what it read in a buffer, and writes back a value each format holds
// exactly (a swizzle, a negation, a halving), so that the comparison tests
// the conversions, not a rounding the spec leaves open; and reads outside.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8_snorm) uniform image2D snorm8;
layout(set = 0, binding = 1, rgba16f) uniform image2D half4;
layout(set = 0, binding = 2, rgb10_a2) uniform image2D packed;
layout(set = 0, binding = 3, rg16) uniform image2D unorm16;
layout(set = 0, binding = 4, rgba16i) uniform iimage2D sint16;
layout(set = 0, binding = 5, rgb10_a2ui) uniform uimage2D packed_uint;
layout(set = 0, binding = 6) buffer Reads { vec4 reads[]; };

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  int i = p.y * 16 + p.x;
  vec4 a = imageLoad(snorm8, p);
  vec4 b = imageLoad(half4, p);
  vec4 c = imageLoad(packed, p);
  vec4 d = imageLoad(unorm16, p);
  ivec4 e = imageLoad(sint16, p);
  uvec4 f = imageLoad(packed_uint, p);
  reads[i] = a;
  reads[128 + i] = b;
  reads[256 + i] = c;
  reads[384 + i] = d;
  reads[512 + i] = vec4(e);
  reads[640 + i] = vec4(f);
  // Outside the images (robustImageAccess): zeros, and an alpha of one
  // where the format has none.
  reads[768 + i] = imageLoad(unorm16, p + ivec2(16, 0));
  reads[896 + i] = vec4(imageLoad(sint16, p - ivec2(0, 8)));
  imageStore(snorm8, p, -a.wzyx);
  imageStore(half4, p, b * -0.5);
  imageStore(packed, p, c.bgra);
  imageStore(unorm16, p, d.yxzw);
  imageStore(sint16, p, e / 2);
  imageStore(packed_uint, p, uvec4(f.zyx >> 1u, f.w));
}
