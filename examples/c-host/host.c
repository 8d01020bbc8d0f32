/* A C host for three kernels compiled by spirv-opt-rs with the kernel ABI
 * (docs/abi.md), built and run by scripts/test (examples/c-host/run):
 *
 *   reduce_shared.comp  glslang, Vulkan: shared memory, barriers in a loop
 *                       (entry point `main`: no clash with this file's main)
 *   reduce_local.cl     clang-22 -O2, OpenCL C 2.0: a __local argument, barriers
 *   saxpy.cl            clang-22 -O0, OpenCL C 1.2: arguments by value
 *
 * Each is dispatched over every workgroup with a plain serial loop, and its
 * output checked element by element against a result computed here. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spvabi.h"

SPVABI_DECLARE_KERNEL(main);
SPVABI_DECLARE_KERNEL(reduce);
SPVABI_DECLARE_KERNEL(saxpy);

static int failures;

static void check(int ok, const char *what, unsigned index) {
  if (!ok && failures++ < 10) fprintf(stderr, "c-host: %s: wrong result at %u\n", what, index);
}

/* Every workgroup of a 1-D dispatch, in order. */
static void run(spvabi_workgroup_fn *kernel, const spvabi_dispatch *dispatch) {
  for (uint32_t z = 0; z < dispatch->num_workgroups[2]; z++)
    for (uint32_t y = 0; y < dispatch->num_workgroups[1]; y++)
      for (uint32_t x = 0; x < dispatch->num_workgroups[0]; x++) {
        const uint32_t id[3] = {x, y, z};
        kernel(dispatch, id);
      }
}

static void vulkan_reduce(void) {
  const spvabi_kernel_info *info = &__spvabi_main_info;
  if (info->abi_version != SPVABI_VERSION || info->execution_model != SPVABI_GLCOMPUTE ||
      info->workgroup_size[0] != 128 || info->num_resources != 2 || !info->uses_barriers ||
      info->resources[0].binding != 0 || info->resources[1].binding != 1 ||
      info->resources[0].kind != SPVABI_STORAGE_BUFFER) {
    fprintf(stderr, "c-host: reduce_shared.comp: unexpected kernel info\n");
    failures++;
    return;
  }
  enum { GROUPS = 40, N = GROUPS * 128 };
  uint32_t *data = malloc(N * sizeof *data), sums[GROUPS];
  for (unsigned i = 0; i < N; i++) data[i] = i * 2654435761u;
  memset(sums, 0, sizeof sums);
  void *resources[] = {data, sums};
  uint64_t sizes[] = {N * sizeof *data, sizeof sums};
  spvabi_dispatch dispatch = {resources, sizes, NULL, {GROUPS, 1, 1}, {0, 0, 0}, {0, 0, 0}, 3, 0, {0, 0, 0}};
  run(__spvabi_main, &dispatch);
  for (unsigned g = 0; g < GROUPS; g++) {
    uint32_t expected = 0;
    for (unsigned i = 0; i < 128; i++) expected += data[g * 128 + i];
    check(sums[g] == expected, "reduce_shared.comp", g);
  }
  free(data);
}

static void opencl_reduce(void) {
  const spvabi_kernel_info *info = &__spvabi_reduce_info;
  if (info->execution_model != SPVABI_KERNEL || info->num_resources != 3 || info->workgroup_size[0] != 0 ||
      info->resources[2].kind != SPVABI_LOCAL_POINTER || !info->uses_barriers) {
    fprintf(stderr, "c-host: reduce_local.cl: unexpected kernel info\n");
    failures++;
    return;
  }
  enum { LOCAL = 64, GROUPS = 50, N = LOCAL * GROUPS };
  uint32_t *in = malloc(N * sizeof *in), out[GROUPS];
  for (unsigned i = 0; i < N; i++) in[i] = i ^ (i >> 3);
  void *resources[] = {in, out, NULL};
  uint64_t sizes[] = {N * sizeof *in, sizeof out, LOCAL * sizeof(uint32_t)};
  spvabi_dispatch dispatch = {resources, sizes, NULL, {GROUPS, 1, 1}, {LOCAL, 1, 1}, {0, 0, 0}, 1, 0, {0, 0, 0}};
  run(__spvabi_reduce, &dispatch);
  for (unsigned g = 0; g < GROUPS; g++) {
    uint32_t expected = 0;
    for (unsigned i = 0; i < LOCAL; i++) expected += in[g * LOCAL + i];
    check(out[g] == expected, "reduce_local.cl", g);
  }
  free(in);
}

static void opencl_saxpy(void) {
  const spvabi_kernel_info *info = &__spvabi_saxpy_info;
  if (info->num_resources != 4 || info->resources[0].kind != SPVABI_VALUE || info->resources[0].size != 4 ||
      info->resources[1].kind != SPVABI_GLOBAL_POINTER || info->uses_barriers) {
    fprintf(stderr, "c-host: saxpy.cl: unexpected kernel info\n");
    failures++;
    return;
  }
  enum { LOCAL = 32, N = 1000 };
  /* The last workgroup is partial: the kernel's `if (i < n)` guards it. */
  const uint32_t groups = (N + LOCAL - 1) / LOCAL;
  float a = 1.5f, x[N], y[N], before[N];
  uint32_t n = N;
  for (unsigned i = 0; i < N; i++) x[i] = (float)i * 0.25f, y[i] = before[i] = 1000.0f - (float)i;
  void *resources[] = {&a, x, y, &n};
  uint64_t sizes[] = {sizeof a, sizeof x, sizeof y, sizeof n};
  spvabi_dispatch dispatch = {resources, sizes, NULL, {groups, 1, 1}, {LOCAL, 1, 1}, {0, 0, 0}, 1, 0, {0, 0, 0}};
  run(__spvabi_saxpy, &dispatch);
  for (unsigned i = 0; i < N; i++) {
    /* OpenCL allows fma contraction here (the module says ContractionOff
       where it does not): accept either rounding. */
    float fused = fmaf(a, x[i], before[i]), separate = a * x[i] + before[i];
    check(y[i] == fused || y[i] == separate, "saxpy.cl", i);
  }
}

int main(void) {
  vulkan_reduce();
  opencl_reduce();
  opencl_saxpy();
  if (failures) {
    fprintf(stderr, "c-host: %d wrong results\n", failures);
    return 1;
  }
  printf("c-host: reduce_shared.comp, reduce_local.cl and saxpy.cl: every result right\n");
  return 0;
}
