// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// LLVM only allows linkonce_odr on definitions (the SPIR-V verifier only
// checks declarations inside a spirv.module).
// expected-error@+1 {{failed to legalize operation 'spirv.func' that was explicitly marked illegal: a function declaration cannot have 'LinkOnceODR' linkage}}
spirv.func @once_declaration() "None" attributes {
  linkage_attributes = #spirv.linkage_attributes<linkage_name = "once", linkage_type = <LinkOnceODR>>
}

// -----

// The signature must convert.
// expected-error@+1 {{failed to legalize operation 'spirv.func' that was explicitly marked illegal: cannot convert type '!spirv.arm.tensor<2xi32>': ARM tensor types have no LLVM lowering}}
spirv.func @arm_tensor_argument(%m: !spirv.arm.tensor<2xi32>) "None" {
  spirv.Return
}
