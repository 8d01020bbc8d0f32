// Issue 17, item 8: halves in memory. A std430 buffer of halves in and of
// structs out whose f16vec3 member is followed by a half inside its 8 bytes
// (the explicit layout, docs/conversion-manual.md "Structs"); a local array
// of structs of halves indexed dynamically; conversions through double,
// int64_t and uint16_t; packFloat2x16/unpackFloat2x16. No difference was
// found: the values are lavapipe's, bit for bit.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o half.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=f16:1.5,-2.25,3.0,0.5,100.0,-0.125,7.75,2.0,2.0,4.5,-1.0,0.25,3.0,8.0,-6.5,1024.0 \
// RUN:   --in o.bin=f16:0*96 --out o.out=f16/12 -- \
// RUN:   spirv-run-rs half.spv --workgroups 1 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 3.0 0.0 0.0 0.0 2.75 1.25 0.75 7.0 2.0 -1.5 0.0 0.0
// CHECK-NEXT: o.out[12]: 9.0 0.0 0.0 0.0 5.625 5.625 5.625 14.0 -1.125 -3.375 0.0 0.0
// CHECK-NEXT: o.out[24]: 6.0 0.0 0.0 0.0 0.5 -2.5 1.5 0.0 2.75 0.75 0.0 0.0
// CHECK-NEXT: o.out[36]: 0.5 0.0 0.0 0.0 0.0 0.0 0.0 0.0 0.5625 -0.1875 0.0 0.0
// CHECK-NEXT: o.out[48]: 200.0 0.0 0.0 0.0 53.0 -47.0 50.0 109.0 100.75 -2.25 0.0 0.0
// CHECK-NEXT: o.out[60]: 16.0 0.0 0.0 0.0 8.0625 8.0625 8.0625 24.0 1.875 -6.0 0.0 0.0
// CHECK-NEXT: o.out[72]: 15.5 0.0 0.0 0.0 -2.625 -10.375 3.875 -11.0 6.125 4.875 0.0 0.0
// CHECK-NEXT: o.out[84]: 2048.0 0.0 0.0 0.0 1023.0 1023.0 1023.0 3074.0 258.0 -768.0 0.0 0.0
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 8) in;
struct R { float16_t a; f16vec3 b; float16_t c; f16vec2 d; };
layout(set = 0, binding = 0) readonly buffer In { float16_t h[]; };
layout(set = 0, binding = 1) buffer Out { R r[]; };
struct L { float16_t s; f16vec3 v; };
void main() {
  uint g = gl_GlobalInvocationID.x;
  float16_t x = h[g], y = h[g + 8u];
  L l[2] = L[2](L(x, f16vec3(y)), L(y, f16vec3(x, y, x + y)));
  uint k = g & 1u;
  r[g].a = l[k].s * float16_t(2.0);
  r[g].b = l[k ^ 1u].v.zyx - f16vec3(float16_t(double(x) * 0.5));
  r[g].c = float16_t(int64_t(y) * 3l) + float16_t(uint16_t(abs(x)));
  f16vec2 p = unpackFloat2x16(packFloat2x16(f16vec2(x, y)) ^ 0x80000000u);
  r[g].d = p + f16vec2(float(y) / 4.0);
}
