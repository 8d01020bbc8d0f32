// read_imageh and write_imageh (cl_khr_fp16; test/Runner/opencl-images-half.test):
// reads without a sampler of a half-float and a UNORM_INT8 image, a read
// through a nearest sampler clamping to the border, a linear sample
// halfway between two texels, and writes of half texels to both formats.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
__constant sampler_t linear = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

__kernel void halves(read_only image2d_t h, read_only image2d_t u8, write_only image2d_t out_h,
                     write_only image2d_t out_u8, __global half4 *reads) {
  int x = get_global_id(0), y = get_global_id(1);
  int i = y * 8 + x;
  half4 a = read_imageh(h, (int2)(x, y));
  half4 b = read_imageh(u8, (int2)(x, y));
  reads[4 * i] = a;
  reads[4 * i + 1] = b;
  reads[4 * i + 2] = read_imageh(h, border, (int2)(x - 1, y));
  // u - 0.5 = x + 0.5, v - 0.5 = y: texels x and x + 1 (clamped), weights 1/2.
  reads[4 * i + 3] = read_imageh(h, linear, (float2)(x + 1.0f, y + 0.5f));
  write_imageh(out_h, (int2)(x, y), a * (half)0.5f + b);
  write_imageh(out_u8, (int2)(x, y), b * (half)2.0f);
}
