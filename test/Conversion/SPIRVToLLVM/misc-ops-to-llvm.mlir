// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.Select
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @select_scalar
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[X:.*]]: f64, %[[Y:.*]]: f64)
spirv.func @select_scalar(%c: i1, %a: ui32, %b: ui32, %x: f64, %y: f64) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.select %[[C]], %[[A]], %[[B]] : i1, i32
  // CHECK-NEXT: %{{.*}} = llvm.select %[[C]], %[[X]], %[[Y]] : i1, f64
  %0 = spirv.Select %c, %a, %b : i1, ui32
  %1 = spirv.Select %c, %x, %y : i1, f64
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @select_vector
// CHECK-SAME: (%[[C:.*]]: vector<2xi1>, %[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<2xf32>)
spirv.func @select_vector(%c: vector<2xi1>, %a: vector<2xf32>, %b: vector<2xf32>) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.select %[[C]], %[[A]], %[[B]] : vector<2xi1>, vector<2xf32>
  %0 = spirv.Select %c, %a, %b : vector<2xi1>, vector<2xf32>
  spirv.Return
}

// -----

// A scalar condition selects whole vectors.
// CHECK-LABEL: llvm.func @select_vector_scalar_condition
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: vector<3xi8>, %[[B:.*]]: vector<3xi8>)
spirv.func @select_vector_scalar_condition(%c: i1, %a: vector<3xsi8>, %b: vector<3xsi8>) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.select %[[C]], %[[A]], %[[B]] : i1, vector<3xi8>
  %0 = spirv.Select %c, %a, %b : i1, vector<3xsi8>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @select_pointer
// CHECK-SAME: (%[[C:.*]]: i1, %[[P:.*]]: !llvm.ptr, %[[Q:.*]]: !llvm.ptr)
spirv.func @select_pointer(%c: i1, %p: !spirv.ptr<f32, Function>, %q: !spirv.ptr<f32, Function>) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.select %[[C]], %[[P]], %[[Q]] : i1, !llvm.ptr
  %0 = spirv.Select %c, %p, %q : i1, !spirv.ptr<f32, Function>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Undef
//===----------------------------------------------------------------------===//

// llvm.mlir.undef, as upstream (not llvm.mlir.poison).
// CHECK-LABEL: llvm.func @undef
spirv.func @undef() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : f32
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : i1
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : vector<2xi8>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.struct<packed (i32, f32)>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.array<2 x i32>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.undef : !llvm.ptr
  %0 = spirv.Undef : f32
  %1 = spirv.Undef : i1
  %2 = spirv.Undef : vector<2xui8>
  %3 = spirv.Undef : !spirv.struct<(i32, f32)>
  %4 = spirv.Undef : !spirv.array<2 x si32>
  %5 = spirv.Undef : !spirv.ptr<i32, Function>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.KHR.AssumeTrue (beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @assume_true
// CHECK-SAME: (%[[C:.*]]: i1)
spirv.func @assume_true(%c: i1) "None" {
  // CHECK-NEXT: llvm.intr.assume %[[C]] : i1
  spirv.KHR.AssumeTrue %c
  spirv.Return
}
