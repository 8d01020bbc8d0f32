#version 450
// target-env: vulkan1.1
// The storage image formats every Vulkan implementation must support that
// image_formats and the other programs leave out (rgba8i, rg32ui, rg32i,
// rg32f, rgba32ui), and storage cubes (imageCube, imageCubeArray: the face,
// or 6 * cube + face, the third coordinate). Each invocation reads its
// texel of each image (every face of the cubes), records what it read, and
// writes back a value each format holds exactly; a read outside gives
// zeros and an alpha of one.
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba8i) uniform iimage2D sint8;
layout(set = 0, binding = 1, rg32ui) uniform uimage2D uint2;
layout(set = 0, binding = 2, rg32i) uniform iimage2D sint2;
layout(set = 0, binding = 3, rg32f) uniform image2D float2;
layout(set = 0, binding = 4, rgba32ui) uniform uimage2D uint4;
layout(set = 0, binding = 5, rgba32f) uniform imageCube cube;
layout(set = 0, binding = 6, r32ui) uniform uimageCubeArray cubes;
layout(set = 0, binding = 7) buffer Reads { uvec4 reads[]; };

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  int i = p.y * 8 + p.x;
  ivec4 a = imageLoad(sint8, p);
  uvec4 b = imageLoad(uint2, p);
  ivec4 c = imageLoad(sint2, p);
  vec4 d = imageLoad(float2, p);
  uvec4 e = imageLoad(uint4, p);
  reads[i] = uvec4(a);
  reads[64 + i] = b;
  reads[128 + i] = uvec4(c);
  reads[192 + i] = floatBitsToUint(d);
  reads[256 + i] = e;
  reads[320 + i] = imageLoad(uint2, p + ivec2(8, 0));
  imageStore(sint8, p, -(a.wzyx / 2));
  imageStore(uint2, p, b.yxzw ^ uvec4(0x55555555u));
  imageStore(sint2, p, ivec4(c.y, c.x, 0, 0) >> 1);
  imageStore(float2, p, d.yxzw * -0.5);
  imageStore(uint4, p, e.wzyx + 1u);
  for (int face = 0; face < 6; face++) {
    vec4 t = imageLoad(cube, ivec3(p, face));
    reads[384 + face * 64 + i] = floatBitsToUint(t);
    imageStore(cube, ivec3(p, face), t.wzyx);
    uint u = imageLoad(cubes, ivec3(p, 6 + face)).x;
    reads[768 + face * 64 + i] = uvec4(u, face, 0, 0);
    imageStore(cubes, ivec3(p, face), uvec4(u + uint(face)));
  }
  if (i == 0) {
    reads[1152] = uvec4(imageSize(cube), imageSize(cubes).xy);
    reads[1153] = uvec4(imageSize(cubes).z, 0, 0, 0);
  }
}
