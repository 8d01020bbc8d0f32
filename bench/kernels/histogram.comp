// 256-bin histogram of n uints (the low byte): each invocation counts a
// strided share into shared bins with atomics, then each workgroup adds its
// bins to the buffer's with atomics.
#version 450
layout(local_size_x = 256) in;
layout(push_constant) uniform P { uint n; } p;
layout(std430, set = 0, binding = 0) readonly buffer In { uint values[]; };
layout(std430, set = 0, binding = 1) buffer Bins { uint bins[256]; };
shared uint local_bins[256];
void main() {
  uint l = gl_LocalInvocationID.x;
  local_bins[l] = 0u;
  barrier();
  uint stride = gl_NumWorkGroups.x * 256u;
  for (uint i = gl_GlobalInvocationID.x; i < p.n; i += stride)
    atomicAdd(local_bins[values[i] & 255u], 1u);
  barrier();
  atomicAdd(bins[l], local_bins[l]);
}
