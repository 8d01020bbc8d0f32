// Functions with pointer arguments into private, local and global memory.
__attribute__((noinline)) void minmax(const float *v, int n, float *lo, float *hi) {
  *lo = v[0]; *hi = v[0];
  for (int k = 1; k < n; ++k) { *lo = fmin(*lo, v[k]); *hi = fmax(*hi, v[k]); }
}
__attribute__((noinline)) void store2(__global float *out, float a, float b) { out[0] = a; out[1] = b; }
__kernel void functions(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  float window[8];
  for (int k = 0; k < 8; ++k) window[k] = in[i * 8 + k];
  float lo, hi;
  minmax(window, 8, &lo, &hi);
  store2(out + i * 2, lo, hi);
}
