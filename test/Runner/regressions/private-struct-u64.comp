// Issue 17, bug 7: with bounds checks on, a kernel left its outputs wrong or
// unwritten while --unchecked gave the right values. Its cause is bug 3's
// (push-constant-u64.comp): the checks' object sizes were folded with LLVM's
// default data layout, which aligns an i64 to 4 bytes, so a private array of
// { uint, uint64_t } kept in memory (a dynamic index; SPMD lanes) was 36
// bytes instead of 48: the checks refused the accesses past them (stores
// dropped, loads zero). The module has the target's data layout before the
// translation now. As glslang emits it and after spirv-opt -O. Expected
// values: GLSL's meaning, as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o u64.spv > /dev/null
// RUN: spirv-opt -O u64.spv -o u64-O.spv
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8,4,6,11,12,13,14,15,16 --in o.bin=u32:0*16 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs u64.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8,4,6,11,12,13,14,15,16 --in o.bin=u32:0*16 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs u64-O.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 163 0 20491 19 28927 24639 8233 136
// CHECK-NEXT: o.out[8]: 16388 24693 45455 49164 235 57613 123183 17
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
struct P { uint x; uint64_t y; };
void main() {
  uint g = gl_GlobalInvocationID.x;
  P p[3];
  for (uint j = 0u; j < 3u; j++) p[j] = P(a[g] + j, uint64_t(a[g]) << (8u * j));
  uint acc = 0u;
  for (uint j = 0u; j < a[g] % 4u + 1u; j++) acc += uint(p[(j + g) % 3u].y >> 4) + p[j % 3u].x;
  o[g] = acc;
}
