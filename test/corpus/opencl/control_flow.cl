// Loops with break and continue, a switch, early returns.
__kernel void control_flow(__global int *data, int n) {
  size_t i = get_global_id(0);
  if ((int)i >= n) return;
  int v = data[i], acc = 0;
  for (int a = 0; a < 16; ++a) {
    if (a == v % 5) continue;
    if (acc > 500) break;
    acc += a * v;
  }
  switch (v & 3) {
    case 0: acc += 1; break;
    case 1: acc -= 1;
    case 2: acc *= 2; break;
    default: acc = -acc;
  }
  data[i] = acc;
}
