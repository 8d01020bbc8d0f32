// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

spirv.func @undef_sampled_image() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.sampled_image<!spirv.image<f32, Dim3D, NoDepth, NonArrayed, MultiSampled, NeedSampler, Rgba8>>': multisampled Dim3D images are not supported (2D ones are)}}
  %0 = spirv.Undef : !spirv.sampled_image<!spirv.image<f32, Dim3D, NoDepth, NonArrayed, MultiSampled, NeedSampler, Rgba8>>
  spirv.Return
}

