// target-env: vulkan1.2
// The Vulkan memory model (issue 16's "operands misread"): loads and stores of
// coherent blocks carry MakePointerAvailable/MakePointerVisible and
// NonPrivatePointer with a scope id (not an alignment), volatile ones a
// Volatile operand; atomicLoad/atomicStore with explicit semantics; a
// controlBarrier whose semantics include MakeAvailable|MakeVisible (values
// clang and glslang emit that MLIR's enum does not list); memoryBarrierShared.
#version 450
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) coherent buffer Data { uint d[]; } data;
layout(std430, set = 0, binding = 1) volatile buffer Flags { uint f[]; } flags;
layout(std430, set = 0, binding = 2) buffer Out { coherent uint o[]; } outs;
shared uint tile[64];
void main() {
  uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
  data.d[g] = data.d[g] * 3u + l;
  tile[l] = data.d[g];
  controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup,
                 gl_StorageSemanticsShared | gl_StorageSemanticsBuffer,
                 gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible);
  // A neighbour's value, through shared memory and through the coherent block.
  uint n = tile[(l + 1u) & 63u] + data.d[g ^ 1u];
  atomicStore(flags.f[g], n, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
  uint m = atomicLoad(flags.f[g], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
  memoryBarrierShared();
  flags.f[g] = flags.f[g] + 1u;
  outs.o[g] = m ^ (flags.f[g] << 7);
}
