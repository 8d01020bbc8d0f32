// fuzz-diff finding 05, docs/differential.md (issue 17; scripts/fuzz-diff): not a bug of ours but
// of the reference.
// glslang turns `sc ? vecA : vecB` over constants into OpSpecConstantOp
// Select with a scalar bool condition and vector objects; since SPIR-V 1.4
// a scalar condition selects the whole object. Debian's lavapipe (Mesa
// 22.3) evaluates it per component and reads the condition's missing
// components as false: with sc0 = true it gives u8vec2(100, 128) where the
// spec says u8vec2(100, 127) (the fuzz-diff finding: a `min` against that
// constant in a u8vec2 shared-memory program). Expected values: the spec's
// meaning, every component from the selected object, for the specialized
// and the default values, and after spirv-opt -O.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o sel.spv > /dev/null
// RUN: spirv-opt -O sel.spv -o sel-O.spv
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*11 --out o.out=i32 -- \
// RUN:   spirv-run-rs sel.spv --workgroups 1 --buffer 0:0=o.bin:o.out --spec 0=true --spec 1=5 | FileCheck %s --check-prefix=TRUE
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*11 --out o.out=i32 -- \
// RUN:   spirv-run-rs sel-O.spv --workgroups 1 --buffer 0:0=o.bin:o.out --spec 0=true --spec 1=5 | FileCheck %s --check-prefix=TRUE
// TRUE: o.out: 100 127 40000 40000 40000 7 5 -1 -2 -3 -4
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*11 --out o.out=i32 -- \
// RUN:   spirv-run-rs sel.spv --workgroups 1 --buffer 0:0=o.bin:o.out --spec 1=1 | FileCheck %s --check-prefix=FALSE
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*11 --out o.out=i32 -- \
// RUN:   spirv-run-rs sel-O.spv --workgroups 1 --buffer 0:0=o.bin:o.out --spec 1=1 | FileCheck %s --check-prefix=FALSE
// FALSE: o.out: 128 128 1 2 3 2 9 5 5 5 5
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer O { uint o[]; };
layout(constant_id = 0) const bool sc0 = false;
layout(constant_id = 1) const uint sc1 = 3u;
const u8vec2 a = sc0 ? u8vec2(uint8_t(100), uint8_t(127)) : u8vec2(uint8_t(128));
const u16vec3 b = !sc0 ? u16vec3(uint16_t(1), uint16_t(2), uint16_t(3)) : u16vec3(uint16_t(40000));
const uvec2 c = sc0 ? uvec2(7u, sc1) : uvec2(sc1 + 1u, 9u);
const ivec4 d = (sc1 > 2u) ? ivec4(-1, -2, -3, -4) : ivec4(5);
void main() {
  o[0] = uint(a.x); o[1] = uint(a.y);
  o[2] = uint(b.x); o[3] = uint(b.y); o[4] = uint(b.z);
  o[5] = c.x; o[6] = c.y;
  o[7] = uint(d.x); o[8] = uint(d.y); o[9] = uint(d.z); o[10] = uint(d.w);
}
