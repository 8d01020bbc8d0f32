#version 450
// The Vulkan memory model as glslang emits it for coherent buffers: loads
// and stores with MakePointerAvailable/MakePointerVisible|NonPrivatePointer
// and their scope <id>s, an atomic load with MakeVisible semantics.
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : enable
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) coherent buffer B { uint a[]; } b;
layout(std430, set = 0, binding = 1) coherent buffer C { uint c[]; } c;
shared uint s[4];
void main() {
  uint i = gl_LocalInvocationID.x;
  s[i] = b.a[i] + c.c[i];
  barrier();
  b.a[i] = s[(i + 1) % 4] * 2u;
  c.c[i] = atomicLoad(b.a[i], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible);
}
