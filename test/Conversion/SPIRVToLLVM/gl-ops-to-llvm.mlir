// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// Direct conversions: the manual's table (as upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @ceil_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[CEIL:.*]] = llvm.intr.ceil(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[CEIL]] : f32
spirv.func @ceil_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Ceil %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @ceil_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[CEIL:.*]] = llvm.intr.ceil(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[CEIL]] : vector<3xf16>
spirv.func @ceil_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Ceil %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @cos_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[COS:.*]] = llvm.intr.cos(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[COS]] : f32
spirv.func @cos_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Cos %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @cos_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[COS:.*]] = llvm.intr.cos(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[COS]] : vector<3xf16>
spirv.func @cos_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Cos %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @exp_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[EXP:.*]] = llvm.intr.exp(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[EXP]] : f32
spirv.func @exp_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Exp %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @exp_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[EXP:.*]] = llvm.intr.exp(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[EXP]] : vector<3xf16>
spirv.func @exp_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Exp %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @fabs_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[FABS:.*]] = llvm.intr.fabs(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[FABS]] : f32
spirv.func @fabs_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.FAbs %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fabs_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FABS:.*]] = llvm.intr.fabs(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[FABS]] : vector<3xf16>
spirv.func @fabs_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.FAbs %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @floor_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[FLOOR:.*]] = llvm.intr.floor(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[FLOOR]] : f32
spirv.func @floor_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Floor %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @floor_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FLOOR:.*]] = llvm.intr.floor(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[FLOOR]] : vector<3xf16>
spirv.func @floor_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Floor %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @log_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[LOG]] : f32
spirv.func @log_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Log %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @log_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[LOG]] : vector<3xf16>
spirv.func @log_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Log %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @sin_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[SIN:.*]] = llvm.intr.sin(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[SIN]] : f32
spirv.func @sin_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Sin %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @sin_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[SIN:.*]] = llvm.intr.sin(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[SIN]] : vector<3xf16>
spirv.func @sin_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Sin %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @sqrt_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[SQRT]] : f32
spirv.func @sqrt_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Sqrt %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @sqrt_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[SQRT]] : vector<3xf16>
spirv.func @sqrt_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Sqrt %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @fmax_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.return %[[MAXNUM]] : f32
spirv.func @fmax_scalar(%x: f32, %y: f32) -> f32 "None" {
  %0 = spirv.GL.FMax %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fmax_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>, %[[Y:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[X]], %[[Y]]) : (vector<2xf64>, vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: llvm.return %[[MAXNUM]] : vector<2xf64>
spirv.func @fmax_vector(%x: vector<2xf64>, %y: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.GL.FMax %x, %y : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

// CHECK-LABEL: @fmin_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.return %[[MINNUM]] : f32
spirv.func @fmin_scalar(%x: f32, %y: f32) -> f32 "None" {
  %0 = spirv.GL.FMin %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fmin_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>, %[[Y:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[X]], %[[Y]]) : (vector<2xf64>, vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: llvm.return %[[MINNUM]] : vector<2xf64>
spirv.func @fmin_vector(%x: vector<2xf64>, %y: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.GL.FMin %x, %y : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

// CHECK-LABEL: @smax_scalar
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT: llvm.return %[[SMAX]] : i32
spirv.func @smax_scalar(%x: i32, %y: i32) -> i32 "None" {
  %0 = spirv.GL.SMax %x, %y : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @smax_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi16>, %[[Y:.*]]: vector<3xi16>) -> vector<3xi16>
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[X]], %[[Y]]) : (vector<3xi16>, vector<3xi16>) -> vector<3xi16>
// CHECK-NEXT: llvm.return %[[SMAX]] : vector<3xi16>
spirv.func @smax_vector(%x: vector<3xi16>, %y: vector<3xi16>) -> vector<3xi16> "None" {
  %0 = spirv.GL.SMax %x, %y : vector<3xi16>
  spirv.ReturnValue %0 : vector<3xi16>
}

// -----

// CHECK-LABEL: @smin_scalar
// CHECK-SAME: (%[[X:.*]]: i64, %[[Y:.*]]: i64) -> i64
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[X]], %[[Y]]) : (i64, i64) -> i64
// CHECK-NEXT: llvm.return %[[SMIN]] : i64
spirv.func @smin_scalar(%x: si64, %y: si64) -> si64 "None" {
  %0 = spirv.GL.SMin %x, %y : si64
  spirv.ReturnValue %0 : si64
}

// -----

// CHECK-LABEL: @smin_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>, %[[Y:.*]]: vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[X]], %[[Y]]) : (vector<2xi32>, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return %[[SMIN]] : vector<2xi32>
spirv.func @smin_vector(%x: vector<2xsi32>, %y: vector<2xsi32>) -> vector<2xsi32> "None" {
  %0 = spirv.GL.SMin %x, %y : vector<2xsi32>
  spirv.ReturnValue %0 : vector<2xsi32>
}

// -----

//===----------------------------------------------------------------------===//
// Direct conversions beyond the manual: Tan and Tanh (as upstream 22)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @tan_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[TAN:.*]] = llvm.intr.tan(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[TAN]] : f32
spirv.func @tan_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Tan %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @tan_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[TAN:.*]] = llvm.intr.tan(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[TAN]] : vector<3xf16>
spirv.func @tan_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Tan %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @tanh_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[TANH:.*]] = llvm.intr.tanh(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[TANH]] : f32
spirv.func @tanh_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Tanh %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @tanh_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[TANH:.*]] = llvm.intr.tanh(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[TANH]] : vector<3xf16>
spirv.func @tanh_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Tanh %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

