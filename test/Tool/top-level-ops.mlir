// Several top-level ops are read as mlir-opt reads them: one implicit
// module, one symbol table (functions call each other, constants and globals
// sit beside them), the same result with or without a leading blank line or
// comment, located at the file's own lines (issue 9).
//
// RUN: spirv-opt-rs %s | FileCheck %s
// RUN: mlir-opt %s | FileCheck %s
// RUN: tail -n +2 %s > %t.no-header.mlir
// RUN: spirv-opt-rs %t.no-header.mlir | FileCheck %s
// RUN: spirv-opt-rs %s --convert-spirv-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: spirv-opt-rs %s --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC -DFILE=%s
// The same from stdin and as a --split-input-file chunk (MLIR's implicit
// module reader, its unnamed buffer's locations renamed):
// RUN: cat %s | spirv-opt-rs | FileCheck %s
// RUN: cat %t.no-header.mlir | spirv-opt-rs - | FileCheck %s
// RUN: spirv-opt-rs -split-input-file %s | FileCheck %s
// RUN: cat %s | spirv-opt-rs --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC -DFILE="<stdin>"
// RUN: spirv-opt-rs -split-input-file %s --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC -DFILE=%s
spirv.func @even(%n: i32) -> i32 "None" {
  %r = spirv.FunctionCall @odd(%n) : (i32) -> i32
  spirv.ReturnValue %r : i32
}
spirv.func @odd(%n: i32) -> i32 "None" {
  %r = spirv.FunctionCall @even(%n) : (i32) -> i32
  spirv.ReturnValue %r : i32
}
spirv.GlobalVariable @counter : !spirv.ptr<i32, Private>
spirv.SpecConstant @scale = 3 : i32

// CHECK: module {
// CHECK: spirv.func @even(
// CHECK: spirv.FunctionCall @odd(
// CHECK: spirv.func @odd(
// CHECK: spirv.GlobalVariable @counter
// CHECK: spirv.SpecConstant @scale
// LLVM: llvm.call @odd(
// LLVM: llvm.call @even(
// LOC: loc("[[FILE]]":20:8)
