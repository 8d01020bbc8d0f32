#version 450
// More buffer_reference shapes (issue 16): a reference made from and
// turned into a uvec2 (GL_EXT_buffer_reference_uvec2), an array of
// references inside a reference block, a block of buffer_reference_align 16
// with vec3 members and an array of structs holding a vec3, a reference
// to the block's own type in it, and atomics through a reference.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
struct Item { vec3 pos; int tag; };
layout(buffer_reference) buffer Cell;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Cell { vec3 v; int n; Item items[2]; Cell link; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Table { Cell cells[4]; uint count; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Counter { uint hits; int total; uint bits; int maxn; };
layout(push_constant) uniform Push { uvec2 tableBits; Counter counter; };
layout(set = 0, binding = 0, std430) buffer Floats { vec4 o[]; };
layout(set = 0, binding = 1, std430) buffer Ints { int r[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  Table t = Table(tableBits);
  if (i >= t.count) return;
  Cell c = t.cells[i];
  Cell first = t.cells[0];
  int tag = c.items[0].tag;
  Cell l = c.link;
  o[i] = vec4(c.v + c.items[1].pos * 2.0, float(c.n * 10 + l.n));
  r[i] = tag;
  r[4 + i] = int(uint64_t(l) - uint64_t(first));
  uvec2 u = uvec2(c);
  uvec2 u0 = uvec2(first);
  r[8 + i] = int(u.x - u0.x);
  r[12 + i] = Cell(u).n * 100 + ((u.y == u0.y) ? 1 : 0);
  c.items[1].tag = int(i) * 3 + tag;
  c.items[1].pos.y += float(i);
  atomicAdd(counter.hits, 1u);
  atomicAdd(counter.total, c.n);
  atomicOr(counter.bits, 1u << (2u * i));
  atomicMax(counter.maxn, c.n * (int(i) - 1));
}
