// reduce_subgroup.comp in OpenCL C (cl_khr_subgroups, OpenCL C 2.0).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reduce_subgroup(__global const uint *data, __global uint *sums) {
  __local uint partial[256];
  uint s = sub_group_reduce_add(data[get_global_id(0)]);
  if (get_sub_group_local_id() == 0) partial[get_sub_group_id()] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_sub_group_id() == 0) {
    uint t = 0;
    for (uint i = get_sub_group_local_id(); i < get_num_sub_groups(); i += get_sub_group_size()) t += partial[i];
    t = sub_group_reduce_add(t);
    if (get_sub_group_local_id() == 0) sums[get_group_id(0)] = t;
  }
}