//===----------------------------------------------------------------------===//
// Direct conversions beyond upstream
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @acos_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ACOS:.*]] = llvm.intr.acos(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[ACOS]] : f32
spirv.func @acos_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Acos %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @acos_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[ACOS:.*]] = llvm.intr.acos(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[ACOS]] : vector<2xf32>
spirv.func @acos_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Acos %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @asin_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ASIN:.*]] = llvm.intr.asin(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[ASIN]] : f32
spirv.func @asin_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Asin %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @asin_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[ASIN:.*]] = llvm.intr.asin(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[ASIN]] : vector<2xf32>
spirv.func @asin_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Asin %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @atan_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ATAN:.*]] = llvm.intr.atan(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[ATAN]] : f32
spirv.func @atan_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Atan %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @atan_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[ATAN:.*]] = llvm.intr.atan(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[ATAN]] : vector<2xf32>
spirv.func @atan_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Atan %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @cosh_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[COSH:.*]] = llvm.intr.cosh(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[COSH]] : f32
spirv.func @cosh_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Cosh %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @cosh_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[COSH:.*]] = llvm.intr.cosh(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[COSH]] : vector<2xf32>
spirv.func @cosh_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Cosh %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @sinh_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[SINH:.*]] = llvm.intr.sinh(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[SINH]] : f32
spirv.func @sinh_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Sinh %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @sinh_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[SINH:.*]] = llvm.intr.sinh(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[SINH]] : vector<2xf32>
spirv.func @sinh_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Sinh %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @exp2_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[EXP2:.*]] = llvm.intr.exp2(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[EXP2]] : f32
spirv.func @exp2_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Exp2 %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @exp2_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[EXP2:.*]] = llvm.intr.exp2(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[EXP2]] : vector<2xf32>
spirv.func @exp2_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Exp2 %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @log2_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[LOG2:.*]] = llvm.intr.log2(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[LOG2]] : f32
spirv.func @log2_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Log2 %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @log2_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[LOG2:.*]] = llvm.intr.log2(%[[X]]) : (vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: llvm.return %[[LOG2]] : vector<2xf32>
spirv.func @log2_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Log2 %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @round_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ROUND:.*]] = llvm.intr.round(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[ROUND]] : f32
spirv.func @round_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Round %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @round_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[ROUND:.*]] = llvm.intr.round(%[[X]]) : (vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: llvm.return %[[ROUND]] : vector<2xf64>
spirv.func @round_vector(%x: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.GL.Round %x : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

// CHECK-LABEL: @roundeven_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ROUNDEVEN:.*]] = llvm.intr.roundeven(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[ROUNDEVEN]] : f32
spirv.func @roundeven_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.RoundEven %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @roundeven_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[ROUNDEVEN:.*]] = llvm.intr.roundeven(%[[X]]) : (vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: llvm.return %[[ROUNDEVEN]] : vector<2xf64>
spirv.func @roundeven_vector(%x: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.GL.RoundEven %x : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

// CHECK-LABEL: @pow_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-NEXT: %[[POW:.*]] = llvm.intr.pow(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.return %[[POW]] : f32
spirv.func @pow_scalar(%x: f32, %y: f32) -> f32 "None" {
  %0 = spirv.GL.Pow %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @pow_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>, %[[Y:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[POW:.*]] = llvm.intr.pow(%[[X]], %[[Y]]) : (vector<3xf16>, vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[POW]] : vector<3xf16>
spirv.func @pow_vector(%x: vector<3xf16>, %y: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Pow %x, %y : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @umax_scalar
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32) -> i32
// CHECK-NEXT: %[[UMAX:.*]] = llvm.intr.umax(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT: llvm.return %[[UMAX]] : i32
spirv.func @umax_scalar(%x: ui32, %y: ui32) -> ui32 "None" {
  %0 = spirv.GL.UMax %x, %y : ui32
  spirv.ReturnValue %0 : ui32
}

// -----

// CHECK-LABEL: @umax_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xi8>, %[[Y:.*]]: vector<4xi8>) -> vector<4xi8>
// CHECK-NEXT: %[[UMAX:.*]] = llvm.intr.umax(%[[X]], %[[Y]]) : (vector<4xi8>, vector<4xi8>) -> vector<4xi8>
// CHECK-NEXT: llvm.return %[[UMAX]] : vector<4xi8>
spirv.func @umax_vector(%x: vector<4xi8>, %y: vector<4xi8>) -> vector<4xi8> "None" {
  %0 = spirv.GL.UMax %x, %y : vector<4xi8>
  spirv.ReturnValue %0 : vector<4xi8>
}

// -----

// CHECK-LABEL: @umin_scalar
// CHECK-SAME: (%[[X:.*]]: i64, %[[Y:.*]]: i64) -> i64
// CHECK-NEXT: %[[UMIN:.*]] = llvm.intr.umin(%[[X]], %[[Y]]) : (i64, i64) -> i64
// CHECK-NEXT: llvm.return %[[UMIN]] : i64
spirv.func @umin_scalar(%x: i64, %y: i64) -> i64 "None" {
  %0 = spirv.GL.UMin %x, %y : i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @umin_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi16>, %[[Y:.*]]: vector<2xi16>) -> vector<2xi16>
// CHECK-NEXT: %[[UMIN:.*]] = llvm.intr.umin(%[[X]], %[[Y]]) : (vector<2xi16>, vector<2xi16>) -> vector<2xi16>
// CHECK-NEXT: llvm.return %[[UMIN]] : vector<2xi16>
spirv.func @umin_vector(%x: vector<2xui16>, %y: vector<2xui16>) -> vector<2xui16> "None" {
  %0 = spirv.GL.UMin %x, %y : vector<2xui16>
  spirv.ReturnValue %0 : vector<2xui16>
}

// -----

// CHECK-LABEL: @fma_scalar
// CHECK-SAME: (%[[X:.*]]: f64, %[[Y:.*]]: f64, %[[Z:.*]]: f64) -> f64
// CHECK-NEXT: %[[FMA:.*]] = llvm.intr.fma(%[[X]], %[[Y]], %[[Z]]) : (f64, f64, f64) -> f64
// CHECK-NEXT: llvm.return %[[FMA]] : f64
spirv.func @fma_scalar(%x: f64, %y: f64, %z: f64) -> f64 "None" {
  %0 = spirv.GL.Fma %x, %y, %z : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @fma_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[Y:.*]]: vector<4xf32>, %[[Z:.*]]: vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[FMA:.*]] = llvm.intr.fma(%[[X]], %[[Y]], %[[Z]]) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return %[[FMA]] : vector<4xf32>
spirv.func @fma_vector(%x: vector<4xf32>, %y: vector<4xf32>, %z: vector<4xf32>) -> vector<4xf32> "None" {
  %0 = spirv.GL.Fma %x, %y, %z : vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.GL.InverseSqrt (as upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @inverse_sqrt_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (f32) -> f32
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[ONE]], %[[SQRT]] : f32
// CHECK-NEXT: llvm.return %[[FDIV]] : f32
spirv.func @inverse_sqrt_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.InverseSqrt %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @inverse_sqrt_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<2xf64>) : vector<2xf64>
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[X]]) : (vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[ONE]], %[[SQRT]] : vector<2xf64>
// CHECK-NEXT: llvm.return %[[FDIV]] : vector<2xf64>
spirv.func @inverse_sqrt_vector(%x: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.GL.InverseSqrt %x : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

//===----------------------------------------------------------------------===//
// Expansions beyond upstream
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @sabs_scalar
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: %[[ABS:.*]] = "llvm.intr.abs"(%[[X]]) <{is_int_min_poison = false}> : (i32) -> i32
// CHECK-NEXT: llvm.return %[[ABS]] : i32
spirv.func @sabs_scalar(%x: i32) -> i32 "None" {
  %0 = spirv.GL.SAbs %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @sabs_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi16>) -> vector<3xi16>
// CHECK-NEXT: %[[ABS:.*]] = "llvm.intr.abs"(%[[X]]) <{is_int_min_poison = false}> : (vector<3xi16>) -> vector<3xi16>
// CHECK-NEXT: llvm.return %[[ABS]] : vector<3xi16>
spirv.func @sabs_vector(%x: vector<3xsi16>) -> vector<3xsi16> "None" {
  %0 = spirv.GL.SAbs %x : vector<3xsi16>
  spirv.ReturnValue %0 : vector<3xsi16>
}

// -----

// CHECK-LABEL: @fclamp_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32) -> f32
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[MAXNUM]], %[[Z]]) : (f32, f32) -> f32
// CHECK-NEXT: llvm.return %[[MINNUM]] : f32
spirv.func @fclamp_scalar(%x: f32, %y: f32, %z: f32) -> f32 "None" {
  %0 = spirv.GL.FClamp %x, %y, %z : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fclamp_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>, %[[Y:.*]]: vector<3xf16>, %[[Z:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[X]], %[[Y]]) : (vector<3xf16>, vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[MAXNUM]], %[[Z]]) : (vector<3xf16>, vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[MINNUM]] : vector<3xf16>
spirv.func @fclamp_vector(%x: vector<3xf16>, %y: vector<3xf16>, %z: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.FClamp %x, %y, %z : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @sclamp_scalar
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32, %[[Z:.*]]: i32) -> i32
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[X]], %[[Y]]) : (i32, i32) -> i32
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[SMAX]], %[[Z]]) : (i32, i32) -> i32
// CHECK-NEXT: llvm.return %[[SMIN]] : i32
spirv.func @sclamp_scalar(%x: si32, %y: si32, %z: si32) -> si32 "None" {
  %0 = spirv.GL.SClamp %x, %y, %z : si32
  spirv.ReturnValue %0 : si32
}

