// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.ShiftLeftLogical
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @shift_left_logical_scalar_same_type
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i32)
spirv.func @shift_left_logical_scalar_same_type(%base: i32, %shift: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[SHIFT]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftLeftLogical %base, %shift : i32, i32
  spirv.ReturnValue %0 : i32
}

// -----

// Same width, different signedness: no cast.
// CHECK-LABEL: @shift_left_logical_scalar_same_width
// CHECK-SAME: (%[[BASE:.*]]: i64, %[[SHIFT:.*]]: i64)
spirv.func @shift_left_logical_scalar_same_width(%base: i64, %shift: ui64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[SHIFT]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ShiftLeftLogical %base, %shift : i64, ui64
  spirv.ReturnValue %0 : i64
}

// -----

// A narrower signless shift amount is sign-extended, as upstream.
// CHECK-LABEL: @shift_left_logical_scalar_signless_shift
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i16)
spirv.func @shift_left_logical_scalar_signless_shift(%base: i32, %shift: i16) -> i32 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : i16 to i32
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[CAST]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftLeftLogical %base, %shift : i32, i16
  spirv.ReturnValue %0 : i32
}

// -----

// A narrower signed shift amount is sign-extended.
// CHECK-LABEL: @shift_left_logical_scalar_signed_shift
// CHECK-SAME: (%[[BASE:.*]]: i64, %[[SHIFT:.*]]: i8)
spirv.func @shift_left_logical_scalar_signed_shift(%base: si64, %shift: si8) -> si64 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : i8 to i64
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[CAST]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ShiftLeftLogical %base, %shift : si64, si8
  spirv.ReturnValue %0 : si64
}

// -----

// A narrower unsigned shift amount is zero-extended.
// CHECK-LABEL: @shift_left_logical_scalar_unsigned_shift
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i16)
spirv.func @shift_left_logical_scalar_unsigned_shift(%base: i32, %shift: ui16) -> i32 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.zext %[[SHIFT]] : i16 to i32
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[CAST]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftLeftLogical %base, %shift : i32, ui16
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @shift_left_logical_vector_same_type
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi32>, %[[SHIFT:.*]]: vector<2xi32>)
spirv.func @shift_left_logical_vector_same_type(%base: vector<2xi32>, %shift: vector<2xi32>) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[SHIFT]] : vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.ShiftLeftLogical %base, %shift : vector<2xi32>, vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// CHECK-LABEL: @shift_left_logical_vector_signless_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<3xi64>, %[[SHIFT:.*]]: vector<3xi32>)
spirv.func @shift_left_logical_vector_signless_shift(%base: vector<3xi64>, %shift: vector<3xi32>) -> vector<3xi64> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : vector<3xi32> to vector<3xi64>
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[CAST]] : vector<3xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi64>
  %0 = spirv.ShiftLeftLogical %base, %shift : vector<3xi64>, vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi64>
}

// -----

// CHECK-LABEL: @shift_left_logical_vector_unsigned_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<4xi32>, %[[SHIFT:.*]]: vector<4xi8>)
spirv.func @shift_left_logical_vector_unsigned_shift(%base: vector<4xi32>, %shift: vector<4xui8>) -> vector<4xi32> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.zext %[[SHIFT]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[CAST]] : vector<4xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi32>
  %0 = spirv.ShiftLeftLogical %base, %shift : vector<4xi32>, vector<4xui8>
  spirv.ReturnValue %0 : vector<4xi32>
}

// -----

// A wider shift amount is truncated (upstream fails to legalize this):
// amounts that truncation changes are at least the base width, for which
// the result is undefined.
// CHECK-LABEL: @shift_left_logical_scalar_wider_shift
// CHECK-SAME: (%[[BASE:.*]]: i16, %[[SHIFT:.*]]: i32)
spirv.func @shift_left_logical_scalar_wider_shift(%base: i16, %shift: i32) -> i16 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.trunc %[[SHIFT]] : i32 to i16
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[CAST]] : i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.ShiftLeftLogical %base, %shift : i16, i32
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @shift_left_logical_vector_wider_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi8>, %[[SHIFT:.*]]: vector<2xi64>)
spirv.func @shift_left_logical_vector_wider_shift(%base: vector<2xi8>, %shift: vector<2xui64>) -> vector<2xi8> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.trunc %[[SHIFT]] : vector<2xi64> to vector<2xi8>
  // CHECK-NEXT: %[[R:.*]] = llvm.shl %[[BASE]], %[[CAST]] : vector<2xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi8>
  %0 = spirv.ShiftLeftLogical %base, %shift : vector<2xi8>, vector<2xui64>
  spirv.ReturnValue %0 : vector<2xi8>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ShiftRightArithmetic
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @shift_right_arithmetic_scalar_same_type
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i32)
spirv.func @shift_right_arithmetic_scalar_same_type(%base: i32, %shift: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[SHIFT]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftRightArithmetic %base, %shift : i32, i32
  spirv.ReturnValue %0 : i32
}

