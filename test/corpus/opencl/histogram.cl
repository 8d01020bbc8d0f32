// 256-bin histogram: atomics on local memory, then on global memory.
__kernel void histogram(__global const uint *values, __global uint *bins) {
  __local uint local_bins[256];
  size_t l = get_local_id(0);
  for (size_t b = l; b < 256; b += get_local_size(0)) local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&local_bins[values[get_global_id(0)] & 255u]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t b = l; b < 256; b += get_local_size(0)) atomic_add(&bins[b], local_bins[b]);
}
