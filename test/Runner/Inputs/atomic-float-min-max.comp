#version 450
// OpAtomicFMinEXT and OpAtomicFMaxEXT (GL_EXT_shader_atomic_float2) on a
// storage buffer and on shared memory (test/Runner/atomic-float-min-max.test).
#extension GL_EXT_shader_atomic_float2 : require
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) buffer B { float lo; float hi; float shared_lo; float shared_hi; float data[]; };
layout(std430, set = 0, binding = 1) buffer Old { float olds[]; };
shared float s_lo, s_hi;
void main() {
  uint g = gl_GlobalInvocationID.x, i = gl_LocalInvocationIndex;
  if (i == 0u) {
    s_lo = 1.0e30;
    s_hi = -1.0e30;
  }
  barrier();
  // The values returned are the ones before each update: all are at least
  // (at most) the final minimum (maximum).
  olds[2u * g] = atomicMin(lo, data[g]);
  olds[2u * g + 1u] = atomicMax(hi, data[g]);
  atomicMin(s_lo, data[g]);
  atomicMax(s_hi, data[g]);
  barrier();
  if (i == 0u) {
    atomicMin(shared_lo, s_lo);
    atomicMax(shared_hi, s_hi);
  }
}
