// OpenCL C's vector conversions in printf (6.15.14): %vN with the length
// hh, h, hl or l, each lane printed as its scalar conversion would print
// it, lanes separated by commas; mixed with scalars and a string. A
// missing length (%v4d) is malformed: printf returns -1.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void vectors(global int *result) {
  int i = get_global_id(0);
  int4 v = (int4)(i, -2 * i, 3, 4);
  result[2 * i] = printf("item %d: %v4hld|%v2hlf|%v3hhu|%#v2lx|%v2hf|%v8hd %s\n", i, v, (float2)(0.5f * i, -0.25f),
                         (uchar3)(7, 8, 255), (ulong2)(255, 4096UL << i), (half2)(1.5h, -2.0h),
                         (short8)(1, 2, 3, 4, 5, 6, -7, (short)i), "end");
  result[2 * i + 1] = printf("bad\n%v4d", v);
}
