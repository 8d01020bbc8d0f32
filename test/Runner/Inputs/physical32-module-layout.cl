// Pointers in memory at the module's width (test/Runner/physical32-module-layout.test):
// programs whose byte offsets and byte counts reach memory holding
// pointers where no type says so. With --pointer-layout=module a
// Physical32 module keeps 32-bit addresses in memory, as it lays them out.
// Nothing printed depends on the size of a pointer (PoCL's are 8 bytes).

typedef struct Node {
  int value;
  __global struct Node *next;
  short tag;
} Node;

// A linked list built in a byte buffer: each node at a byte offset
// computed from sizeof(Node), in a scattered order, then walked.
__kernel void list(__global int *out, __global uchar *heap, __global const int *in) {
  int gid = get_global_id(0);
  __global uchar *mine = heap + gid * 8 * sizeof(Node);
  __global Node *prev = 0;
  for (int i = 0; i < 6; i++) {
    __global Node *n = (__global Node *)(mine + ((i * 5) % 8) * sizeof(Node));
    n->value = in[(gid + i) & 7] * 3 + i;
    n->tag = (short)(i * 11 - gid);
    n->next = prev;
    prev = n;
  }
  int walk = 0, count = 0;
  for (__global Node *p = prev; p; p = p->next) {
    walk = walk * 3 + p->value - p->tag;
    count++;
  }
  out[gid * 3] = walk;
  out[gid * 3 + 1] = count;
  out[gid * 3 + 2] = prev->next->next->value;
}

typedef struct A {
  __local int *p;
  int x;
} A;

typedef struct B {
  short s;
  __local int *q;
  int y;
} B;

#define STRIDE (2 * sizeof(B))

// `char *` arithmetic over objects of two struct types in one pool.
__kernel void twotypes(__global int *out, __global const int *in) {
  __local int data[16];
  __local uchar pool[4 * STRIDE] __attribute__((aligned(16)));
  int lid = get_local_id(0), gid = get_global_id(0);
  data[lid] = in[lid & 7] * 5;
  data[lid + 8] = in[(lid + 3) & 7] - 7;
  __local uchar *mine = pool + lid * STRIDE;
  if (lid & 1) {
    __local B *b = (__local B *)mine;
    b->s = (short)(lid * 3);
    b->q = &data[lid + 8];
    b->y = 100 + lid;
  } else {
    __local A *a = (__local A *)mine;
    a->p = &data[lid];
    a->x = 200 + lid;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int other = lid ^ 1;
  __local uchar *o = pool + other * STRIDE;
  int v;
  __local int *through;
  if (other & 1) {
    __local B *b = (__local B *)o;
    v = *b->q + b->y + b->s;
    through = *(__local int *__local *)(o + __builtin_offsetof(B, q));
  } else {
    __local A *a = (__local A *)o;
    v = *a->p + a->x;
    through = *(__local int *__local *)(o + __builtin_offsetof(A, p));
  }
  out[gid * 2] = v;
  out[gid * 2 + 1] = *through;
}

typedef struct Trio {
  __global const int *a;
  __global const int *b;
  __global const int *c;
} Trio;

// Byte copies of parts of memory holding pointers: the first two of three
// pointers, the last one alone, and two whole structs of an array.
__kernel void partial(__global int *out, __global const int *in, __global Trio *ts) {
  __local Trio src[4], dst[4];
  int lid = get_local_id(0), gid = get_global_id(0);
  src[lid].a = in + lid;
  src[lid].b = in + lid + 1;
  src[lid].c = in + lid + 2;
  dst[lid].a = dst[lid].b = dst[lid].c = in + 7;
  __builtin_memcpy(&dst[lid], &src[lid], 2 * sizeof(__global int *));
  out[gid * 3] = *dst[lid].a + *dst[lid].b * 10 + *dst[lid].c * 100;
  barrier(CLK_LOCAL_MEM_FENCE);
  __builtin_memcpy((__local char *)&dst[lid] + 2 * sizeof(__global int *),
                   (__local char *)&src[(lid + 1) & 3] + 2 * sizeof(__global int *), sizeof(__global int *));
  out[gid * 3 + 1] = *dst[lid].a + *dst[lid].b * 10 + *dst[lid].c * 100;
  if (lid == 0)
    __builtin_memcpy(&ts[1], &src[2], 2 * sizeof(Trio));
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[gid * 3 + 2] = *ts[1 + (lid & 1)].a + *ts[1 + (lid & 1)].c * 10;
}

__global int table[4] = {3, 1, 4, 1};
__global int *gp = &table[2];
__global int *gps[2] = {&table[1], &table[3]};

typedef struct Ref {
  int k;
  __global int *at;
} Ref;

__global Ref refs[2] = {{7, &table[1]}, {9, &table[3]}};

// Pointers in private, local and global memory, and program-scope globals
// initialized with addresses of other globals.
__kernel void places(__global int *out, __global int *in, __global Ref *slots) {
  __global int *__local lptrs[4];
  int gid = get_global_id(0), lid = get_local_id(0);
  lptrs[lid] = in + ((gid + 1) & 7);
  barrier(CLK_LOCAL_MEM_FENCE);
  __global int *priv[3] = {in + (gid & 7), lptrs[(lid + 1) & 3], gp};
  slots[gid].k = gid;
  slots[gid].at = priv[gid % 3];
  barrier(CLK_GLOBAL_MEM_FENCE);
  __global Ref *r = &slots[(gid + 1) & 3];
  out[gid * 4] = *r->at + r->k;
  out[gid * 4 + 1] = *gp + *gps[gid & 1] * 10 + *refs[gid & 1].at * 100 + refs[gid & 1].k * 1000;
  out[gid * 4 + 2] = *priv[0] + *priv[1] * 10 + *priv[2] * 100;
  out[gid * 4 + 3] = *lptrs[(lid + 2) & 3];
}

// Pointers through integers (`(uintptr_t)p`: a uint in a spirv32 module):
// kept in local memory as integers, moved by byte counts, converted back.
__kernel void roundtrip(__global int *out, __global int *in) {
  __local uintptr_t bits[4];
  __local int ldata[4];
  int gid = get_global_id(0), lid = get_local_id(0);
  ldata[lid] = in[(lid + 5) & 7];
  bits[lid] = (uintptr_t)(in + (gid & 3));
  barrier(CLK_LOCAL_MEM_FENCE);
  uintptr_t moved = bits[(lid + 1) & 3] + 2 * sizeof(int);
  __global int *back = (__global int *)moved;
  __local int *lp = (__local int *)((uintptr_t)&ldata[0] + ((lid + 2) & 3) * sizeof(int));
  int priv[3] = {in[gid & 7], 11, 12};
  int *pp = (int *)((uintptr_t)priv + sizeof(int) * (gid % 3));
  out[gid * 4] = *back;
  out[gid * 4 + 1] = *lp;
  out[gid * 4 + 2] = *pp;
  out[gid * 4 + 3] = (int)((uintptr_t)(in + 5) - (uintptr_t)(in + 2)) + (int)(((uintptr_t)back & 3) == 0);
}
