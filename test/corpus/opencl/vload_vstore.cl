// vloadn and vstoren on global and private memory.
__kernel void vload_vstore(__global const float *in, __global float *out, __global int *ints) {
  size_t i = get_global_id(0);
  float4 a = vload4(i, in);
  float2 b = vload2(i * 2 + 1, in);
  float p[4] = {a.x, a.y, b.x, b.y};
  float4 c = vload4(0, p);
  vstore4(a * 2.0f + c, i, out);
  vstore2(b, i, out + 1024);
  int3 t = vload3(i, ints);
  vstore3(t + 1, i, ints);
}
