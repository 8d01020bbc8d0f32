#version 450
// Many invocations chasing the same lists through buffer device addresses
// (test/Runner/buffer-device-address-shared-list.test): the nodes lie in
// three device buffers, a, b and c, and every invocation of every workgroup
// walks from one of six heads. The bounds checks keep the host's last two
// answers for the whole call of the workgroup function (docs/abi.md,
// "Buffer device addresses"): an invocation starts with what the ones
// before it (and the workgroups before its own, in a run) left there, and
// every access must still land where the host says its leaf lies, or read
// zero and write nothing outside every buffer.
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 16) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
  int value;
  int tag;
  Node next;
};
layout(set = 0, binding = 0) buffer Out { int result[]; };
layout(set = 0, binding = 1) buffer Heads { Node heads[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  Node n = heads[i % 6u];
  int sum = 0;
  for (uint j = 0; j < 5u + (i % 7u) * 3u; j++) {
    sum += (n.value * int(j + 1u)) ^ int(i);
    atomicAdd(n.tag, 1);
    n = n.next;
  }
  result[2u * i] = sum;
#ifdef BARRIER
  // After a barrier, a second walk from another head: the cache lives
  // across it (regions, coroutines).
  barrier();
  n = heads[(i + 2u) % 6u];
  sum = 0;
  for (uint j = 0; j < 3u + (i % 4u); j++) {
    sum = sum * 5 + n.value;
    n = n.next;
  }
#endif
  result[2u * i + 1u] = sum;
}
