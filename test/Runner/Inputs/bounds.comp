#version 450
// Out-of-bounds accesses of every kind of memory a shader has: each load
// gives zero, each store is discarded, each atomic gives zero and changes
// nothing (robustBufferAccess; test/Runner/bounds.test).
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer A { uint a[]; };      // 4 elements
layout(std430, set = 0, binding = 1) buffer B { uint b[]; };      // 20 elements
layout(std430, set = 0, binding = 2) buffer C { uvec4 c[]; };     // 8 bytes: less than one element
layout(push_constant) uniform P { uint k[2]; } pc;                // 8 bytes
shared uint s[8];
void main() {
  uint i = gl_LocalInvocationID.x;
  b[i * 4 + 0] = a[i * 1000];
  a[i + 100000] = 7u;
  uint loc[4] = uint[4](1u, 2u, 3u, 4u);
  loc[i + 1000000] = 5u;
  b[i * 4 + 1] = loc[i * 3];
  s[i] = i + 1u;
  s[i + 1000000] = 9u;
  barrier();
  b[i * 4 + 2] = s[i * 5];
  b[i * 4 + 3] = atomicAdd(a[i * 1000 + 3], 5u);
  if (i == 0u) {
    uvec4 whole = c[0];
    b[16] = whole.x + 100u;
  }
  if (i < 3u) b[17u + i] = pc.k[i];
  b[i + 1000000000] = 1u;
}