// -----

// CHECK-LABEL: @sclamp_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi64>, %[[Y:.*]]: vector<2xi64>, %[[Z:.*]]: vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[X]], %[[Y]]) : (vector<2xi64>, vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[SMAX]], %[[Z]]) : (vector<2xi64>, vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: llvm.return %[[SMIN]] : vector<2xi64>
spirv.func @sclamp_vector(%x: vector<2xi64>, %y: vector<2xi64>, %z: vector<2xi64>) -> vector<2xi64> "None" {
  %0 = spirv.GL.SClamp %x, %y, %z : vector<2xi64>
  spirv.ReturnValue %0 : vector<2xi64>
}

// -----

// CHECK-LABEL: @uclamp_scalar
// CHECK-SAME: (%[[X:.*]]: i8, %[[Y:.*]]: i8, %[[Z:.*]]: i8) -> i8
// CHECK-NEXT: %[[UMAX:.*]] = llvm.intr.umax(%[[X]], %[[Y]]) : (i8, i8) -> i8
// CHECK-NEXT: %[[UMIN:.*]] = llvm.intr.umin(%[[UMAX]], %[[Z]]) : (i8, i8) -> i8
// CHECK-NEXT: llvm.return %[[UMIN]] : i8
spirv.func @uclamp_scalar(%x: ui8, %y: ui8, %z: ui8) -> ui8 "None" {
  %0 = spirv.GL.UClamp %x, %y, %z : ui8
  spirv.ReturnValue %0 : ui8
}

// -----

// CHECK-LABEL: @uclamp_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi32>, %[[Y:.*]]: vector<3xi32>, %[[Z:.*]]: vector<3xi32>) -> vector<3xi32>
// CHECK-NEXT: %[[UMAX:.*]] = llvm.intr.umax(%[[X]], %[[Y]]) : (vector<3xi32>, vector<3xi32>) -> vector<3xi32>
// CHECK-NEXT: %[[UMIN:.*]] = llvm.intr.umin(%[[UMAX]], %[[Z]]) : (vector<3xi32>, vector<3xi32>) -> vector<3xi32>
// CHECK-NEXT: llvm.return %[[UMIN]] : vector<3xi32>
spirv.func @uclamp_vector(%x: vector<3xui32>, %y: vector<3xui32>, %z: vector<3xui32>) -> vector<3xui32> "None" {
  %0 = spirv.GL.UClamp %x, %y, %z : vector<3xui32>
  spirv.ReturnValue %0 : vector<3xui32>
}

// -----

