// target-env: vulkan1.3
// Shared memory sized by specialization constants (as ggml's shaders are)
// and the workgroup size from one (OpExecutionModeId LocalSizeId): a
// reduction over N invocations through shared arrays of N and 2N + 1.
#version 450
layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 0) const uint N = 64;
layout(constant_id = 1) const uint STRIDE = 2;
shared uint partial[N];
shared uint spread[N * STRIDE + 1];
layout(std430, set = 0, binding = 0) readonly buffer In { uint values[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { uint sums[]; };
void main() {
  uint i = gl_LocalInvocationID.x;
  uint value = values[gl_GlobalInvocationID.x];
  partial[i] = value;
  spread[i * STRIDE] = value * 3u;
  barrier();
  for (uint step = N / 2u; step > 0u; step /= 2u) {
    if (i < step) partial[i] += partial[i + step];
    barrier();
  }
  if (i == 0u) {
    uint spreadSum = 0u;
    for (uint k = 0u; k < N; k++) spreadSum += spread[k * STRIDE];
    sums[2u * gl_WorkGroupID.x] = partial[0];
    sums[2u * gl_WorkGroupID.x + 1u] = spreadSum + uint(partial.length() + spread.length()) + gl_WorkGroupSize.x;
  }
}
