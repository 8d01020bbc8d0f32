// target-env: vulkan1.0
// `coherent` and `volatile` on whole blocks and on single members (issue 16:
// struct members decorated Coherent/Volatile), with memoryBarrierBuffer and
// memoryBarrierShared between a write and a neighbour's read.
#version 450
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) coherent buffer A { uint a[]; } blockA;
layout(std430, set = 0, binding = 1) buffer B { coherent uint head; volatile uint count; uint b[]; } blockB;
layout(std430, set = 0, binding = 2) volatile buffer C { uvec2 c[]; } blockC;
shared uint scratch[32];
void main() {
  uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
  blockA.a[g] = blockA.a[g] + 7u * g;
  scratch[l] = blockA.a[g] >> 3;
  memoryBarrierBuffer();
  memoryBarrierShared();
  barrier();
  uint other = blockA.a[g ^ 31u] + scratch[31u - l];
  if (g == 0u) {
    blockB.head = other;
    blockB.count = blockB.count + 1u;
  }
  blockB.b[g] = other * 5u + blockB.b[g];
  uvec2 v = blockC.c[g];
  blockC.c[g] = uvec2(v.y + other, v.x ^ l);
}