// CHECK-LABEL: @fsign_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[CMP:.*]] = llvm.fcmp "one" %[[X]], %[[ZERO]] : f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %[[COPYSIGN:.*]] = llvm.intr.copysign(%[[ONE]], %[[X]]) : (f32, f32) -> f32
// CHECK-NEXT: %[[SEL:.*]] = llvm.select %[[CMP]], %[[COPYSIGN]], %[[X]] : i1, f32
// CHECK-NEXT: llvm.return %[[SEL]] : f32
spirv.func @fsign_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.FSign %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fsign_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0.000000e+00> : vector<2xf64>) : vector<2xf64>
// CHECK-NEXT: %[[CMP:.*]] = llvm.fcmp "one" %[[X]], %[[ZERO]] : vector<2xf64>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<2xf64>) : vector<2xf64>
// CHECK-NEXT: %[[COPYSIGN:.*]] = llvm.intr.copysign(%[[ONE]], %[[X]]) : (vector<2xf64>, vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: %[[SEL:.*]] = llvm.select %[[CMP]], %[[COPYSIGN]], %[[X]] : vector<2xi1>, vector<2xf64>
// CHECK-NEXT: llvm.return %[[SEL]] : vector<2xf64>
spirv.func @fsign_vector(%x: vector<2xf64>) -> vector<2xf64> "None" {
  %0 = spirv.GL.FSign %x : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

// CHECK-LABEL: @ssign_scalar
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[X]], %[[ONE]]) : (i32, i32) -> i32
// CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[SMIN]], %[[MINUS_ONE]]) : (i32, i32) -> i32
// CHECK-NEXT: llvm.return %[[SMAX]] : i32
spirv.func @ssign_scalar(%x: i32) -> i32 "None" {
  %0 = spirv.GL.SSign %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @ssign_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi16>) -> vector<2xi16>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1> : vector<2xi16>) : vector<2xi16>
// CHECK-NEXT: %[[SMIN:.*]] = llvm.intr.smin(%[[X]], %[[ONE]]) : (vector<2xi16>, vector<2xi16>) -> vector<2xi16>
// CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(dense<-1> : vector<2xi16>) : vector<2xi16>
// CHECK-NEXT: %[[SMAX:.*]] = llvm.intr.smax(%[[SMIN]], %[[MINUS_ONE]]) : (vector<2xi16>, vector<2xi16>) -> vector<2xi16>
// CHECK-NEXT: llvm.return %[[SMAX]] : vector<2xi16>
spirv.func @ssign_vector(%x: vector<2xi16>) -> vector<2xi16> "None" {
  %0 = spirv.GL.SSign %x : vector<2xi16>
  spirv.ReturnValue %0 : vector<2xi16>
}

// -----

// CHECK-LABEL: @fract_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[FLOOR:.*]] = llvm.intr.floor(%[[X]]) : (f32) -> f32
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[X]], %[[FLOOR]] : f32
// CHECK-NEXT: llvm.return %[[FSUB]] : f32
spirv.func @fract_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Fract %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fract_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FLOOR:.*]] = llvm.intr.floor(%[[X]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[X]], %[[FLOOR]] : vector<3xf16>
// CHECK-NEXT: llvm.return %[[FSUB]] : vector<3xf16>
spirv.func @fract_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Fract %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @find_ilsb_scalar
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: %[[CTTZ:.*]] = "llvm.intr.cttz"(%[[X]]) <{is_zero_poison = false}> : (i32) -> i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CMP:.*]] = llvm.icmp "eq" %[[X]], %[[ZERO]] : i32
// CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: %[[SEL:.*]] = llvm.select %[[CMP]], %[[MINUS_ONE]], %[[CTTZ]] : i1, i32
// CHECK-NEXT: llvm.return %[[SEL]] : i32
spirv.func @find_ilsb_scalar(%x: i32) -> i32 "None" {
  %0 = spirv.GL.FindILsb %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @find_ilsb_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: %[[CTTZ:.*]] = "llvm.intr.cttz"(%[[X]]) <{is_zero_poison = false}> : (vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<2xi64>) : vector<2xi64>
// CHECK-NEXT: %[[CMP:.*]] = llvm.icmp "eq" %[[X]], %[[ZERO]] : vector<2xi64>
// CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(dense<-1> : vector<2xi64>) : vector<2xi64>
// CHECK-NEXT: %[[SEL:.*]] = llvm.select %[[CMP]], %[[MINUS_ONE]], %[[CTTZ]] : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: llvm.return %[[SEL]] : vector<2xi64>
spirv.func @find_ilsb_vector(%x: vector<2xi64>) -> vector<2xi64> "None" {
  %0 = spirv.GL.FindILsb %x : vector<2xi64>
  spirv.ReturnValue %0 : vector<2xi64>
}

// -----

// CHECK-LABEL: @find_umsb_scalar
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: %[[CTLZ:.*]] = "llvm.intr.ctlz"(%[[X]]) <{is_zero_poison = false}> : (i32) -> i32
// CHECK-NEXT: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %[[SUB:.*]] = llvm.sub %[[C31]], %[[CTLZ]] : i32
// CHECK-NEXT: llvm.return %[[SUB]] : i32
spirv.func @find_umsb_scalar(%x: i32) -> i32 "None" {
  %0 = spirv.GL.FindUMsb %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @find_umsb_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi32>) -> vector<3xi32>
// CHECK-NEXT: %[[CTLZ:.*]] = "llvm.intr.ctlz"(%[[X]]) <{is_zero_poison = false}> : (vector<3xi32>) -> vector<3xi32>
// CHECK-NEXT: %[[C31:.*]] = llvm.mlir.constant(dense<31> : vector<3xi32>) : vector<3xi32>
// CHECK-NEXT: %[[SUB:.*]] = llvm.sub %[[C31]], %[[CTLZ]] : vector<3xi32>
// CHECK-NEXT: llvm.return %[[SUB]] : vector<3xi32>
spirv.func @find_umsb_vector(%x: vector<3xi32>) -> vector<3xi32> "None" {
  %0 = spirv.GL.FindUMsb %x : vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi32>
}

// -----

// CHECK-LABEL: @find_smsb_scalar
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %[[ASHR:.*]] = llvm.ashr %[[X]], %[[C31]] : i32
// CHECK-NEXT: %[[XOR:.*]] = llvm.xor %[[X]], %[[ASHR]] : i32
// CHECK-NEXT: %[[CTLZ:.*]] = "llvm.intr.ctlz"(%[[XOR]]) <{is_zero_poison = false}> : (i32) -> i32
// CHECK-NEXT: %[[SUB:.*]] = llvm.sub %[[C31]], %[[CTLZ]] : i32
// CHECK-NEXT: llvm.return %[[SUB]] : i32
spirv.func @find_smsb_scalar(%x: i32) -> i32 "None" {
  %0 = spirv.GL.FindSMsb %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @find_smsb_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: %[[C31:.*]] = llvm.mlir.constant(dense<31> : vector<2xi32>) : vector<2xi32>
// CHECK-NEXT: %[[ASHR:.*]] = llvm.ashr %[[X]], %[[C31]] : vector<2xi32>
// CHECK-NEXT: %[[XOR:.*]] = llvm.xor %[[X]], %[[ASHR]] : vector<2xi32>
// CHECK-NEXT: %[[CTLZ:.*]] = "llvm.intr.ctlz"(%[[XOR]]) <{is_zero_poison = false}> : (vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: %[[SUB:.*]] = llvm.sub %[[C31]], %[[CTLZ]] : vector<2xi32>
// CHECK-NEXT: llvm.return %[[SUB]] : vector<2xi32>
spirv.func @find_smsb_vector(%x: vector<2xi32>) -> vector<2xi32> "None" {
  %0 = spirv.GL.FindSMsb %x : vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

//===----------------------------------------------------------------------===//
// Inverse hyperbolic functions (expansions beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @asinh_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[FMUL]], %[[ONE]] : f32
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[FADD]]) : (f32) -> f32
// CHECK-NEXT: %[[FADD_1:.*]] = llvm.fadd %[[X]], %[[SQRT]] : f32
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[FADD_1]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[LOG]] : f32
spirv.func @asinh_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Asinh %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @asinh_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf16>) : vector<3xf16>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[X]] : vector<3xf16>
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[FMUL]], %[[ONE]] : vector<3xf16>
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[FADD]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FADD_1:.*]] = llvm.fadd %[[X]], %[[SQRT]] : vector<3xf16>
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[FADD_1]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[LOG]] : vector<3xf16>
spirv.func @asinh_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Asinh %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @acosh_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[X]] : f32
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[FMUL]], %[[ONE]] : f32
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[FSUB]]) : (f32) -> f32
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[X]], %[[SQRT]] : f32
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[FADD]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[LOG]] : f32
spirv.func @acosh_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Acosh %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @acosh_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf16>) : vector<3xf16>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[X]] : vector<3xf16>
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[FMUL]], %[[ONE]] : vector<3xf16>
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[FSUB]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[X]], %[[SQRT]] : vector<3xf16>
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[FADD]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: llvm.return %[[LOG]] : vector<3xf16>
spirv.func @acosh_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Acosh %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

