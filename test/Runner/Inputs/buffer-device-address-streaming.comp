#version 450
// Streaming through buffer device addresses
// (test/Runner/buffer-device-address-streaming.test): the host's answer
// about a leaf read from the push constants is asked once per workgroup and
// the access first tested against the room from the leaf to its buffer's
// end (docs/abi.md, "Buffer device addresses"). Every access below that
// leaves its buffer must still read zero or write nothing.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Ints { int v[]; };
layout(push_constant) uniform Push { Ints src; Ints dst; Ints a; Ints b; } pc;
layout(set = 0, binding = 0) buffer Out { int result[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  // One leaf per buffer, the same in every invocation, walking across the
  // ends of src and dst.
  pc.dst.v[i] = 2 * pc.src.v[i] + 1;
  // Two buffers alternating between invocations (a select of two leaves).
  Ints either = (i & 1u) != 0 ? pc.a : pc.b;
  int alternate = either.v[i / 2];
  // A leaf per invocation, made by pointer arithmetic: past the end of a,
  // the leaf lies outside every buffer; at its end, inside, but the int
  // there is not.
  int stepped = Ints(uint64_t(pc.a) + 4 * uint64_t(i)).v[0];
  // A leaf inside b, 10 ints before its end, indexed forward across it.
  int tail = Ints(uint64_t(pc.b) + 152).v[i % 16];
  // Leaves from a sum and a difference with a's address: 4 ints into a, and
  // 4 ints before it, indexed back into a (which reads zero: the leaf lies
  // in no buffer).
  int ahead = Ints(uint64_t(pc.a) + 16).v[i % 8];
  int back = Ints(uint64_t(pc.a) - 16).v[4 + i % 8];
  int walked = 0;
#ifdef WALK
  // A loop's pointer variable alternating between a and b: a new leaf each
  // iteration (a loop: the SPMD vectorizer runs the invocations, where
  // without it LLVM's loop vectorizer does).
  Ints p = pc.a;
  for (uint j = 0; j < 4; j++) {
    walked = walked * 2 + p.v[i / 4 + j];
    p = (j & 1u) != 0 ? pc.a : pc.b;
  }
#endif
  result[6 * i + 0] = alternate;
  result[6 * i + 1] = stepped;
  result[6 * i + 2] = walked;
  result[6 * i + 3] = tail;
  result[6 * i + 4] = ahead;
  result[6 * i + 5] = back;
}
