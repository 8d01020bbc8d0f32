// --mlir-timing prints MLIR's report on stderr; our passes appear in it.

// RUN: spirv-opt-rs --mlir-timing --convert-spirv-to-llvm --canonicalize %s 2>&1 >/dev/null | FileCheck %s
// RUN: spirv-opt-rs -mlir-timing -pass-pipeline='builtin.module(convert-spirv-to-llvm,canonicalize)' %s 2>&1 >/dev/null | FileCheck %s

// CHECK: ... Execution time report ...
// CHECK: Total Execution Time:
// CHECK: ----Wall Time----  ----Name----
// CHECK: convert-spirv-to-llvm
// CHECK: Canonicalizer
// CHECK: Total
// CHECK-NOT: Execution time report

spirv.module Logical GLSL450 {
}
