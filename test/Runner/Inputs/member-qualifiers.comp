#version 450
// Buffer members decorated Coherent, Restrict, Volatile, NonWritable,
// NonReadable (GLSL's memory qualifiers on blocks).
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) coherent restrict buffer B { uint a[]; } b;
layout(std430, set = 0, binding = 1) volatile readonly buffer C { uint c[]; } c;
layout(std430, set = 0, binding = 2) writeonly buffer D { uint d[]; } d;
void main() {
  uint i = gl_LocalInvocationID.x;
  b.a[i] = b.a[i] + c.c[i];
  d.d[i] = 7u;
}
