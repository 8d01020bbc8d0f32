// The SPMD vectorizer on OpenCL C (spmd.test): clang's unstructured control
// flow at -O2, a loop with a data-dependent trip count and an early exit,
// math builtins, 20 work-items per workgroup (the last vector of 8 has 4
// lanes masked off).
__kernel __attribute__((reqd_work_group_size(20, 1, 1)))
void spmd(__global const float *in, __global float *out, __global int *steps, float threshold) {
  size_t i = get_global_id(0);
  float x = in[i];
  int n = 0;
  while (fabs(x) > threshold) {
    x = x * 0.5f + sqrt(fabs(x)) * 0.25f;
    if (++n == 50) break;
  }
  if (x < 0.0f) {
    out[i] = -1.0f;
    return;
  }
  out[i] = x;
  steps[i] = n;
}
