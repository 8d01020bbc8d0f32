// Relational builtins clang-22 emits as OpSignBitSet, OpIsNormal, OpUnordered
// (scalar and vector; OpLessOrGreater is made from OpUnordered by the test),
// and pointer comparisons as OpPtrEqual/OpPtrNotEqual (physical addressing).
kernel void rel(global const float *x, global const float *y, global int *out) {
  size_t i = get_global_id(0);
  out[4*i+0] = signbit(x[i]);
  out[4*i+1] = isnormal(x[i]);
  out[4*i+2] = islessgreater(x[i], y[i]);
  out[4*i+3] = isunordered(x[i], y[i]);
}
kernel void relv(global const float4 *x, global const float4 *y, global int4 *out) {
  size_t i = get_global_id(0);
  out[4*i+0] = signbit(x[i]);
  out[4*i+1] = isnormal(x[i]);
  out[4*i+2] = islessgreater(x[i], y[i]);
  out[4*i+3] = isunordered(x[i], y[i]);
}
kernel void ptrs(global int *a, global int *out, int k) {
  global int *p = a + k;
  global int *q = a + 3;
  out[0] = p - q;
  out[1] = p == q;
  out[2] = p != q;
  out[3] = (global char *)p - (global char *)q;
}
