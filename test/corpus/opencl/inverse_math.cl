// OpenCL.std inverse trigonometry and hyperbolics, rint, fmax/fmin,
// unsigned max/min, prefetch, isfinite/isordered (OpIsFinite, OpOrdered),
// atomic_sub (PoCL 3.1 cannot build OpenCL C 2.0's work-group reductions:
// they are in test/Runner/cl-run-builtins.test).
__kernel void inverse_math(__global const float *x, __global const uint *u, __global float *f,
                           __global uint *n, __global int *counter) {
  size_t i = get_global_id(0);
  float v = x[i], w = x[i ^ 1] * 4.0f;
  prefetch(x + i, 1);
  f[6 * i + 0] = acos(v);
  f[6 * i + 1] = asin(v);
  f[6 * i + 2] = atan(w) + atan2(v, w);
  f[6 * i + 3] = cosh(v) + sinh(v);
  f[6 * i + 4] = rint(w * 2.0f);
  f[6 * i + 5] = fmax(v, w) - fmin(v, w);
  n[4 * i + 0] = max(u[i], u[i ^ 1]);
  n[4 * i + 1] = min(u[i], u[i ^ 1]);
  n[4 * i + 2] = isfinite(v / (w - 1.0f)) + 2 * isordered(v, sqrt(w));
  atomic_sub(counter, (int)(u[i] & 0xFF));
  n[4 * i + 3] = isfinite(w) + 2 * isfinite(1.0f / v);
}
