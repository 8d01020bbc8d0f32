// MLIR 22's verifier of spirv.SpecConstantComposite dereferences a missing
// constituent (mlir-opt crashes on this input; the fuzzer found it): the
// tool refuses it before MLIR parses, with the constituent's location.
//
// RUN: not spirv-opt-rs %s --convert-spirv-to-llvm 2>&1 | FileCheck %s
// RUN: not spirv-opt-rs %s -split-input-file 2>&1 | FileCheck %s
// CHECK: verifier-crash-guard.mlir:[[@LINE+4]]:46: error: the constituent @missing of a specialization constant composite is not a spirv.SpecConstant (refused before parsing: MLIR 22's verifier crashes on it)

spirv.module Logical GLSL450 {
  spirv.SpecConstant @float = 2.5 : f32
  spirv.SpecConstantComposite @pair (@float, @missing) : vector<2xf32>
}

// -----

// A spirv.ExecutionMode value that is not an integer: MLIR 22's parser
// casts whatever attribute it reads to an integer (mlir-opt crashes).
// RUN: not spirv-opt-rs %s -split-input-file 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: verifier-crash-guard.mlir:[[@LINE+7]]:45: error: '[]' is not an integer: spirv.ExecutionMode takes integer values (refused before parsing: MLIR 22's parser crashes on it)

spirv.module Logical GLSL450 {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, []
}
