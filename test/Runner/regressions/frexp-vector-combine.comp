// A vec2 frexp in a loop (VK-GL-CTS float32/comparison/frexpstruct_2_comp
// found it): with bounds checks off, LLVM 22's SLP vectorizer made one
// vector llvm.frexp of the two lanes' calls and VectorCombine then crashed
// on it (SIGSEGV in the compile). frexp is computed on the bits now, never
// as llvm.frexp (glsl/packing.rs, frexp_bits). Values against Python's
// math.frexp at the edges, checked and unchecked, every --spmd mode.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o t.spv > /dev/null
// RUN: python3 %S/Inputs/frexp-bits.py make
// RUN: spirv-run-rs t.spv --unchecked --workgroups 1 --buffer 0:0=in.bin --buffer 0:1=out.bin:unchecked.out
// RUN: spirv-run-rs t.spv --unchecked --spmd always --workgroups 1 --buffer 0:0=in.bin --buffer 0:1=out.bin:always.out
// RUN: spirv-run-rs t.spv --spmd off --workgroups 1 --buffer 0:0=in.bin --buffer 0:1=out.bin:off.out
// RUN: python3 %S/Inputs/frexp-bits.py check unchecked.out | FileCheck %s
// RUN: python3 %S/Inputs/frexp-bits.py check always.out | FileCheck %s
// RUN: python3 %S/Inputs/frexp-bits.py check off.out | FileCheck %s
// CHECK: frexp: 32 of 32 right
#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) readonly buffer In { uvec2 v[16]; };
layout(set = 0, binding = 1) buffer Out { vec2 o[32]; };
void main() {
  for (uint i = 0; i < 16; i++) {
    ivec2 e;
    vec2 m = frexp(uintBitsToFloat(v[i]), e);
    o[2 * i] = intBitsToFloat(e);
    o[2 * i + 1] = m;
  }
}
