#version 450
// buffer_reference blocks named in a block before their own declarations:
// glslang then writes the forward-declared pointers into the struct of
// `Pointers` before it defines the pointers and their pointee structs.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Ints;
layout(buffer_reference) buffer Pair;
layout(set = 0, binding = 0, std430) buffer Pointers { Ints data; Pair edge; uint n; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Ints { int v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Pair { Ints a; Ints b; };
layout(set = 0, binding = 1, std430) buffer Out { int o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  o[i] = (uint64_t(data) == 0ul) ? -1 : data.v[i];
  if (uint64_t(edge) != 0ul && i < n) o[i] += edge.a.v[0] * 100 + edge.b.v[3 - i];
}
