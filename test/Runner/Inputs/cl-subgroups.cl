// OpenCL subgroup collectives (cl_khr_subgroups: OpGroup* with the Subgroup
// scope) computed across the SPMD lanes; cl-subgroups.py models them.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

#define SLOTS 20

kernel void subgroups(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  int v = in[i];
  uint u = (uint)v * 2654435761u;
  float f = (float)(v % 64);
  global int *o = out + i * SLOTS;
  o[0] = get_sub_group_size();
  o[1] = get_max_sub_group_size();
  o[2] = get_num_sub_groups();
  o[3] = get_sub_group_id();
  o[4] = get_sub_group_local_id();
  o[5] = sub_group_reduce_add(v);
  o[6] = sub_group_reduce_min(v);
  o[7] = sub_group_reduce_max(v);
  o[8] = (int)sub_group_reduce_max(u);
  o[9] = (int)sub_group_reduce_min(u);
  o[10] = sub_group_scan_inclusive_add(v);
  o[11] = sub_group_scan_exclusive_add(v);
  o[12] = sub_group_scan_inclusive_min(v);
  o[13] = sub_group_scan_exclusive_max(v);
  o[14] = (int)sub_group_reduce_add(f);
  o[15] = (int)sub_group_scan_inclusive_max(f);
  o[16] = sub_group_broadcast(v, 1);
  o[17] = sub_group_all(v > -40);
  o[18] = sub_group_any(v > 90);
  o[19] = (int)(sub_group_reduce_add((long)v << 32) >> 32);
}

// A kernel that requires subgroups of 4 (execution mode SubgroupSize).
__attribute__((intel_reqd_sub_group_size(4)))
kernel void required(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  out[i] = sub_group_reduce_add(in[i]) * 100 + get_sub_group_size();
}
