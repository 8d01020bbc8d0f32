// target-env: vulkan1.0
// Every atomic on shared memory, all invocations contending.
#version 450
layout(local_size_x = 128) in;
layout(std430, set = 0, binding = 0) buffer Data { uint data[]; };
shared uint s_min, s_max, s_and, s_or, s_xor, s_sum, s_swap, s_cas;
void main() {
  uint l = gl_LocalInvocationID.x, v = data[gl_GlobalInvocationID.x];
  if (l == 0) { s_min = 0xffffffffu; s_max = 0u; s_and = 0xffffffffu; s_or = 0u; s_xor = 0u; s_sum = 0u; s_swap = 0u; s_cas = 0u; }
  barrier();
  atomicMin(s_min, v); atomicMax(s_max, v); atomicAnd(s_and, v); atomicOr(s_or, v); atomicXor(s_xor, v);
  atomicAdd(s_sum, v); atomicExchange(s_swap, v); atomicCompSwap(s_cas, 0u, l + 1u);
  barrier();
  if (l == 0) {
    uint b = gl_WorkGroupID.x * 8u;
    data[b] = s_min; data[b + 1u] = s_max; data[b + 2u] = s_and; data[b + 3u] = s_or;
    data[b + 4u] = s_xor; data[b + 5u] = s_sum; data[b + 6u] = s_swap; data[b + 7u] = s_cas;
  }
}
