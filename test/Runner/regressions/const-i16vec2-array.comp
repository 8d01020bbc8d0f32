// /work/findings 03 (issue 17): a constant array of 16-bit 2-vectors in a
// struct constant ("'llvm.mlir.constant' op type and attribute have a
// different number of elements: 3 vs. 6" was reported against an earlier
// build; bug 4's class, constant-vector-arrays.comp). As glslang emits it
// and after spirv-opt -O. Expected values: GLSL's meaning.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o c.spv > /dev/null
// RUN: spirv-opt -O c.spv -o c-O.spv
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*6 --out o.out=i32 -- \
// RUN:   spirv-run-rs c.spv --workgroups 3 --buffer 0:0=o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*6 --out o.out=i32 -- \
// RUN:   spirv-run-rs c-O.spv --workgroups 3 --buffer 0:0=o.bin:o.out | FileCheck %s
// CHECK: o.out: 30075 30075 -17885 -11607 16832 -22954
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
struct S0 { i16vec2 f0[3]; };
layout(std430, binding = 0) buffer Out { uint o[]; } outp;
void main() {
  S0 v = S0(i16vec2[3](i16vec2(int16_t(30075)), i16vec2(int16_t(-17885), int16_t(-11607)), i16vec2(int16_t(16832), int16_t(-22954))));
  uint i = gl_GlobalInvocationID.x % 3u;
  outp.o[2u * gl_GlobalInvocationID.x] = uint(int(v.f0[i].x));
  outp.o[2u * gl_GlobalInvocationID.x + 1u] = uint(int(v.f0[i].y));
}
