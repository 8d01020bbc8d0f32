// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// Direct conversions to LLVM intrinsics (beyond upstream, which lowers no spirv.CL op)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @acos_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ACOS:.*]] = llvm.intr.acos(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[ACOS]] : f32
spirv.func @acos_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.acos %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @acos_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[ACOS:.*]] = llvm.intr.acos(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[ACOS]] : vector<2xf32>
spirv.func @acos_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.CL.acos %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @asin_scalar
// CHECK-SAME: (%[[X:.*]]: f16) -> f16
// CHECK-NEXT: %[[ASIN:.*]] = llvm.intr.asin(%[[X]]) : (f16) -> f16
// CHECK-NEXT: llvm.return %[[ASIN]] : f16
spirv.func @asin_scalar(%x: f16) -> f16 "None" {
  %0 = spirv.CL.asin %x : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @asin_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[ASIN:.*]] = llvm.intr.asin(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[ASIN]] : vector<3xf16>
spirv.func @asin_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.asin %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @atan_scalar
// CHECK-SAME: (%[[X:.*]]: f64) -> f64
// CHECK-NEXT: %[[ATAN:.*]] = llvm.intr.atan(%[[X]]) : (f64) -> f64
// CHECK-NEXT: llvm.return %[[ATAN]] : f64
spirv.func @atan_scalar(%x: f64) -> f64 "None" {
  %0 = spirv.CL.atan %x : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @atan_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: %[[ATAN:.*]] = llvm.intr.atan(%[[X]]) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: llvm.return %[[ATAN]] : vector<4xf64>
spirv.func @atan_vector(%x: vector<4xf64>) -> vector<4xf64> "None" {
  %0 = spirv.CL.atan %x : vector<4xf64>
  spirv.ReturnValue %0 : vector<4xf64>
}

// -----

// CHECK-LABEL: @ceil_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[CEIL:.*]] = llvm.intr.ceil(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[CEIL]] : f32
spirv.func @ceil_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.ceil %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @ceil_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[CEIL:.*]] = llvm.intr.ceil(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[CEIL]] : vector<2xf32>
spirv.func @ceil_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.CL.ceil %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @cos_scalar
// CHECK-SAME: (%[[X:.*]]: f16) -> f16
// CHECK-NEXT: %[[COS:.*]] = llvm.intr.cos(%[[X]]) : (f16) -> f16
// CHECK-NEXT: llvm.return %[[COS]] : f16
spirv.func @cos_scalar(%x: f16) -> f16 "None" {
  %0 = spirv.CL.cos %x : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @cos_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[COS:.*]] = llvm.intr.cos(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[COS]] : vector<3xf16>
spirv.func @cos_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.cos %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @cosh_scalar
// CHECK-SAME: (%[[X:.*]]: f64) -> f64
// CHECK-NEXT: %[[COSH:.*]] = llvm.intr.cosh(%[[X]]) : (f64) -> f64
// CHECK-NEXT: llvm.return %[[COSH]] : f64
spirv.func @cosh_scalar(%x: f64) -> f64 "None" {
  %0 = spirv.CL.cosh %x : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @cosh_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: %[[COSH:.*]] = llvm.intr.cosh(%[[X]]) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: llvm.return %[[COSH]] : vector<4xf64>
spirv.func @cosh_vector(%x: vector<4xf64>) -> vector<4xf64> "None" {
  %0 = spirv.CL.cosh %x : vector<4xf64>
  spirv.ReturnValue %0 : vector<4xf64>
}

// -----

// CHECK-LABEL: @exp_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[EXP:.*]] = llvm.intr.exp(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[EXP]] : f32
spirv.func @exp_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.exp %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @exp_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[EXP:.*]] = llvm.intr.exp(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[EXP]] : vector<2xf32>
spirv.func @exp_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.CL.exp %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @fabs_scalar
// CHECK-SAME: (%[[X:.*]]: f16) -> f16
// CHECK-NEXT: %[[FABS:.*]] = llvm.intr.fabs(%[[X]]) : (f16) -> f16
// CHECK-NEXT: llvm.return %[[FABS]] : f16
spirv.func @fabs_scalar(%x: f16) -> f16 "None" {
  %0 = spirv.CL.fabs %x : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @fabs_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FABS:.*]] = llvm.intr.fabs(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[FABS]] : vector<3xf16>
