#version 450
// Loops whose exits do not depend on the invocation: a 5-tap filter with
// constant weights (a constant trip count) and a sum over a run whose
// length is a push constant. The default --spmd loops leaves them to
// LLVM's loop vectorizer (spmd.test).
layout(local_size_x = 16) in;
layout(push_constant) uniform P { uint run; } p;
layout(set = 0, binding = 0) readonly buffer In { float v[]; };
layout(set = 0, binding = 1) writeonly buffer Out { float filtered[64]; float sums[64]; };
const float W[5] = float[](1.0, 4.0, 6.0, 4.0, 1.0);
void main() {
  uint i = gl_GlobalInvocationID.x;
  float f = 0.0;
  for (int k = -2; k <= 2; k++) {
    f += W[k + 2] * v[clamp(int(i) + k, 0, 63)];
  }
  filtered[i] = f;
  float s = 0.0;
  for (uint k = 0u; k < p.run; k++) {
    s += v[(i + k) % 64u];
  }
  sums[i] = s;
}
