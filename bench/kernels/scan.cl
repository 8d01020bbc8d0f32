// Inclusive prefix sum of each run of 256 uints (scan.comp in OpenCL C).
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void scan(__global const uint *data, __global uint *sums) {
  __local uint tile[256];
  uint l = get_local_id(0);
  size_t g = get_global_id(0);
  tile[l] = data[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < 256; offset <<= 1) {
    uint before = l >= offset ? tile[l - offset] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] += before;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  sums[g] = tile[l];
}