spirv.func @fabs_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.fabs %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @floor_scalar
// CHECK-SAME: (%[[X:.*]]: f64) -> f64
// CHECK-NEXT: %[[FLOOR:.*]] = llvm.intr.floor(%[[X]]) : (f64) -> f64
// CHECK-NEXT: llvm.return %[[FLOOR]] : f64
spirv.func @floor_scalar(%x: f64) -> f64 "None" {
  %0 = spirv.CL.floor %x : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @floor_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: %[[FLOOR:.*]] = llvm.intr.floor(%[[X]]) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: llvm.return %[[FLOOR]] : vector<4xf64>
spirv.func @floor_vector(%x: vector<4xf64>) -> vector<4xf64> "None" {
  %0 = spirv.CL.floor %x : vector<4xf64>
  spirv.ReturnValue %0 : vector<4xf64>
}

// -----

// CHECK-LABEL: @log_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[LOG]] : f32
spirv.func @log_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.log %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @log_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[LOG]] : vector<2xf32>
spirv.func @log_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.CL.log %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @rint_scalar
// CHECK-SAME: (%[[X:.*]]: f16) -> f16
// CHECK-NEXT: %[[RINT:.*]] = llvm.intr.rint(%[[X]]) : (f16) -> f16
// CHECK-NEXT: llvm.return %[[RINT]] : f16
spirv.func @rint_scalar(%x: f16) -> f16 "None" {
  %0 = spirv.CL.rint %x : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @rint_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[RINT:.*]] = llvm.intr.rint(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[RINT]] : vector<3xf16>
spirv.func @rint_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.rint %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @round_scalar
// CHECK-SAME: (%[[X:.*]]: f64) -> f64
// CHECK-NEXT: %[[ROUND:.*]] = llvm.intr.round(%[[X]]) : (f64) -> f64
// CHECK-NEXT: llvm.return %[[ROUND]] : f64
spirv.func @round_scalar(%x: f64) -> f64 "None" {
  %0 = spirv.CL.round %x : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @round_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: %[[ROUND:.*]] = llvm.intr.round(%[[X]]) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: llvm.return %[[ROUND]] : vector<4xf64>
spirv.func @round_vector(%x: vector<4xf64>) -> vector<4xf64> "None" {
  %0 = spirv.CL.round %x : vector<4xf64>
  spirv.ReturnValue %0 : vector<4xf64>
}

// -----

// CHECK-LABEL: @sin_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[SIN:.*]] = llvm.intr.sin(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[SIN]] : f32
spirv.func @sin_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.sin %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @sin_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[SIN:.*]] = llvm.intr.sin(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[SIN]] : vector<2xf32>
spirv.func @sin_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.CL.sin %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @sinh_scalar
// CHECK-SAME: (%[[X:.*]]: f16) -> f16
// CHECK-NEXT: %[[SINH:.*]] = llvm.intr.sinh(%[[X]]) : (f16) -> f16
// CHECK-NEXT: llvm.return %[[SINH]] : f16
spirv.func @sinh_scalar(%x: f16) -> f16 "None" {
  %0 = spirv.CL.sinh %x : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @sinh_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[SINH:.*]] = llvm.intr.sinh(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[SINH]] : vector<3xf16>
