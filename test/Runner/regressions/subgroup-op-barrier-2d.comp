// fuzz-diff (its subgroup feature, session 10), seed 20261130, reduced: in a
// kernel with barriers (run as regions) whose workgroup is not a row
// (local size 1x8), a subgroup operation made every invocation of a
// workgroup but the first write nothing. Kernels with subgroup functions
// number their invocations by local index (x = the index, y = z = 0:
// docs/abi.md, "Subgroups"), but the rounds of regions passed (x, y, z):
// every invocation (0, y, 0) ran as local index 0. Expected: GLSL's meaning
// (every invocation writes its own word; subgroupOr over a subgroup of one is
// its value), as lavapipe computes it.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o sg.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in i.bin=u32:5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20 --in o.bin=u32:0*32 --out o.out=u32/8 -- \
// RUN:   spirv-run-rs sg.spv --workgroups 1,2 --buffer 0:0=i.bin --buffer 0:1=o.bin:o.out --subgroup-size 1 | FileCheck %s
// CHECK:      o.out[0]: 1000 1001 1002 1003 1004 1005 1006 1007
// CHECK-NEXT: o.out[8]: 1008 1009 1010 1011 1012 1013 1014 1015
// CHECK-NEXT: o.out[16]: 5 6 7 8 9 10 11 12
// CHECK-NEXT: o.out[24]: 13 14 15 16 17 18 19 20
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 1, local_size_y = 8) in;
layout(std430, binding = 0) readonly buffer In { uint w[]; } inp;
layout(std430, binding = 1) buffer Out { uint o[]; } outp;
shared uint sh[8];
void main() {
  uint g = gl_GlobalInvocationID.y, l = gl_LocalInvocationID.y;
  sh[l] = 1000u + g;
  barrier();
  uint r = subgroupOr(inp.w[g]);
  outp.o[g] = sh[l];
  outp.o[16u + g] = r;
}
