// Session 18: an FAdd exclusive scan gave -0.0 to the first active lane
// of its subgroup (the SPMD lanes pad with -0.0, fadd's own identity, so
// that inactive lanes change no sum), where SPIR-V's ExclusiveScan gives
// that lane the identity I, "0": +0.0. The sign is observable with
// SignedZeroInfNanPreserve, declared here. Every lane adds -0.0: the first
// lane of each subgroup gets +0.0, every later one -0.0 + ... = -0.0
// (0x80000000 = 2147483648); in the `if` (odd lanes only) the first odd
// lane of each subgroup gets +0.0; an inclusive scan has no identity in it
// (-0.0 everywhere); the partitioned exclusive scan (partitions: the lane's
// parity) gives +0.0 to the first lane of each parity. Subgroups of 1
// (everything exclusive +0.0), 4, 8 (both barrier paths) and 16, every mode.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.1 %s -o z.spv > /dev/null
// RUN: spirv-val --target-env vulkan1.1 z.spv
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*64 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs z.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 1 | FileCheck %s --check-prefix=SIZE1
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*64 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs z.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 4 | FileCheck %s --check-prefix=SIZE4
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*64 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs z.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 8 | FileCheck %s --check-prefix=SIZE8
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*64 --out o.out=u32/4 --modes loops -- \
// RUN:   spirv-run-rs z.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 8 --barriers coroutines | FileCheck %s --check-prefix=SIZE8
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*64 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs z.spv --workgroups 1 --buffer 0:0=o.bin:o.out --subgroup-size 16 | FileCheck %s --check-prefix=SIZE16
// SIZE1:      o.out[0]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[4]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[8]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[12]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[16]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[20]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[24]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[28]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[32]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[36]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[40]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[44]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[48]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[52]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[56]: 0 0 2147483648 0
// SIZE1-NEXT: o.out[60]: 0 0 2147483648 0
// SIZE4:      o.out[0]: 0 0 2147483648 0
// SIZE4-NEXT: o.out[4]: 2147483648 0 2147483648 0
// SIZE4-NEXT: o.out[8]: 2147483648 0 2147483648 2147483648
// SIZE4-NEXT: o.out[12]: 2147483648 2147483648 2147483648 2147483648
// SIZE4-NEXT: o.out[16]: 0 0 2147483648 0
// SIZE4-NEXT: o.out[20]: 2147483648 0 2147483648 0
// SIZE4-NEXT: o.out[24]: 2147483648 0 2147483648 2147483648
// SIZE4-NEXT: o.out[28]: 2147483648 2147483648 2147483648 2147483648
// SIZE4-NEXT: o.out[32]: 0 0 2147483648 0
// SIZE4-NEXT: o.out[36]: 2147483648 0 2147483648 0
// SIZE4-NEXT: o.out[40]: 2147483648 0 2147483648 2147483648
// SIZE4-NEXT: o.out[44]: 2147483648 2147483648 2147483648 2147483648
// SIZE4-NEXT: o.out[48]: 0 0 2147483648 0
// SIZE4-NEXT: o.out[52]: 2147483648 0 2147483648 0
// SIZE4-NEXT: o.out[56]: 2147483648 0 2147483648 2147483648
// SIZE4-NEXT: o.out[60]: 2147483648 2147483648 2147483648 2147483648
// SIZE8:      o.out[0]: 0 0 2147483648 0
// SIZE8-NEXT: o.out[4]: 2147483648 0 2147483648 0
// SIZE8-NEXT: o.out[8]: 2147483648 0 2147483648 2147483648
// SIZE8-NEXT: o.out[12]: 2147483648 2147483648 2147483648 2147483648
// SIZE8-NEXT: o.out[16]: 2147483648 0 2147483648 2147483648
// SIZE8-NEXT: o.out[20]: 2147483648 2147483648 2147483648 2147483648
// SIZE8-NEXT: o.out[24]: 2147483648 0 2147483648 2147483648
// SIZE8-NEXT: o.out[28]: 2147483648 2147483648 2147483648 2147483648
// SIZE8-NEXT: o.out[32]: 0 0 2147483648 0
// SIZE8-NEXT: o.out[36]: 2147483648 0 2147483648 0
// SIZE8-NEXT: o.out[40]: 2147483648 0 2147483648 2147483648
// SIZE8-NEXT: o.out[44]: 2147483648 2147483648 2147483648 2147483648
// SIZE8-NEXT: o.out[48]: 2147483648 0 2147483648 2147483648
// SIZE8-NEXT: o.out[52]: 2147483648 2147483648 2147483648 2147483648
// SIZE8-NEXT: o.out[56]: 2147483648 0 2147483648 2147483648
// SIZE8-NEXT: o.out[60]: 2147483648 2147483648 2147483648 2147483648
// SIZE16:      o.out[0]: 0 0 2147483648 0
// SIZE16-NEXT: o.out[4]: 2147483648 0 2147483648 0
// SIZE16-NEXT: o.out[8]: 2147483648 0 2147483648 2147483648
// SIZE16-NEXT: o.out[12]: 2147483648 2147483648 2147483648 2147483648
// SIZE16-NEXT: o.out[16]: 2147483648 0 2147483648 2147483648
// SIZE16-NEXT: o.out[20]: 2147483648 2147483648 2147483648 2147483648
// SIZE16-NEXT: o.out[24]: 2147483648 0 2147483648 2147483648
// SIZE16-NEXT: o.out[28]: 2147483648 2147483648 2147483648 2147483648
// SIZE16-NEXT: o.out[32]: 2147483648 0 2147483648 2147483648
// SIZE16-NEXT: o.out[36]: 2147483648 2147483648 2147483648 2147483648
// SIZE16-NEXT: o.out[40]: 2147483648 0 2147483648 2147483648
// SIZE16-NEXT: o.out[44]: 2147483648 2147483648 2147483648 2147483648
// SIZE16-NEXT: o.out[48]: 2147483648 0 2147483648 2147483648
// SIZE16-NEXT: o.out[52]: 2147483648 2147483648 2147483648 2147483648
// SIZE16-NEXT: o.out[56]: 2147483648 0 2147483648 2147483648
// SIZE16-NEXT: o.out[60]: 2147483648 2147483648 2147483648 2147483648
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_NV_shader_subgroup_partitioned : require
#extension GL_EXT_spirv_intrinsics : require
// SignedZeroInfNanPreserve (4461) for 32-bit floats, SPV_KHR_float_controls.
spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [4466], 4461, 32);
layout(local_size_x = 16) in;
layout(std430, binding = 0) buffer B { uint o[]; };
shared float sh[16];
void main() {
  uint i = gl_LocalInvocationIndex;
  sh[i] = -0.0;
  // a barrier: as coroutines, each subgroup operation a rendezvous
  barrier();
  float x = sh[i];
  o[4u * i] = floatBitsToUint(subgroupExclusiveAdd(x));
  if ((i & 1u) == 1u) {
    o[4u * i + 1u] = floatBitsToUint(subgroupExclusiveAdd(x));
  }
  o[4u * i + 2u] = floatBitsToUint(subgroupInclusiveAdd(x));
  uvec4 p = subgroupPartitionNV(i & 1u);
  o[4u * i + 3u] = floatBitsToUint(subgroupPartitionedExclusiveAddNV(x, p));
}
