// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.LogicalAnd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @logical_and_scalar
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
spirv.func @logical_and_scalar(%a: i1, %b: i1) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.and %[[A]], %[[B]] : i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.LogicalAnd %a, %b : i1
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @logical_and_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi1>, %[[B:.*]]: vector<4xi1>)
spirv.func @logical_and_vector(%a: vector<4xi1>, %b: vector<4xi1>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.and %[[A]], %[[B]] : vector<4xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.LogicalAnd %a, %b : vector<4xi1>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.LogicalOr
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @logical_or_scalar
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
spirv.func @logical_or_scalar(%a: i1, %b: i1) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.or %[[A]], %[[B]] : i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.LogicalOr %a, %b : i1
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @logical_or_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi1>, %[[B:.*]]: vector<4xi1>)
spirv.func @logical_or_vector(%a: vector<4xi1>, %b: vector<4xi1>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.or %[[A]], %[[B]] : vector<4xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.LogicalOr %a, %b : vector<4xi1>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.LogicalEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @logical_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
spirv.func @logical_equal_scalar(%a: i1, %b: i1) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "eq" %[[A]], %[[B]] : i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.LogicalEqual %a, %b : i1
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @logical_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi1>, %[[B:.*]]: vector<4xi1>)
spirv.func @logical_equal_vector(%a: vector<4xi1>, %b: vector<4xi1>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "eq" %[[A]], %[[B]] : vector<4xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.LogicalEqual %a, %b : vector<4xi1>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.LogicalNotEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @logical_not_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i1, %[[B:.*]]: i1)
spirv.func @logical_not_equal_scalar(%a: i1, %b: i1) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ne" %[[A]], %[[B]] : i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.LogicalNotEqual %a, %b : i1
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @logical_not_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi1>, %[[B:.*]]: vector<4xi1>)
spirv.func @logical_not_equal_vector(%a: vector<4xi1>, %b: vector<4xi1>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ne" %[[A]], %[[B]] : vector<4xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.LogicalNotEqual %a, %b : vector<4xi1>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.LogicalNot
//===----------------------------------------------------------------------===//

// A xor with all bits set, as spirv.Not: for i1, `true`.
// CHECK-LABEL: @logical_not_scalar
// CHECK-SAME: (%[[X:.*]]: i1)
spirv.func @logical_not_scalar(%x: i1) -> i1 "None" {
  // CHECK-NEXT: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[X]], %[[TRUE]] : i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.LogicalNot %x : i1
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @logical_not_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi1>)
spirv.func @logical_not_vector(%x: vector<2xi1>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[TRUE:.*]] = llvm.mlir.constant(dense<true> : vector<2xi1>) : vector<2xi1>
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[X]], %[[TRUE]] : vector<2xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.LogicalNot %x : vector<2xi1>
  spirv.ReturnValue %0 : vector<2xi1>
}
