// Tiled matrix multiply with 16x16 local tiles.
#define TILE 16
__kernel void matmul(__global const float *a, __global const float *b, __global float *c, int n) {
  __local float ta[TILE][TILE], tb[TILE][TILE];
  int row = get_global_id(1), col = get_global_id(0), ly = get_local_id(1), lx = get_local_id(0);
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    ta[ly][lx] = a[row * n + t + lx];
    tb[ly][lx] = b[(t + ly) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) acc += ta[ly][k] * tb[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = acc;
}
