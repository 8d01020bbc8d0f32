// C = A * B (n x n floats), 16x16 tiles in local memory (matmul.comp in OpenCL C).
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void matmul(__global const float *a, __global const float *b, __global float *c, uint n) {
  __local float ta[16][16];
  __local float tb[16][16];
  uint row = get_global_id(1), col = get_global_id(0);
  uint ly = get_local_id(1), lx = get_local_id(0);
  float acc = 0.0f;
  for (uint t = 0; t < n; t += 16) {
    ta[ly][lx] = a[row * n + t + lx];
    tb[ly][lx] = b[(t + ly) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < 16; ++k) acc += ta[ly][k] * tb[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = acc;
}
