// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.CompositeExtract
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @composite_extract_vector(
// CHECK-SAME: %[[ARG0:.*]]: vector<3xf32>) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.extractelement %[[ARG0]][%[[V0]] : i32] : vector<3xf32>
// CHECK-NEXT: llvm.return %[[V1]] : f32
spirv.func @composite_extract_vector(%v: vector<3xf32>) -> f32 "None" {
  %0 = spirv.CompositeExtract %v[1 : i32] : vector<3xf32>
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: llvm.func @composite_extract_vector_signed(
// CHECK-SAME: %[[ARG0:.*]]: vector<4xi16>) -> i16 {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.extractelement %[[ARG0]][%[[V0]] : i32] : vector<4xi16>
// CHECK-NEXT: llvm.return %[[V1]] : i16
spirv.func @composite_extract_vector_signed(%v: vector<4xsi16>) -> si16 "None" {
  %0 = spirv.CompositeExtract %v[3 : i32] : vector<4xsi16>
  spirv.ReturnValue %0 : si16
}

// -----

// CHECK-LABEL: llvm.func @composite_extract_array(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.array<4 x f32>) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][2] : !llvm.array<4 x f32>
// CHECK-NEXT: llvm.return %[[V0]] : f32
spirv.func @composite_extract_array(%a: !spirv.array<4 x f32>) -> f32 "None" {
  %0 = spirv.CompositeExtract %a[2 : i32] : !spirv.array<4 x f32>
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: llvm.func @composite_extract_struct(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.struct<packed (f32, array<4 x i32>)>) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][1, 3] : !llvm.struct<packed (f32, array<4 x i32>)>
// CHECK-NEXT: llvm.return %[[V0]] : i32
spirv.func @composite_extract_struct(%s: !spirv.struct<(f32, !spirv.array<4 x i32>)>) -> i32 "None" {
  %0 = spirv.CompositeExtract %s[1 : i32, 3 : i32] : !spirv.struct<(f32, !spirv.array<4 x i32>)>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: llvm.func @composite_extract_vector_member(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.struct<packed (f32, vector<2xf32>)>) -> vector<2xf32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.struct<packed (f32, vector<2xf32>)>
// CHECK-NEXT: llvm.return %[[V0]] : vector<2xf32>
spirv.func @composite_extract_vector_member(%s: !spirv.struct<(f32, vector<2xf32>)>) -> vector<2xf32> "None" {
  %0 = spirv.CompositeExtract %s[1 : i32] : !spirv.struct<(f32, vector<2xf32>)>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// A path ending in a vector lane extracts the vector, then the lane (upstream
// builds an invalid llvm.extractvalue and crashes).
// CHECK-LABEL: llvm.func @composite_extract_lane_of_nested_vector(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.array<4 x vector<2xf32>>) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][3] : !llvm.array<4 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.extractelement %[[V0]][%[[V1]] : i32] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[V2]] : f32
spirv.func @composite_extract_lane_of_nested_vector(%a: !spirv.array<4 x vector<2xf32>>) -> f32 "None" {
  %0 = spirv.CompositeExtract %a[3 : i32, 1 : i32] : !spirv.array<4 x vector<2xf32>>
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: llvm.func @composite_extract_lane_deep(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.struct<packed (i8, array<2 x struct<packed (vector<4xi32>)>>)>) -> i32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][1, 0, 0] : !llvm.struct<packed (i8, array<2 x struct<packed (vector<4xi32>)>>)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.extractelement %[[V0]][%[[V1]] : i32] : vector<4xi32>
// CHECK-NEXT: llvm.return %[[V2]] : i32
spirv.func @composite_extract_lane_deep(%s: !spirv.struct<(i8, !spirv.array<2 x !spirv.struct<(vector<4xui32>)>>)>) -> ui32 "None" {
  %0 = spirv.CompositeExtract %s[1 : i32, 0 : i32, 0 : i32, 2 : i32] : !spirv.struct<(i8, !spirv.array<2 x !spirv.struct<(vector<4xui32>)>>)>
  spirv.ReturnValue %0 : ui32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.CompositeInsert
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @composite_insert_vector(
// CHECK-SAME: %[[ARG0:.*]]: vector<3xf32>, %[[ARG1:.*]]: f32) -> vector<3xf32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.insertelement %[[ARG1]], %[[ARG0]][%[[V0]] : i32] : vector<3xf32>
// CHECK-NEXT: llvm.return %[[V1]] : vector<3xf32>
spirv.func @composite_insert_vector(%v: vector<3xf32>, %x: f32) -> vector<3xf32> "None" {
  %0 = spirv.CompositeInsert %x, %v[2 : i32] : f32 into vector<3xf32>
  spirv.ReturnValue %0 : vector<3xf32>
}

// -----

// CHECK-LABEL: llvm.func @composite_insert_vector_unsigned(
// CHECK-SAME: %[[ARG0:.*]]: vector<2xi8>, %[[ARG1:.*]]: i8) -> vector<2xi8> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.insertelement %[[ARG1]], %[[ARG0]][%[[V0]] : i32] : vector<2xi8>
// CHECK-NEXT: llvm.return %[[V1]] : vector<2xi8>
spirv.func @composite_insert_vector_unsigned(%v: vector<2xui8>, %x: ui8) -> vector<2xui8> "None" {
  %0 = spirv.CompositeInsert %x, %v[0 : i32] : ui8 into vector<2xui8>
  spirv.ReturnValue %0 : vector<2xui8>
}

// -----

// CHECK-LABEL: llvm.func @composite_insert_array(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.array<4 x vector<2xf32>>, %[[ARG1:.*]]: vector<2xf32>) -> !llvm.array<4 x vector<2xf32>> {
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[ARG1]], %[[ARG0]][3] : !llvm.array<4 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[V0]] : !llvm.array<4 x vector<2xf32>>
spirv.func @composite_insert_array(%a: !spirv.array<4 x vector<2xf32>>, %x: vector<2xf32>) -> !spirv.array<4 x vector<2xf32>> "None" {
  %0 = spirv.CompositeInsert %x, %a[3 : i32] : vector<2xf32> into !spirv.array<4 x vector<2xf32>>
  spirv.ReturnValue %0 : !spirv.array<4 x vector<2xf32>>
}

// -----

// CHECK-LABEL: llvm.func @composite_insert_struct(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.struct<packed (f32, array<4 x i32>)>, %[[ARG1:.*]]: i32) -> !llvm.struct<packed (f32, array<4 x i32>)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.insertvalue %[[ARG1]], %[[ARG0]][1, 3] : !llvm.struct<packed (f32, array<4 x i32>)>
// CHECK-NEXT: llvm.return %[[V0]] : !llvm.struct<packed (f32, array<4 x i32>)>
spirv.func @composite_insert_struct(%s: !spirv.struct<(f32, !spirv.array<4 x i32>)>, %x: i32) -> !spirv.struct<(f32, !spirv.array<4 x i32>)> "None" {
  %0 = spirv.CompositeInsert %x, %s[1 : i32, 3 : i32] : i32 into !spirv.struct<(f32, !spirv.array<4 x i32>)>
  spirv.ReturnValue %0 : !spirv.struct<(f32, !spirv.array<4 x i32>)>
}

// -----

// A path ending in a vector lane: extract the vector, insert the lane, insert
// the vector back (upstream builds an invalid llvm.insertvalue).
// CHECK-LABEL: llvm.func @composite_insert_lane_of_nested_vector(
// CHECK-SAME: %[[ARG0:.*]]: !llvm.array<4 x vector<2xf32>>, %[[ARG1:.*]]: f32) -> !llvm.array<4 x vector<2xf32>> {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][3] : !llvm.array<4 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertelement %[[ARG1]], %[[V0]][%[[V1]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V3:.*]] = llvm.insertvalue %[[V2]], %[[ARG0]][3] : !llvm.array<4 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[V3]] : !llvm.array<4 x vector<2xf32>>
spirv.func @composite_insert_lane_of_nested_vector(%a: !spirv.array<4 x vector<2xf32>>, %x: f32) -> !spirv.array<4 x vector<2xf32>> "None" {
  %0 = spirv.CompositeInsert %x, %a[3 : i32, 1 : i32] : f32 into !spirv.array<4 x vector<2xf32>>
  spirv.ReturnValue %0 : !spirv.array<4 x vector<2xf32>>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.CompositeConstruct
//===----------------------------------------------------------------------===//

// Not lowered upstream: a chain of llvm.insertelement into poison.
// CHECK-LABEL: llvm.func @composite_construct_vector(
// CHECK-SAME: %[[ARG0:.*]]: f32, %[[ARG1:.*]]: f32, %[[ARG2:.*]]: f32) -> vector<3xf32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : vector<3xf32>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertelement %[[ARG0]], %[[V0]][%[[V1]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.insertelement %[[ARG1]], %[[V2]][%[[V3]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.insertelement %[[ARG2]], %[[V4]][%[[V5]] : i32] : vector<3xf32>
// CHECK-NEXT: llvm.return %[[V6]] : vector<3xf32>
spirv.func @composite_construct_vector(%a: f32, %b: f32, %c: f32) -> vector<3xf32> "None" {
  %0 = spirv.CompositeConstruct %a, %b, %c : (f32, f32, f32) -> vector<3xf32>
  spirv.ReturnValue %0 : vector<3xf32>
}

// -----

// The lanes of vector constituents are extracted one by one.
// CHECK-LABEL: llvm.func @composite_construct_vector_from_vectors(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: vector<2xi32>, %[[ARG2:.*]]: i32) -> vector<4xi32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : vector<4xi32>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertelement %[[ARG0]], %[[V0]][%[[V1]] : i32] : vector<4xi32>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.extractelement %[[ARG1]][%[[V3]] : i32] : vector<2xi32>
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.insertelement %[[V4]], %[[V2]][%[[V5]] : i32] : vector<4xi32>
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V8:.*]] = llvm.extractelement %[[ARG1]][%[[V7]] : i32] : vector<2xi32>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V10:.*]] = llvm.insertelement %[[V8]], %[[V6]][%[[V9]] : i32] : vector<4xi32>
// CHECK-NEXT: %[[V11:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[V12:.*]] = llvm.insertelement %[[ARG2]], %[[V10]][%[[V11]] : i32] : vector<4xi32>
// CHECK-NEXT: llvm.return %[[V12]] : vector<4xi32>
spirv.func @composite_construct_vector_from_vectors(%a: si32, %b: vector<2xsi32>, %c: si32) -> vector<4xsi32> "None" {
  %0 = spirv.CompositeConstruct %a, %b, %c : (si32, vector<2xsi32>, si32) -> vector<4xsi32>
  spirv.ReturnValue %0 : vector<4xsi32>
}

// -----

// CHECK-LABEL: llvm.func @composite_construct_array(
// CHECK-SAME: %[[ARG0:.*]]: vector<2xf32>, %[[ARG1:.*]]: vector<2xf32>) -> !llvm.array<2 x vector<2xf32>> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.insertvalue %[[ARG0]], %[[V0]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[ARG1]], %[[V1]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[V2]] : !llvm.array<2 x vector<2xf32>>
spirv.func @composite_construct_array(%a: vector<2xf32>, %b: vector<2xf32>) -> !spirv.array<2 x vector<2xf32>> "None" {
  %0 = spirv.CompositeConstruct %a, %b : (vector<2xf32>, vector<2xf32>) -> !spirv.array<2 x vector<2xf32>>
  spirv.ReturnValue %0 : !spirv.array<2 x vector<2xf32>>
}

// -----

// CHECK-LABEL: llvm.func @composite_construct_struct(
// CHECK-SAME: %[[ARG0:.*]]: vector<3xf32>, %[[ARG1:.*]]: !llvm.array<4 x f32>, %[[ARG2:.*]]: !llvm.struct<packed (f32)>) -> !llvm.struct<packed (vector<3xf32>, array<4 x f32>, struct<packed (f32)>)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : !llvm.struct<packed (vector<3xf32>, array<4 x f32>, struct<packed (f32)>)>
// CHECK-NEXT: %[[V1:.*]] = llvm.insertvalue %[[ARG0]], %[[V0]][0] : !llvm.struct<packed (vector<3xf32>, array<4 x f32>, struct<packed (f32)>)>
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[ARG1]], %[[V1]][1] : !llvm.struct<packed (vector<3xf32>, array<4 x f32>, struct<packed (f32)>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.insertvalue %[[ARG2]], %[[V2]][2] : !llvm.struct<packed (vector<3xf32>, array<4 x f32>, struct<packed (f32)>)>
// CHECK-NEXT: llvm.return %[[V3]] : !llvm.struct<packed (vector<3xf32>, array<4 x f32>, struct<packed (f32)>)>
spirv.func @composite_construct_struct(%a: vector<3xf32>, %b: !spirv.array<4 x f32>, %c: !spirv.struct<(f32)>) -> !spirv.struct<(vector<3xf32>, !spirv.array<4 x f32>, !spirv.struct<(f32)>)> "None" {
  %0 = spirv.CompositeConstruct %a, %b, %c : (vector<3xf32>, !spirv.array<4 x f32>, !spirv.struct<(f32)>) -> !spirv.struct<(vector<3xf32>, !spirv.array<4 x f32>, !spirv.struct<(f32)>)>
  spirv.ReturnValue %0 : !spirv.struct<(vector<3xf32>, !spirv.array<4 x f32>, !spirv.struct<(f32)>)>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.VectorShuffle
//===----------------------------------------------------------------------===//

// Vectors of the same length: one llvm.shufflevector; the undefined
// component 0xFFFFFFFF is LLVM's poison lane -1.
// CHECK-LABEL: llvm.func @vector_shuffle_same_size(
// CHECK-SAME: %[[ARG0:.*]]: vector<2xf32>, %[[ARG1:.*]]: vector<2xf32>) -> vector<4xf32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.shufflevector %[[ARG0]], %[[ARG1]] [1, 3, -1, 2] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[V0]] : vector<4xf32>
spirv.func @vector_shuffle_same_size(%a: vector<2xf32>, %b: vector<2xf32>) -> vector<4xf32> "None" {
  %0 = spirv.VectorShuffle [1 : i32, 3 : i32, 0xffffffff : i32, 2 : i32] %a, %b : vector<2xf32>, vector<2xf32> -> vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// Vectors of different lengths: lane by lane, as upstream; the undefined
// component stays poison.
// CHECK-LABEL: llvm.func @vector_shuffle_different_size(
// CHECK-SAME: %[[ARG0:.*]]: vector<3xi32>, %[[ARG1:.*]]: vector<2xi32>) -> vector<3xi32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : vector<3xi32>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V3:.*]] = llvm.extractelement %[[ARG1]][%[[V2]] : i32] : vector<2xi32>
// CHECK-NEXT: %[[V4:.*]] = llvm.insertelement %[[V3]], %[[V0]][%[[V1]] : i32] : vector<3xi32>
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V7:.*]] = llvm.extractelement %[[ARG0]][%[[V6]] : i32] : vector<3xi32>
// CHECK-NEXT: %[[V8:.*]] = llvm.insertelement %[[V7]], %[[V4]][%[[V5]] : i32] : vector<3xi32>
// CHECK-NEXT: llvm.return %[[V8]] : vector<3xi32>
spirv.func @vector_shuffle_different_size(%a: vector<3xui32>, %b: vector<2xui32>) -> vector<3xui32> "None" {
  %0 = spirv.VectorShuffle [4 : i32, 0xffffffff : i32, 0 : i32] %a, %b : vector<3xui32>, vector<2xui32> -> vector<3xui32>
  spirv.ReturnValue %0 : vector<3xui32>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.VectorExtractDynamic and spirv.VectorInsertDynamic
//===----------------------------------------------------------------------===//

// Not lowered upstream: LLVM's element access with an SSA index.
// CHECK-LABEL: llvm.func @vector_extract_dynamic(
// CHECK-SAME: %[[ARG0:.*]]: vector<4xf32>, %[[ARG1:.*]]: i32) -> f32 {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractelement %[[ARG0]][%[[ARG1]] : i32] : vector<4xf32>
// CHECK-NEXT: llvm.return %[[V0]] : f32
spirv.func @vector_extract_dynamic(%v: vector<4xf32>, %i: i32) -> f32 "None" {
  %0 = spirv.VectorExtractDynamic %v[%i] : vector<4xf32>, i32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: llvm.func @vector_extract_dynamic_signed(
// CHECK-SAME: %[[ARG0:.*]]: vector<2xi64>, %[[ARG1:.*]]: i8) -> i64 {
// CHECK-NEXT: %[[V0:.*]] = llvm.extractelement %[[ARG0]][%[[ARG1]] : i8] : vector<2xi64>
// CHECK-NEXT: llvm.return %[[V0]] : i64
spirv.func @vector_extract_dynamic_signed(%v: vector<2xsi64>, %i: ui8) -> si64 "None" {
  %0 = spirv.VectorExtractDynamic %v[%i] : vector<2xsi64>, ui8
  spirv.ReturnValue %0 : si64
}

// -----

// CHECK-LABEL: llvm.func @vector_insert_dynamic(
// CHECK-SAME: %[[ARG0:.*]]: vector<4xf32>, %[[ARG1:.*]]: f32, %[[ARG2:.*]]: i16) -> vector<4xf32> {
// CHECK-NEXT: %[[V0:.*]] = llvm.insertelement %[[ARG1]], %[[ARG0]][%[[ARG2]] : i16] : vector<4xf32>
// CHECK-NEXT: llvm.return %[[V0]] : vector<4xf32>
spirv.func @vector_insert_dynamic(%v: vector<4xf32>, %x: f32, %i: i16) -> vector<4xf32> "None" {
  %0 = spirv.VectorInsertDynamic %x, %v[%i] : vector<4xf32>, i16
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// CHECK-LABEL: llvm.func @vector_insert_dynamic_unsigned(
// CHECK-SAME: %[[ARG0:.*]]: vector<3xi16>, %[[ARG1:.*]]: i16, %[[ARG2:.*]]: i32) -> vector<3xi16> {
// CHECK-NEXT: %[[V0:.*]] = llvm.insertelement %[[ARG1]], %[[ARG0]][%[[ARG2]] : i32] : vector<3xi16>
// CHECK-NEXT: llvm.return %[[V0]] : vector<3xi16>
spirv.func @vector_insert_dynamic_unsigned(%v: vector<3xui16>, %x: ui16, %i: si32) -> vector<3xui16> "None" {
  %0 = spirv.VectorInsertDynamic %x, %v[%i] : vector<3xui16>, si32
  spirv.ReturnValue %0 : vector<3xui16>
}

