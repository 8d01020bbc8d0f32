// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// The SPIR-V verifier accepts spirv.GL.Cross on any float vector or scalar,
// but the cross product is only defined on 3-component vectors.
spirv.func @cross_two_components(%x: vector<2xf32>, %y: vector<2xf32>) -> vector<2xf32> "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.GL.Cross' that was explicitly marked illegal: the cross product is defined on 3-component vectors only}}
  %0 = spirv.GL.Cross %x, %y : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

spirv.func @cross_scalar(%x: f32, %y: f32) -> f32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.GL.Cross' that was explicitly marked illegal: the cross product is defined on 3-component vectors only}}
  %0 = spirv.GL.Cross %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

spirv.func @cross_four_components(%x: vector<4xf16>, %y: vector<4xf16>) -> vector<4xf16> "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.GL.Cross' that was explicitly marked illegal: the cross product is defined on 3-component vectors only}}
  %0 = spirv.GL.Cross %x, %y : vector<4xf16>
  spirv.ReturnValue %0 : vector<4xf16>
}
