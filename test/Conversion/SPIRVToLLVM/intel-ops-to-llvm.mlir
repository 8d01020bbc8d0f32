// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

// Upstream fails to legalize all three ops.

//===----------------------------------------------------------------------===//
// spirv.INTEL.ConvertFToBF16
//===----------------------------------------------------------------------===//

// To the nearest bf16, ties to even, on the bits of the f32 (LLVM's
// fptrunc to bf16 is a call of compiler-rt's __truncsfbf2 on CPUs without
// bfloat16 instructions, which nothing here defines); a NaN stays quiet.
// CHECK-LABEL: @convert_f_to_bf16_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> i16
spirv.func @convert_f_to_bf16_scalar(%x: f32) -> i16 "None" {
  // CHECK-NEXT: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[BITS:.*]] = llvm.bitcast %[[X]] : f32 to i32
  // CHECK-NEXT: %[[KEPT_BIT:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[HALF:.*]] = llvm.mlir.constant(32767 : i32) : i32
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(-65536 : i32) : i32
  // CHECK-NEXT: %[[QUIET:.*]] = llvm.mlir.constant(4194304 : i32) : i32
  // CHECK-NEXT: %[[SHIFTED:.*]] = llvm.lshr %[[BITS]], %[[KEPT_BIT]] : i32
  // CHECK-NEXT: %[[LSB:.*]] = llvm.and %[[SHIFTED]], %[[ONE]] : i32
  // CHECK-NEXT: %[[BIAS:.*]] = llvm.add %[[LSB]], %[[HALF]] : i32
  // CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[BITS]], %[[BIAS]] : i32
  // CHECK-NEXT: %[[ROUNDED:.*]] = llvm.and %[[SUM]], %[[MASK]] : i32
  // CHECK-NEXT: %[[KEPT:.*]] = llvm.and %[[BITS]], %[[MASK]] : i32
  // CHECK-NEXT: %[[NAN:.*]] = llvm.or %[[KEPT]], %[[QUIET]] : i32
  // CHECK-NEXT: %[[IS_NAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : f32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[IS_NAN]], %[[NAN]], %[[ROUNDED]] : i1, i32
  // CHECK-NEXT: %[[TOP:.*]] = llvm.lshr %[[R]], %[[SIXTEEN]] : i32
  // CHECK-NEXT: %[[BF16:.*]] = llvm.trunc %[[TOP]] : i32 to i16
  // CHECK-NEXT: llvm.return %[[BF16]] : i16
  %0 = spirv.INTEL.ConvertFToBF16 %x : f32 to i16
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @convert_f_to_bf16_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf32>) -> vector<3xi16>
spirv.func @convert_f_to_bf16_vector(%x: vector<3xf32>) -> vector<3xi16> "None" {
  // CHECK: %[[BITS:.*]] = llvm.bitcast %[[X]] : vector<3xf32> to vector<3xi32>
  // CHECK: %[[IS_NAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : vector<3xf32>
  // CHECK: %[[R:.*]] = llvm.select %[[IS_NAN]], %{{.*}}, %{{.*}} : vector<3xi1>, vector<3xi32>
  // CHECK-NEXT: %[[TOP:.*]] = llvm.lshr %[[R]], %{{.*}} : vector<3xi32>
  // CHECK-NEXT: %[[BF16:.*]] = llvm.trunc %[[TOP]] : vector<3xi32> to vector<3xi16>
  // CHECK-NEXT: llvm.return %[[BF16]] : vector<3xi16>
  %0 = spirv.INTEL.ConvertFToBF16 %x : vector<3xf32> to vector<3xi16>
  spirv.ReturnValue %0 : vector<3xi16>
}

//===----------------------------------------------------------------------===//
// spirv.INTEL.ConvertBF16ToF
//===----------------------------------------------------------------------===//

// -----

