// Issue 17, bug 5: SIGSEGV under --spmd off: a swizzled store through a
// dynamic index into an array of vectors that is a struct member. A struct
// without offsets was a packed LLVM struct, so the uvec3s sat at offset 4
// while LLVM loads and stores them with their 16-byte alignment (movaps:
// a fault when bounds checks keep the struct in memory). Under Vulkan such
// structs are unpacked now (types.rs), members at their natural alignment.
// Expected values: GLSL's meaning, as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o member.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8,4 --in o.bin=u32:0*32 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs member.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 9 30209 29795 7 0 4294936992 60504 7
// CHECK-NEXT: o.out[8]: 5 30205 29899 7 1 30201 0 7
// CHECK-NEXT: o.out[16]: 7 30207 30097 7 3 30203 0 7
// CHECK-NEXT: o.out[24]: 2 0 60804 7 8 4294937100 60404 7
#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
struct S1 { uint f0; uvec3 f1[2]; uint f2; };
void main() {
  uint g = gl_GlobalInvocationID.x;
  S1 v = S1(a[g], uvec3[2](uvec3(a[g], 2u, 3u), uvec3(4u, a[g + 1u], 6u)), 7u);
  v.f1[a[g] & 1u].xyz -= v.f1[g & 1u];
  o[4u * g] = v.f0; o[4u * g + 1u] = v.f1[0].x + v.f1[0].y * 100u + v.f1[0].z * 10000u;
  o[4u * g + 2u] = v.f1[1].x + v.f1[1].y * 100u + v.f1[1].z * 10000u; o[4u * g + 3u] = v.f2;
}
