// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// SPIR-V requires a bitcast between pointers to keep the storage class, which
// MLIR's verifier does not check (upstream leaves an unrealized cast between
// the two address spaces). The check is on the storage classes, whatever
// address spaces the client API gives them (here both are 0).
spirv.func @bitcast_pointer_across_storage_classes(%p: !spirv.ptr<f32, CrossWorkgroup>) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Bitcast' that was explicitly marked illegal: cannot bitcast a pointer from storage class CrossWorkgroup to Workgroup (SPIR-V requires the same storage class; use spirv.PtrCastToGeneric or spirv.GenericCastToPtr)}}
  %0 = spirv.Bitcast %p : !spirv.ptr<f32, CrossWorkgroup> to !spirv.ptr<i32, Workgroup>
  spirv.Return
}

// -----

// The numeric conversions accept cooperative matrices, which have no LLVM type.
spirv.func @convert_cooperative_matrix(%x: i32) "None" {
  %m = builtin.unrealized_conversion_cast %x : i32 to !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>
  // expected-error@+1 {{failed to legalize operation 'spirv.ConvertFToS' that was explicitly marked illegal: cannot convert type '!spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>'}}
  %0 = spirv.ConvertFToS %m : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA> to !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>
  spirv.Return
}

// -----

spirv.func @fconvert_cooperative_matrix(%x: i32) "None" {
  %m = builtin.unrealized_conversion_cast %x : i32 to !spirv.coopmatrix<8x8xf16, Workgroup, MatrixAcc>
  // expected-error@+1 {{failed to legalize operation 'spirv.FConvert' that was explicitly marked illegal: cannot convert type '!spirv.coopmatrix<8x8xf32, Workgroup, MatrixAcc>'}}
  %0 = spirv.FConvert %m : !spirv.coopmatrix<8x8xf16, Workgroup, MatrixAcc> to !spirv.coopmatrix<8x8xf32, Workgroup, MatrixAcc>
  spirv.Return
}
