// target-env: vulkan1.3
// Functions with out/inout parameters (pointers), structs and arrays.
#version 450
layout(local_size_x = 64) in;
struct Stats { float minimum; float maximum; float sum; };
layout(std430, set = 0, binding = 0) buffer Data { float data[]; };
layout(std430, set = 0, binding = 1) buffer Out { Stats stats[]; };
void accumulate(inout Stats s, float v) { s.minimum = min(s.minimum, v); s.maximum = max(s.maximum, v); s.sum += v; }
void window(uint start, out float w[4]) { for (int k = 0; k < 4; ++k) w[k] = data[start + uint(k)]; }
float mean(Stats s, float n) { return s.sum / n; }
void main() {
  uint i = gl_GlobalInvocationID.x;
  float w[4];
  window(i * 4u, w);
  Stats s = Stats(1e30, -1e30, 0.0);
  for (int k = 0; k < 4; ++k) accumulate(s, w[k]);
  s.sum = mean(s, 4.0);
  stats[i] = s;
}
