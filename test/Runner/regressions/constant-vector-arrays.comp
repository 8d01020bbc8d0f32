// Issue 17, bug 4: constant arrays of vectors inside a composite failed to
// compile ("invalid cast opcode for cast from '[3 x i32]' to 'i96'"): the
// lowering gave the array's dense constant a `tensor` type, which MLIR's
// translation makes an array of arrays where LLVM wants an array of vectors.
// It is a `vector` attribute now (constant.rs). Arrays of ivec3, i8vec4,
// i64vec4, u16vec2, vec3 and a 2-D array of ivec2, in structs and alone,
// read with constant and dynamic indices. Expected values: GLSL's meaning,
// as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o constants.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,2,7,4 --in o.bin=i64:0*48 --out o.out=i64/12 -- \
// RUN:   spirv-run-rs constants.spv --workgroups 1 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 9 1 11 9 -4 5 1250999896491 4294901761 65 32 -2 1
// CHECK-NEXT: o.out[12]: 2 -4 11 127 -100 4294967296 1250999896491 2621440003 45 6 -2 0
// CHECK-NEXT: o.out[24]: 7 1 11 100 -4 1250999896491 1250999896491 131076 85 12 -2 1
// CHECK-NEXT: o.out[36]: 4 -4 11 -4 -100 7 1250999896491 131073 25 2 -2 0
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { int64_t o[]; };
struct S { uint u; ivec3 f[2]; };
struct T { i8vec4 b[2]; i64vec4 l[2]; u16vec2 h[3]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint k = a[i] & 1u;
  S s = S(a[i], ivec3[2](ivec3(-2, -1, -4), ivec3(5, 11, -2)));
  T t = T(i8vec4[2](i8vec4(-128, 127, 3, -4), i8vec4(9, -9, 100, -100)),
          i64vec4[2](i64vec4(-1l, 0x100000000l, -0x7fffffffffffffffl, 7l), i64vec4(5l, -6l, 0x123456789abl, -8l)),
          u16vec2[3](u16vec2(65535us, 1us), u16vec2(2us, 3us), u16vec2(40000us, 4us)));
  ivec2 n[2][2] = ivec2[2][2](ivec2[2](ivec2(1, 2), ivec2(3, 4)), ivec2[2](ivec2(5, 6), ivec2(7, 8)));
  const vec3 c[2] = vec3[2](vec3(0.5, 1.5, -2.0), vec3(8.0, -0.25, 3.0));
  uint base = 12u * i;
  o[base + 0u] = int64_t(s.u);
  o[base + 1u] = int64_t(s.f[k].x + s.f[k ^ 1u].z);
  o[base + 2u] = int64_t(s.f[1].y);
  o[base + 3u] = int64_t(t.b[k][i & 3u]);
  o[base + 4u] = int64_t(t.b[k ^ 1u].w);
  o[base + 5u] = t.l[k][i & 3u];
  o[base + 6u] = t.l[1].z;
  o[base + 7u] = int64_t(t.h[a[i] % 3u].x) * 65536l + int64_t(t.h[i % 3u].y);
  o[base + 8u] = int64_t(n[k][(a[i] >> 1) & 1u].y * 10 + n[1][0].x);
  o[base + 9u] = int64_t(c[k][i % 3u] * 4.0);
  o[base + 10u] = int64_t(c[1].y * 8.0);
  o[base + 11u] = int64_t(k);
}
