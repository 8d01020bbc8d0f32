// A workgroup of 3 (reqd_work_group_size) in subgroups of 16
// (subgroup-capped-lanes.test): 4 lanes run one partial subgroup, whose
// get_sub_group_size() is 3 and get_max_sub_group_size() 16.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel __attribute__((reqd_work_group_size(3, 1, 1)))
void capped(__global uint* out) {
  uint i = get_local_id(0);
  out[i * 4 + 0] = get_sub_group_size();
  out[i * 4 + 1] = get_max_sub_group_size();
  out[i * 4 + 2] = get_num_sub_groups();
  out[i * 4 + 3] = sub_group_reduce_add(i + 1u);
}
