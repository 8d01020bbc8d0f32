// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.BitCount
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @bitcount_scalar
// CHECK-SAME: (%[[X:.*]]: i16)
spirv.func @bitcount_scalar(%x: i16) -> i16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.ctpop(%[[X]]) : (i16) -> i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.BitCount %x : i16
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @bitcount_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi32>)
spirv.func @bitcount_vector(%x: vector<3xi32>) -> vector<3xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.ctpop(%[[X]]) : (vector<3xi32>) -> vector<3xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi32>
  %0 = spirv.BitCount %x : vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi32>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @bitcount_unsigned_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi8>)
spirv.func @bitcount_unsigned_vector(%x: vector<2xui8>) -> vector<2xui8> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.ctpop(%[[X]]) : (vector<2xi8>) -> vector<2xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi8>
  %0 = spirv.BitCount %x : vector<2xui8>
  spirv.ReturnValue %0 : vector<2xui8>
}

//===----------------------------------------------------------------------===//
// spirv.BitReverse
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @bitreverse_scalar
// CHECK-SAME: (%[[X:.*]]: i64)
spirv.func @bitreverse_scalar(%x: i64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.bitreverse(%[[X]]) : (i64) -> i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.BitReverse %x : i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @bitreverse_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xi32>)
spirv.func @bitreverse_vector(%x: vector<4xi32>) -> vector<4xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.bitreverse(%[[X]]) : (vector<4xi32>) -> vector<4xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi32>
  %0 = spirv.BitReverse %x : vector<4xi32>
  spirv.ReturnValue %0 : vector<4xi32>
}

// -----

// CHECK-LABEL: @bitreverse_signed
// CHECK-SAME: (%[[X:.*]]: i16)
spirv.func @bitreverse_signed(%x: si16) -> si16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.bitreverse(%[[X]]) : (i16) -> i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.BitReverse %x : si16
  spirv.ReturnValue %0 : si16
}

//===----------------------------------------------------------------------===//
// spirv.BitwiseAnd
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @bitwise_and_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @bitwise_and_scalar(%a: i32, %b: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.and %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.BitwiseAnd %a, %b : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @bitwise_and_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @bitwise_and_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.and %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi64>
  %0 = spirv.BitwiseAnd %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi64>
}

//===----------------------------------------------------------------------===//
// spirv.BitwiseOr
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @bitwise_or_scalar
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64)
spirv.func @bitwise_or_scalar(%a: ui64, %b: ui64) -> ui64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.or %[[A]], %[[B]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.BitwiseOr %a, %b : ui64
  spirv.ReturnValue %0 : ui64
}

// -----

// CHECK-LABEL: @bitwise_or_vector
// CHECK-SAME: (%[[A:.*]]: vector<3xi8>, %[[B:.*]]: vector<3xi8>)
spirv.func @bitwise_or_vector(%a: vector<3xi8>, %b: vector<3xi8>) -> vector<3xi8> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.or %[[A]], %[[B]] : vector<3xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi8>
  %0 = spirv.BitwiseOr %a, %b : vector<3xi8>
  spirv.ReturnValue %0 : vector<3xi8>
}

//===----------------------------------------------------------------------===//
// spirv.BitwiseXor
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @bitwise_xor_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @bitwise_xor_scalar(%a: si32, %b: si32) -> si32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.BitwiseXor %a, %b : si32
  spirv.ReturnValue %0 : si32
}

// -----

// CHECK-LABEL: @bitwise_xor_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi16>, %[[B:.*]]: vector<2xi16>)
spirv.func @bitwise_xor_vector(%a: vector<2xi16>, %b: vector<2xi16>) -> vector<2xi16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[A]], %[[B]] : vector<2xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi16>
  %0 = spirv.BitwiseXor %a, %b : vector<2xi16>
  spirv.ReturnValue %0 : vector<2xi16>
}

//===----------------------------------------------------------------------===//
// spirv.Not
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @not_scalar
// CHECK-SAME: (%[[X:.*]]: i32)
spirv.func @not_scalar(%x: i32) -> i32 "None" {
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[X]], %[[MASK]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.Not %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @not_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi16>)
spirv.func @not_vector(%x: vector<2xi16>) -> vector<2xi16> "None" {
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(dense<-1> : vector<2xi16>) : vector<2xi16>
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[X]], %[[MASK]] : vector<2xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi16>
  %0 = spirv.Not %x : vector<2xi16>
  spirv.ReturnValue %0 : vector<2xi16>
}

// -----

// Upstream builds the mask and the xor on the SPIR-V type and fails to
// legalize signed and unsigned integers; the mask here is signless.
// CHECK-LABEL: @not_signed_scalar
// CHECK-SAME: (%[[X:.*]]: i64)
spirv.func @not_signed_scalar(%x: si64) -> si64 "None" {
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(-1 : i64) : i64
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[X]], %[[MASK]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.Not %x : si64
  spirv.ReturnValue %0 : si64
}

// -----

// CHECK-LABEL: @not_unsigned_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi8>)
spirv.func @not_unsigned_vector(%x: vector<3xui8>) -> vector<3xui8> "None" {
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(dense<-1> : vector<3xi8>) : vector<3xi8>
  // CHECK-NEXT: %[[R:.*]] = llvm.xor %[[X]], %[[MASK]] : vector<3xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi8>
  %0 = spirv.Not %x : vector<3xui8>
  spirv.ReturnValue %0 : vector<3xui8>
}
