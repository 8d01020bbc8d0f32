// fuzz-diff finding 02, docs/differential.md (issue 17): with bounds checks on, a vector read of a
// push-constant ivec3 followed by a 16-bit last member read zeros. The
// check took a load's length from LLVM's alloc size, 16 bytes for a
// <3 x i32>, where the load touches its store size, 12: the 30-byte block
// had no 16 bytes from offset 16. Accesses are measured by their store size
// now (kernel_abi/bounds.rs, access_size). A 3-vector read and written at
// the end of a push-constant block and of a storage block. Expected values:
// GLSL's meaning, as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o push.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in pc.bin="u32:1,0,0,0;i32:11,22,33;u16:7,0" \
// RUN:   --in v.bin="u16:3,0;u32:0,0,0;i32:100,200,300,0" --in o.bin=u32:0*6 --out o.out=u32 --out v.out=i32 -- \
// RUN:   spirv-run-rs push.spv --workgroups 1 --buffer 0:0=o.bin:o.out --buffer 0:1=v.bin:v.out --push-constants pc.bin | FileCheck %s
// CHECK:      o.out: 22 22 107 207 307 8
// CHECK-NEXT: v.out: 3 0 0 0 33 11 22 0
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uint o[]; } outp;
layout(std430, binding = 1) buffer V { uint16_t h; uint pad; ivec3 v; } vb;
layout(push_constant) uniform P { uint n; ivec3 p0; uint16_t p1; } pc;
void main() {
  uint g = gl_GlobalInvocationID.x;
  ivec2 v = pc.p0.yy ^ ivec2(int(g));
  ivec3 w = vb.v + ivec3(int(pc.p1));
  vb.v = pc.p0.zxy;
  outp.o[6u * g] = uint(v.x);
  outp.o[6u * g + 1u] = uint(pc.p0.y);
  outp.o[6u * g + 2u] = uint(w.x);
  outp.o[6u * g + 3u] = uint(w.y);
  outp.o[6u * g + 4u] = uint(w.z);
  outp.o[6u * g + 5u] = uint(pc.p1) + pc.n;
}
