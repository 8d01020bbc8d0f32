// target-env: vulkan1.0
// Memory barriers (memoryBarrierShared, memoryBarrierBuffer, memoryBarrier,
// groupMemoryBarrier: OpMemoryBarrier) around exchanges through shared
// memory and a buffer.
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint values[]; };
layout(std430, set = 0, binding = 1) buffer Out { uint results[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Final { uint finals[]; };
shared uint exchange[64];
void main() {
  uint i = gl_LocalInvocationID.x;
  uint g = gl_GlobalInvocationID.x;
  exchange[i] = values[g] + 1u;
  memoryBarrierShared();
  groupMemoryBarrier();
  barrier();
  results[g] = exchange[(i + 1u) % 64u];
  memoryBarrierBuffer();
  memoryBarrier();
  barrier();
  finals[g] = results[g] + results[gl_WorkGroupID.x * 64u + (i + 2u) % 64u] * 3u;
}
