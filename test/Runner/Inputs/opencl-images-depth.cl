// OpenCL depth images (image2d_depth_t; test/Runner/opencl-images-depth.test):
// reads without a sampler, a linear sample halfway between two texels, the
// channel order and data type, and a write of half of each depth.
__constant sampler_t linear = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

__kernel void depths(read_only image2d_depth_t d, write_only image2d_depth_t w, __global float *out,
                     __global int *info) {
  int x = get_global_id(0), y = get_global_id(1);
  int i = y * get_image_width(d) + x;
  float depth = read_imagef(d, (int2)(x, y));
  out[2 * i] = depth;
  // u - 0.5 = x + 0.5, v - 0.5 = y: texels x and x + 1 (clamped), weights 1/2.
  out[2 * i + 1] = read_imagef(d, linear, (float2)(x + 1.0f, y + 0.5f));
  write_imagef(w, (int2)(x, y), depth * 0.5f);
  if (i == 0) {
    info[0] = get_image_channel_order(d) == CLK_DEPTH;
    info[1] = get_image_channel_data_type(d);
  }
}