// -----

// Same width, different signedness: no cast.
// CHECK-LABEL: @shift_right_arithmetic_scalar_same_width
// CHECK-SAME: (%[[BASE:.*]]: i64, %[[SHIFT:.*]]: i64)
spirv.func @shift_right_arithmetic_scalar_same_width(%base: i64, %shift: ui64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[SHIFT]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ShiftRightArithmetic %base, %shift : i64, ui64
  spirv.ReturnValue %0 : i64
}

// -----

// A narrower signless shift amount is sign-extended, as upstream.
// CHECK-LABEL: @shift_right_arithmetic_scalar_signless_shift
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i16)
spirv.func @shift_right_arithmetic_scalar_signless_shift(%base: i32, %shift: i16) -> i32 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : i16 to i32
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[CAST]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftRightArithmetic %base, %shift : i32, i16
  spirv.ReturnValue %0 : i32
}

// -----

// A narrower signed shift amount is sign-extended.
// CHECK-LABEL: @shift_right_arithmetic_scalar_signed_shift
// CHECK-SAME: (%[[BASE:.*]]: i64, %[[SHIFT:.*]]: i8)
spirv.func @shift_right_arithmetic_scalar_signed_shift(%base: si64, %shift: si8) -> si64 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : i8 to i64
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[CAST]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ShiftRightArithmetic %base, %shift : si64, si8
  spirv.ReturnValue %0 : si64
}

// -----

// A narrower unsigned shift amount is zero-extended.
// CHECK-LABEL: @shift_right_arithmetic_scalar_unsigned_shift
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i16)
spirv.func @shift_right_arithmetic_scalar_unsigned_shift(%base: i32, %shift: ui16) -> i32 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.zext %[[SHIFT]] : i16 to i32
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[CAST]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftRightArithmetic %base, %shift : i32, ui16
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @shift_right_arithmetic_vector_same_type
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi32>, %[[SHIFT:.*]]: vector<2xi32>)
spirv.func @shift_right_arithmetic_vector_same_type(%base: vector<2xi32>, %shift: vector<2xi32>) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[SHIFT]] : vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.ShiftRightArithmetic %base, %shift : vector<2xi32>, vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// CHECK-LABEL: @shift_right_arithmetic_vector_signless_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<3xi64>, %[[SHIFT:.*]]: vector<3xi32>)
spirv.func @shift_right_arithmetic_vector_signless_shift(%base: vector<3xi64>, %shift: vector<3xi32>) -> vector<3xi64> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : vector<3xi32> to vector<3xi64>
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[CAST]] : vector<3xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi64>
  %0 = spirv.ShiftRightArithmetic %base, %shift : vector<3xi64>, vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi64>
}

// -----

// CHECK-LABEL: @shift_right_arithmetic_vector_unsigned_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<4xi32>, %[[SHIFT:.*]]: vector<4xi8>)
spirv.func @shift_right_arithmetic_vector_unsigned_shift(%base: vector<4xi32>, %shift: vector<4xui8>) -> vector<4xi32> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.zext %[[SHIFT]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[CAST]] : vector<4xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi32>
  %0 = spirv.ShiftRightArithmetic %base, %shift : vector<4xi32>, vector<4xui8>
  spirv.ReturnValue %0 : vector<4xi32>
}

// -----

// A wider shift amount is truncated (upstream fails to legalize this):
// amounts that truncation changes are at least the base width, for which
// the result is undefined.
// CHECK-LABEL: @shift_right_arithmetic_scalar_wider_shift
// CHECK-SAME: (%[[BASE:.*]]: i16, %[[SHIFT:.*]]: i32)
spirv.func @shift_right_arithmetic_scalar_wider_shift(%base: i16, %shift: i32) -> i16 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.trunc %[[SHIFT]] : i32 to i16
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[CAST]] : i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.ShiftRightArithmetic %base, %shift : i16, i32
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @shift_right_arithmetic_vector_wider_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi8>, %[[SHIFT:.*]]: vector<2xi64>)
spirv.func @shift_right_arithmetic_vector_wider_shift(%base: vector<2xi8>, %shift: vector<2xui64>) -> vector<2xi8> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.trunc %[[SHIFT]] : vector<2xi64> to vector<2xi8>
  // CHECK-NEXT: %[[R:.*]] = llvm.ashr %[[BASE]], %[[CAST]] : vector<2xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi8>
  %0 = spirv.ShiftRightArithmetic %base, %shift : vector<2xi8>, vector<2xui64>
  spirv.ReturnValue %0 : vector<2xi8>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ShiftRightLogical
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @shift_right_logical_scalar_same_type
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i32)
spirv.func @shift_right_logical_scalar_same_type(%base: i32, %shift: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[SHIFT]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftRightLogical %base, %shift : i32, i32
  spirv.ReturnValue %0 : i32
}

