// out = transpose(in) for an n x n float matrix (transpose.comp in OpenCL C).
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void transpose(__global const float *a, __global float *b, uint n) {
  __local float tile[16][17];
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint gx = get_group_id(0) * 16, gy = get_group_id(1) * 16;
  tile[ly][lx] = a[(size_t)(gy + ly) * n + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  b[(size_t)(gx + ly) * n + gy + lx] = tile[lx][ly];
}
