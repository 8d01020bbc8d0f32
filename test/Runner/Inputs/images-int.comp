#version 450
// Integer and float images of every dimensionality: a 5x3 r32ui image read
// and written in place, a 4-wide 1D array of 3 layers, a 2x2x2 volume, a
// 6x1 r32f image read out of bounds; sizes of each.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 1, rgba32i) uniform readonly iimage1DArray ints;
layout(set = 0, binding = 2, rgba32f) uniform image3D volume;
layout(set = 0, binding = 3, r32f) uniform readonly image2D reals;
layout(set = 0, binding = 4) buffer Out { uvec4 u[]; };

void main() {
  int i = int(gl_GlobalInvocationID.x);
  ivec2 p = ivec2(i % 5, i / 5);  // i = 15: row 3, outside
  uint v = imageLoad(counts, p).x;
  imageStore(counts, p, uvec4(v * 3u + uint(i)));
  u[i] = uvec4(imageLoad(ints, ivec2(i % 4, i / 4)));  // layers 0-3: 3 is outside
  ivec3 r = ivec3(i & 1, (i >> 1) & 1, i >> 2);  // z >= 2 outside
  vec4 w = imageLoad(volume, r);
  imageStore(volume, r, w + vec4(1.0, 2.0, 3.0, float(i)));
  u[16 + i] = floatBitsToUint(imageLoad(reals, ivec2(i - 4, i / 8)));
  // Negative and huge coordinates read zeros too.
  u[32 + i] = uvec4(imageLoad(counts, ivec2(-i - 1, 0)).x, imageLoad(counts, ivec2(0x7fffffff - i, 1)).x,
                    imageLoad(ints, ivec2(-1, 0)).y, floatBitsToUint(imageLoad(volume, ivec3(0, 0, -i - 1)).w));
  if (i == 0) {
    u[48] = uvec4(imageSize(counts), imageSize(ints));
    u[49] = uvec4(imageSize(volume), imageSize(reals).x);
  }
}
