// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// The arithmetic ops that accept cooperative matrices cannot get one: the
// cooperative matrix type has no LLVM lowering.

// expected-error@+1 {{failed to legalize operation 'spirv.func' that was explicitly marked illegal: cannot convert type '!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>': cooperative matrix types have no LLVM lowering}}
spirv.func @f_add_cooperative_matrix(%a: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, %b: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>) "None" {
  %0 = spirv.FAdd %a, %b : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>
  spirv.Return
}
