#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B { uint v[]; };
void main() {
  uint i = 0u;
  while (v[0] != 12345u) { i++; v[1] = i; }
}
