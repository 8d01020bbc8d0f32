// `merge-nested-modules`: the module convert-spirv-to-llvm nests (as
// upstream) is merged into the top-level one, so that upstream's
// mlir-translate, which skips nested modules, gives the code.
//
// RUN: spirv-opt-rs %s --convert-spirv-to-llvm --merge-nested-modules | FileCheck %s --check-prefix=MLIR
// MLIR: module {
// MLIR-NEXT: llvm.func @add_one
// RUN: spirv-opt-rs %s --convert-spirv-to-llvm --merge-nested-modules | mlir-translate --mlir-to-llvmir | FileCheck %s
// CHECK: define i32 @add_one(i32 %0)
// CHECK: add i32 %0, 1
// Without the pass, upstream's translation finds no function:
// RUN: spirv-opt-rs %s --convert-spirv-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=EMPTY
// EMPTY-NOT: define

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @add_one(%x: i32) -> i32 "None" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "add_one", linkage_type = <Export>>} {
    %one = spirv.Constant 1 : i32
    %y = spirv.IAdd %x, %one : i32
    spirv.ReturnValue %y : i32
  }
}
