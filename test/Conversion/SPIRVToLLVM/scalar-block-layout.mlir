// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=Vulkan' %s | FileCheck %s

// Vulkan's scalar block layout (VK_EXT_scalar_block_layout, GLSL
// `layout(scalar)`): vectors at any multiple of their scalar's size. A
// 3-vector at a stride below LLVM's room for it (16 bytes for vector<3xf32>)
// is the array of its scalars; loads and stores of under-aligned vectors
// carry the alignment the layout guarantees (16 for a buffer's start, then
// the greatest common divisor with every offset and stride on the way).

// CHECK-LABEL: llvm.func @scalar_stride_arrays(
spirv.func @scalar_stride_arrays() "None" {
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<2 x array<3 x f16>>
  %0 = spirv.Undef : !spirv.array<2 x vector<3xf16>, stride=6>
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<2 x array<3 x f64>>
  %1 = spirv.Undef : !spirv.array<2 x vector<3xf64>, stride=24>
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<2 x array<3 x i8>>
  %2 = spirv.Undef : !spirv.array<2 x vector<3xi8>, stride=3>
  // The room LLVM gives the vector: a vector, as before.
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<2 x vector<3xf32>>
  %3 = spirv.Undef : !spirv.array<2 x vector<3xf32>, stride=16>
  // Arrays of arrays: the inner array's size is its stride times its length.
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<2 x array<2 x array<3 x f32>>>
  %4 = spirv.Undef : !spirv.array<2 x !spirv.array<2 x vector<3xf32>, stride=12>, stride=24>
  // More than the vector's size but less than LLVM's room: padded.
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<2 x struct<(array<3 x f64>, array<4 x i8>)>>
  %5 = spirv.Undef : !spirv.array<2 x vector<3xf64>, stride=28>
  spirv.Return
}

// -----

// Members below their LLVM alignment land at their offsets in a packed
// struct; a 3-vector followed within 16 bytes, or last at such an offset,
// is stored as an array.
// CHECK-LABEL: llvm.func @scalar_offset_members(
spirv.func @scalar_offset_members() "None" {
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<packed (f32, array<3 x f32>)>
  %0 = spirv.Undef : !spirv.struct<(f32 [0], vector<3xf32> [4])>
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<packed (f32, vector<2xf32>, vector<4xf32>, array<3 x f32>, f32)>
  %1 = spirv.Undef : !spirv.struct<(f32 [0], vector<2xf32> [4], vector<4xf32> [12], vector<3xf32> [28], f32 [40])>
  // A runtime array of 3-vectors after a float: LLVM aligns the array of
  // arrays of floats to 4, so the plain struct has the offsets.
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<(f32, array<0 x array<3 x f32>>)>
  %2 = spirv.Undef : !spirv.struct<(f32 [0], !spirv.rtarray<vector<3xf32>, stride=12> [4])>
  spirv.Return
}

// -----

