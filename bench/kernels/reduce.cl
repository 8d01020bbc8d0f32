// Sum of 256 uints per workgroup in local memory (reduce.comp in OpenCL C).
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce(__global const uint *data, __global uint *sums) {
  __local uint tile[256];
  uint l = get_local_id(0);
  tile[l] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 128; s > 0; s >>= 1) {
    if (l < s) tile[l] += tile[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) sums[get_group_id(0)] = tile[0];
}