// -----

// Same width, different signedness: no cast.
// CHECK-LABEL: @shift_right_logical_scalar_same_width
// CHECK-SAME: (%[[BASE:.*]]: i64, %[[SHIFT:.*]]: i64)
spirv.func @shift_right_logical_scalar_same_width(%base: i64, %shift: ui64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[SHIFT]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ShiftRightLogical %base, %shift : i64, ui64
  spirv.ReturnValue %0 : i64
}

// -----

// A narrower signless shift amount is sign-extended, as upstream.
// CHECK-LABEL: @shift_right_logical_scalar_signless_shift
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i16)
spirv.func @shift_right_logical_scalar_signless_shift(%base: i32, %shift: i16) -> i32 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : i16 to i32
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[CAST]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftRightLogical %base, %shift : i32, i16
  spirv.ReturnValue %0 : i32
}

// -----

// A narrower signed shift amount is sign-extended.
// CHECK-LABEL: @shift_right_logical_scalar_signed_shift
// CHECK-SAME: (%[[BASE:.*]]: i64, %[[SHIFT:.*]]: i8)
spirv.func @shift_right_logical_scalar_signed_shift(%base: si64, %shift: si8) -> si64 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : i8 to i64
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[CAST]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ShiftRightLogical %base, %shift : si64, si8
  spirv.ReturnValue %0 : si64
}

// -----

// A narrower unsigned shift amount is zero-extended.
// CHECK-LABEL: @shift_right_logical_scalar_unsigned_shift
// CHECK-SAME: (%[[BASE:.*]]: i32, %[[SHIFT:.*]]: i16)
spirv.func @shift_right_logical_scalar_unsigned_shift(%base: i32, %shift: ui16) -> i32 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.zext %[[SHIFT]] : i16 to i32
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[CAST]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ShiftRightLogical %base, %shift : i32, ui16
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @shift_right_logical_vector_same_type
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi32>, %[[SHIFT:.*]]: vector<2xi32>)
spirv.func @shift_right_logical_vector_same_type(%base: vector<2xi32>, %shift: vector<2xi32>) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[SHIFT]] : vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.ShiftRightLogical %base, %shift : vector<2xi32>, vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// CHECK-LABEL: @shift_right_logical_vector_signless_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<3xi64>, %[[SHIFT:.*]]: vector<3xi32>)
spirv.func @shift_right_logical_vector_signless_shift(%base: vector<3xi64>, %shift: vector<3xi32>) -> vector<3xi64> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.sext %[[SHIFT]] : vector<3xi32> to vector<3xi64>
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[CAST]] : vector<3xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi64>
  %0 = spirv.ShiftRightLogical %base, %shift : vector<3xi64>, vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi64>
}

// -----

// CHECK-LABEL: @shift_right_logical_vector_unsigned_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<4xi32>, %[[SHIFT:.*]]: vector<4xi8>)
spirv.func @shift_right_logical_vector_unsigned_shift(%base: vector<4xi32>, %shift: vector<4xui8>) -> vector<4xi32> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.zext %[[SHIFT]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[CAST]] : vector<4xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi32>
  %0 = spirv.ShiftRightLogical %base, %shift : vector<4xi32>, vector<4xui8>
  spirv.ReturnValue %0 : vector<4xi32>
}

// -----

// A wider shift amount is truncated (upstream fails to legalize this):
// amounts that truncation changes are at least the base width, for which
// the result is undefined.
// CHECK-LABEL: @shift_right_logical_scalar_wider_shift
// CHECK-SAME: (%[[BASE:.*]]: i16, %[[SHIFT:.*]]: i32)
spirv.func @shift_right_logical_scalar_wider_shift(%base: i16, %shift: i32) -> i16 "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.trunc %[[SHIFT]] : i32 to i16
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[CAST]] : i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.ShiftRightLogical %base, %shift : i16, i32
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @shift_right_logical_vector_wider_shift
// CHECK-SAME: (%[[BASE:.*]]: vector<2xi8>, %[[SHIFT:.*]]: vector<2xi64>)
spirv.func @shift_right_logical_vector_wider_shift(%base: vector<2xi8>, %shift: vector<2xui64>) -> vector<2xi8> "None" {
  // CHECK-NEXT: %[[CAST:.*]] = llvm.trunc %[[SHIFT]] : vector<2xi64> to vector<2xi8>
  // CHECK-NEXT: %[[R:.*]] = llvm.lshr %[[BASE]], %[[CAST]] : vector<2xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi8>
  %0 = spirv.ShiftRightLogical %base, %shift : vector<2xi8>, vector<2xui64>
  spirv.ReturnValue %0 : vector<2xi8>
}