// CHECK-LABEL: @atanh_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[ONE]], %[[X]] : f32
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[ONE]], %[[X]] : f32
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[FADD]], %[[FSUB]] : f32
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[FDIV]]) : (f32) -> f32
// CHECK-NEXT: %[[HALF:.*]] = llvm.mlir.constant(5.000000e-01 : f32) : f32
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[HALF]], %[[LOG]] : f32
// CHECK-NEXT: llvm.return %[[FMUL]] : f32
spirv.func @atanh_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Atanh %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @atanh_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf16>) : vector<3xf16>
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[ONE]], %[[X]] : vector<3xf16>
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[ONE]], %[[X]] : vector<3xf16>
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[FADD]], %[[FSUB]] : vector<3xf16>
// CHECK-NEXT: %[[LOG:.*]] = llvm.intr.log(%[[FDIV]]) : (vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[HALF:.*]] = llvm.mlir.constant(dense<5.000000e-01> : vector<3xf16>) : vector<3xf16>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[HALF]], %[[LOG]] : vector<3xf16>
// CHECK-NEXT: llvm.return %[[FMUL]] : vector<3xf16>
spirv.func @atanh_vector(%x: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.Atanh %x : vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

//===----------------------------------------------------------------------===//
// Geometric functions and FMix (expansions beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @length_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[FABS:.*]] = llvm.intr.fabs(%[[X]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[FABS]] : f32
spirv.func @length_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Length %x : f32 -> f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @length_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf32>) -> f32
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[X]] : vector<3xf32>
// CHECK-NEXT: %[[START:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[SUM:.*]] = "llvm.intr.vector.reduce.fadd"(%[[START]], %[[FMUL]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<3xf32>) -> f32
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[SUM]]) : (f32) -> f32
// CHECK-NEXT: llvm.return %[[SQRT]] : f32
spirv.func @length_vector(%x: vector<3xf32>) -> f32 "None" {
  %0 = spirv.GL.Length %x : vector<3xf32> -> f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @distance_scalar
// CHECK-SAME: (%[[X:.*]]: f16, %[[Y:.*]]: f16) -> f16
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[X]], %[[Y]] : f16
// CHECK-NEXT: %[[FABS:.*]] = llvm.intr.fabs(%[[FSUB]]) : (f16) -> f16
// CHECK-NEXT: llvm.return %[[FABS]] : f16
spirv.func @distance_scalar(%x: f16, %y: f16) -> f16 "None" {
  %0 = spirv.GL.Distance %x, %y : f16, f16 -> f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @distance_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf64>, %[[Y:.*]]: vector<4xf64>) -> f64
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[X]], %[[Y]] : vector<4xf64>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[FSUB]], %[[FSUB]] : vector<4xf64>
// CHECK-NEXT: %[[START:.*]] = llvm.mlir.constant(-0.000000e+00 : f64) : f64
// CHECK-NEXT: %[[SUM:.*]] = "llvm.intr.vector.reduce.fadd"(%[[START]], %[[FMUL]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f64, vector<4xf64>) -> f64
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[SUM]]) : (f64) -> f64
// CHECK-NEXT: llvm.return %[[SQRT]] : f64
spirv.func @distance_vector(%x: vector<4xf64>, %y: vector<4xf64>) -> f64 "None" {
  %0 = spirv.GL.Distance %x, %y : vector<4xf64>, vector<4xf64> -> f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @cross
// CHECK-SAME: (%[[X:.*]]: vector<3xf32>, %[[Y:.*]]: vector<3xf32>) -> vector<3xf32>
// CHECK-NEXT: %[[SHUF:.*]] = llvm.shufflevector %[[X]], %[[X]] [1, 2, 0] : vector<3xf32>
// CHECK-NEXT: %[[SHUF_1:.*]] = llvm.shufflevector %[[Y]], %[[Y]] [2, 0, 1] : vector<3xf32>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[SHUF]], %[[SHUF_1]] : vector<3xf32>
// CHECK-NEXT: %[[SHUF_2:.*]] = llvm.shufflevector %[[X]], %[[X]] [2, 0, 1] : vector<3xf32>
// CHECK-NEXT: %[[SHUF_3:.*]] = llvm.shufflevector %[[Y]], %[[Y]] [1, 2, 0] : vector<3xf32>
// CHECK-NEXT: %[[FMUL_1:.*]] = llvm.fmul %[[SHUF_2]], %[[SHUF_3]] : vector<3xf32>
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[FMUL]], %[[FMUL_1]] : vector<3xf32>
// CHECK-NEXT: llvm.return %[[FSUB]] : vector<3xf32>
spirv.func @cross(%x: vector<3xf32>, %y: vector<3xf32>) -> vector<3xf32> "None" {
  %0 = spirv.GL.Cross %x, %y : vector<3xf32>
  spirv.ReturnValue %0 : vector<3xf32>
}

