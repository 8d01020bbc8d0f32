// target-env: vulkan1.1
// The dispatch built-ins: every invocation writes its ids.
#version 450
layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;
layout(std430, set = 0, binding = 0) buffer Data { uvec4 ids[]; };
void main() {
  uint i = gl_LocalInvocationIndex + gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z
      * (gl_WorkGroupID.x + gl_NumWorkGroups.x * (gl_WorkGroupID.y + gl_NumWorkGroups.y * gl_WorkGroupID.z));
  ids[i] = uvec4(gl_GlobalInvocationID, gl_LocalInvocationIndex);
}
