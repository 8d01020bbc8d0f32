// Writes through an array of storage blocks (one descriptor each):
// binding one buffer for the whole array is refused (errors.test).
#version 450
layout(local_size_x = 4) in;
layout(binding = 0) buffer Block { uint data[]; } bufs[3];
void main() {
  uint i = gl_LocalInvocationIndex;
  bufs[i % 3].data[i] = i + 100;
  bufs[2].data[0] += 1;
}
