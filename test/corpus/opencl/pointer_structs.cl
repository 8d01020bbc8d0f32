// Pointers kept in memory: structs holding pointers and arrays of pointers
// in private and local memory, read and written by member and element (a
// variable element too), a struct holding pointers passed to a function,
// assigned whole and returned, a pointer to a pointer, a pointer to an array
// of pointers. (Field 0 of a struct is never indexed: clang-22 -O0 writes
// that index as an OpConstantNull, which spirv-val rejects.)

typedef struct {
  int tag;
  __local int *shared;
  int count;
  int *mine;
} Slots;

typedef struct {
  int unused;
  int *pick[3];
  short weight;
} Picks;

static int through(Slots s, int i) {
  return s.shared[i & 7] * s.count + s.mine[i & 3];
}

static Slots rotate(Slots s, __local int *next) {
  Slots r = s;
  r.shared = next;
  r.count = s.count + 1;
  return r;
}

static int sum_picks(Picks *p, int n) {
  int total = 0;
  for (int i = 0; i < n; i++) total += *p->pick[i] * p->weight;
  return total;
}

kernel void pointer_structs(global int *out, global const int *in) {
  __local int tile[64 + 8];
  __local Slots shared_slots[4];
  __local int *__local rows[8];
  int gid = get_global_id(0);
  int lid = get_local_id(0);
  int mine[4];
  for (int i = 0; i < 4; i++) mine[i] = in[(gid + i * 17) & 255] ^ i;
  tile[lid] = in[gid & 255];
  if (lid < 8) tile[64 + lid] = lid * 3 - 7;
  if (lid < 4) {
    shared_slots[lid].shared = &tile[lid * 16];
    shared_slots[lid].count = lid + 2;
    shared_slots[lid].mine = 0;
  }
  if (lid < 8) rows[lid] = &tile[(lid * 9) & 63];
  barrier(CLK_LOCAL_MEM_FENCE);

  Slots s;
  s.shared = shared_slots[lid & 3].shared;
  s.count = shared_slots[(lid + 1) & 3].count;
  s.mine = mine;
  int *arr[4] = { &mine[3], &mine[2], &mine[1], &mine[0] };
  int k = in[gid & 255] & 3;
  int **pp = &arr[k];
  int *(*all)[4] = &arr;
  Picks p;
  p.pick[1] = &mine[k];
  p.pick[2] = arr[(k + 1) & 3];
  p.pick[0] = *pp;
  p.weight = (short)(lid - 30);
  Slots t = rotate(s, rows[lid & 7]);
  Slots u = t;
  u.mine = arr[3];

  int base = gid * 16;
  out[base + 0] = through(s, lid);
  out[base + 1] = through(t, lid + 1);
  out[base + 2] = through(u, lid + 2);
  out[base + 3] = **pp;
  out[base + 4] = *(*all)[(k + 2) & 3];
  out[base + 5] = sum_picks(&p, 3);
  out[base + 6] = sum_picks(&p, 1 + (k & 1));
  out[base + 7] = *rows[(lid + k) & 7] + *shared_slots[k].shared;
  out[base + 8] = shared_slots[(lid + 3) & 3].count * 100 + t.count;
  out[base + 9] = u.shared == t.shared;
  out[base + 10] = *arr[k ^ 1] - *u.mine;
  out[base + 11] = t.count - s.count;
  *pp = &mine[(k + 1) & 3];
  out[base + 12] = *arr[k];
  int extra[2] = { tile[64 + (lid & 7)], lid };
  p.pick[k % 3] = &extra[k & 1];
  out[base + 13] = sum_picks(&p, 3);
  out[base + 14] = shared_slots[lid & 3].shared[lid & 15];
  out[base + 15] = *p.pick[2] + *p.pick[1];
}
