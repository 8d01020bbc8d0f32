// Issue 17, bug 1: booleans kept in memory. LLVM stores a <4 x i1> as 4
// packed bits while a GEP to one of its elements steps whole bytes, so
// `bvec4 v = bvec4(x); v.x` read back the packed bits (inputs 9, 0, 5, 1 gave
// 13, not 1) and each mode (SPMD lanes, bounds checks) misread differently.
// Bools are bytes in memory now (docs/conversion-manual.md, "Type
// Conversion"). Covered: elements by constant and dynamic index, lessThan to
// uvec4, mix with a bvec, an array of bvec3 in a loop, a struct of bools
// copied whole; 8 invocations of different inputs (SPMD lanes). Expected
// values: GLSL's meaning, as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o bvec.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,0,0,0,0,7,3,2,8,1,1,1,1,4,5,6,7,0,3,0,2,5,0,0,9,2,2,2,0 \
// RUN:   --in o.bin=u32:0*88 --out o.out=u32/11 -- \
// RUN:   spirv-run-rs bvec.spv --workgroups 1 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 1 1 0 10 100 0 5 1 5 152 1
// CHECK-NEXT: o.out[11]: 0 0 0 15 0 0 0 0 0 6 4
// CHECK-NEXT: o.out[22]: 1 1 1 6 100 3 2 100 59 121 3
// CHECK-NEXT: o.out[33]: 1 1 1 15 1 1 1 1 4 24 3
// CHECK-NEXT: o.out[44]: 1 1 1 0 4 5 100 100 2 72 3
// CHECK-NEXT: o.out[55]: 0 0 0 15 0 3 0 2 1 11 1
// CHECK-NEXT: o.out[66]: 1 0 0 6 5 0 0 100 3 90 1
// CHECK-NEXT: o.out[77]: 1 1 1 15 2 2 2 0 0 36 1
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint o[]; };
struct S { bool b; bvec2 v; uint n; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uvec4 x = uvec4(a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]);
  bvec4 v = bvec4(x);
  uint base = 11u * i;
  o[base + 0u] = uint(v.x);
  o[base + 1u] = uint(v.z);
  o[base + 2u] = uint(v[x.w & 3u]);
  uvec4 lt = uvec4(lessThan(vec4(x), vec4(4.0)));
  o[base + 3u] = lt.x | (lt.y << 1) | (lt.z << 2) | (lt.w << 3);
  uvec4 m = uvec4(mix(vec4(x), vec4(100.0), greaterThan(x, uvec4(5u))));
  o[base + 4u] = m.x; o[base + 5u] = m.y; o[base + 6u] = m.z; o[base + 7u] = m.w;
  bvec3 arr[3];
  for (uint k = 0u; k < 3u; k++) arr[k] = bvec3(x[k] > 2u, x[k + 1u] > 2u, (x[k] & 1u) != 0u);
  uint bits = 0u;
  for (uint k = 0u; k < x.x % 4u + 1u; k++) bits = bits * 3u + uint(arr[k % 3u][k % 3u]) + uint(arr[(k + 1u) % 3u].z);
  o[base + 8u] = bits;
  S s = S(x.y > x.z, bvec2(x.z == 0u, x.w != 0u), x.x);
  S t = s;
  t.v.y = !t.v.y;
  o[base + 9u] = uint(t.b) | (uint(t.v.x) << 1) | (uint(t.v.y) << 2) | (uint(s.v.y) << 3) | (t.n << 4);
  o[base + 10u] = uint(any(v)) | (uint(all(v)) << 1) | (uint(all(not(v))) << 2);
}
