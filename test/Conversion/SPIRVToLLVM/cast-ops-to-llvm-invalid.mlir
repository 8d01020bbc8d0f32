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

