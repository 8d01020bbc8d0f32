// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// Fragment-shader discard ends the invocation but keeps its earlier effects:
// no LLVM terminator means that (upstream rejects it too).
spirv.func @kill() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Kill' that was explicitly marked illegal: fragment-shader discard has no LLVM equivalent}}
  spirv.Kill
}

// -----

spirv.func @call_arm_tensor() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.FunctionCall' that was explicitly marked illegal: cannot convert type '!spirv.arm.tensor<2xi32>'}}
  %0 = spirv.FunctionCall @make() : () -> !spirv.arm.tensor<2xi32>
  spirv.Return
}

spirv.func @make() -> !spirv.arm.tensor<2xi32> "None"
