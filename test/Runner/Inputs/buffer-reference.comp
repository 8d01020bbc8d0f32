#version 450
// GLSL buffer_reference (test/Runner/buffer-reference.test): a linked list
// type that points to itself (OpTypeForwardPointer to a
// PhysicalStorageBuffer struct), its head a 64-bit address in the push
// constants next to a count; walked to the null address.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node { Node next; int value; };
layout(push_constant) uniform Push { int bias; Node head; int tail; } pc;
layout(set = 0, binding = 0) buffer Out { int sum; int visited; int bias; int tail; };
void main() {
  int s = 0, count = 0;
  for (Node n = pc.head; uint64_t(n) != 0; n = n.next) {
    s += n.value;
    count++;
  }
  sum = s;
  visited = count;
  bias = pc.bias;
  tail = pc.tail;
}
