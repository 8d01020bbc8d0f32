// target-env: vulkan1.1
// One compare-and-swap step of a bitonic sort.
#version 450
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint j; uint k; } p;
layout(std430, set = 0, binding = 0) buffer Keys { int keys[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint partner = i ^ p.j;
  if (partner > i) {
    bool ascending = (i & p.k) == 0u;
    int a = keys[i], b = keys[partner];
    if ((a > b) == ascending) { keys[i] = b; keys[partner] = a; }
  }
}
