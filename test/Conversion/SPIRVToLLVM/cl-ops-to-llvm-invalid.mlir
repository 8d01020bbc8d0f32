// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

spirv.func @printf(%format: !spirv.ptr<i8, UniformConstant>, %x: i32) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.CL.printf' that was explicitly marked illegal: printf is not lowered yet: calling the variadic '__spirv_ocl_printf' builtin is not implemented}}
  %0 = spirv.CL.printf %format %x : !spirv.ptr<i8, UniformConstant>, i32 -> i32
  spirv.ReturnValue %0 : i32
}

// -----

spirv.func @printf_no_arguments(%format: !spirv.ptr<i8, UniformConstant>) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.CL.printf' that was explicitly marked illegal: printf is not lowered yet: calling the variadic '__spirv_ocl_printf' builtin is not implemented}}
  %0 = spirv.CL.printf %format : !spirv.ptr<i8, UniformConstant> -> i32
  spirv.ReturnValue %0 : i32
}
