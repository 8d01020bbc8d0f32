// Issue 17, item 8: half-precision arithmetic had never run on real
// programs. float16_t scalars and f16vec3s: + - * /, dot, min/max, abs,
// sign, floor, fract, clamp, mix, fma, compares, conversions to and from
// int16_t, uint and float, the bits of a half; an overflow to inf. No
// difference was found: the values are lavapipe's, bit for bit (with the
// halves' products and quotients rounded once, as lavapipe does).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o half.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=f32:1.5,-2.25,3.0,0.5,100.0,-0.125,7.75,2.0,2.0,4.5,-1.0,0.25,3.0,8.0,-6.5,1024.0 \
// RUN:   --in o.bin=f32:0*96 --out o.out=f32/12 -- \
// RUN:   spirv-run-rs half.spv --workgroups 1 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 3.5 -0.5 3.0 0.75 23.25 6.0 4.0 4.0 0.0 3.125 16896.0 4.125
// CHECK-NEXT: o.out[12]: 2.25 -6.75 -10.125 -0.5 -44.71875 -5.625 10.5 -6.0 1000.0 -1.5625 51472.0 -9.0
// CHECK-NEXT: o.out[24]: 2.0 4.0 -3.0 -3.0 -10.5 1.5 4.0 9.0 2000.0 4.0 49664.0 -3.875
// CHECK-NEXT: o.out[36]: 0.75 0.25 0.125 2.0 1.53125 2.125 1.75 1.0 3000.0 0.9375 12288.0 -0.75
// CHECK-NEXT: o.out[48]: 103.0 97.0 300.0 33.34375 31792.0 106.0 101.0 300.0 4000.0 77.75 23728.0 299.0
// CHECK-NEXT: o.out[60]: 7.875 -8.125 -1.0 -0.015625 1.4375 7.0 16.0 0.0 5000.0 1.78125 48128.0 0.125
// CHECK-NEXT: o.out[72]: 1.25 14.25 -50.375 -1.1923828125 -187.125 -41.125 9.0 23.0 6000.0 6.1875 53836.0 -51.25
// CHECK-NEXT: o.out[84]: 1026.0 -1022.0 2048.0 0.001953125 inf 2050.0 2047.0 6.0 7000.0 259.5 26624.0 2048.0
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) readonly buffer In { float a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { float o[]; };
void main() {
  uint g = gl_GlobalInvocationID.x;
  float16_t x = float16_t(a[g]), y = float16_t(a[g + 8u]);
  f16vec3 v = f16vec3(x, y, x * y);
  f16vec3 w = v.zxy + f16vec3(1.5hf);
  uint base = 12u * g;
  o[base + 0u] = float(x + y);
  o[base + 1u] = float(x - y);
  o[base + 2u] = float(x * y);
  o[base + 3u] = float(x / y);
  o[base + 4u] = float(dot(v, w));
  o[base + 5u] = float(max(v, w).y + min(v, w).z);
  o[base + 6u] = float(abs(x - y) + sign(x) + floor(y) + fract(x));
  o[base + 7u] = float(int16_t(x * float16_t(3.0)));
  o[base + 8u] = float(float16_t(uint(g) * 1000u));
  o[base + 9u] = float(clamp(x, float16_t(-1.0), float16_t(2.0)) + mix(x, y, float16_t(0.25)));
  o[base + 10u] = float(float16BitsToUint16(x * y));
  o[base + 11u] = float(fma(x, y, float16_t(0.125)) + (x < y ? float16_t(1.0) : float16_t(-1.0)));
}