// Exact: the bits in the top half of an f32.
// CHECK-LABEL: @convert_bf16_to_f_scalar
// CHECK-SAME: (%[[BITS:.*]]: i16) -> f32
spirv.func @convert_bf16_to_f_scalar(%bits: i16) -> f32 "None" {
  // CHECK-NEXT: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[WIDE:.*]] = llvm.zext %[[BITS]] : i16 to i32
  // CHECK-NEXT: %[[SHIFTED:.*]] = llvm.shl %[[WIDE]], %[[SIXTEEN]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[SHIFTED]] : i32 to f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.INTEL.ConvertBF16ToF %bits : i16 to f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @convert_bf16_to_f_vector
// CHECK-SAME: (%[[BITS:.*]]: vector<2xi16>) -> vector<2xf32>
spirv.func @convert_bf16_to_f_vector(%bits: vector<2xi16>) -> vector<2xf32> "None" {
  // CHECK-NEXT: %[[SIXTEEN:.*]] = llvm.mlir.constant(dense<16> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[WIDE:.*]] = llvm.zext %[[BITS]] : vector<2xi16> to vector<2xi32>
  // CHECK-NEXT: %[[SHIFTED:.*]] = llvm.shl %[[WIDE]], %[[SIXTEEN]] : vector<2xi32>
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[SHIFTED]] : vector<2xi32> to vector<2xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf32>
  %0 = spirv.INTEL.ConvertBF16ToF %bits : vector<2xi16> to vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// Round trip: the i16 between the two conversions is the bf16's bits.
// CHECK-LABEL: @bf16_round_trip
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
spirv.func @bf16_round_trip(%x: f32) -> f32 "None" {
  // CHECK: %[[BF16:.*]] = llvm.trunc %{{.*}} : i32 to i16
  // CHECK-NEXT: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[WIDE:.*]] = llvm.zext %[[BF16]] : i16 to i32
  // CHECK-NEXT: %[[SHIFTED:.*]] = llvm.shl %[[WIDE]], %[[SIXTEEN]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[SHIFTED]] : i32 to f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.INTEL.ConvertFToBF16 %x : f32 to i16
  %1 = spirv.INTEL.ConvertBF16ToF %0 : i16 to f32
  spirv.ReturnValue %1 : f32
}

//===----------------------------------------------------------------------===//
// spirv.INTEL.RoundFToTF32
//===----------------------------------------------------------------------===//

// -----

// Round to nearest, ties to even, on the bits: add 0xFFF plus the lowest
// kept bit (bit 13), clear the 13 low bits; a NaN becomes a quiet NaN with
// its sign and top payload bits.
// CHECK-LABEL: @round_f_to_tf32_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
spirv.func @round_f_to_tf32_scalar(%x: f32) -> f32 "None" {
  // CHECK-NEXT: %[[BITS:.*]] = llvm.bitcast %[[X]] : f32 to i32
  // CHECK-NEXT: %[[C13:.*]] = llvm.mlir.constant(13 : i32) : i32
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[HALF_ULP_MINUS_ONE:.*]] = llvm.mlir.constant(4095 : i32) : i32
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(-8192 : i32) : i32
  // CHECK-NEXT: %[[QUIET:.*]] = llvm.mlir.constant(4194304 : i32) : i32
  // CHECK-NEXT: %[[T0:.*]] = llvm.lshr %[[BITS]], %[[C13]] : i32
  // CHECK-NEXT: %[[LSB:.*]] = llvm.and %[[T0]], %[[ONE]] : i32
  // CHECK-NEXT: %[[BIAS:.*]] = llvm.add %[[LSB]], %[[HALF_ULP_MINUS_ONE]] : i32
  // CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[BITS]], %[[BIAS]] : i32
  // CHECK-NEXT: %[[ROUNDED:.*]] = llvm.and %[[SUM]], %[[MASK]] : i32
  // CHECK-NEXT: %[[KEPT:.*]] = llvm.and %[[BITS]], %[[MASK]] : i32
  // CHECK-NEXT: %[[NAN:.*]] = llvm.or %[[KEPT]], %[[QUIET]] : i32
  // CHECK-NEXT: %[[IS_NAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : f32
  // CHECK-NEXT: %[[R_BITS:.*]] = llvm.select %[[IS_NAN]], %[[NAN]], %[[ROUNDED]] : i1, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[R_BITS]] : i32 to f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.INTEL.RoundFToTF32 %x : f32 to f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @round_f_to_tf32_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
spirv.func @round_f_to_tf32_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  // CHECK-NEXT: %[[BITS:.*]] = llvm.bitcast %[[X]] : vector<2xf32> to vector<2xi32>
  // CHECK-NEXT: %[[C13:.*]] = llvm.mlir.constant(dense<13> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[HALF_ULP_MINUS_ONE:.*]] = llvm.mlir.constant(dense<4095> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(dense<-8192> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[QUIET:.*]] = llvm.mlir.constant(dense<4194304> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[T0:.*]] = llvm.lshr %[[BITS]], %[[C13]] : vector<2xi32>
  // CHECK-NEXT: %[[LSB:.*]] = llvm.and %[[T0]], %[[ONE]] : vector<2xi32>
  // CHECK-NEXT: %[[BIAS:.*]] = llvm.add %[[LSB]], %[[HALF_ULP_MINUS_ONE]] : vector<2xi32>
  // CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[BITS]], %[[BIAS]] : vector<2xi32>
  // CHECK-NEXT: %[[ROUNDED:.*]] = llvm.and %[[SUM]], %[[MASK]] : vector<2xi32>
  // CHECK-NEXT: %[[KEPT:.*]] = llvm.and %[[BITS]], %[[MASK]] : vector<2xi32>
  // CHECK-NEXT: %[[NAN:.*]] = llvm.or %[[KEPT]], %[[QUIET]] : vector<2xi32>
  // CHECK-NEXT: %[[IS_NAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : vector<2xf32>
  // CHECK-NEXT: %[[R_BITS:.*]] = llvm.select %[[IS_NAN]], %[[NAN]], %[[ROUNDED]] : vector<2xi1>, vector<2xi32>
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[R_BITS]] : vector<2xi32> to vector<2xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf32>
  %0 = spirv.INTEL.RoundFToTF32 %x : vector<2xf32> to vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}
