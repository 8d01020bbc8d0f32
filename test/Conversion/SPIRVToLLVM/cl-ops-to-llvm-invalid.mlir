// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// A boolean vector has no printf conversion (OpenCL C cannot pass one):
// one located error. (Other vectors go to __spvabi_printf:
// cl-ops-to-llvm.mlir.)
spirv.func @printf_bool_vector(%format: !spirv.ptr<i8, UniformConstant>, %x: vector<4xi1>) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.CL.printf' that was explicitly marked illegal: printf of a i1 argument is not lowered}}
  %0 = spirv.CL.printf %format %x : !spirv.ptr<i8, UniformConstant>, vector<4xi1> -> i32
  spirv.ReturnValue %0 : i32
}
