// Issue 17, bug 2: private bool globals under SPMD execution read wrong
// (a never-written `bool g = true;` read false beside an `i8vec3 g0[4]`).
// The cause is bug 1's (bool-vectors.comp): a bool vector in memory was
// packed bits, and the SPMD vectorizer's masked loads of one bool per lane
// from consecutive bytes would read packed bits too. Bools are bytes in
// memory now, and the vectorizer loads any integer narrower than its bytes
// byte by byte. Private bool, bool array and bvec2 globals with
// initializers, beside an i8vec3 array, read and written per invocation in a
// loop (so that the default mode vectorizes), as glslang emits them and after
// spirv-opt -O. Expected values: GLSL's meaning, as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o bools.spv > /dev/null
// RUN: spirv-opt -O bools.spv -o bools-O.spv
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8,4,6,11,12,13,14,15,16 --in o.bin=u32:0*16 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs bools.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8,4,6,11,12,13,14,15,16 --in o.bin=u32:0*16 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs bools-O.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 14343 9 13 1043 4101 7179 4107 7185
// CHECK-NEXT: o.out[8]: 12307 1035 2061 5139 9223 14345 15 2067
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
i8vec3 g0[4] = i8vec3[4](i8vec3(1), i8vec3(2), i8vec3(3), i8vec3(4));
bool g = true;
bool g2[3] = bool[3](true, false, true);
bvec2 g3 = bvec2(false, true);
void main() {
  uint i = gl_GlobalInvocationID.x;
  g0[a[i] & 3u].y = int8_t(a[i]);
  if (a[i] == 5u) g2[a[i] % 3u] = false;
  if (a[i] > 8u) g3.x = true;
  uint s = 0u;
  for (uint k = 0u; k < a[i] % 5u; k++) s += uint(g0[k & 3u].z) + uint(g3[k & 1u]);
  o[i] = uint(g) + 2u * uint(g2[i % 3u]) + 4u * uint(g0[i & 3u].y) + 1024u * s;
}
