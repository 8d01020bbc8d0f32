// Issue 17, bug 3: a uint64_t push-constant member at offset 8 ({ uint a;
// uint64_t b; }) read 0 or lost its high word. The translation to LLVM IR
// folded the kernel ABI's sizes (`getelementptr null[1]`) with LLVM's
// default data layout, which aligns an i64 to 4 bytes: the block was 12
// bytes, not 16, and the bounds check refused the member. The module now
// has the target's data layout before the translation (src/translate.rs).
// Push constants with u64, u16, f64 and i64 members; a shared array of
// structs holding a u64 across a barrier; a private one. Expected values:
// GLSL's meaning, as lavapipe computes them.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o push.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:9,0,5,1,7,3,2,8 --in o.bin=i64:0*48 --out o.out=i64/6 \
// RUN:   --in pc.bin="u32:7,0;u64:0x1122334455667788;u16:513,0;u32:0;f64:2.5;i64:-3" -- \
// RUN:   spirv-run-rs push.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out --push-constants pc.bin | FileCheck %s
// CHECK:      o.out[0]: 7 1234605616436508552 523 -3 1234605625026443145 0
// CHECK-NEXT: o.out[6]: 7 1234605616436508552 523 -3 1234605659386181517 1234605616436508552
// CHECK-NEXT: o.out[12]: 7 1234605616436508552 523 -3 1234605616436508552 2469211232873017104
// CHECK-NEXT: o.out[18]: 7 1234605616436508552 523 -3 1234605693745919889 3703816849309525656
// CHECK-NEXT: o.out[24]: 7 1234605616436508552 523 -3 1234605685155985296 0
// CHECK-NEXT: o.out[30]: 7 1234605616436508552 523 -3 1234605616436508554 1234605616436508552
// CHECK-NEXT: o.out[36]: 7 1234605616436508552 523 -3 1234605625026443147 2469211232873017104
// CHECK-NEXT: o.out[42]: 7 1234605616436508552 523 -3 1234605659386181519 3703816849309525656
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint64_t o[]; };
layout(push_constant) uniform P { uint a; uint64_t b; uint16_t c; double d; int64_t e; } pc;
struct S { uint x; uint64_t y; };
shared S s[4];
S p[4];
void main() {
  uint i = gl_LocalInvocationID.x;
  s[i] = S(a[gl_GlobalInvocationID.x], uint64_t(a[gl_GlobalInvocationID.x]) << 33 | pc.b);
  p[i & 3u] = S(i, uint64_t(i) * pc.b);
  barrier();
  S n = s[3u - i];
  uint base = 6u * (gl_WorkGroupID.x * 4u + i);
  o[base + 0u] = uint64_t(pc.a);
  o[base + 1u] = pc.b;
  o[base + 2u] = uint64_t(pc.c) + uint64_t(pc.d * 4.0);
  o[base + 3u] = uint64_t(pc.e);
  o[base + 4u] = n.y + uint64_t(n.x);
  o[base + 5u] = p[i & 3u].y;
}