spirv.func @sinh_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.sinh %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @sqrt_scalar
// CHECK-SAME: (%[[X:.*]]: f64) -> f64
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (f64) -> f64
// CHECK-NEXT: llvm.return %[[SQRT]] : f64
spirv.func @sqrt_scalar(%x: f64) -> f64 "None" {
  %0 = spirv.CL.sqrt %x : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @sqrt_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: llvm.return %[[SQRT]] : vector<4xf64>
spirv.func @sqrt_vector(%x: vector<4xf64>) -> vector<4xf64> "None" {
  %0 = spirv.CL.sqrt %x : vector<4xf64>
  spirv.ReturnValue %0 : vector<4xf64>
}

// -----

// CHECK-LABEL: @tan_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[TAN:.*]] = llvm.intr.tan(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[TAN]] : f32
spirv.func @tan_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.tan %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @tan_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[TAN:.*]] = llvm.intr.tan(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[TAN]] : vector<2xf32>
spirv.func @tan_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.CL.tan %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @tanh_scalar
// CHECK-SAME: (%[[X:.*]]: f16) -> f16
// CHECK-NEXT: %[[TANH:.*]] = llvm.intr.tanh(%[[X]]) : (f16) -> f16
// CHECK-NEXT: llvm.return %[[TANH]] : f16
spirv.func @tanh_scalar(%x: f16) -> f16 "None" {
  %0 = spirv.CL.tanh %x : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @tanh_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[TANH:.*]] = llvm.intr.tanh(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[TANH]] : vector<3xf16>
spirv.func @tanh_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.tanh %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @atan2_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-NEXT: %[[ATAN2:.*]] = llvm.intr.atan2(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.return %[[ATAN2]] : f32
spirv.func @atan2_scalar(%x: f32, %y: f32) -> f32 "None" {
  %0 = spirv.CL.atan2 %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @atan2_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[Y:.*]]: vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[ATAN2:.*]] = llvm.intr.atan2(%[[X]], %[[Y]]) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return %[[ATAN2]] : vector<4xf32>
spirv.func @atan2_vector(%x: vector<4xf32>, %y: vector<4xf32>) -> vector<4xf32> "None" {
  %0 = spirv.CL.atan2 %x, %y : vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// CHECK-LABEL: @fmax_scalar
// CHECK-SAME: (%[[X:.*]]: f64, %[[Y:.*]]: f64) -> f64
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[X]], %[[Y]]) : (f64, f64) -> f64
// CHECK-NEXT: llvm.return %[[MAXNUM]] : f64
spirv.func @fmax_scalar(%x: f64, %y: f64) -> f64 "None" {
  %0 = spirv.CL.fmax %x, %y : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @fmax_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf16>, %[[Y:.*]]: vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[X]], %[[Y]]) : (vector<2xf16>, vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: llvm.return %[[MAXNUM]] : vector<2xf16>
spirv.func @fmax_vector(%x: vector<2xf16>, %y: vector<2xf16>) -> vector<2xf16> "None" {
  %0 = spirv.CL.fmax %x, %y : vector<2xf16>
  spirv.ReturnValue %0 : vector<2xf16>
}

// -----

// CHECK-LABEL: @fmin_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.return %[[MINNUM]] : f32
spirv.func @fmin_scalar(%x: f32, %y: f32) -> f32 "None" {
  %0 = spirv.CL.fmin %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fmin_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[Y:.*]]: vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[X]], %[[Y]]) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return %[[MINNUM]] : vector<4xf32>
