#version 450
// A 5x5 blur of an rgba8 image (binomial weights from a constant array,
// clamped at the edges): loops with constant trip counts, which --spmd
// loops (the default) fully unrolls and vectorizes (spmd.test,
// spmd-taps.py computes the same). 8x4 invocations per workgroup.
layout(local_size_x = 8, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;
const float W[5] = float[](1.0, 4.0, 6.0, 4.0, 1.0);
void main() {
  ivec2 size = imageSize(src);
  ivec2 xy = ivec2(gl_GlobalInvocationID.xy);
  if (xy.x >= size.x || xy.y >= size.y) return;
  vec4 sum = vec4(0.0);
  for (int dy = -2; dy <= 2; dy++) {
    for (int dx = -2; dx <= 2; dx++) {
      ivec2 at = clamp(xy + ivec2(dx, dy), ivec2(0), size - 1);
      sum += (W[dx + 2] * W[dy + 2]) * imageLoad(src, at);
    }
  }
  imageStore(dst, xy, sum * (1.0 / 256.0));
}
