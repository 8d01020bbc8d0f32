// Where we refuse an op for a reason upstream refuses it too, our message
// starts with upstream's text and adds the reason: expected-error lines
// written for mlir-opt match both tools (issue 9).
//
// RUN: mlir-opt -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s
// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// A function type with a type that has no LLVM lowering.
// expected-error@+1 {{failed to legalize operation 'spirv.func' that was explicitly marked illegal}}
spirv.func @arm_tensor_argument(%m: !spirv.arm.tensor<2xi32>) "None" {
  spirv.Return
}

// -----

spirv.func @image_argument(%i: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>) "None" {
  spirv.Return
}
// expected-error@-3 {{failed to legalize operation 'spirv.func' that was explicitly marked illegal}}

// -----

// A global whose type has no lowering (a row-major matrix member).
spirv.module Logical GLSL450 {
  // expected-error@+1 {{failed to legalize operation 'spirv.GlobalVariable' that was explicitly marked illegal}}
  spirv.GlobalVariable @row_major : !spirv.ptr<!spirv.struct<(!spirv.matrix<4 x vector<4xf32>> [0, RowMajor, MatrixStride=16])>, StorageBuffer>
}

// -----

// An op without an LLVM equivalent.
spirv.func @kill() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Kill' that was explicitly marked illegal}}
  spirv.Kill
}

// -----

// A geometry-shader op.
spirv.func @emit_vertex() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.EmitVertex' that was explicitly marked illegal}}
  spirv.EmitVertex
  spirv.Return
}
