// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.IEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @i_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @i_equal_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "eq" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.IEqual %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @i_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @i_equal_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "eq" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.IEqual %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.INotEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @i_not_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @i_not_equal_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ne" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.INotEqual %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @i_not_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @i_not_equal_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ne" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.INotEqual %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SGreaterThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_greater_than_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_greater_than_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "sgt" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.SGreaterThan %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @s_greater_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @s_greater_than_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "sgt" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.SGreaterThan %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SGreaterThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_greater_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_greater_than_equal_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "sge" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.SGreaterThanEqual %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @s_greater_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @s_greater_than_equal_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "sge" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.SGreaterThanEqual %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SLessThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_less_than_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_less_than_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "slt" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.SLessThan %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @s_less_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @s_less_than_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "slt" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.SLessThan %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SLessThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_less_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_less_than_equal_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "sle" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.SLessThanEqual %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @s_less_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @s_less_than_equal_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "sle" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.SLessThanEqual %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UGreaterThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @u_greater_than_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @u_greater_than_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ugt" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.UGreaterThan %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @u_greater_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @u_greater_than_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ugt" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.UGreaterThan %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UGreaterThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @u_greater_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @u_greater_than_equal_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "uge" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.UGreaterThanEqual %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @u_greater_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @u_greater_than_equal_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "uge" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.UGreaterThanEqual %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ULessThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @u_less_than_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @u_less_than_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ult" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.ULessThan %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @u_less_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @u_less_than_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ult" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.ULessThan %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ULessThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @u_less_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @u_less_than_equal_scalar(%a: i32, %b: i32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ule" %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.ULessThanEqual %a, %b : i32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @u_less_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @u_less_than_equal_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "ule" %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.ULessThanEqual %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FOrdEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_ord_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_ord_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "oeq" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FOrdEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_ord_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_ord_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "oeq" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FOrdEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FOrdGreaterThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_ord_greater_than_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_ord_greater_than_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ogt" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FOrdGreaterThan %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_ord_greater_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_ord_greater_than_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ogt" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FOrdGreaterThan %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FOrdGreaterThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_ord_greater_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_ord_greater_than_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "oge" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FOrdGreaterThanEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_ord_greater_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_ord_greater_than_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "oge" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FOrdGreaterThanEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FOrdLessThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_ord_less_than_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_ord_less_than_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "olt" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FOrdLessThan %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_ord_less_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_ord_less_than_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "olt" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FOrdLessThan %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FOrdLessThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_ord_less_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_ord_less_than_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ole" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FOrdLessThanEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_ord_less_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_ord_less_than_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ole" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FOrdLessThanEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FOrdNotEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_ord_not_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_ord_not_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "one" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FOrdNotEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_ord_not_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_ord_not_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "one" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FOrdNotEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FUnordEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_unord_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_unord_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ueq" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FUnordEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_unord_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_unord_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ueq" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FUnordEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FUnordGreaterThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_unord_greater_than_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_unord_greater_than_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ugt" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FUnordGreaterThan %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_unord_greater_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_unord_greater_than_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ugt" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FUnordGreaterThan %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FUnordGreaterThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_unord_greater_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_unord_greater_than_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "uge" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FUnordGreaterThanEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_unord_greater_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_unord_greater_than_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "uge" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FUnordGreaterThanEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FUnordLessThan
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_unord_less_than_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_unord_less_than_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ult" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FUnordLessThan %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_unord_less_than_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_unord_less_than_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ult" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FUnordLessThan %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FUnordLessThanEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_unord_less_than_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_unord_less_than_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ule" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FUnordLessThanEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_unord_less_than_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_unord_less_than_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ule" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FUnordLessThanEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FUnordNotEqual
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_unord_not_equal_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_unord_not_equal_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "une" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.FUnordNotEqual %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_unord_not_equal_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_unord_not_equal_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "une" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.FUnordNotEqual %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Ordered
//===----------------------------------------------------------------------===//

// Not lowered upstream: true when neither operand is NaN.
// CHECK-LABEL: @ordered_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @ordered_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ord" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.Ordered %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @ordered_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @ordered_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "ord" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.Ordered %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Unordered
//===----------------------------------------------------------------------===//

