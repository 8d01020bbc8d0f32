// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// Cooperative matrices have no LLVM type, so neither constructing one nor
// reading a member of one can be lowered.
spirv.func @composite_construct_cooperative_matrix(%x: f32) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.CompositeConstruct' that was explicitly marked illegal: cannot convert type '!spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>': cooperative matrix types have no LLVM lowering}}
  %0 = spirv.CompositeConstruct %x : (f32) -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
  spirv.Return
}

// -----

spirv.func @composite_extract_cooperative_matrix(%x: i32) -> f32 "None" {
  %m = builtin.unrealized_conversion_cast %x : i32 to !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
  // expected-error@+1 {{failed to legalize operation 'spirv.CompositeExtract' that was explicitly marked illegal: cannot convert type '!spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>': cooperative matrix types have no LLVM lowering}}
  %0 = spirv.CompositeExtract %m[1 : i32] : !spirv.coopmatrix<8x8xf32, Subgroup, MatrixA>
  spirv.ReturnValue %0 : f32
}

