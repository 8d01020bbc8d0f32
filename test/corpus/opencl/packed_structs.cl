// __attribute__((packed)) structs (OpDecorate CPacked; session 17: they were
// laid out with C's padding, so every member after the first and every
// element after the first was read and written at the wrong address):
// an array of packed records read and updated in place, a packed struct
// holding a float4 and a nested packed struct, one inside an unpacked
// struct, and private packed copies. Each struct's member 0 is never named
// on its own: at -O0 clang-22 indexes member 0 with an OpConstantNull,
// which spirv-val refuses.
typedef struct __attribute__((packed)) {
  uchar spare;
  char tag;
  int count;
  short delta;
} record;  // 8 bytes: tag @1, count @2, delta @6

typedef struct __attribute__((packed)) {
  uchar spare;
  uchar kind;
  float4 v;
  record r;
} wide;  // 1 + 1 + 16 + 8 = 26 bytes: kind @1, v @2, r @18

typedef struct {
  short spare;
  char c;
  record r;  // at offset 3: a packed struct has alignment 1
  int after;
} outer;   // 2 + 1 + 8 = 11, after @12, 16 bytes

kernel void packed_structs(global record *records, global wide *wides, global outer *outers,
                           global int *out) {
  size_t i = get_global_id(0);
  record r = records[i];
  records[i].count = r.count * 3 + r.delta;
  records[i].delta = (short)(r.tag - r.delta);
  wide w = wides[i];
  float s = w.v.x + w.v.y * 2.0f + w.v.z * 4.0f + w.v.w * 8.0f;
  wides[i].v = w.v.wzyx + (float4)(w.kind);
  wides[i].r.count = w.r.count ^ (int)i;
  outer o = outers[i];
  outers[i].after = o.after + o.r.count + o.c;
  outers[i].r.tag = (char)(o.r.tag + 1);
  out[2 * i] = (int)s + w.r.delta + o.r.delta;
  out[2 * i + 1] = (int)sizeof(record) * 100 + (int)sizeof(wide) * 10 + (int)sizeof(outer);
}
