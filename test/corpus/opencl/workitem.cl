// Every work-item function of OpenCL C (the 2.0 ones where available).
__kernel void workitem(__global ulong *out) {
  size_t i = get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2));
  out[i * 8 + 0] = get_global_id(0) + get_global_id(1) * 1000 + get_global_id(2) * 1000000;
  out[i * 8 + 1] = get_global_size(0) * get_global_size(1) * get_global_size(2);
  out[i * 8 + 2] = get_global_offset(0) + get_global_offset(1) + get_global_offset(2);
  out[i * 8 + 3] = get_local_id(0) + get_local_id(1) * 100 + get_local_id(2) * 10000;
  out[i * 8 + 4] = get_local_size(0) * get_local_size(1) * get_local_size(2);
  out[i * 8 + 5] = get_group_id(0) + get_group_id(1) * 100 + get_group_id(2) * 10000;
  out[i * 8 + 6] = get_num_groups(0) * get_num_groups(1) * get_num_groups(2);
// C++ for OpenCL 2021 (OpenCL C 3.0's functions) defines __OPENCL_CPP_VERSION__ only.
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
  out[i * 8 + 7] = get_work_dim() + get_enqueued_local_size(0) * 10 + get_local_linear_id() * 1000
      + get_global_linear_id() * 100000;
#else
  out[i * 8 + 7] = get_work_dim();
#endif
}
