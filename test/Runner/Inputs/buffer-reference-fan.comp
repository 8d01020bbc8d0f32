#version 460
#extension GL_EXT_buffer_reference : require
// A reference block holding a runtime array of references to its own type
// (Fan) and one holding a 2x2 array of them (Grid): glslang declares the
// arrays of the forward pointer before the pointer (docs/import.md).
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Fan;
layout(buffer_reference) buffer Grid;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Fan { int v; int n; Fan kids[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Grid { int v; Grid g[2][2]; };
layout(push_constant) uniform PC { Fan fan; Grid grid; } pc;
layout(set = 0, binding = 0) buffer Out { int o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  Fan f = pc.fan;
  int acc = 0;
  for (uint s = 0; s < 4; s++) { acc = acc * 5 + f.v; f = f.kids[(i + s) % uint(f.n)]; }
  o[i] = acc;
  Grid g = pc.grid;
  int a2 = 0;
  for (uint s = 0; s < 4; s++) { a2 = a2 * 5 + g.v; g = g.g[(i >> 1) & 1][(i + s) & 1]; }
  o[4 + i] = a2;
}
