#version 450
// OpArrayLength: .length() of the runtime arrays ending two buffer blocks,
// one behind a header and padding (offset 32, stride 16), one of bytes in
// uints (offset 0, stride 4), one from a helper function.
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer A { uint head; uvec3 pad; vec4 data[]; } a;
layout(std430, set = 0, binding = 1) buffer B { uint n[]; } b;
uint count_a() { return uint(a.data.length()); }
void main() {
  b.n[0] = uint(a.data.length());
  b.n[1] = uint(b.n.length());
  b.n[2] = count_a() * 1000u + uint(b.n.length());
}