// -----

// CHECK-LABEL: @normalize_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> f32
// CHECK-NEXT: %[[FABS:.*]] = llvm.intr.fabs(%[[X]]) : (f32) -> f32
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[X]], %[[FABS]] : f32
// CHECK-NEXT: llvm.return %[[FDIV]] : f32
spirv.func @normalize_scalar(%x: f32) -> f32 "None" {
  %0 = spirv.GL.Normalize %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @normalize_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[X]] : vector<2xf32>
// CHECK-NEXT: %[[START:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[SUM:.*]] = "llvm.intr.vector.reduce.fadd"(%[[START]], %[[FMUL]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<2xf32>) -> f32
// CHECK-NEXT: %[[SQRT:.*]] = llvm.intr.sqrt(%[[SUM]]) : (f32) -> f32
// CHECK-NEXT: %[[POISON:.*]] = llvm.mlir.poison : vector<2xf32>
// CHECK-NEXT: %[[ZERO_1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[INS:.*]] = llvm.insertelement %[[SQRT]], %[[POISON]][%[[ZERO_1]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[INS_1:.*]] = llvm.insertelement %[[SQRT]], %[[INS]][%[[ONE]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[X]], %[[INS_1]] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[FDIV]] : vector<2xf32>
spirv.func @normalize_vector(%x: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Normalize %x : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @reflect_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32) -> f32
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[Y]], %[[X]] : f32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2.000000e+00 : f32) : f32
// CHECK-NEXT: %[[FMUL_1:.*]] = llvm.fmul %[[TWO]], %[[FMUL]] : f32
// CHECK-NEXT: %[[FMUL_2:.*]] = llvm.fmul %[[FMUL_1]], %[[Y]] : f32
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[X]], %[[FMUL_2]] : f32
// CHECK-NEXT: llvm.return %[[FSUB]] : f32
spirv.func @reflect_scalar(%x: f32, %y: f32) -> f32 "None" {
  %0 = spirv.GL.Reflect %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @reflect_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>, %[[Y:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[Y]], %[[X]] : vector<2xf32>
// CHECK-NEXT: %[[START:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[SUM:.*]] = "llvm.intr.vector.reduce.fadd"(%[[START]], %[[FMUL]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<2xf32>) -> f32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2.000000e+00 : f32) : f32
// CHECK-NEXT: %[[FMUL_1:.*]] = llvm.fmul %[[TWO]], %[[SUM]] : f32
// CHECK-NEXT: %[[POISON:.*]] = llvm.mlir.poison : vector<2xf32>
// CHECK-NEXT: %[[ZERO_1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[INS:.*]] = llvm.insertelement %[[FMUL_1]], %[[POISON]][%[[ZERO_1]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[INS_1:.*]] = llvm.insertelement %[[FMUL_1]], %[[INS]][%[[ONE]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[FMUL_2:.*]] = llvm.fmul %[[INS_1]], %[[Y]] : vector<2xf32>
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[X]], %[[FMUL_2]] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[FSUB]] : vector<2xf32>
spirv.func @reflect_vector(%x: vector<2xf32>, %y: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.GL.Reflect %x, %y : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @fmix_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[A:.*]]: f32) -> f32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[ONE]], %[[A]] : f32
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[FSUB]] : f32
// CHECK-NEXT: %[[FMUL_1:.*]] = llvm.fmul %[[Y]], %[[A]] : f32
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[FMUL]], %[[FMUL_1]] : f32
// CHECK-NEXT: llvm.return %[[FADD]] : f32
spirv.func @fmix_scalar(%x: f32, %y: f32, %a: f32) -> f32 "None" {
  %0 = spirv.GL.FMix %x : f32, %y : f32, %a : f32 -> f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @fmix_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf16>, %[[Y:.*]]: vector<3xf16>, %[[A:.*]]: vector<3xf16>) -> vector<3xf16>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<3xf16>) : vector<3xf16>
// CHECK-NEXT: %[[FSUB:.*]] = llvm.fsub %[[ONE]], %[[A]] : vector<3xf16>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[X]], %[[FSUB]] : vector<3xf16>
// CHECK-NEXT: %[[FMUL_1:.*]] = llvm.fmul %[[Y]], %[[A]] : vector<3xf16>
// CHECK-NEXT: %[[FADD:.*]] = llvm.fadd %[[FMUL]], %[[FMUL_1]] : vector<3xf16>
// CHECK-NEXT: llvm.return %[[FADD]] : vector<3xf16>
spirv.func @fmix_vector(%x: vector<3xf16>, %y: vector<3xf16>, %a: vector<3xf16>) -> vector<3xf16> "None" {
  %0 = spirv.GL.FMix %x : vector<3xf16>, %y : vector<3xf16>, %a : vector<3xf16> -> vector<3xf16>
  spirv.ReturnValue %0 : vector<3xf16>
}

// -----

