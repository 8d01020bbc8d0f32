// target-env: vulkan1.2
// Descriptor arrays of buffers: a storage buffer array indexed by constants
// and by a dynamic index (reads, each element's own .length(), stores),
// and a uniform block array. The dynamic indices are uniform in each
// workgroup: lavapipe (Mesa 22.3) has no non-uniform indexing of buffer
// arrays (shaderStorageBufferArrayNonUniformIndexing is false), which
// test/Runner/descriptor-arrays.test and test/Amber/buffer-arrays.amber
// check against Python.
#version 450
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) buffer Data { uint scale; uint d[]; } data[3];
layout(std140, set = 0, binding = 1) uniform Params { uvec4 add; uint pick; } params[2];
layout(std430, set = 0, binding = 2) writeonly buffer Out { uint results[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint k = (gl_WorkGroupID.x * 2u + 1u) % 3u;
  uint n = data[k].d.length();
  uint j = (i * 5u) % (n - 32u);
  uint value = data[k].d[j] * data[k].scale + data[0].d[i % 64u];
  value ^= data[2].d[i % 32u] + params[gl_WorkGroupID.x & 1u].add[i % 4u] * params[1].pick;
  results[2u * i] = value;
  results[2u * i + 1u] = n * 1000u + uint(data[1].d.length());
  // Workgroups 0 to 2 each write the last 32 words of their own element,
  // which nothing reads.
  if (gl_WorkGroupID.x < 3u) {
    data[k].d[n - 32u + gl_LocalInvocationID.x] = value + k;
  }
}