spirv.func @fmin_vector(%x: vector<4xf32>, %y: vector<4xf32>) -> vector<4xf32> "None" {
  %0 = spirv.CL.fmin %x, %y : vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// CHECK-LABEL: @pow_scalar
// CHECK-SAME: (%[[X:.*]]: f64, %[[Y:.*]]: f64) -> f64
// CHECK-NEXT: %[[POW:.*]] = llvm.intr.pow(%[[X]], %[[Y]]) : (f64, f64) -> f64
// CHECK-NEXT: llvm.return %[[POW]] : f64
spirv.func @pow_scalar(%x: f64, %y: f64) -> f64 "None" {
  %0 = spirv.CL.pow %x, %y : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @pow_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf16>, %[[Y:.*]]: vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: %[[POW:.*]] = llvm.intr.pow(%[[X]], %[[Y]]) : (vector<2xf16>, vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: llvm.return %[[POW]] : vector<2xf16>
spirv.func @pow_vector(%x: vector<2xf16>, %y: vector<2xf16>) -> vector<2xf16> "None" {
  %0 = spirv.CL.pow %x, %y : vector<2xf16>
  spirv.ReturnValue %0 : vector<2xf16>
}

// -----

// CHECK-LABEL: @fma_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32) -> f32
// CHECK-NEXT: %[[FMA:.*]] = llvm.intr.fma(%[[X]], %[[Y]], %[[Z]]) : (f32, f32, f32) -> f32
// CHECK-NEXT: llvm.return %[[FMA]] : f32
spirv.func @fma_scalar(%x: f32, %y: f32, %z: f32) -> f32 "None" {
  %0 = spirv.CL.fma %x, %y, %z : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fma_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf64>, %[[Y:.*]]: vector<3xf64>, %[[Z:.*]]: vector<3xf64>) -> vector<3xf64>
// CHECK-NEXT: %[[FMA:.*]] = llvm.intr.fma(%[[X]], %[[Y]], %[[Z]]) : (vector<3xf64>, vector<3xf64>, vector<3xf64>) -> vector<3xf64>
// CHECK-NEXT: llvm.return %[[FMA]] : vector<3xf64>
spirv.func @fma_vector(%x: vector<3xf64>, %y: vector<3xf64>, %z: vector<3xf64>) -> vector<3xf64> "None" {
  %0 = spirv.CL.fma %x, %y, %z : vector<3xf64>
  spirv.ReturnValue %0 : vector<3xf64>
}

// -----

// CHECK-LABEL: @s_max_scalar
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT: llvm.return %[[SMAX]] : i32
spirv.func @s_max_scalar(%x: i32, %y: i32) -> i32 "None" {
  %0 = spirv.CL.s_max %x, %y : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @s_max_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi64>, %[[Y:.*]]: vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[X]], %[[Y]]) : (vector<2xi64>, vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: llvm.return %[[SMAX]] : vector<2xi64>
spirv.func @s_max_vector(%x: vector<2xi64>, %y: vector<2xi64>) -> vector<2xi64> "None" {
  %0 = spirv.CL.s_max %x, %y : vector<2xi64>
  spirv.ReturnValue %0 : vector<2xi64>
}

// -----

// CHECK-LABEL: @s_min_scalar
// CHECK-SAME: (%[[X:.*]]: i16, %[[Y:.*]]: i16) -> i16
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[X]], %[[Y]]) : (i16, i16) -> i16
// CHECK-NEXT: llvm.return %[[SMIN]] : i16
spirv.func @s_min_scalar(%x: i16, %y: i16) -> i16 "None" {
  %0 = spirv.CL.s_min %x, %y : i16
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @s_min_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi32>, %[[Y:.*]]: vector<3xi32>) -> vector<3xi32>
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[X]], %[[Y]]) : (vector<3xi32>, vector<3xi32>) -> vector<3xi32>
// CHECK-NEXT: llvm.return %[[SMIN]] : vector<3xi32>
spirv.func @s_min_vector(%x: vector<3xi32>, %y: vector<3xi32>) -> vector<3xi32> "None" {
  %0 = spirv.CL.s_min %x, %y : vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi32>
}

// -----

// CHECK-LABEL: @u_max_scalar
// CHECK-SAME: (%[[X:.*]]: i8, %[[Y:.*]]: i8) -> i8
// CHECK-NEXT: %[[UMAX:.*]] = llvm.intr.umax(%[[X]], %[[Y]]) : (i8, i8) -> i8
// CHECK-NEXT: llvm.return %[[UMAX]] : i8
spirv.func @u_max_scalar(%x: i8, %y: i8) -> i8 "None" {
  %0 = spirv.CL.u_max %x, %y : i8
  spirv.ReturnValue %0 : i8
}

// -----

