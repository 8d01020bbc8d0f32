// OpenCL C builtins clang-22 turns into instructions that before had no
// test running them (test/Runner/cl-run-builtins.test): OpenCL.std acos,
// asin, atan, atan2, cosh, sinh, rint, fmax/fmin, u_max, u_min, prefetch;
// OpIsFinite, OpOrdered; OpAtomicISub, OpAtomicCompareExchangeWeak;
// OpGroupFAdd, OpGroupFMax, OpGroupUMin, OpGroupUMax (work-group reductions).
kernel void math(global const float *x, global float *out) {
  size_t i = get_global_id(0);
  float v = x[i], w = x[i + 8];
  out[10 * i + 0] = acos(v);
  out[10 * i + 1] = asin(v);
  out[10 * i + 2] = atan(w);
  out[10 * i + 3] = atan2(v, w);
  out[10 * i + 4] = cosh(v);
  out[10 * i + 5] = sinh(v);
  out[10 * i + 6] = rint(w);
  out[10 * i + 7] = fmax(v, w);
  out[10 * i + 8] = fmin(v, w);
  out[10 * i + 9] = isfinite(w) + 2 * isordered(v, w);
}

kernel void ints(global const uint *x, global uint *out) {
  size_t i = get_global_id(0);
  prefetch(x + i, 4);
  out[2 * i] = max(x[i], x[i + 8]);
  out[2 * i + 1] = min(x[i], x[i + 8]);
}

kernel void atomics(global int *counters, global int *slots, global int *won) {
  size_t i = get_global_id(0);
  atomic_sub(&counters[0], (int)i);
  int expected = (int)i;
  won[i] = atomic_compare_exchange_weak_explicit((volatile global atomic_int *)&slots[i], &expected, (int)i + 100,
                                                 memory_order_relaxed, memory_order_relaxed);
  won[i + 16] = expected;
}

kernel void groups(global const float *f, global const uint *u, global float *fout, global uint *uout) {
  size_t i = get_global_id(0);
  float sum = work_group_reduce_add(f[i]);
  float top = work_group_reduce_max(f[i]);
  uint low = work_group_reduce_min(u[i]);
  uint high = work_group_reduce_max(u[i]);
  if (get_local_id(0) == 0) {
    size_t g = get_group_id(0);
    fout[2 * g] = sum;
    fout[2 * g + 1] = top;
    uout[2 * g] = low;
    uout[2 * g + 1] = high;
  }
}
