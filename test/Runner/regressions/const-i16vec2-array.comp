// fuzz-diff finding 03, docs/differential.md (issue 17): a constant struct holding an i16vec2[3]
// failed to lower ("'llvm.mlir.constant' op type and attribute have a
// different number of elements: 3 vs. 6") when glslang gave the constant
// the array type of a std140 block, stride 16: an element padded to its
// stride lowers to an (element, padding) struct, which the constant's dense
// attribute did not describe. Such arrays, and structs with an explicit
// layout, are now built element by element into their LLVM fields
// (constant.rs). The constant read with dynamic indices and added into a
// copy of the block's member. Expected values: GLSL's meaning, as lavapipe
// computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o c.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*12 --out o.out=i32/4 \
// RUN:   --in u.bin=u32:131073,0,0,0,4294705155,0,0,0,393221,0,0,0,1,0,0,0,2,0,0,0,3,0,0,0 -- \
// RUN:   spirv-run-rs c.spv --workgroups 1 --buffer 0:0=o.bin:o.out --buffer 0:4=u.bin | FileCheck %s
// CHECK:      o.out[0]: 30075 -11605 47 -6119
// CHECK-NEXT: o.out[4]: -17885 -22958 237 -29493
// CHECK-NEXT: o.out[8]: 16832 30081 41 60161
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 3) in;
struct S0 {
  i16vec2 f0[3];
};
layout(std140, binding = 4) uniform U {
  S0 u0;
  uint8_t u2[3];
} uni;
layout(std430, binding = 0) buffer Out { int o[]; } outp;
void main() {
  uint i = gl_GlobalInvocationID.x;
  u8vec3 v19 = (u8vec3(uint8_t(6), uint8_t(196), uint8_t(1)) | (uint8_t(164) >> (uni.u2[(2521689106u % 3u)] & uint8_t(7))));
  S0 v48 = S0(i16vec2[3](i16vec2(int16_t(30075)), i16vec2(int16_t(-17885), int16_t(-11607)), i16vec2(int16_t(16832), int16_t(-22954))));
  outp.o[4u * i] = int(v48.f0[i].x);
  outp.o[4u * i + 1u] = int(v48.f0[(i + 1u) % 3u].y) + int(uni.u0.f0[i].y);
  outp.o[4u * i + 2u] = int(v19[i]);
  S0 w = uni.u0;
  w.f0[i] += v48.f0[2u - i];
  outp.o[4u * i + 3u] = int(w.f0[i].x) + int(w.f0[i].y);
}
