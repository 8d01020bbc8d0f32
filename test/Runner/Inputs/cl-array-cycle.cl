// test/Runner/cl-array-cycle.test: a node type recursive through a pointer
// to an array of node pointers (S), and one with a pointer to an array of
// ints beside a pointer to itself (T). Four work-items build the nodes, then
// each walks five steps from its own node.
typedef struct S S;
typedef global S *SP;
struct S { global SP (*row)[2]; int v; };
typedef struct T T;
struct T { global int (*vals)[4]; global T *next; };
kernel void walk(global S *nodes, global SP (*rows)[2], global T *ts, global int (*vals)[4], global int *out) {
  int i = get_global_id(0);
  nodes[i].v = 10 * (i + 1);
  nodes[i].row = &rows[i];
  rows[i][0] = &nodes[(i + 1) % 4];
  rows[i][1] = &nodes[(i + 3) % 4];
  ts[i].vals = &vals[3 - i];
  ts[i].next = &ts[(i + 1) % 4];
  for (int k = 0; k < 4; k++) vals[i][k] = 100 * i + k;
  barrier(CLK_GLOBAL_MEM_FENCE);
  global S *p = &nodes[i];
  int acc = 0;
  for (int s = 0; s < 5; s++) { acc = acc * 3 + p->v; p = (*p->row)[(s + i) & 1]; }
  out[i] = acc;
  global T *t = &ts[i];
  out[4 + i] = (*t->vals)[i] + (*t->next->next->vals)[3 - i];
}
