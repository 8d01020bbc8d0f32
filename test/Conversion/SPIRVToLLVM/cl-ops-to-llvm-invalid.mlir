// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// OpenCL's vector conversions (`%v4f`) have no C library counterpart.
spirv.func @printf_vector(%format: !spirv.ptr<i8, UniformConstant>, %x: vector<4xf32>) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.CL.printf' that was explicitly marked illegal: printf of a vector<4xf32> argument is not lowered (scalars and pointers only)}}
  %0 = spirv.CL.printf %format %x : !spirv.ptr<i8, UniformConstant>, vector<4xf32> -> i32
  spirv.ReturnValue %0 : i32
}
