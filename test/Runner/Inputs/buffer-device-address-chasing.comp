#version 450
// Pointer chasing through buffer device addresses
// (test/Runner/buffer-device-address-chasing.test): each invocation walks a
// linked list whose nodes lie in two device buffers, a and b, and whose
// links cross between them, end exactly at a buffer's end, or leave a node
// straddling one; then steps a pointer variable through memory by integer
// arithmetic, into the gap after a buffer and before it. Each leaf (a loaded
// `next`, a loop's pointer variable) is a new value every iteration: the
// bounds checks remember the host's last answers (docs/abi.md, "Buffer
// device addresses"), and every access outside the buffer its leaf lies in
// must still read zero or write nothing, whatever they remember.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 16) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
  int value;
  int tag;
  Node next;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Ints { int v[]; };
layout(set = 0, binding = 0) buffer Out { int result[]; };
layout(set = 0, binding = 1) buffer Heads { Node heads[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  Node head = heads[i % 8u];
  // The walk: a loaded `next` per iteration (pointer chasing); each node
  // visited counts itself in its tag.
  Node n = head;
  int sum = 0;
  int steps = 0;
  for (uint j = 0; j < 12u && uint64_t(n) != 0ul; j++) {
    sum = sum * 3 + n.value;
    atomicAdd(n.tag, 1);
    n = n.next;
    steps++;
  }
#ifdef BARRIER
  // Between the walks, a barrier (the checks' cache of the host's answers
  // lives across it: regions, coroutines).
  barrier();
#endif
  // A loop's pointer variable stepped 16 bytes forward (a node) at a time
  // from the head, then one node back from it (into the 16 bytes before a
  // buffer where the head is its first node).
  Ints q = Ints(head);
  int forward = 0;
  for (uint j = 0; j < 4u; j++) {
    forward = forward * 5 + q.v[0];
    q = Ints(uint64_t(q) + 16ul);
  }
  int back = Ints(uint64_t(head) - 16ul).v[0];
  result[4 * i + 0] = sum;
  result[4 * i + 1] = steps;
  result[4 * i + 2] = forward;
  result[4 * i + 3] = back;
}
