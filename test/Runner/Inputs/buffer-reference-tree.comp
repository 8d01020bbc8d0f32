#version 450
// A buffer_reference block holding an array of references to its own type
// (issue 16): glslang declares the array of forward pointers before the
// struct; each invocation walks two levels down by the bits of its index.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Tree;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Tree { Tree kids[2]; int v; };
layout(push_constant) uniform Push { Tree root; };
layout(set = 0, binding = 0, std430) buffer Out { int o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  Tree t = root;
  int path = t.v;
  for (uint level = 0; level < 2; level++) {
    t = t.kids[(i >> level) & 1u];
    path = path * 10 + t.v;
  }
  o[i] = path;
}
