// Control flow the SPMD vectorizer linearizes (spmd.test): a divergent
// while loop in a called function, nested loops with break and continue,
// a division only some lanes reach (a zero divisor in the others), a
// switch, an early return, a float loop with intrinsics, a private array
// indexed per invocation (a copy per lane); 12 x 2 invocations
// per workgroup, so the last vector of each row has 4 lanes masked off.
#version 450
layout(local_size_x = 12, local_size_y = 2) in;
layout(std430, set = 0, binding = 0) readonly buffer In { int data[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { int results[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Dense { int dense[]; };
layout(push_constant) uniform P { int limit; } p;

int collatz(int n) {
  int steps = 0;
  while (n != 1 && steps < p.limit) {
    n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
    steps++;
  }
  return steps;
}

void main() {
  uint i = gl_LocalInvocationIndex + gl_WorkGroupID.x * 24u;
  int v = data[i];
  int scattered = data[(i * 7u) % 48u];
  int table[6];
  for (int k = 0; k < 6; k++) table[k] = v * k + 1;
  dense[i] = v * 3 + scattered + table[v % 6] + table[(v / 3) % 6];
  int nested = 0;
  for (int a = 0; a < v % 7; a++) {
    if (a == 3) continue;
    for (int b = 0; b < 5; b++) {
      if (a + b > v % 5) break;
      nested += a * b + 1;
    }
  }
  results[i * 6u + 0u] = collatz(v);
  results[i * 6u + 1u] = nested;
  int quotient = -1;
  int d = v % 4;
  if (d != 0) quotient = 1000 / d;
  int chosen;
  switch (v & 3) {
    case 0: chosen = 10; break;
    case 1: chosen = v * 2; break;
    case 2: chosen = -v; break;
    default: chosen = 7;
  }
  results[i * 6u + 2u] = quotient;
  results[i * 6u + 3u] = chosen;
  if (v % 5 == 0) {
    results[i * 6u + 4u] = 111;
    results[i * 6u + 5u] = 0;
    return;
  }
  float f = float(v) * 0.25;
  float sum = 0.0;
  for (int k = 0; k < (v & 7); k++) sum += sqrt(abs(f) + float(k)) + floor(f);
  results[i * 6u + 4u] = int(sum * 16.0);
  results[i * 6u + 5u] = findMSB(v) + bitCount(v);
}