// Not lowered upstream: true when either operand is NaN.
// CHECK-LABEL: @unordered_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @unordered_scalar(%a: f32, %b: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "uno" %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.Unordered %a, %b : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @unordered_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @unordered_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "uno" %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.Unordered %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// Signed, unsigned and half operands
//===----------------------------------------------------------------------===//

// Signed and unsigned operands: upstream builds the icmp on the unconverted
// operands and fails to legalize.
// CHECK-LABEL: @s_less_than_signed_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi16>, %[[B:.*]]: vector<2xi16>)
spirv.func @s_less_than_signed_vector(%a: vector<2xsi16>, %b: vector<2xsi16>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "slt" %[[A]], %[[B]] : vector<2xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.SLessThan %a, %b : vector<2xsi16>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

// CHECK-LABEL: @u_greater_than_equal_unsigned_scalar
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
spirv.func @u_greater_than_equal_unsigned_scalar(%a: ui8, %b: ui8) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "uge" %[[A]], %[[B]] : i8
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.UGreaterThanEqual %a, %b : ui8
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @i_equal_signed_scalar
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64)
spirv.func @i_equal_signed_scalar(%a: si64, %b: si64) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.icmp "eq" %[[A]], %[[B]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.IEqual %a, %b : si64
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @f_ord_less_than_half_vector
// CHECK-SAME: (%[[A:.*]]: vector<3xf16>, %[[B:.*]]: vector<3xf16>)
spirv.func @f_ord_less_than_half_vector(%a: vector<3xf16>, %b: vector<3xf16>) -> vector<3xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fcmp "olt" %[[A]], %[[B]] : vector<3xf16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi1>
  %0 = spirv.FOrdLessThan %a, %b : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.IsNan
//===----------------------------------------------------------------------===//

// Not lowered upstream: llvm.intr.is.fpclass with the NaN classes (sNaN|qNaN),
// as MLIR lowers math.isnan.
// CHECK-LABEL: @is_nan_scalar
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @is_nan_scalar(%x: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.is.fpclass"(%[[X]]) <{bit = 3 : i32}> : (f32) -> i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.IsNan %x : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @is_nan_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf16>)
spirv.func @is_nan_vector(%x: vector<4xf16>) -> vector<4xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.is.fpclass"(%[[X]]) <{bit = 3 : i32}> : (vector<4xf16>) -> vector<4xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi1>
  %0 = spirv.IsNan %x : vector<4xf16>
  spirv.ReturnValue %0 : vector<4xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.IsInf
//===----------------------------------------------------------------------===//

// Not lowered upstream: llvm.intr.is.fpclass with the infinite classes
// (-inf|+inf).
// CHECK-LABEL: @is_inf_scalar
// CHECK-SAME: (%[[X:.*]]: f64)
spirv.func @is_inf_scalar(%x: f64) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.is.fpclass"(%[[X]]) <{bit = 516 : i32}> : (f64) -> i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.IsInf %x : f64
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @is_inf_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>)
spirv.func @is_inf_vector(%x: vector<2xf32>) -> vector<2xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.is.fpclass"(%[[X]]) <{bit = 516 : i32}> : (vector<2xf32>) -> vector<2xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi1>
  %0 = spirv.IsInf %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xi1>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.IsFinite
//===----------------------------------------------------------------------===//

// Not lowered upstream: llvm.intr.is.fpclass with the finite classes, as
// MLIR lowers math.isfinite.
// CHECK-LABEL: @is_finite_scalar
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @is_finite_scalar(%x: f32) -> i1 "None" {
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.is.fpclass"(%[[X]]) <{bit = 504 : i32}> : (f32) -> i1
  // CHECK-NEXT: llvm.return %[[R]] : i1
  %0 = spirv.IsFinite %x : f32
  spirv.ReturnValue %0 : i1
}

// -----

// CHECK-LABEL: @is_finite_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf64>)
spirv.func @is_finite_vector(%x: vector<3xf64>) -> vector<3xi1> "None" {
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.is.fpclass"(%[[X]]) <{bit = 504 : i32}> : (vector<3xf64>) -> vector<3xi1>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi1>
  %0 = spirv.IsFinite %x : vector<3xf64>
  spirv.ReturnValue %0 : vector<3xi1>
}
