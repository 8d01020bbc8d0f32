// spirv-translate-rs --deserialize-spirv prints the spirv.module, as
// mlir-translate does; the result goes through spirv-opt-rs like any MLIR.
//
// RUN: glslangValidator -V --target-env vulkan1.0 %s -o %t.spv > /dev/null
// RUN: spirv-translate-rs --deserialize-spirv %t.spv | FileCheck %s
// RUN: spirv-translate-rs -deserialize-spirv %t.spv -o %t.mlir
// RUN: spirv-opt-rs %t.mlir --convert-spirv-to-llvm | FileCheck %s --check-prefix=LOWERED
// RUN: spirv-translate-rs --deserialize-spirv %t.spv --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC -DFILE=%t.spv
#version 450
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float data[]; } d;
void main() { d.data[gl_GlobalInvocationID.x] *= 2.0; }

// CHECK-NOT: module {
// CHECK: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
// CHECK: spirv.func @main() "None"
// CHECK: spirv.EntryPoint "GLCompute" @main
// LOWERED: llvm.func @main()
// Instructions without OpLine are located at their byte offset.
// LOC: loc("[[FILE]]":0:{{[0-9]+}})
