// Double precision arithmetic and half-precision storage (vload_half, vstore_half).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void double_half(__global double *d, __global half *h, __global float *f) {
  size_t i = get_global_id(0);
  double x = d[i];
  d[i] = x * x + sqrt(fabs(x)) + 0.5;
  float v = vload_half(i, h);
  f[i] = v + (float)x;
  vstore_half(v * 2.0f, i, h);
}
