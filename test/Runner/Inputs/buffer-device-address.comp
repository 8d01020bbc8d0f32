#version 450
// Buffer device addresses (test/Runner/buffer-device-address.test): the
// runner's --device-buffer and --address give the shader real addresses.
// A linked list walked through pointers stored in a device buffer (its head
// in the push constants), pointers read from a bound buffer, pointer
// arithmetic through uint64_t, stores through pointers, and an access
// straddling the end of a device buffer (bounds checks: the load gives
// zero, the store does nothing). A barrier between the two halves.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { Node next; int value; int pad; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Ints { int v[]; };
layout(buffer_reference, scalar, buffer_reference_align = 4) buffer Pair { ivec2 v; };
layout(push_constant) uniform Push { Node head; int checked; } pc;
layout(set = 0, binding = 0) buffer Out { int result[]; };
// edge is a plain uint64_t: a block holding pointers to two buffer_reference
// types defined after it is not imported yet (docs/abi.md).
layout(set = 0, binding = 1) buffer Pointers { Ints data; uint64_t edge; };
shared int partial[4];

void main() {
  uint i = gl_LocalInvocationID.x;
  // The list, its values as decimal digits in visiting order.
  int digits = 0, count = 0;
  for (Node n = pc.head; uint64_t(n) != 0 && count < 16; n = n.next) {
    digits = digits * 10 + n.value;
    count++;
  }
  // Element i of data, by pointer arithmetic; doubled in place.
  Ints element = Ints(uint64_t(data) + 4 * uint64_t(i));
  int x = element.v[0];
  element.v[0] = 2 * x + int(i);
  // edge - 4 i: lanes 1 to 3 read inside the buffer; lane 0 straddles its
  // end (skipped without bounds checks: there it would read past it).
  int pair = -1;
  if (i != 0 || pc.checked != 0) {
    Pair p = Pair(edge - 4 * uint64_t(i));
    ivec2 v = p.v;
    pair = v.x + 10 * v.y;
    if (i == 0) {
      p.v = ivec2(77, 77);
    }
  }
  partial[i] = x;
  barrier();
  if (i == 0) {
    pc.head.next.value += 100;
  }
  result[4 * i + 0] = digits;
  result[4 * i + 1] = count;
  result[4 * i + 2] = partial[(i + 1) % 4];
  result[4 * i + 3] = pair;
}
