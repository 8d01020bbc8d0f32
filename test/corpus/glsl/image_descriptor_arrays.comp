#version 450
// target-env: vulkan1.1
// Descriptor arrays (issue 16, 18): three combined image samplers, each its
// own image and sampler, indexed by a dynamically uniform value (the
// workgroup), sampled with linear filtering off texel boundaries.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D tex[3];
layout(set = 0, binding = 1) readonly buffer Params { vec4 p[]; };
layout(set = 0, binding = 2) writeonly buffer Out { vec4 o[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 q = p[i];
  o[i] = textureLod(tex[gl_WorkGroupID.x % 3u], q.xy, q.z);
}
