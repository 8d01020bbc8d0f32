// saxpy: y = a * x + y (saxpy.comp in OpenCL C; the same fixed workgroup size).
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void saxpy(float a, __global const float *x, __global float *y, uint n) {
  uint i = get_global_id(0);
  if (i < n) y[i] = a * x[i] + y[i];
}