spirv.module Logical GLSL450 {
  spirv.GlobalVariable @b bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], !spirv.rtarray<vector<3xf32>, stride=12> [12])>, StorageBuffer>
  // CHECK-LABEL: llvm.func @scalar_layout_accesses(
  spirv.func @scalar_layout_accesses(%i: i32) "None" {
    %base = spirv.mlir.addressof @b : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], !spirv.rtarray<vector<3xf32>, stride=12> [12])>, StorageBuffer>
    %c1 = spirv.Constant 1 : i32
    %c2 = spirv.Constant 2 : i32
    // A vec2 at offset 4: 4-byte aligned.
    // CHECK: %[[V:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<packed (f32, vector<2xf32>, array<0 x array<3 x f32>>)>
    // CHECK: llvm.load %[[V]] {alignment = 4 : i64} : !llvm.ptr -> vector<2xf32>
    %v = spirv.AccessChain %base[%c1] : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], !spirv.rtarray<vector<3xf32>, stride=12> [12])>, StorageBuffer>, i32 -> !spirv.ptr<vector<2xf32>, StorageBuffer>
    %0 = spirv.Load "StorageBuffer" %v : vector<2xf32>
    // Element i of the vec3 array, 12 bytes apart from offset 12: 4-byte aligned.
    // CHECK: %[[W:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}, 2, %{{.*}}] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.struct<packed (f32, vector<2xf32>, array<0 x array<3 x f32>>)>
    // CHECK: llvm.load %[[W]] {alignment = 4 : i64} : !llvm.ptr -> vector<3xf32>
    // CHECK: llvm.store %{{.*}}, %[[W]] {alignment = 4 : i64} : vector<3xf32>, !llvm.ptr
    %w = spirv.AccessChain %base[%c2, %i] : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], !spirv.rtarray<vector<3xf32>, stride=12> [12])>, StorageBuffer>, i32, i32 -> !spirv.ptr<vector<3xf32>, StorageBuffer>
    %1 = spirv.Load "StorageBuffer" %w : vector<3xf32>
    spirv.Store "StorageBuffer" %w, %1 : vector<3xf32>
    // A scalar needs nothing.
    // CHECK: %[[X:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}, 2, %{{.*}}, %{{.*}}] : (!llvm.ptr, i32, i32, i32) -> !llvm.ptr, !llvm.struct<packed (f32, vector<2xf32>, array<0 x array<3 x f32>>)>
    // CHECK: llvm.load %[[X]] : !llvm.ptr -> f32
    %x = spirv.AccessChain %base[%c2, %i, %c1] : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], !spirv.rtarray<vector<3xf32>, stride=12> [12])>, StorageBuffer>, i32, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %2 = spirv.Load "StorageBuffer" %x : f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.GlobalVariable @b bind(0, 0) : !spirv.ptr<!spirv.struct<(vector<4xf32> [0], !spirv.rtarray<vector<4xf32>, stride=16> [16])>, StorageBuffer>
  // std430 offsets keep every vector aligned: no alignment attribute.
  // CHECK-LABEL: llvm.func @std430_accesses(
  spirv.func @std430_accesses(%i: i32) "None" {
    %base = spirv.mlir.addressof @b : !spirv.ptr<!spirv.struct<(vector<4xf32> [0], !spirv.rtarray<vector<4xf32>, stride=16> [16])>, StorageBuffer>
    %c1 = spirv.Constant 1 : i32
    // CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
    %w = spirv.AccessChain %base[%c1, %i] : !spirv.ptr<!spirv.struct<(vector<4xf32> [0], !spirv.rtarray<vector<4xf32>, stride=16> [16])>, StorageBuffer>, i32, i32 -> !spirv.ptr<vector<4xf32>, StorageBuffer>
    %0 = spirv.Load "StorageBuffer" %w : vector<4xf32>
    spirv.Return
  }
}

// -----

// An array of 3-vectors at a scalar stride as a value: its elements are
// converted between the array of scalars and the vector.
// CHECK-LABEL: llvm.func @scalar_stride_composites(
// CHECK-SAME: %[[A:.*]]: !llvm.array<2 x array<3 x f32>>, %[[V:.*]]: vector<3xf32>)
spirv.func @scalar_stride_composites(%a: !spirv.array<2 x vector<3xf32>, stride=12>, %v: vector<3xf32>) "None" {
  // CHECK: %[[E:.*]] = llvm.extractvalue %[[A]][1] : !llvm.array<2 x array<3 x f32>>
  // CHECK: llvm.extractvalue %[[E]][0] : !llvm.array<3 x f32>
  // CHECK: llvm.extractvalue %[[E]][1] : !llvm.array<3 x f32>
  // CHECK: llvm.extractvalue %[[E]][2] : !llvm.array<3 x f32>
  %0 = spirv.CompositeExtract %a[1 : i32] : !spirv.array<2 x vector<3xf32>, stride=12>
  // A lane is an array element.
  // CHECK: llvm.extractvalue %[[A]][1, 2] : !llvm.array<2 x array<3 x f32>>
  %1 = spirv.CompositeExtract %a[1 : i32, 2 : i32] : !spirv.array<2 x vector<3xf32>, stride=12>
  // CHECK: llvm.extractelement %[[V]]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.array<3 x f32>
  // CHECK: llvm.insertvalue %{{.*}}, %[[A]][0] : !llvm.array<2 x array<3 x f32>>
  %2 = spirv.CompositeInsert %v, %a[0 : i32] : vector<3xf32> into !spirv.array<2 x vector<3xf32>, stride=12>
  %3 = spirv.CompositeConstruct %v, %v : (vector<3xf32>, vector<3xf32>) -> !spirv.array<2 x vector<3xf32>, stride=12>
  // CHECK: llvm.mlir.constant(dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>) : !llvm.array<2 x array<3 x f32>>
  %4 = spirv.Constant [dense<[1.0, 2.0, 3.0]> : vector<3xf32>, dense<[4.0, 5.0, 6.0]> : vector<3xf32>] : !spirv.array<2 x vector<3xf32>, stride=12>
  spirv.Return
}

