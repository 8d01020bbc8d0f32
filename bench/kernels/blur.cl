// blur: blur.comp in OpenCL C: the clamping by a literal sampler
// (CLK_ADDRESS_CLAMP_TO_EDGE, nearest, integer coordinates).
__constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant float W[5] = {1.0f, 4.0f, 6.0f, 4.0f, 1.0f};

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void blur(read_only image2d_t src, write_only image2d_t dst) {
  int2 size = get_image_dim(src);
  int2 xy = (int2)(get_global_id(0), get_global_id(1));
  if (xy.x >= size.x || xy.y >= size.y) return;
  float4 sum = (float4)(0.0f);
  for (int dy = -2; dy <= 2; dy++) {
    for (int dx = -2; dx <= 2; dx++) {
      sum += (W[dx + 2] * W[dy + 2]) * read_imagef(src, edge, xy + (int2)(dx, dy));
    }
  }
  write_imagef(dst, xy, sum * (1.0f / 256.0f));
}
