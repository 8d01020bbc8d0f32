// Mutually recursive structs through pointers (issue 16): A names B, B
// names A, and C closes a cycle of three (A -> C -> B -> A) through a
// second pointer of A. Each work-item builds the structures in private
// memory and walks them.
struct B;
struct C;
struct A { struct B *b; struct C *c; int v; };
struct B { struct A *a; int w; };
struct C { struct B *b; long u; };

__attribute__((noinline)) int walk(struct A *p, int steps) {
  int sum = 0;
  for (int s = 0; s < steps; s++) {
    sum = sum * 3 + p->v;
    struct B *q = (s & 1) ? p->c->b : p->b;
    sum = sum * 2 + q->w;
    p = q->a;
  }
  return sum;
}

kernel void k(global int *out, global const int *in) {
  int g = get_global_id(0);
  struct A a[3];
  struct B b[3];
  struct C c[3];
  for (int i = 0; i < 3; i++) {
    a[i].b = &b[(i + 1) % 3];
    a[i].c = &c[(i + 2) % 3];
    a[i].v = in[i] + g;
    b[i].a = &a[(i + 2) % 3];
    b[i].w = in[3 + i];
    c[i].b = &b[i];
    c[i].u = (long)in[6 + i] << 33;
  }
  out[g] = walk(&a[g % 3], 4 + g % 3) + (int)(a[g % 3].c->u >> 33);
}
