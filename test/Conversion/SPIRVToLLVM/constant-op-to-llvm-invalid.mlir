// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// Constants of types without an LLVM lowering.

spirv.func @arm_tensor_constant() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Constant' that was explicitly marked illegal: cannot convert type '!spirv.arm.tensor<2xi32>': ARM tensor types have no LLVM lowering}}
  %0 = spirv.Constant dense<[1, 2]> : !spirv.arm.tensor<2xi32>
  spirv.Return
}

// -----

spirv.func @replicated_matrix() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.EXT.ConstantCompositeReplicate' that was explicitly marked illegal: constants of type !spirv.matrix<2 x vector<2xf32>> have no LLVM lowering}}
  %0 = spirv.EXT.ConstantCompositeReplicate [1.0 : f32] : !spirv.matrix<2 x vector<2xf32>>
  spirv.Return
}