//===----------------------------------------------------------------------===//
// Packing and exponent functions (expansions beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @pack_half_2x16
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>) -> i32
// CHECK-NEXT: %[[FPTRUNC:.*]] = llvm.fptrunc %[[X]] : vector<2xf32> to vector<2xf16>
// CHECK-NEXT: %[[BITCAST:.*]] = llvm.bitcast %[[FPTRUNC]] : vector<2xf16> to i32
// CHECK-NEXT: llvm.return %[[BITCAST]] : i32
spirv.func @pack_half_2x16(%x: vector<2xf32>) -> i32 "None" {
  %0 = spirv.GL.PackHalf2x16 %x : vector<2xf32> -> i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @unpack_half_2x16
// CHECK-SAME: (%[[X:.*]]: i32) -> vector<2xf32>
// CHECK-NEXT: %[[BITCAST:.*]] = llvm.bitcast %[[X]] : i32 to vector<2xf16>
// CHECK-NEXT: %[[FPEXT:.*]] = llvm.fpext %[[BITCAST]] : vector<2xf16> to vector<2xf32>
// CHECK-NEXT: llvm.return %[[FPEXT]] : vector<2xf32>
spirv.func @unpack_half_2x16(%x: i32) -> vector<2xf32> "None" {
  %0 = spirv.GL.UnpackHalf2x16 %x : i32 -> vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @pack_snorm_4x8
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>) -> i32
// CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(dense<-1.000000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[X]], %[[MINUS_ONE]]) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[MAXNUM]], %[[ONE]]) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[C127:.*]] = llvm.mlir.constant(dense<1.270000e+02> : vector<4xf32>) : vector<4xf32>
// CHECK-NEXT: %[[FMUL:.*]] = llvm.fmul %[[MINNUM]], %[[C127]] : vector<4xf32>
// CHECK-NEXT: %[[ROUND:.*]] = llvm.intr.roundeven(%[[FMUL]]) : (vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[FPTOSI:.*]] = llvm.fptosi %[[ROUND]] : vector<4xf32> to vector<4xi8>
// CHECK-NEXT: %[[BITCAST:.*]] = llvm.bitcast %[[FPTOSI]] : vector<4xi8> to i32
// CHECK-NEXT: llvm.return %[[BITCAST]] : i32
spirv.func @pack_snorm_4x8(%x: vector<4xf32>) -> i32 "None" {
  %0 = spirv.GL.PackSnorm4x8 %x : vector<4xf32> -> i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @unpack_snorm_4x8
// CHECK-SAME: (%[[X:.*]]: i32) -> vector<4xf32>
// CHECK-NEXT: %[[BITCAST:.*]] = llvm.bitcast %[[X]] : i32 to vector<4xi8>
// CHECK-NEXT: %[[SITOFP:.*]] = llvm.sitofp %[[BITCAST]] : vector<4xi8> to vector<4xf32>
// CHECK-NEXT: %[[C127:.*]] = llvm.mlir.constant(dense<1.270000e+02> : vector<4xf32>) : vector<4xf32>
// CHECK-NEXT: %[[FDIV:.*]] = llvm.fdiv %[[SITOFP]], %[[C127]] : vector<4xf32>
// CHECK-NEXT: %[[MINUS_ONE:.*]] = llvm.mlir.constant(dense<-1.000000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK-NEXT: %[[MAXNUM:.*]] = llvm.intr.maxnum(%[[FDIV]], %[[MINUS_ONE]]) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1.000000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK-NEXT: %[[MINNUM:.*]] = llvm.intr.minnum(%[[MAXNUM]], %[[ONE]]) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return %[[MINNUM]] : vector<4xf32>
spirv.func @unpack_snorm_4x8(%x: i32) -> vector<4xf32> "None" {
  %0 = spirv.GL.UnpackSnorm4x8 %x : i32 -> vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// CHECK-LABEL: @ldexp_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[E:.*]]: i32) -> f32
// CHECK-NEXT: %[[LDEXP:.*]] = llvm.intr.ldexp(%[[X]], %[[E]]) : (f32, i32) -> f32
// CHECK-NEXT: llvm.return %[[LDEXP]] : f32
spirv.func @ldexp_scalar(%x: f32, %e: i32) -> f32 "None" {
  %0 = spirv.GL.Ldexp %x : f32, %e : i32 -> f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @ldexp_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf64>, %[[E:.*]]: vector<3xi16>) -> vector<3xf64>
// CHECK-NEXT: %[[E32:.*]] = llvm.sext %[[E]] : vector<3xi16> to vector<3xi32>
// CHECK-NEXT: %[[LDEXP:.*]] = llvm.call_intrinsic "llvm.ldexp.v3f64.v3i32"(%[[X]], %[[E32]]) : (vector<3xf64>, vector<3xi32>) -> vector<3xf64>
// CHECK-NEXT: llvm.return %[[LDEXP]] : vector<3xf64>
spirv.func @ldexp_vector(%x: vector<3xf64>, %e: vector<3xi16>) -> vector<3xf64> "None" {
  %0 = spirv.GL.Ldexp %x : vector<3xf64>, %e : vector<3xi16> -> vector<3xf64>
  spirv.ReturnValue %0 : vector<3xf64>
}

// -----

// A 64-bit exponent is clamped to the i32 range, then truncated (LLVM's
// x86 back end would keep its low 32 bits).
// CHECK-LABEL: @ldexp_wide_exponent
// CHECK-SAME: (%[[X:.*]]: f32, %[[E:.*]]: i64) -> f32
// CHECK-DAG: %[[MAX:.*]] = llvm.mlir.constant(2147483647 : i64) : i64
// CHECK-DAG: %[[MIN:.*]] = llvm.mlir.constant(-2147483648 : i64) : i64
// CHECK: %[[BELOW:.*]] = llvm.intr.smin(%[[E]], %[[MAX]]) : (i64, i64) -> i64
// CHECK-NEXT: %[[CLAMPED:.*]] = llvm.intr.smax(%[[BELOW]], %[[MIN]]) : (i64, i64) -> i64
// CHECK-NEXT: %[[E32:.*]] = llvm.trunc %[[CLAMPED]] : i64 to i32
// CHECK-NEXT: %[[LDEXP:.*]] = llvm.intr.ldexp(%[[X]], %[[E32]]) : (f32, i32) -> f32
// CHECK-NEXT: llvm.return %[[LDEXP]] : f32
spirv.func @ldexp_wide_exponent(%x: f32, %e: i64) -> f32 "None" {
  %0 = spirv.GL.Ldexp %x : f32, %e : i64 -> f32
  spirv.ReturnValue %0 : f32
}

// -----

// FrexpStruct on the bits, not llvm.intr.frexp (LLVM 22 crashes on vector
// frexp, in the x86 back end and in VectorCombine): the magnitude, a
// subnormal scaled by 2^25, the exponent field, the significand with the
// field of 2^-1, zeros, infinities and NaNs kept with exponent 0.
// CHECK-LABEL: @frexp_struct_scalar
// CHECK-SAME: (%[[X:.*]]: f32) -> !llvm.struct<packed (f32, i32)>
// CHECK-NOT: llvm.intr.frexp
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[X]] : f32 to i32
// CHECK: %[[MAGNITUDE:.*]] = llvm.and %[[BITS]], %{{.*}} : i32
// CHECK: %[[SUBNORMAL:.*]] = llvm.icmp "ult" %[[MAGNITUDE]], %{{.*}} : i32
// CHECK: %[[ZERO:.*]] = llvm.icmp "eq" %[[MAGNITUDE]], %{{.*}} : i32
// CHECK: %[[SCALE:.*]] = llvm.mlir.constant(0x4C000000 : f32) : f32
// CHECK: %[[SCALED:.*]] = llvm.fmul %[[X]], %[[SCALE]] : f32
// CHECK: %[[NORMAL:.*]] = llvm.select %[[SUBNORMAL]], %[[SCALED]], %[[X]] : i1, f32
// CHECK: %[[NORMAL_BITS:.*]] = llvm.bitcast %[[NORMAL]] : f32 to i32
// CHECK: %[[SHIFTED:.*]] = llvm.lshr %[[NORMAL_BITS]], %{{.*}} : i32
// CHECK: %[[FIELD:.*]] = llvm.and %[[SHIFTED]], %[[ALL_ONES:.*]] : i32
// CHECK: %[[INF_NAN:.*]] = llvm.icmp "eq" %[[FIELD]], %[[ALL_ONES]] : i32
// CHECK: %[[SPECIAL:.*]] = llvm.or %[[INF_NAN]], %[[ZERO]] : i1
// CHECK: %[[CLEAR:.*]] = llvm.mlir.constant(-2139095041 : i32) : i32
// CHECK: %[[CLEARED:.*]] = llvm.and %[[NORMAL_BITS]], %[[CLEAR]] : i32
// CHECK: %[[HALF:.*]] = llvm.mlir.constant(1056964608 : i32) : i32
// CHECK: %[[M_BITS:.*]] = llvm.or %[[CLEARED]], %[[HALF]] : i32
// CHECK: %[[M:.*]] = llvm.bitcast %[[M_BITS]] : i32 to f32
// CHECK: %[[SIGNIFICAND:.*]] = llvm.select %[[SPECIAL]], %[[X]], %[[M]] : i1, f32
// CHECK: %[[E:.*]] = llvm.sub %[[FIELD]], %{{.*}} : i32
// CHECK: %[[E_SUB:.*]] = llvm.sub %[[E]], %{{.*}} : i32
// CHECK: %[[E_NORMAL:.*]] = llvm.select %[[SUBNORMAL]], %[[E_SUB]], %[[E]] : i1, i32
// CHECK: %[[EXPONENT:.*]] = llvm.select %[[SPECIAL]], %{{.*}}, %[[E_NORMAL]] : i1, i32
// CHECK-NEXT: %[[POISON:.*]] = llvm.mlir.poison : !llvm.struct<packed (f32, i32)>
// CHECK-NEXT: %[[INSERTVALUE:.*]] = llvm.insertvalue %[[SIGNIFICAND]], %[[POISON]][0] : !llvm.struct<packed (f32, i32)>
// CHECK-NEXT: %[[INSERTVALUE_1:.*]] = llvm.insertvalue %[[EXPONENT]], %[[INSERTVALUE]][1] : !llvm.struct<packed (f32, i32)>
// CHECK-NEXT: llvm.return %[[INSERTVALUE_1]] : !llvm.struct<packed (f32, i32)>
spirv.func @frexp_struct_scalar(%x: f32) -> !spirv.struct<(f32, i32)> "None" {
  %0 = spirv.GL.FrexpStruct %x : f32 -> !spirv.struct<(f32, i32)>
  spirv.ReturnValue %0 : !spirv.struct<(f32, i32)>
}

// -----

// Whole vectors at once: the same ops on vector<2xf64> and vector<2xi64>,
// the exponent truncated to 32 bits.
// CHECK-LABEL: @frexp_struct_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>) -> !llvm.struct<packed (vector<2xf64>, vector<2xi32>)>
// CHECK-NOT: llvm.intr.frexp
// CHECK: llvm.bitcast %[[X]] : vector<2xf64> to vector<2xi64>
// CHECK: llvm.fmul %[[X]], %{{.*}} : vector<2xf64>
// CHECK: llvm.trunc %{{.*}} : vector<2xi64> to vector<2xi32>
// CHECK: llvm.insertvalue %{{.*}}[1] : !llvm.struct<packed (vector<2xf64>, vector<2xi32>)>
spirv.func @frexp_struct_vector(%x: vector<2xf64>) -> !spirv.struct<(vector<2xf64>, vector<2xi32>)> "None" {
  %0 = spirv.GL.FrexpStruct %x : vector<2xf64> -> !spirv.struct<(vector<2xf64>, vector<2xi32>)>
  spirv.ReturnValue %0 : !spirv.struct<(vector<2xf64>, vector<2xi32>)>
}

// -----

// With explicit member offsets at their natural positions, the struct
// converts to an unpacked LLVM struct, built the same way.
// CHECK-LABEL: @frexp_struct_offsets
// CHECK-SAME: (%[[X:.*]]: f32) -> !llvm.struct<(f32, i32)>
// CHECK-NOT: llvm.intr.frexp
// CHECK: llvm.mlir.poison : !llvm.struct<(f32, i32)>
// CHECK: llvm.insertvalue %{{.*}}[1] : !llvm.struct<(f32, i32)>
// CHECK-NEXT: llvm.return %{{.*}} : !llvm.struct<(f32, i32)>
spirv.func @frexp_struct_offsets(%x: f32) -> !spirv.struct<(f32 [0], i32 [4])> "None" {
  %0 = spirv.GL.FrexpStruct %x : f32 -> !spirv.struct<(f32 [0], i32 [4])>
  spirv.ReturnValue %0 : !spirv.struct<(f32 [0], i32 [4])>
}
