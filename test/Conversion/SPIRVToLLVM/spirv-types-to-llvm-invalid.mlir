// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// Bools have no size in SPIR-V, so no stride can be checked.
spirv.func @array_of_bools_with_stride() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.array<4 x i1, stride=1>': array stride 1 cannot be checked: element type i1 has no size (bools, pointers and structs without offsets have none)}}
  %0 = spirv.Undef : !spirv.array<4 x i1, stride=1>
  spirv.Return
}

// -----

spirv.func @array_of_packed_structs_with_stride() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.array<4 x !spirv.struct<(i8, i32)>, stride=5>': array stride 5 cannot be checked: element type !spirv.struct<(i8, i32)> has no size (bools, pointers and structs without offsets have none)}}
  %0 = spirv.Undef : !spirv.array<4 x !spirv.struct<(i8, i32)>, stride=5>
  spirv.Return
}

// -----

// An outer stride whose padding would break the inner array's alignment
// (f32s at 10 bytes a row): no padding lays it out.
spirv.func @array_of_arrays_misaligned_stride() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.array<3 x !spirv.array<2 x f32, stride=4>, stride=10>': array stride 10 is not the natural stride 8 of !spirv.array<2 x f32, stride=4>}}
  %0 = spirv.Undef : !spirv.array<3 x !spirv.array<2 x f32, stride=4>, stride=10>
  spirv.Return
}

// -----

// Offsets out of order are valid (test/Conversion/SPIRVToLLVM/
// scalar-block-layout.mlir); overlapping members are not.
spirv.func @struct_overlapping_offsets() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.struct<(i32 [4], i8 [0], i8 [6])>': member #2 at offset 6 overlaps the member before it, which ends at 8}}
  %0 = spirv.Undef : !spirv.struct<(i32 [4], i8 [0], i8 [6])>
  spirv.Return
}

// -----

// A stride below the vector's size: its elements would overlap.
spirv.func @array_stride_below_vector_size() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.array<4 x vector<3xf32>, stride=8>': array stride 8 is not the natural stride 16 of vector<3xf32>}}
  %0 = spirv.Undef : !spirv.array<4 x vector<3xf32>, stride=8>
  spirv.Return
}

// -----

spirv.func @struct_nested_packed_in_offsets() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.struct<(!spirv.struct<(i8, i32)> [0], i32 [8])>': member #0: a struct without offsets (a packed struct) cannot be nested in a struct with offsets}}
  %0 = spirv.Undef : !spirv.struct<(!spirv.struct<(i8, i32)> [0], i32 [8])>
  spirv.Return
}

// -----

// Upstream crashes on this one.
spirv.func @struct_pointer_member_with_offsets() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.struct<(!spirv.ptr<i32, Function> [0])>': a struct with offsets must only hold scalars, vectors, arrays and structs (with a runtime array last)}}
  %0 = spirv.Undef : !spirv.struct<(!spirv.ptr<i32, Function> [0])>
  spirv.Return
}

// -----

// Dropping Volatile would change the meaning of accesses to the member.
spirv.func @struct_volatile_member() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.struct<(i32 [0, Volatile])>': member #0 has decoration Volatile, which has no LLVM lowering}}
  %0 = spirv.Undef : !spirv.struct<(i32 [0, Volatile])>
  spirv.Return
}

// -----

spirv.func @struct_row_major_member() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.struct<(i32 [RowMajor])>': member #0 has decoration RowMajor, which has no LLVM lowering}}
  %0 = spirv.Undef : !spirv.struct<(i32 [RowMajor])>
  spirv.Return
}

// -----

spirv.func @image() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>': images whose use with a sampler is unknown (Sampled 0) are not supported}}
  %0 = spirv.Undef : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>
  spirv.Return
}

// -----

spirv.func @sampled_image() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>>': images whose use with a sampler is unknown (Sampled 0) are not supported}}
  %0 = spirv.Undef : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>>
  spirv.Return
}

// -----

spirv.func @arm_tensor() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.arm.tensor<2x3xi32>': ARM tensor types have no LLVM lowering}}
  %0 = spirv.Undef : !spirv.arm.tensor<2x3xi32>
  spirv.Return
}

// -----

// A row-major matrix would need its elements transposed.
spirv.func @struct_row_major_matrix() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.struct<(!spirv.matrix<4 x vector<4xf32>> [0, RowMajor, MatrixStride=16])>': member #0 has decoration RowMajor, which has no LLVM lowering}}
  %0 = spirv.Undef : !spirv.struct<(!spirv.matrix<4 x vector<4xf32>> [0, RowMajor, MatrixStride=16])>
  spirv.Return
}

// -----

// A matrix stride other than the column size has no LLVM array layout.
spirv.func @struct_unnatural_matrix_stride() "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Undef' that was explicitly marked illegal: cannot convert type '!spirv.struct<(!spirv.matrix<2 x vector<2xf32>> [0, ColMajor, MatrixStride=16])>': member #0 has decoration MatrixStride, which has no LLVM lowering}}
  %0 = spirv.Undef : !spirv.struct<(!spirv.matrix<2 x vector<2xf32>> [0, ColMajor, MatrixStride=16])>
  spirv.Return
}
