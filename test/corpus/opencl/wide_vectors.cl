// 16- and 8-component vectors behind pointers (loads, stores, vload16,
// vstore8), the relational builtins clang emits as OpSignBitSet, OpIsNormal
// and OpUnordered, and a pointer comparison (OpPtrEqual at -O0).
kernel void wide_vectors(global const float16 *a, global const int8 *b, global float16 *out, global int8 *flags,
                         global int *raw) {
  int i = get_global_id(0);
  float16 x = a[i] + vload16(i, (const global float *)a);
  out[i] = x;
  int8 s = signbit(x.lo) + isnormal(x.hi) * 2 + isunordered(x.lo, x.hi) * 4;
  flags[i] = s + b[i];
  global const int *p = (global const int *)b + i * 8;
  vstore8(b[i] * 3 + (p == (global const int *)(b + i) ? 1 : 0), i, raw);
}