// -----

// A struct LLVM would end past its last member (a vector raises its
// alignment) takes its explicit layout, so that arrays of it fit the scalar
// stride (12 here) and pad it to a larger one (16, std430's); a block keeps
// LLVM's struct.
// CHECK-LABEL: llvm.func @tail_padded_structs(
spirv.func @tail_padded_structs() "None" {
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<3 x struct<packed (vector<2xf32>, f32)>>
  %0 = spirv.Undef : !spirv.array<3 x !spirv.struct<(vector<2xf32> [0], f32 [8])>, stride=12>
  // CHECK-NEXT: llvm.mlir.undef : !llvm.array<3 x struct<(struct<packed (vector<2xf32>, f32)>, array<4 x i8>)>>
  %1 = spirv.Undef : !spirv.array<3 x !spirv.struct<(vector<2xf32> [0], f32 [8])>, stride=16>
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<(vector<2xf32>, f32)>
  %2 = spirv.Undef : !spirv.struct<(vector<2xf32> [0], f32 [8]), Block>
  spirv.Return
}

// -----

// A function variable holding a packed struct is aligned for the vectors
// inside (LLVM aligns a packed struct to 1); a vector at offset 4 in it is
// loaded 4-byte aligned.
// CHECK-LABEL: llvm.func @packed_struct_variable(
spirv.func @packed_struct_variable() "None" {
  // CHECK: %[[VAR:.*]] = llvm.alloca %{{.*}} x !llvm.struct<packed (f32, array<3 x f32>)> {alignment = 16 : i64} : (i32) -> !llvm.ptr
  %var = spirv.Variable : !spirv.ptr<!spirv.struct<(f32 [0], vector<3xf32> [4])>, Function>
  %c1 = spirv.Constant 1 : i32
  %v = spirv.AccessChain %var[%c1] : !spirv.ptr<!spirv.struct<(f32 [0], vector<3xf32> [4])>, Function>, i32 -> !spirv.ptr<vector<3xf32>, Function>
  // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<3xf32>
  %0 = spirv.Load "Function" %v : vector<3xf32>
  spirv.Return
}

// -----

spirv.module Logical GLSL450 {
  spirv.GlobalVariable @b bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], vector<2xf32> [12]), Block>, StorageBuffer>
  // A copy between two vec2s at offsets 4 and 12: each side 4-byte aligned;
  // a memory access's own alignment is kept.
  // CHECK-LABEL: llvm.func @scalar_layout_copy(
  spirv.func @scalar_layout_copy() "None" {
    %base = spirv.mlir.addressof @b : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], vector<2xf32> [12]), Block>, StorageBuffer>
    %c1 = spirv.Constant 1 : i32
    %c2 = spirv.Constant 2 : i32
    %from = spirv.AccessChain %base[%c1] : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], vector<2xf32> [12]), Block>, StorageBuffer>, i32 -> !spirv.ptr<vector<2xf32>, StorageBuffer>
    %to = spirv.AccessChain %base[%c2] : !spirv.ptr<!spirv.struct<(f32 [0], vector<2xf32> [4], vector<2xf32> [12]), Block>, StorageBuffer>, i32 -> !spirv.ptr<vector<2xf32>, StorageBuffer>
    // CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<2xf32>
    // CHECK: llvm.store %[[V]], %{{.*}} {alignment = 4 : i64} : vector<2xf32>, !llvm.ptr
    spirv.CopyMemory "StorageBuffer" %to, "StorageBuffer" %from : vector<2xf32>
    // CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> vector<2xf32>
    %0 = spirv.Load "StorageBuffer" %from ["Aligned", 8] : vector<2xf32>
    spirv.Return
  }
}

