#version 450
// target-env: vulkan1.1
// A mip-chain downsampler in one dispatch: each 8x8 workgroup reduces a
// 16x16 block of a 32x32 rgba32f image to 8x8 texels of level 1 (2x2 box
// filter), then through shared memory to 4x4 of level 2 and 2x2 of level
// 3, with a barrier between levels, each level a storage image of its own
// (as a mip level's view is); the last level also counts the texels over a
// threshold with a shared atomic. The inputs are whole numbers: every
// average is exact.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba32f) uniform readonly image2D level0;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image2D level1;
layout(set = 0, binding = 2, rgba32f) uniform writeonly image2D level2;
layout(set = 0, binding = 3, rgba32f) uniform writeonly image2D level3;
layout(set = 0, binding = 4) buffer Counts { uint bright[]; };

shared vec4 texels[8][8];
shared uint count;

vec4 box(vec4 a, vec4 b, vec4 c, vec4 d) { return (a + b + c + d) * 0.25; }

void main() {
  ivec2 l = ivec2(gl_LocalInvocationID.xy);
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (l == ivec2(0)) {
    count = 0u;
  }
  ivec2 q = 2 * p;
  vec4 one = box(imageLoad(level0, q), imageLoad(level0, q + ivec2(1, 0)),
                 imageLoad(level0, q + ivec2(0, 1)), imageLoad(level0, q + ivec2(1, 1)));
  imageStore(level1, p, one);
  texels[l.y][l.x] = one;
  barrier();
  vec4 two = vec4(0.0);
  if (all(lessThan(l, ivec2(4)))) {
    ivec2 s = 2 * l;
    two = box(texels[s.y][s.x], texels[s.y][s.x + 1], texels[s.y + 1][s.x], texels[s.y + 1][s.x + 1]);
    imageStore(level2, ivec2(gl_WorkGroupID.xy) * 4 + l, two);
  }
  barrier();
  if (all(lessThan(l, ivec2(4)))) {
    texels[l.y][l.x] = two;
  }
  barrier();
  if (all(lessThan(l, ivec2(2)))) {
    ivec2 s = 2 * l;
    vec4 three = box(texels[s.y][s.x], texels[s.y][s.x + 1], texels[s.y + 1][s.x], texels[s.y + 1][s.x + 1]);
    imageStore(level3, ivec2(gl_WorkGroupID.xy) * 2 + l, three);
    if (three.r + three.g + three.b > 384.0) {
      atomicAdd(count, 1u);
    }
  }
  barrier();
  if (l == ivec2(0)) {
    bright[gl_WorkGroupID.y * 2u + gl_WorkGroupID.x] = count;
  }
}
