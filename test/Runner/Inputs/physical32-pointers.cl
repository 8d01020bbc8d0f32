// Pointers held in memory (structs and arrays of pointers in private and
// local memory, reached through char pointers, copied by memcpy, a pointer
// to a pointer): test/Runner/physical32-pointers.test.
typedef struct { int *a; int *b; int n; } Pair;
typedef struct { int tag; __local int *p; short s; int *q; } Mixed;

int sum_pair(Pair *pp) { return *pp->a + *pp->b + pp->n; }

__kernel void k(__global int *out, __global int *in) {
  __local int lbuf[8];
  __local Mixed lm[2];
  int lid = get_local_id(0);
  int priv[6];
  for (int i = 0; i < 6; i++) priv[i] = in[i] * 10 + lid;
  if (lid < 8) lbuf[lid] = in[lid] + 100;
  barrier(CLK_LOCAL_MEM_FENCE);
  // struct of pointers in private memory
  Pair pr = { &priv[1], &priv[3], 7 };
  // array of pointers
  int *arr[4] = { &priv[0], &priv[2], &priv[4], &priv[5] };
  // index through char*
  char *bytes = (char *)arr;
  int k = in[6];              // 2 at run time
  int *via = *(int **)(bytes + k * sizeof(int *));
  // memcpy of structs of pointers
  Pair cp;
  __builtin_memcpy(&cp, &pr, sizeof(Pair));
  Pair cp2 = pr;
  cp2.n = 11;
  // pointer to pointer
  int **pp = &arr[k + 1];
  int *(*rows)[4] = &arr;
  // struct in local memory
  if (lid == 0) {
    lm[0].tag = 5; lm[0].p = &lbuf[2]; lm[0].s = 9; lm[0].q = &priv[0];
    lm[1].tag = 6; lm[1].p = &lbuf[4]; lm[1].s = 3; lm[1].q = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int which = in[7] & 1;      // 1 at run time
  __local char *lb = (__local char *)lm;
  __local Mixed *m = (__local Mixed *)(lb + which * sizeof(Mixed));
  int base = lid * 10;
  out[base + 0] = *pr.a + *pr.b + pr.n;
  out[base + 1] = *via;
  out[base + 2] = sum_pair(&cp);
  out[base + 3] = sum_pair(&cp2);
  out[base + 4] = **pp;
  out[base + 5] = *(*rows)[3];
  out[base + 6] = m->tag * 100 + *m->p + m->s;
  out[base + 7] = lm[0].tag + *lm[0].p + lm[0].s;
  out[base + 8] = (int)sizeof(Pair) * 100 + (int)sizeof(Mixed);
  out[base + 9] = *(*(int **)((char *)&pr + sizeof(int *))) + *(int *)((char *)&pr + 2 * sizeof(int *));
}
