// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// What this slice of images does not lower yet is refused by name.

spirv.func @cube() "None" {
  // expected-error@+1 {{cannot convert type '!spirv.image<f32, Cube, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>': Cube images are not supported yet}}
  %0 = spirv.Undef : !spirv.image<f32, Cube, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>
  spirv.Return
}

// -----

spirv.func @multisampled() "None" {
  // expected-error@+1 {{cannot convert type '!spirv.image<f32, Dim2D, NoDepth, NonArrayed, MultiSampled, NoSampler, Rgba8>': multisampled images are not supported yet}}
  %0 = spirv.Undef : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, MultiSampled, NoSampler, Rgba8>
  spirv.Return
}

// -----

spirv.func @half_texels() "None" {
  // expected-error@+1 {{cannot convert type '!spirv.image<f16, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>': images of f16 texels are not supported (32-bit integers and floats are)}}
  %0 = spirv.Undef : !spirv.image<f16, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>
  spirv.Return
}
