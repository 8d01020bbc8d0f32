// Issue 17, bug 6: SIGSEGV in every mode in a kernel with barriers and
// shared and private arrays of structs holding vectors: the cause is bug 5's
// (struct-vector-member.comp), packed structs whose vector members LLVM
// accesses with their natural alignment. Values live across barriers in the
// coroutine frame, swizzled stores into members of struct array elements.
// Expected values: GLSL's meaning, as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o barrier.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8,4,6,11,12,13,14,15,16 --in o.bin=u32:0*32 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs barrier.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 1000 27 755 41 713 45 1478 82
// CHECK-NEXT: o.out[8]: 1634 98 22 74 690 81 401 82
// CHECK-NEXT: o.out[16]: 2467 42 2721 55 2934 53 3143 75
// CHECK-NEXT: o.out[24]: 2055 106 1567 80 2176 105 2245 90
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
struct T { uint k; vec4 w; uvec3 u; uint z; };
shared T sh[8];
T pr[3];
void main() {
  uint g = gl_GlobalInvocationID.x, l = gl_LocalInvocationID.x;
  for (uint j = 0u; j < 3u; j++) pr[j] = T(a[g] + j, vec4(float(j)), uvec3(j, g, l), 1u);
  sh[l] = T(a[g], vec4(float(a[g])), uvec3(a[g], l, 9u), l);
  barrier();
  T t = sh[(l + 1u) & 7u];
  pr[a[g] % 3u].u.yz += t.u.xy;
  barrier();
  sh[l].u.zx = pr[a[g] % 3u].u.xy;
  barrier();
  o[2u * g] = t.k + uint(t.w.y) * 10u + sh[(l + 3u) & 7u].u.x * 100u + sh[l].u.z;
  o[2u * g + 1u] = pr[0].u.y + pr[1].u.z * 7u + pr[2].u.x * 13u + t.z;
}
