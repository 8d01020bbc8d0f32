// Arrays of structs with padding, passed by pointer. Field 0 is never
// accessed: clang-22 at -O0 writes the index of field 0 as OpConstantNull,
// which spirv-val rejects (test/corpus/README.md).
typedef struct { int id; float3 position; float mass; int flags; short tag; char kind; } particle;
__kernel void structs(__global particle *particles, float dt) {
  size_t i = get_global_id(0);
  __global particle *p = &particles[i];
  p->position.y -= 9.81f * dt * p->mass;
  p->flags |= p->position.y < 0.0f ? 1 : 0;
  p->tag = (short)(p->tag + 1);
  p->kind = (char)(p->flags & 3);
}
