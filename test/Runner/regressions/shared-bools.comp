// Issue 17, bugs 1 and 2: bools in workgroup memory, in the memory form
// (bytes) the lowering gives them now: a shared bool array, a shared bvec3
// array read by a dynamic component, a shared array of structs of bools,
// written before a barrier and read after. Expected values: GLSL's meaning,
// as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o shared.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8,4,6,11,12,13,14,15,16 --in o.bin=u32:0*16 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs shared.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 444 342 299 480 285 188 507 351
// CHECK-NEXT: o.out[8]: 254 441 560 378 434 546 350 378
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
shared bool flags[8];
shared bvec3 fv[8];
struct B { bool x; bvec2 y; };
shared B sbs[8];
void main() {
  uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
  flags[l] = a[g] > 4u;
  fv[l] = bvec3(a[g] & 1u, a[g] & 2u, a[g] & 4u);
  sbs[l] = B(a[g] == 7u, bvec2(a[g] < 3u, true));
  barrier();
  uint r = 0u;
  for (uint k = 0u; k < 8u; k++) r = r * 2u + uint(flags[(l + k) & 7u]) + uint(fv[k][l % 3u]) + uint(sbs[(k + l) & 7u].y[k & 1u]);
  o[g] = r;
}
