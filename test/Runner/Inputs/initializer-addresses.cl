// Program-scope pointers initialized with addresses (test/Runner/initializer-addresses.test).
// -DSCALAR_ONLY leaves out the arrays and structs of pointers (Physical32
// refuses them); -DNO_GENERIC the generic pointer (PoCL 3.1 has no
// generic address space: its values here are by hand).
typedef struct { int unused; int x; int y; } Triple;
#ifndef SCALAR_ONLY
typedef struct { int unused; global int *ptr; int n; global Triple *triple; } Holder;
#endif
global int a[4] = {1, 2, 3, 4};
global int m[2][3] = {{10, 11, 12}, {13, 14, 15}};
global char cs[8] = {1, 2, 3, 4, 5, 6, 7, 8};
global Triple tr[2] = {{0, 5, 6}, {0, 7, 8}};
global int *global p = a;
global int *global q = &a[2];
global int *global py = &tr[0].y;
global int *global pm = &m[1][2];
global char *global pcs = &cs[3];
global int *global *global pp = &q;
global int *global g = &a[1] + 1;
constant int ct[3] = {7, 8, 9};
constant int *global pc = &ct[1];
constant int *constant cpc = &ct[2];
#ifndef SCALAR_ONLY
global int *global arr[2] = {&a[1], &a[3]};
global Holder h = {0, &a[3], 7, &tr[1]};
#endif
#ifndef NO_GENERIC
int *global to_generic = &a[1];
#endif

kernel void k(global int *out) {
  out[0] = *p; out[1] = *q; out[2] = *py; out[3] = *pm; out[4] = *pcs;
  out[8] = **pp; out[10] = *(g - 1);
  out[11] = *g; out[12] = *pc; out[13] = *cpc;
#ifndef SCALAR_ONLY
  out[5] = *arr[0]; out[6] = *arr[1]; out[7] = arr[1] - arr[0];
  out[9] = *h.ptr + h.n + h.triple->x;
  out[18] = h.triple == &tr[1];
#endif
#ifndef NO_GENERIC
  out[20] = *to_generic;
#endif
  out[21] = ct[0] + tr[1].x + m[0][0] + cs[0];
  // Writes through a pointer, read through the array, and the reverse: one object.
  *q = 42; out[14] = a[2];
  a[0] = 77; out[15] = *p;
  *py = 99; out[16] = tr[0].y;
  out[17] = *(*pp - 1);
  out[19] = q == &a[2];
}
