// spirv-translate-rs --deserialize-spirv --spec ID=VALUE specializes as
// spirv-opt-rs does, before types are built: a shared array sized by a
// specialization constant gets the given length, the constant the given
// default; an unknown id or a value that does not fit is one error.
//
// RUN: glslangValidator -V --target-env vulkan1.0 %s -o %t.spv > /dev/null
// RUN: spirv-translate-rs --deserialize-spirv %t.spv | FileCheck %s --check-prefix=DEFAULT
// RUN: spirv-translate-rs --deserialize-spirv %t.spv --spec 0=48 | FileCheck %s --check-prefix=GIVEN
// RUN: not spirv-translate-rs --deserialize-spirv %t.spv --spec 9=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not spirv-translate-rs --deserialize-spirv %t.spv --spec 0=-1.5 2>&1 | FileCheck %s --check-prefix=MISFIT
// RUN: not spirv-translate-rs --mlir-to-llvmir %s --spec 0=1 2>&1 | FileCheck %s --check-prefix=WHERE
#version 450
layout(local_size_x = 16) in;
layout(constant_id = 0) const uint N = 32;
shared float s[N];
layout(std430, set = 0, binding = 0) buffer Data { float data[]; } d;
void main() {
  s[gl_LocalInvocationID.x] = d.data[gl_GlobalInvocationID.x];
  barrier();
  d.data[gl_GlobalInvocationID.x] = s[(gl_LocalInvocationID.x + 1u) % 16u];
}

// DEFAULT: spirv.SpecConstant @{{.+}} spec_id(0) = 32 : i32
// DEFAULT: !spirv.array<32 x f32>
// GIVEN: spirv.SpecConstant @{{.+}} spec_id(0) = 48 : i32
// GIVEN: !spirv.array<48 x f32>
// UNKNOWN: spirv-translate-rs: error: --spec: the module has no specialization constant with SpecId 9
// MISFIT: spirv-translate-rs: error: --spec: SpecId 0 is a constant of type i32: -1.5 does not fit it
// WHERE: spirv-translate-rs: error: --spec applies to --deserialize-spirv
