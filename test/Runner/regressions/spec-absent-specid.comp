// fuzz-diff finding 01, docs/differential.md (issue 17): --spec for a SpecId the module lacks was
// refused, while Vulkan ignores a VkSpecializationMapEntry whose constantID
// the module does not have; spirv-opt -O removes unused specialization
// constants, so the command line that ran the glslang binary failed on its
// optimized form. spirv-run-rs now ignores such values for GLCompute shaders
// (passes/src/specialize.rs, UnknownSpecIds::Ignore); OpenCL kernels still
// refuse them, as clSetProgramSpecializationConstant does
// (CL_INVALID_SPEC_ID), and so does spirv-opt-rs --spec (a typo guard).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V %s -o spec.spv > /dev/null
// RUN: spirv-opt -O spec.spv -o spec-O.spv
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*4 --out o.out=u32 -- \
// RUN:   spirv-run-rs spec.spv --workgroups 1 --buffer 0:0=o.bin:o.out --spec 0=5 --spec 1=3 --spec 7=1 | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*4 --out o.out=u32 -- \
// RUN:   spirv-run-rs spec-O.spv --workgroups 1 --buffer 0:0=o.bin:o.out --spec 0=5 --spec 1=3 --spec 7=1 | FileCheck %s
// CHECK: o.out: 0 3 6 9
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %S/../Inputs/spmd.cl -o kernel.spv
// RUN: not spirv-run-rs kernel.spv --global 4 --spec 7=1 2>&1 | FileCheck %s --check-prefix=OPENCL
// OPENCL: kernel.spv: error: the module has no specialization constant with SpecId 7
#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Out { uint o[]; } outp;
layout(constant_id = 0) const uint unused = 7u;
layout(constant_id = 1) const uint used = 1u;
void main() { outp.o[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * used; }
