// Work-group collectives (OpenCL 2.0) and, through the same builtins with
// the subgroup scope, subgroup ones (one invocation a subgroup): each
// work-item writes its results in its row of out (test/Runner/collectives.test).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

kernel void collectives(global const int *in, global int *out, global float *minimum, global long *wide) {
  size_t i = get_global_id(0);
  int x = in[i];
  global int *row = out + i * 8;
  row[0] = work_group_reduce_add(x);
  row[1] = work_group_scan_inclusive_add(x);
  row[2] = work_group_scan_exclusive_max(x);
  row[3] = work_group_broadcast(x, 3);
  row[4] = work_group_all(x > 0);
  row[5] = work_group_any(x > 5);
  row[6] = sub_group_reduce_add(x);
  row[7] = sub_group_scan_exclusive_add(x);
  minimum[i] = work_group_reduce_min((float)x / 2);
  wide[i] = work_group_scan_inclusive_min((long)x * 1000000000L);
}
