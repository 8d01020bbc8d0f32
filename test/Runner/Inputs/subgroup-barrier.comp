#version 450
// A kernel with a workgroup barrier and a subgroup operation: it cannot run
// as vector lanes, so only subgroups of one invocation (subgroups.test).
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer Data { uint d[]; };
shared uint s[8];
void main() {
  s[gl_LocalInvocationIndex] = subgroupAdd(d[gl_LocalInvocationIndex]);
  barrier();
  d[gl_LocalInvocationIndex] = s[7 - gl_LocalInvocationIndex];
}