// CHECK-LABEL: @u_max_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xi16>, %[[Y:.*]]: vector<4xi16>) -> vector<4xi16>
// CHECK-NEXT: %[[UMAX:.*]] = llvm.intr.umax(%[[X]], %[[Y]]) : (vector<4xi16>, vector<4xi16>) -> vector<4xi16>
// CHECK-NEXT: llvm.return %[[UMAX]] : vector<4xi16>
spirv.func @u_max_vector(%x: vector<4xi16>, %y: vector<4xi16>) -> vector<4xi16> "None" {
  %0 = spirv.CL.u_max %x, %y : vector<4xi16>
  spirv.ReturnValue %0 : vector<4xi16>
}

// -----

// CHECK-LABEL: @u_min_scalar
// CHECK-SAME: (%[[X:.*]]: i64, %[[Y:.*]]: i64) -> i64
// CHECK-NEXT: %[[UMIN:.*]] = llvm.intr.umin(%[[X]], %[[Y]]) : (i64, i64) -> i64
// CHECK-NEXT: llvm.return %[[UMIN]] : i64
spirv.func @u_min_scalar(%x: i64, %y: i64) -> i64 "None" {
  %0 = spirv.CL.u_min %x, %y : i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @u_min_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi8>, %[[Y:.*]]: vector<2xi8>) -> vector<2xi8>
// CHECK-NEXT: %[[UMIN:.*]] = llvm.intr.umin(%[[X]], %[[Y]]) : (vector<2xi8>, vector<2xi8>) -> vector<2xi8>
// CHECK-NEXT: llvm.return %[[UMIN]] : vector<2xi8>
spirv.func @u_min_vector(%x: vector<2xi8>, %y: vector<2xi8>) -> vector<2xi8> "None" {
  %0 = spirv.CL.u_min %x, %y : vector<2xi8>
  spirv.ReturnValue %0 : vector<2xi8>
}

// -----

