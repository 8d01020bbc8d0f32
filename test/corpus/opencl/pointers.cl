// Pointer comparisons and differences (issue 16: OpPtrEqual and
// OpPtrNotEqual, which clang-22 emits at -O0; differences become
// OpConvertPtrToU and OpISub), a null pointer (OpConstantNull of a pointer
// type), pointers chosen by a condition (OpSelect of
// pointers), pointers into private and local arrays and into rows of a 2-D
// array (not a struct: at -O0 clang-22 indexes a struct's member 0 by an
// OpConstantNull, which spirv-val refuses).

int pick(const int *p, const int *q, int i) {
  return p == q ? p[i & 1] : q[(i >> 1) & 3] - p[0];
}

kernel void pointers(global int *a, global const int (*r)[8], global long *out, local int *tmp) {
  size_t i = get_global_id(0), l = get_local_id(0);
  tmp[l] = a[i] ^ (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  global int *p = a + (i & 3), *q = a + (i >> 1);
  local int *lp = tmp + (l & 7), *lq = tmp + ((l * 3) & 7);
  int priv[8];
  for (int k = 0; k < 8; ++k) priv[k] = (int)(i * 7 + k * k);
  int *pp = priv + (i & 7), *pq = (i & 1) ? priv + 2 : priv + (i & 3);
  global const int *member = (i & 2) ? &r[i][7] : &r[i][1 + i % 7];
  long v = r[i][0] + (q - p) * 10 + (p != q) + 2 * (p == q);
  v += (lp - lq) * 1000 + (lp == lq) * 100000 + *((l & 4) ? lp : lq);
  v += (pp - pq) * 1000000 + pick(pp, pq, (int)i) + *member * 3;
  global int *none = (i > 1000000) ? p : 0;  // a null pointer constant
  v += (none == 0) * 7 + (none != q) * 11;
  out[i] = v;
}
