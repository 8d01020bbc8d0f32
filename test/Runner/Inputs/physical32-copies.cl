// Structs holding pointers copied whole: assignment, pass by value, return
// (clang-22 -O0: OpCopyMemorySized with the module's size, 4-byte
// pointers): test/Runner/physical32-pointers.test.
// (Field 0 is never indexed: clang-22 -O0 writes that index as an
// OpConstantNull, which spirv-val rejects.)
typedef struct { int unused; int scale; int *first; int *second; short bias; } Pair;

static Pair swap(Pair p) {
  Pair r = p;
  r.first = p.second;
  r.second = p.first;
  r.bias = (short)(p.bias + 1);
  return r;
}

static int use(Pair p) { return *p.first * p.scale + *p.second + p.bias; }

kernel void k(global int *out, global const int *in) {
  int gid = get_global_id(0);
  int v[3] = { in[gid], in[gid + 1] * 2, gid };
  Pair a;
  a.scale = 3;
  a.first = &v[0];
  a.second = &v[1];
  a.bias = (short)(gid - 1);
  Pair b = a;
  b.second = &v[2];
  Pair c = swap(b);
  out[gid * 4 + 0] = use(a);
  out[gid * 4 + 1] = use(b);
  out[gid * 4 + 2] = use(c);
  out[gid * 4 + 3] = use(swap(c));
}
