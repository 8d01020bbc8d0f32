// --mlir-print-ir-after-all dumps the IR on stderr after each pass, ours
// included; stdout still gets the result.

// RUN: spirv-opt-rs --mlir-print-ir-after-all --canonicalize --convert-spirv-to-llvm %s 2>%t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s < %t.err
// RUN: spirv-opt-rs --mlir-print-ir-after-all --mlir-print-debuginfo --cse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=LOC
// --mlir-print-op-generic applies to the dumps too.
// RUN: spirv-opt-rs --mlir-print-ir-after-all --mlir-print-op-generic --cse %s 2>&1 >/dev/null | FileCheck %s --check-prefix=GENERIC

// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: module {
// CHECK: spirv.func @f()
// CHECK: // -----// IR Dump After convert-spirv-to-llvm (convert-spirv-to-llvm) //----- //
// CHECK-NEXT: module {
// CHECK: llvm.func @f()
// OUT: llvm.func @f()
// LOC: // -----// IR Dump After CSE (cse) //----- //
// GENERIC: // -----// IR Dump After CSE (cse) //----- //
// GENERIC: "spirv.func"() <{function_control = #spirv.function_control<None>, function_type = () -> (), sym_name = "f"}> ({
// LOC: loc("{{.*}}print-ir-after-all.mlir":[[@LINE+2]]:3)
spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    spirv.Return
  }
}
