// 256-bin histogram with local and global atomics (histogram.comp in OpenCL C).
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void histogram(__global const uint *values, __global uint *bins, uint n) {
  __local uint local_bins[256];
  uint l = get_local_id(0);
  local_bins[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint stride = get_global_size(0);
  for (uint i = get_global_id(0); i < n; i += stride)
    atomic_inc(&local_bins[values[i] & 255u]);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&bins[l], local_bins[l]);
}