//===----------------------------------------------------------------------===//
// Expansions (beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @rsqrt_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (f32) -> f32
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[ONE]], %[[SQRT]] : f32
// CHECK-NEXT: llvm.return %[[FDIV]] : f32
spirv.func @rsqrt_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.rsqrt %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @rsqrt_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<2xf64>) : vector<2xf64>
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[ONE]], %[[SQRT]] : vector<2xf64>
// CHECK-NEXT: llvm.return %[[FDIV]] : vector<2xf64>
spirv.func @rsqrt_vector(%x: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.CL.rsqrt %x : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

// The absolute value of the most negative integer is itself.
// CHECK-LABEL: @s_abs_scalar
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: %[[ABS:.*]] = "llvm.intr.abs"(%[[X]]) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK-NEXT: llvm.return %[[ABS]] : i32
spirv.func @s_abs_scalar(%x: i32) -> i32 "None" {
  %0 = spirv.CL.s_abs %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @s_abs_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xi8>) -> vector<4xi8>
// CHECK-NEXT: %[[ABS:.*]] = "llvm.intr.abs"(%[[X]]) <{is_int_min_poison = false}> : (vector<4xi8>) -> vector<4xi8>
// CHECK-NEXT: llvm.return %[[ABS]] : vector<4xi8>
spirv.func @s_abs_vector(%x: vector<4xi8>) -> vector<4xi8> "None" {
  %0 = spirv.CL.s_abs %x : vector<4xi8>
  spirv.ReturnValue %0 : vector<4xi8>
}

// -----

// OpenCL's formula, x + (y - x) * a.
// CHECK-LABEL: @mix_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32) -> f32
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[Y]], %[[X]] : f32
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[FSUB]], %[[Z]] : f32
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[X]], %[[FMUL]] : f32
// CHECK-NEXT: llvm.return %[[FADD]] : f32
spirv.func @mix_scalar(%x: f32, %y: f32, %z: f32) -> f32 "None" {
  %0 = spirv.CL.mix %x, %y, %z : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @mix_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>, %[[Y:.*]]: vector<3xf16>, %[[Z:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[Y]], %[[X]] : vector<3xf16>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[FSUB]], %[[Z]] : vector<3xf16>
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[X]], %[[FMUL]] : vector<3xf16>
// CHECK-NEXT: llvm.return %[[FADD]] : vector<3xf16>
spirv.func @mix_vector(%x: vector<3xf16>, %y: vector<3xf16>, %z: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.mix %x, %y, %z : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

//===----------------------------------------------------------------------===//
// Calls to OpenCL builtins (beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_ocl_asinhf(f32) -> f32 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @asinh_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_ocl_asinhf(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (f32) -> f32
// CHECK-NEXT: llvm.return %[[CALL]] : f32
spirv.func @asinh_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.asinh %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_ocl_asinhDv4_f(vector<4xf32>) -> vector<4xf32> attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @asinh_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_ocl_asinhDv4_f(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return %[[CALL]] : vector<4xf32>
spirv.func @asinh_vector(%x: vector<4xf32>) -> vector<4xf32> "None" {
  %0 = spirv.CL.asinh %x : vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_ocl_acoshd(f64) -> f64 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @acosh_scalar
// CHECK-SAME: (%[[X:.*]]: f64) -> f64
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_ocl_acoshd(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (f64) -> f64
// CHECK-NEXT: llvm.return %[[CALL]] : f64
spirv.func @acosh_scalar(%x: f64) -> f64 "None" {
  %0 = spirv.CL.acosh %x : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_ocl_acoshDv2_d(vector<2xf64>) -> vector<2xf64> attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @acosh_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_ocl_acoshDv2_d(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: llvm.return %[[CALL]] : vector<2xf64>
spirv.func @acosh_vector(%x: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.CL.acosh %x : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_ocl_atanhDh(f16) -> f16 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @atanh_scalar
// CHECK-SAME: (%[[X:.*]]: f16) -> f16
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_ocl_atanhDh(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (f16) -> f16
// CHECK-NEXT: llvm.return %[[CALL]] : f16
spirv.func @atanh_scalar(%x: f16) -> f16 "None" {
  %0 = spirv.CL.atanh %x : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_ocl_atanhDv3_Dh(vector<3xf16>) -> vector<3xf16> attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @atanh_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_ocl_atanhDv3_Dh(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[CALL]] : vector<3xf16>
spirv.func @atanh_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.CL.atanh %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z15__spirv_ocl_erff(f32) -> f32 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @erf_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z15__spirv_ocl_erff(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (f32) -> f32
// CHECK-NEXT: llvm.return %[[CALL]] : f32
spirv.func @erf_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.CL.erf %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z15__spirv_ocl_erfDv2_f(vector<2xf32>) -> vector<2xf32> attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @erf_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z15__spirv_ocl_erfDv2_f(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[CALL]] : vector<2xf32>
spirv.func @erf_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.CL.erf %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// A builtin used twice in a module is declared once.
// CHECK-DAG: llvm.func spir_funccc @_Z15__spirv_ocl_erff(f32) -> f32 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @erf_twice
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z15__spirv_ocl_erff(%[[X]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (f32) -> f32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z15__spirv_ocl_erff(%[[Y]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (f32) -> f32
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[CALL]], %[[CALL_1]] : f32
// CHECK-NEXT: llvm.return %[[FADD]] : f32
spirv.module Physical64 OpenCL {
  spirv.func @erf_twice(%x: f32, %y: f32) -> f32 "None" {
    %0 = spirv.CL.erf %x : f32
    %1 = spirv.CL.erf %y : f32
    %2 = spirv.FAdd %0, %1 : f32
    spirv.ReturnValue %2 : f32
  }
}

// -----

// printf: the C library's, variadic; narrow integers and floats promoted as
// C's variadic calls need; OpenCL's result (0, or -1 on failure).
// CHECK: llvm.func @printf(!llvm.ptr, ...) -> i32 attributes {no_unwind}
// CHECK-LABEL: llvm.func @print(
// CHECK-SAME: %[[F:.*]]: !llvm.ptr, %[[X:.*]]: i32, %[[C:.*]]: i8, %[[Y:.*]]: f32, %[[D:.*]]: f64, %[[S:.*]]: !llvm.ptr) -> i32
// CHECK-NEXT: %[[C32:.*]] = llvm.sext %[[C]] : i8 to i32
// CHECK-NEXT: %[[Y64:.*]] = llvm.fpext %[[Y]] : f32 to f64
// CHECK-NEXT: %[[CALL:.*]] = llvm.call @printf(%[[F]], %[[X]], %[[C32]], %[[Y64]], %[[D]], %[[S]]) vararg(!llvm.func<i32 (ptr, ...)>) {no_unwind} : (!llvm.ptr, i32, i32, f64, f64, !llvm.ptr) -> i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[FAILED:.*]] = llvm.icmp "slt" %[[CALL]], %[[ZERO]] : i32
// CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %[[OK:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[RESULT:.*]] = llvm.select %[[FAILED]], %[[MINUS_ONE]], %[[OK]] : i1, i32
// CHECK-NEXT: llvm.return %[[RESULT]] : i32
spirv.module Physical64 OpenCL {
  spirv.func @print(%format: !spirv.ptr<i8, UniformConstant>, %x: i32, %c: i8, %y: f32, %d: f64, %s: !spirv.ptr<i8, UniformConstant>) -> i32 "None" {
    %0 = spirv.CL.printf %format %x, %c, %y, %d, %s : !spirv.ptr<i8, UniformConstant>, i32, i8, f32, f64, !spirv.ptr<i8, UniformConstant> -> i32
    spirv.ReturnValue %0 : i32
  }
}

// -----

// printf with a vector argument (OpenCL's %v2hlf): the host function
// __spvabi_printf(format, slots, count), every argument (a vector lane by
// lane) promoted into an 8-byte slot of a stack array freed after the call.
// CHECK: llvm.func @__spvabi_printf(!llvm.ptr, !llvm.ptr, i32) -> i32 attributes {no_unwind}
// CHECK-LABEL: llvm.func @print_vector(
// CHECK-SAME: %[[F:.*]]: !llvm.ptr, %[[V:.*]]: vector<2xf32>, %[[N:.*]]: i16) -> i32
// CHECK: %[[L0:.*]] = llvm.extractelement %[[V]][%{{.*}} : i32] : vector<2xf32>
// CHECK-NEXT: %[[W0:.*]] = llvm.fpext %[[L0]] : f32 to f64
// CHECK-NEXT: %[[B0:.*]] = llvm.bitcast %[[W0]] : f64 to i64
// CHECK: %[[L1:.*]] = llvm.extractelement %[[V]][%{{.*}} : i32] : vector<2xf32>
// CHECK-NEXT: %[[W1:.*]] = llvm.fpext %[[L1]] : f32 to f64
// CHECK-NEXT: %[[B1:.*]] = llvm.bitcast %[[W1]] : f64 to i64
// CHECK-NEXT: %[[N64:.*]] = llvm.sext %[[N]] : i16 to i64
// CHECK-NEXT: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: %[[COUNT:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[SLOTS:.*]] = llvm.alloca %[[COUNT]] x i64 : (i32) -> !llvm.ptr
// CHECK: llvm.store %[[B0]], %{{.*}} : i64, !llvm.ptr
// CHECK: llvm.store %[[B1]], %{{.*}} : i64, !llvm.ptr
// CHECK: llvm.store %[[N64]], %{{.*}} : i64, !llvm.ptr
// CHECK-NEXT: %[[CALL:.*]] = llvm.call @__spvabi_printf(%[[F]], %[[SLOTS]], %[[COUNT]]) {no_unwind} : (!llvm.ptr, !llvm.ptr, i32) -> i32
// CHECK-NEXT: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK: llvm.icmp "slt" %[[CALL]]
spirv.module Physical64 OpenCL {
  spirv.func @print_vector(%format: !spirv.ptr<i8, UniformConstant>, %v: vector<2xf32>, %n: i16) -> i32 "None" {
    %0 = spirv.CL.printf %format %v, %n : !spirv.ptr<i8, UniformConstant>, vector<2xf32>, i16 -> i32
    spirv.ReturnValue %0 : i32
  }
}
