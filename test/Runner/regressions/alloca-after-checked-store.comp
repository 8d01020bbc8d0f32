// The bounds checks split a block at each checked access; a function
// variable glslang declares after a store in the entry block (here the
// struct `= {}` initializer's store, then the temporary for pick()'s
// argument) then landed outside the entry block, and the barrier regions
// refused the function ("an alloca outside the entry block"): the runner
// fell back to coroutines, `--emit` failed (scripts/check-corpus on the
// corpus' null_init.comp). The checks now move the entry block's
// constant-size allocas to its start first.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o k.spv > /dev/null
// RUN: spirv-opt-rs k.spv --convert-spirv-to-llvm=client-api=Vulkan --emit=llvm -o k.ll
// RUN: FileCheck %s --check-prefix=IR --input-file=k.ll
// Regions, not coroutines (whose frames are malloc'd and freed):
// IR: define void @__spvabi_main(
// IR-NOT: @malloc
// IR-NOT: @free
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:1,2,3,4,5,6,7,8 --in o.bin=u32:0*8 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs k.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 7 2 3 4
// CHECK-NEXT: o.out[4]: 23 6 7 8
#version 450
#extension GL_EXT_null_initializer : require
layout(local_size_x = 4) in;
struct Pair { uint a; float b; };
layout(std430, binding = 0) readonly buffer In { uint values[]; };
layout(std430, binding = 1) writeonly buffer Out { uint outs[]; };
shared uint total;
uint pick(uint x) {
    uint table[4];
    table[x % 4u] = x;
    return table[x % 4u];
}
void main() {
    uint i = gl_LocalInvocationIndex;
    uint g = gl_GlobalInvocationID.x;
    Pair p = {};
    if (i == 0u) total = 1u;
    barrier();
    atomicAdd(total, values[g] - 1u + p.a);
    barrier();
    outs[g] = i == 0u ? total + uint(p.b) : pick(values[g]);
}
