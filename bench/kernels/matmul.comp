// C = A * B (n x n floats), 16x16 tiles of A and B in shared memory.
#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(push_constant) uniform P { uint n; } p;
layout(std430, set = 0, binding = 0) readonly buffer A { float a[]; };
layout(std430, set = 0, binding = 1) readonly buffer B { float b[]; };
layout(std430, set = 0, binding = 2) writeonly buffer C { float c[]; };
shared float ta[16][16];
shared float tb[16][16];
void main() {
  uint row = gl_GlobalInvocationID.y, col = gl_GlobalInvocationID.x;
  uint ly = gl_LocalInvocationID.y, lx = gl_LocalInvocationID.x;
  float acc = 0.0;
  for (uint t = 0u; t < p.n; t += 16u) {
    ta[ly][lx] = a[row * p.n + t + lx];
    tb[ly][lx] = b[(t + ly) * p.n + col];
    barrier();
    for (uint k = 0u; k < 16u; ++k) acc += ta[ly][k] * tb[k][lx];
    barrier();
  }
  c[row * p.n + col] = acc;
}