// -----

// Upstream lowers this too, to an array of vector<3xf32> (16 bytes apart)
// loaded with its 16-byte alignment: element %i is 16 * %i bytes in, not
// 12 * %i (a known difference of scripts/differential).
// CHECK-LABEL: llvm.func @scalar_stride_variable(
spirv.func @scalar_stride_variable(%i: i32) -> vector<3xf32> "None" {
  // CHECK: llvm.alloca %{{.*}} x !llvm.array<4 x array<3 x f32>> : (i32) -> !llvm.ptr
  %var = spirv.Variable : !spirv.ptr<!spirv.array<4 x vector<3xf32>, stride=12>, Function>
  %element = spirv.AccessChain %var[%i] : !spirv.ptr<!spirv.array<4 x vector<3xf32>, stride=12>, Function>, i32 -> !spirv.ptr<vector<3xf32>, Function>
  // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<3xf32>
  %0 = spirv.Load "Function" %element : vector<3xf32>
  spirv.ReturnValue %0 : vector<3xf32>
}

// -----

// Arrays without a stride have LLVM's own layout, which keeps every vector
// aligned: no alignment attribute (as upstream).
// CHECK-LABEL: llvm.func @natural_layout_variable(
spirv.func @natural_layout_variable(%i: i32, %j: i32) -> vector<4xf32> "None" {
  %var = spirv.Variable : !spirv.ptr<!spirv.array<4 x !spirv.array<2 x vector<4xf32>>>, Function>
  %element = spirv.AccessChain %var[%i, %j] : !spirv.ptr<!spirv.array<4 x !spirv.array<2 x vector<4xf32>>>, Function>, i32, i32 -> !spirv.ptr<vector<4xf32>, Function>
  // CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
  %0 = spirv.Load "Function" %element : vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// Offsets out of order (SPIR-V forbids only overlap; spirv-val passes such
// a block and lavapipe runs it): the packed struct's fields follow the
// offsets, and each member's accesses go to its field (member 0, at 8, is
// field 2; test/Runner/spirv-1.4-sweep.test runs it).
// CHECK: llvm.mlir.global external @misordered_descriptor_set0_binding0() {{.*}} : !llvm.struct<packed (f32, i32, i32)>
// CHECK-LABEL: llvm.func @misordered_offsets(
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @misordered bind(0, 0) : !spirv.ptr<!spirv.struct<(i32 [8], f32 [0], i32 [4]), Block>, StorageBuffer>
  spirv.func @misordered_offsets() "None" {
    %base = spirv.mlir.addressof @misordered : !spirv.ptr<!spirv.struct<(i32 [8], f32 [0], i32 [4]), Block>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    // CHECK: llvm.getelementptr %{{.*}}[%{{.*}}, 2] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<packed (f32, i32, i32)>
    %a = spirv.AccessChain %base[%c0] : !spirv.ptr<!spirv.struct<(i32 [8], f32 [0], i32 [4]), Block>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %0 = spirv.Load "StorageBuffer" %a : i32
    %w = spirv.Load "StorageBuffer" %base : !spirv.struct<(i32 [8], f32 [0], i32 [4]), Block>
    // CHECK: llvm.extractvalue %{{.*}}[0] : !llvm.struct<packed (f32, i32, i32)>
    %1 = spirv.CompositeExtract %w[1 : i32] : !spirv.struct<(i32 [8], f32 [0], i32 [4]), Block>
    // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[1] : !llvm.struct<packed (f32, i32, i32)>
    %2 = spirv.CompositeInsert %0, %w[2 : i32] : i32 into !spirv.struct<(i32 [8], f32 [0], i32 [4]), Block>
    spirv.Return
  }
}
