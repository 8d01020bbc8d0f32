// OpenCL 8- and 16-component vectors behind pointers (loads, stores,
// vload16, vstore8), a nested array of vectors in private memory, a
// selection of structs and a null pointer (OpConstantNull of a pointer type).
kernel void v(global float16 *a, global int8 *b, global float *c, global float16 *out, global int8 *outi) {
  int i = get_global_id(0);
  float16 x = a[i] * 2.0f;
  out[i] = x + vload16(i, (const global float *)c);
  outi[i] = b[i] + (int8)(1);
  vstore8(b[i] * 3, i, (global int *)(c + 64));
}
kernel void nested(global int *out) {
  int4 m[3][2];
  for (int i = 0; i < 3; i++) for (int j = 0; j < 2; j++) m[i][j] = (int4)(i, j, i*j, i+j);
  int i = get_global_id(0);
  out[i] = m[i % 3][i % 2].z + m[2][1].w;
}
kernel void sel(global int *out, int k) {
  struct S { int a; float b; } s1 = {1, 2.0f}, s2 = {3, 4.0f};
  struct S s = k ? s1 : s2;
  out[0] = s.a; out[1] = (int)s.b;
  global int *p = k ? 0 : out;
  out[2] = p == 0;
}
