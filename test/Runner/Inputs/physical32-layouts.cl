// Pointers kept in memory at clang-22 -O2 in Physical32 modules: arrays
// and structs of pointers in private and local memory, and a linked
// list built in a buffer (test/Runner/physical32-layouts.test).
typedef struct Node { int value; __global struct Node *next; short tag; } Node;
typedef struct { char c; int *p[3]; int n; } Holder;
typedef struct { __local int *row; int len; __local int *col; } Span;


// A linked list built in a buffer: clang types the buffer `uchar*` and
// reaches `next` at byte offset 4 of a 12-byte node; nothing in the
// module says the buffer holds pointers (no typed place): refused.
__kernel void list(__global int *out, __global int *in, __global Node *nodes) {
  int gid = get_global_id(0);
  int n = 4;
  int first = gid * n;
  for (int i = 0; i < n; i++) {
    nodes[first + i].value = in[(gid + i) & 7] + i;
    nodes[first + i].tag = (short)(i * 7);
    nodes[first + i].next = i ? &nodes[first + i - 1] : 0;
  }
  int walk = 0;
  for (__global Node *p = &nodes[first + n - 1]; p; p = p->next) walk = walk * 2 + p->value + p->tag;
  out[gid * 2] = walk;
  out[gid * 2 + 1] = nodes[first + 2].next->value;
}

__kernel void k(__global int *out, __global int *in) {
  __local int lbuf[16];
  __local Span spans[4];
  int gid = get_global_id(0), lid = get_local_id(0);
  int priv[8];
  for (int i = 0; i < 8; i++) priv[i] = in[i] * 3 + gid;
  lbuf[lid] = in[lid & 7] + 50;
  lbuf[lid + 8] = in[(lid + 3) & 7] - 50;
  spans[lid & 3].row = &lbuf[lid];
  spans[lid & 3].len = lid;
  spans[lid & 3].col = &lbuf[lid + 8];
  barrier(CLK_LOCAL_MEM_FENCE);
  Holder h = { 'x', { &priv[1], &priv[4], &priv[7] }, 9 };
  int j = in[gid & 7] & 3;            // data-dependent index
  int *ptrs[5];
  for (int i = 0; i < 5; i++) ptrs[i] = &priv[(i * 3 + j) & 7];
  __local Span *ls = &spans[(lid + j) & 3];
  int base = gid * 12;
  out[base + 0] = *h.p[0] + *h.p[1] + *h.p[2] + h.n + h.c;
  out[base + 1] = *h.p[j % 3];
  out[base + 2] = *ptrs[j] + *ptrs[4] * 2;
  out[base + 3] = *ls->row + *ls->col + ls->len;
  out[base + 4] = *spans[3 - (lid & 3)].col;
  int *(*rows)[5] = &ptrs;
  out[base + 5] = *(*rows)[(j + 1) % 5] - *(*rows)[0];
  out[base + 6] = *ptrs[(j + 2) % 5] + ls[0].len * 100;
  int **pp = &ptrs[1];
  out[base + 7] = **(pp + 2) + *pp[1];
  out[base + 8] = (int)(sizeof(Holder) == sizeof(h));
  out[base + 9] = *h.p[2] - *((int **)&h.p)[1];
  __local int *__local *lp = &spans[1].row;
  out[base + 10] = **lp + *(lp[2]);
  Holder copy = h;
  copy.p[2] = copy.p[j % 3];
  out[base + 11] = *copy.p[2] + copy.n;
}

// A pointer loaded from an array of pointers to structs holding pointers,
// then a member at a byte offset (`p->n`, `p->tag`: no pointer loaded
// through it). The array's address never escapes, so the loaded pointer is
// one of the stored `&x`, `&y`: a `Tagged` from its start.
typedef struct { int tag; int *a; int n; } Tagged;
__kernel void picks(__global int *out, __global int *in) {
  int gid = get_global_id(0);
  int priv[4] = {in[0], in[1], in[2], in[3]};
  Tagged x = { 1, &priv[0], 5 }, y = { 2, &priv[2], 6 };
  Tagged *ps[2] = { &x, &y };
  Tagged *p = ps[(in[gid & 7] + gid) & 1];
  out[gid * 2] = p->n + p->tag * 100;
  out[gid * 2 + 1] = *p->a;
}

// The same with pointers to two different structs: the loaded pointer's
// type is not one, so the byte offset from it has no typed place: refused
// (before: read at the module's offset, silently wrong).
typedef struct { int *a; int *b; int n; } Two;
__kernel void mixed(__global int *out, __global int *in) {
  int gid = get_global_id(0);
  int priv[4] = {in[0], in[1], in[2], in[3]};
  Tagged x = { 1, &priv[0], 5 };
  Two y = { &priv[1], &priv[2], 6 };
  __private char *ps[2] = { (__private char *)&x, (__private char *)&y };
  __private char *p = ps[(in[gid & 7] + gid) & 1];
  out[gid] = *(__private int *)(p + 8);
}

// A helper kept out of line (clang types its `Two *` parameter `uchar*`):
// each call passes the start of a `Two` (a variable, or one loaded from
// the array), so the parameter is a `Two *` and `p->n` a chain from it.
__attribute__((noinline)) int two_n(Two *p) { return p->n + *p->b; }
__kernel void helper(__global int *out, __global int *in) {
  int gid = get_global_id(0);
  int priv[4] = {in[0], in[1], in[2], in[3]};
  Two x = { &priv[0], &priv[1], 5 }, y = { &priv[2], &priv[3], 6 };
  Two *ts[2] = { &x, &y };
  int j = (in[gid & 7] + gid) & 1;
  out[gid * 2] = two_n(ts[j]);
  out[gid * 2 + 1] = two_n(&x) * 10 + ts[1 - j]->n;
}
