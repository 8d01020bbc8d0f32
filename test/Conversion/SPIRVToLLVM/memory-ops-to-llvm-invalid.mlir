// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

spirv.module Logical GLSL450 {
  // expected-error@+1 {{failed to legalize operation 'spirv.GlobalVariable' that was explicitly marked illegal: cannot convert type '!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>': images whose use with a sampler is unknown (Sampled 0) are not supported}}
  spirv.GlobalVariable @image : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>, UniformConstant>
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.SpecConstant @sc = 1 : i32
  // expected-error@+1 {{failed to legalize operation 'spirv.GlobalVariable' that was explicitly marked illegal: an imported global variable cannot have an initializer}}
  spirv.GlobalVariable @imported initializer(@sc) {linkage_attributes = #spirv.linkage_attributes<linkage_name = "imported", linkage_type = <Import>>} : !spirv.ptr<i32, Private>
}

// -----

// Upstream renames the global anyway and fails on the redefinition.
spirv.module Logical GLSL450 {
  // expected-error@+1 {{failed to legalize operation 'spirv.GlobalVariable' that was explicitly marked illegal: the name 'buffer_descriptor_set0_binding1' encoding the descriptor set and binding of @buffer is already taken}}
  spirv.GlobalVariable @buffer bind(0, 1) : !spirv.ptr<f32, StorageBuffer>
  spirv.GlobalVariable @buffer_descriptor_set0_binding1 : !spirv.ptr<f32, Private>
}
