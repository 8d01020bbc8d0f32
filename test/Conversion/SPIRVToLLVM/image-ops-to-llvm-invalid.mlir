// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// What this slice of images does not lower yet is refused by name.

spirv.func @rect() "None" {
  // expected-error@+1 {{cannot convert type '!spirv.image<f32, Rect, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>': Rect images are not supported yet}}
  %0 = spirv.Undef : !spirv.image<f32, Rect, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>
  spirv.Return
}

// -----

spirv.func @multisampled() "None" {
  // expected-error@+1 {{cannot convert type '!spirv.image<f32, Dim3D, NoDepth, NonArrayed, MultiSampled, NoSampler, Rgba8>': multisampled Dim3D images are not supported (2D ones are)}}
  %0 = spirv.Undef : !spirv.image<f32, Dim3D, NoDepth, NonArrayed, MultiSampled, NoSampler, Rgba8>
  spirv.Return
}

// -----

spirv.func @half_texels() "None" {
  // expected-error@+1 {{cannot convert type '!spirv.image<f16, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>': images of f16 texels are not supported (32-bit integers and floats are)}}
  %0 = spirv.Undef : !spirv.image<f16, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>
  spirv.Return
}

// -----

// Compute has no derivatives: implicit-LOD sampling is refused by name.
spirv.func @implicit(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<2xf32>) "None" {
  // expected-error@+1 {{implicit-LOD sampling needs derivatives, which a compute invocation does not have (use an explicit LOD)}}
  %0 = spirv.ImageSampleImplicitLod %si, %c : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32> -> vector<4xf32>
  spirv.Return
}

// -----

// MinLod is for the gradient (and implicit-LOD) forms: with Lod (the
// importer's call with the mask Lod | MinLod) it is refused.
spirv.module Logical GLSL450 {
  spirv.func @__spvabi_op_image_sample_explicit_lod_0(!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, i32, f32, f32) -> vector<4xf32> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_sample_explicit_lod_0", linkage_type = <Import>>}
  spirv.func @min_lod(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<2xf32>, %l: f32) "None" {
    %mask = spirv.Constant 130 : i32
    // expected-error@+1 {{the image operands Lod and MinLod together (SPIR-V forbids it)}}
    %0 = spirv.FunctionCall @__spvabi_op_image_sample_explicit_lod_0(%si, %c, %mask, %l, %l) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, i32, f32, f32) -> vector<4xf32>
    spirv.Return
  }
}

// -----

// Bias belongs to implicit-LOD sampling (SPIR-V), which compute lacks.
spirv.module Logical GLSL450 {
  spirv.func @__spvabi_op_image_sample_explicit_lod_0(!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, i32, f32, f32) -> vector<4xf32> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_sample_explicit_lod_0", linkage_type = <Import>>}
  spirv.func @bias(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<2xf32>, %l: f32) "None" {
    %mask = spirv.Constant 3 : i32
    // expected-error@+1 {{the image operand Bias is for implicit-LOD sampling, which compute does not have (SPIR-V)}}
    %0 = spirv.FunctionCall @__spvabi_op_image_sample_explicit_lod_0(%si, %c, %mask, %l, %l) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, i32, f32, f32) -> vector<4xf32>
    spirv.Return
  }
}

// -----

// A multisampled image is fetched, read or written with its Sample operand.
spirv.func @multisampled_read_without_sample(%image: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, MultiSampled, NoSampler, R32f>, %at: vector<2xi32>) -> vector<4xf32> "None" {
  // expected-error@+1 {{a multisampled image is read or written with the Sample operand}}
  %0 = spirv.ImageRead %image, %at : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, MultiSampled, NoSampler, R32f>, vector<2xi32> -> vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}
