// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.IAdd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @i_add_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @i_add_scalar(%a: i32, %b: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.add %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.IAdd %a, %b : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @i_add_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi64>, %[[B:.*]]: vector<4xi64>)
spirv.func @i_add_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.add %[[A]], %[[B]] : vector<4xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi64>
  %0 = spirv.IAdd %a, %b : vector<4xi64>
  spirv.ReturnValue %0 : vector<4xi64>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @i_add_unsigned
// CHECK-SAME: (%[[A:.*]]: vector<2xi16>, %[[B:.*]]: vector<2xi16>)
spirv.func @i_add_unsigned(%a: vector<2xui16>, %b: vector<2xui16>) -> vector<2xui16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.add %[[A]], %[[B]] : vector<2xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi16>
  %0 = spirv.IAdd %a, %b : vector<2xui16>
  spirv.ReturnValue %0 : vector<2xui16>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ISub
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @i_sub_scalar
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
spirv.func @i_sub_scalar(%a: i8, %b: i8) -> i8 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sub %[[A]], %[[B]] : i8
  // CHECK-NEXT: llvm.return %[[R]] : i8
  %0 = spirv.ISub %a, %b : i8
  spirv.ReturnValue %0 : i8
}

// -----

// CHECK-LABEL: @i_sub_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi32>, %[[B:.*]]: vector<2xi32>)
spirv.func @i_sub_vector(%a: vector<2xi32>, %b: vector<2xi32>) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sub %[[A]], %[[B]] : vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.ISub %a, %b : vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @i_sub_signed
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64)
spirv.func @i_sub_signed(%a: si64, %b: si64) -> si64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sub %[[A]], %[[B]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ISub %a, %b : si64
  spirv.ReturnValue %0 : si64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.IMul
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @i_mul_scalar
// CHECK-SAME: (%[[A:.*]]: i16, %[[B:.*]]: i16)
spirv.func @i_mul_scalar(%a: i16, %b: i16) -> i16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.mul %[[A]], %[[B]] : i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.IMul %a, %b : i16
  spirv.ReturnValue %0 : i16
}

// -----

// CHECK-LABEL: @i_mul_vector
// CHECK-SAME: (%[[A:.*]]: vector<3xi32>, %[[B:.*]]: vector<3xi32>)
spirv.func @i_mul_vector(%a: vector<3xi32>, %b: vector<3xi32>) -> vector<3xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.mul %[[A]], %[[B]] : vector<3xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi32>
  %0 = spirv.IMul %a, %b : vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi32>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @i_mul_unsigned
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @i_mul_unsigned(%a: ui32, %b: ui32) -> ui32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.mul %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.IMul %a, %b : ui32
  spirv.ReturnValue %0 : ui32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SDiv
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_div_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_div_scalar(%a: i32, %b: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sdiv %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.SDiv %a, %b : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @s_div_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi64>, %[[B:.*]]: vector<2xi64>)
spirv.func @s_div_vector(%a: vector<2xi64>, %b: vector<2xi64>) -> vector<2xi64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sdiv %[[A]], %[[B]] : vector<2xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi64>
  %0 = spirv.SDiv %a, %b : vector<2xi64>
  spirv.ReturnValue %0 : vector<2xi64>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @s_div_signed
// CHECK-SAME: (%[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>)
spirv.func @s_div_signed(%a: vector<4xsi8>, %b: vector<4xsi8>) -> vector<4xsi8> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sdiv %[[A]], %[[B]] : vector<4xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi8>
  %0 = spirv.SDiv %a, %b : vector<4xsi8>
  spirv.ReturnValue %0 : vector<4xsi8>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SRem
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_rem_scalar
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64)
spirv.func @s_rem_scalar(%a: i64, %b: i64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.srem %[[A]], %[[B]] : i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.SRem %a, %b : i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @s_rem_vector
// CHECK-SAME: (%[[A:.*]]: vector<3xi16>, %[[B:.*]]: vector<3xi16>)
spirv.func @s_rem_vector(%a: vector<3xi16>, %b: vector<3xi16>) -> vector<3xi16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.srem %[[A]], %[[B]] : vector<3xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi16>
  %0 = spirv.SRem %a, %b : vector<3xi16>
  spirv.ReturnValue %0 : vector<3xi16>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @s_rem_signed
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_rem_signed(%a: si32, %b: si32) -> si32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.srem %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.SRem %a, %b : si32
  spirv.ReturnValue %0 : si32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UDiv
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @u_div_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @u_div_scalar(%a: i32, %b: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.udiv %[[A]], %[[B]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.UDiv %a, %b : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @u_div_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>)
spirv.func @u_div_vector(%a: vector<4xi8>, %b: vector<4xi8>) -> vector<4xi8> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.udiv %[[A]], %[[B]] : vector<4xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi8>
  %0 = spirv.UDiv %a, %b : vector<4xi8>
  spirv.ReturnValue %0 : vector<4xi8>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @u_div_unsigned
// CHECK-SAME: (%[[A:.*]]: vector<2xi64>, %[[B:.*]]: vector<2xi64>)
spirv.func @u_div_unsigned(%a: vector<2xui64>, %b: vector<2xui64>) -> vector<2xui64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.udiv %[[A]], %[[B]] : vector<2xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi64>
  %0 = spirv.UDiv %a, %b : vector<2xui64>
  spirv.ReturnValue %0 : vector<2xui64>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UMod
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @u_mod_scalar
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
spirv.func @u_mod_scalar(%a: i8, %b: i8) -> i8 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.urem %[[A]], %[[B]] : i8
  // CHECK-NEXT: llvm.return %[[R]] : i8
  %0 = spirv.UMod %a, %b : i8
  spirv.ReturnValue %0 : i8
}

// -----

// CHECK-LABEL: @u_mod_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi32>, %[[B:.*]]: vector<2xi32>)
spirv.func @u_mod_vector(%a: vector<2xi32>, %b: vector<2xi32>) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.urem %[[A]], %[[B]] : vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.UMod %a, %b : vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @u_mod_unsigned
// CHECK-SAME: (%[[A:.*]]: i16, %[[B:.*]]: i16)
spirv.func @u_mod_unsigned(%a: ui16, %b: ui16) -> ui16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.urem %[[A]], %[[B]] : i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.UMod %a, %b : ui16
  spirv.ReturnValue %0 : ui16
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FAdd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_add_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_add_scalar(%a: f32, %b: f32) -> f32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fadd %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.FAdd %a, %b : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @f_add_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<4xf32>)
spirv.func @f_add_vector(%a: vector<4xf32>, %b: vector<4xf32>) -> vector<4xf32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fadd %[[A]], %[[B]] : vector<4xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xf32>
  %0 = spirv.FAdd %a, %b : vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// CHECK-LABEL: @f_add_half
// CHECK-SAME: (%[[A:.*]]: vector<2xf16>, %[[B:.*]]: vector<2xf16>)
spirv.func @f_add_half(%a: vector<2xf16>, %b: vector<2xf16>) -> vector<2xf16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fadd %[[A]], %[[B]] : vector<2xf16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf16>
  %0 = spirv.FAdd %a, %b : vector<2xf16>
  spirv.ReturnValue %0 : vector<2xf16>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FSub
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_sub_scalar
// CHECK-SAME: (%[[A:.*]]: f64, %[[B:.*]]: f64)
spirv.func @f_sub_scalar(%a: f64, %b: f64) -> f64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fsub %[[A]], %[[B]] : f64
  // CHECK-NEXT: llvm.return %[[R]] : f64
  %0 = spirv.FSub %a, %b : f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @f_sub_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<2xf32>)
spirv.func @f_sub_vector(%a: vector<2xf32>, %b: vector<2xf32>) -> vector<2xf32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fsub %[[A]], %[[B]] : vector<2xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf32>
  %0 = spirv.FSub %a, %b : vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FMul
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_mul_scalar
// CHECK-SAME: (%[[A:.*]]: f16, %[[B:.*]]: f16)
spirv.func @f_mul_scalar(%a: f16, %b: f16) -> f16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fmul %[[A]], %[[B]] : f16
  // CHECK-NEXT: llvm.return %[[R]] : f16
  %0 = spirv.FMul %a, %b : f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @f_mul_vector
// CHECK-SAME: (%[[A:.*]]: vector<3xf64>, %[[B:.*]]: vector<3xf64>)
spirv.func @f_mul_vector(%a: vector<3xf64>, %b: vector<3xf64>) -> vector<3xf64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fmul %[[A]], %[[B]] : vector<3xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xf64>
  %0 = spirv.FMul %a, %b : vector<3xf64>
  spirv.ReturnValue %0 : vector<3xf64>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FDiv
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_div_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_div_scalar(%a: f32, %b: f32) -> f32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fdiv %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.FDiv %a, %b : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @f_div_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xf16>, %[[B:.*]]: vector<4xf16>)
spirv.func @f_div_vector(%a: vector<4xf16>, %b: vector<4xf16>) -> vector<4xf16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fdiv %[[A]], %[[B]] : vector<4xf16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xf16>
  %0 = spirv.FDiv %a, %b : vector<4xf16>
  spirv.ReturnValue %0 : vector<4xf16>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FRem
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_rem_scalar
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
spirv.func @f_rem_scalar(%a: f32, %b: f32) -> f32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.frem %[[A]], %[[B]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.FRem %a, %b : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @f_rem_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xf64>, %[[B:.*]]: vector<2xf64>)
spirv.func @f_rem_vector(%a: vector<2xf64>, %b: vector<2xf64>) -> vector<2xf64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.frem %[[A]], %[[B]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf64>
  %0 = spirv.FRem %a, %b : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FNegate
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @f_negate_scalar
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @f_negate_scalar(%x: f32) -> f32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fneg %[[X]] : f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.FNegate %x : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @f_negate_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>)
spirv.func @f_negate_vector(%x: vector<2xf64>) -> vector<2xf64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fneg %[[X]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf64>
  %0 = spirv.FNegate %x : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SNegate
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_negate_scalar
// CHECK-SAME: (%[[X:.*]]: i32)
spirv.func @s_negate_scalar(%x: i32) -> i32 "None" {
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.sub %[[ZERO]], %[[X]] : i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.SNegate %x : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @s_negate_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi64>)
spirv.func @s_negate_vector(%x: vector<2xi64>) -> vector<2xi64> "None" {
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<2xi64>) : vector<2xi64>
  // CHECK-NEXT: %[[R:.*]] = llvm.sub %[[ZERO]], %[[X]] : vector<2xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi64>
  %0 = spirv.SNegate %x : vector<2xi64>
  spirv.ReturnValue %0 : vector<2xi64>
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @s_negate_signed
// CHECK-SAME: (%[[X:.*]]: vector<3xi8>)
spirv.func @s_negate_signed(%x: vector<3xsi8>) -> vector<3xsi8> "None" {
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<3xi8>) : vector<3xi8>
  // CHECK-NEXT: %[[R:.*]] = llvm.sub %[[ZERO]], %[[X]] : vector<3xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi8>
  %0 = spirv.SNegate %x : vector<3xsi8>
  spirv.ReturnValue %0 : vector<3xsi8>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FMod
//===----------------------------------------------------------------------===//

// r = frem(x, y) is signed like x; c = copysign(r, y); r + y where r and c
// differ (opposite signs), c elsewhere.
// CHECK-LABEL: @f_mod_scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32)
spirv.func @f_mod_scalar(%x: f32, %y: f32) -> f32 "None" {
  // CHECK-NEXT: %[[REM:.*]] = llvm.frem %[[X]], %[[Y]] : f32
  // CHECK-NEXT: %[[SIGNED:.*]] = llvm.intr.copysign(%[[REM]], %[[Y]]) : (f32, f32) -> f32
  // CHECK-NEXT: %[[FIXED:.*]] = llvm.fadd %[[REM]], %[[Y]] : f32
  // CHECK-NEXT: %[[WRONG:.*]] = llvm.fcmp "one" %[[REM]], %[[SIGNED]] : f32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[WRONG]], %[[FIXED]], %[[SIGNED]] : i1, f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.FMod %x, %y : f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @f_mod_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>, %[[Y:.*]]: vector<2xf64>)
spirv.func @f_mod_vector(%x: vector<2xf64>, %y: vector<2xf64>) -> vector<2xf64> "None" {
  // CHECK-NEXT: %[[REM:.*]] = llvm.frem %[[X]], %[[Y]] : vector<2xf64>
  // CHECK-NEXT: %[[SIGNED:.*]] = llvm.intr.copysign(%[[REM]], %[[Y]]) : (vector<2xf64>, vector<2xf64>) -> vector<2xf64>
  // CHECK-NEXT: %[[FIXED:.*]] = llvm.fadd %[[REM]], %[[Y]] : vector<2xf64>
  // CHECK-NEXT: %[[WRONG:.*]] = llvm.fcmp "one" %[[REM]], %[[SIGNED]] : vector<2xf64>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[WRONG]], %[[FIXED]], %[[SIGNED]] : vector<2xi1>, vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf64>
  %0 = spirv.FMod %x, %y : vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SMod
//===----------------------------------------------------------------------===//

// r = srem(x, y) is signed like x; r + y where r != 0 and x, y have opposite
// signs (x ^ y < 0), r elsewhere.
// CHECK-LABEL: @s_mod_scalar
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
spirv.func @s_mod_scalar(%x: i32, %y: i32) -> i32 "None" {
  // CHECK-NEXT: %[[REM:.*]] = llvm.srem %[[X]], %[[Y]] : i32
  // CHECK-NEXT: %[[SIGNS:.*]] = llvm.xor %[[X]], %[[Y]] : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[OPPOSITE:.*]] = llvm.icmp "slt" %[[SIGNS]], %[[ZERO]] : i32
  // CHECK-NEXT: %[[NONZERO:.*]] = llvm.icmp "ne" %[[REM]], %[[ZERO]] : i32
  // CHECK-NEXT: %[[WRONG:.*]] = llvm.and %[[OPPOSITE]], %[[NONZERO]] : i1
  // CHECK-NEXT: %[[FIXED:.*]] = llvm.add %[[REM]], %[[Y]] : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[WRONG]], %[[FIXED]], %[[REM]] : i1, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.SMod %x, %y : i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @s_mod_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi16>, %[[Y:.*]]: vector<3xi16>)
spirv.func @s_mod_vector(%x: vector<3xsi16>, %y: vector<3xsi16>) -> vector<3xsi16> "None" {
  // CHECK-NEXT: %[[REM:.*]] = llvm.srem %[[X]], %[[Y]] : vector<3xi16>
  // CHECK-NEXT: %[[SIGNS:.*]] = llvm.xor %[[X]], %[[Y]] : vector<3xi16>
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<3xi16>) : vector<3xi16>
  // CHECK-NEXT: %[[OPPOSITE:.*]] = llvm.icmp "slt" %[[SIGNS]], %[[ZERO]] : vector<3xi16>
  // CHECK-NEXT: %[[NONZERO:.*]] = llvm.icmp "ne" %[[REM]], %[[ZERO]] : vector<3xi16>
  // CHECK-NEXT: %[[WRONG:.*]] = llvm.and %[[OPPOSITE]], %[[NONZERO]] : vector<3xi1>
  // CHECK-NEXT: %[[FIXED:.*]] = llvm.add %[[REM]], %[[Y]] : vector<3xi16>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[WRONG]], %[[FIXED]], %[[REM]] : vector<3xi1>, vector<3xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi16>
  %0 = spirv.SMod %x, %y : vector<3xsi16>
  spirv.ReturnValue %0 : vector<3xsi16>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.IAddCarry
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @i_add_carry_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @i_add_carry_scalar(%a: i32, %b: i32) -> !spirv.struct<(i32, i32)> "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = "llvm.intr.uadd.with.overflow"(%[[A]], %[[B]]) : (i32, i32) -> !llvm.struct<(i32, i1)>
  // CHECK-NEXT: %[[SUM:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: %[[FLAG:.*]] = llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: %[[CARRY:.*]] = llvm.zext %[[FLAG]] : i1 to i32
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (i32, i32)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[SUM]], %[[P]][0] : !llvm.struct<packed (i32, i32)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[CARRY]], %[[S0]][1] : !llvm.struct<packed (i32, i32)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (i32, i32)>
  %0 = spirv.IAddCarry %a, %b : !spirv.struct<(i32, i32)>
  spirv.ReturnValue %0 : !spirv.struct<(i32, i32)>
}

// -----

// CHECK-LABEL: @i_add_carry_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi16>, %[[B:.*]]: vector<2xi16>)
spirv.func @i_add_carry_vector(%a: vector<2xui16>, %b: vector<2xui16>) -> !spirv.struct<(vector<2xui16>, vector<2xui16>)> "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = "llvm.intr.uadd.with.overflow"(%[[A]], %[[B]]) : (vector<2xi16>, vector<2xi16>) -> !llvm.struct<(vector<2xi16>, vector<2xi1>)>
  // CHECK-NEXT: %[[SUM:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(vector<2xi16>, vector<2xi1>)>
  // CHECK-NEXT: %[[FLAG:.*]] = llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(vector<2xi16>, vector<2xi1>)>
  // CHECK-NEXT: %[[CARRY:.*]] = llvm.zext %[[FLAG]] : vector<2xi1> to vector<2xi16>
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (vector<2xi16>, vector<2xi16>)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[SUM]], %[[P]][0] : !llvm.struct<packed (vector<2xi16>, vector<2xi16>)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[CARRY]], %[[S0]][1] : !llvm.struct<packed (vector<2xi16>, vector<2xi16>)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (vector<2xi16>, vector<2xi16>)>
  %0 = spirv.IAddCarry %a, %b : !spirv.struct<(vector<2xui16>, vector<2xui16>)>
  spirv.ReturnValue %0 : !spirv.struct<(vector<2xui16>, vector<2xui16>)>
}

// -----

// A result struct with explicit offsets is an unpacked LLVM struct.
// CHECK-LABEL: @i_add_carry_offsets
// CHECK-SAME: (%[[A:.*]]: i64, %[[B:.*]]: i64)
spirv.func @i_add_carry_offsets(%a: i64, %b: i64) -> !spirv.struct<(i64[0], i64[8])> "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = "llvm.intr.uadd.with.overflow"(%[[A]], %[[B]]) : (i64, i64) -> !llvm.struct<(i64, i1)>
  // CHECK-NEXT: %[[SUM:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i64, i1)>
  // CHECK-NEXT: %[[FLAG:.*]] = llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(i64, i1)>
  // CHECK-NEXT: %[[CARRY:.*]] = llvm.zext %[[FLAG]] : i1 to i64
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<(i64, i64)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[SUM]], %[[P]][0] : !llvm.struct<(i64, i64)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[CARRY]], %[[S0]][1] : !llvm.struct<(i64, i64)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<(i64, i64)>
  %0 = spirv.IAddCarry %a, %b : !spirv.struct<(i64[0], i64[8])>
  spirv.ReturnValue %0 : !spirv.struct<(i64[0], i64[8])>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ISubBorrow
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @i_sub_borrow_scalar
// CHECK-SAME: (%[[A:.*]]: i8, %[[B:.*]]: i8)
spirv.func @i_sub_borrow_scalar(%a: i8, %b: i8) -> !spirv.struct<(i8, i8)> "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = "llvm.intr.usub.with.overflow"(%[[A]], %[[B]]) : (i8, i8) -> !llvm.struct<(i8, i1)>
  // CHECK-NEXT: %[[DIFF:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i8, i1)>
  // CHECK-NEXT: %[[FLAG:.*]] = llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(i8, i1)>
  // CHECK-NEXT: %[[BORROW:.*]] = llvm.zext %[[FLAG]] : i1 to i8
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (i8, i8)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[DIFF]], %[[P]][0] : !llvm.struct<packed (i8, i8)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[BORROW]], %[[S0]][1] : !llvm.struct<packed (i8, i8)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (i8, i8)>
  %0 = spirv.ISubBorrow %a, %b : !spirv.struct<(i8, i8)>
  spirv.ReturnValue %0 : !spirv.struct<(i8, i8)>
}

// -----

// CHECK-LABEL: @i_sub_borrow_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi32>, %[[B:.*]]: vector<4xi32>)
spirv.func @i_sub_borrow_vector(%a: vector<4xi32>, %b: vector<4xi32>) -> !spirv.struct<(vector<4xi32>, vector<4xi32>)> "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = "llvm.intr.usub.with.overflow"(%[[A]], %[[B]]) : (vector<4xi32>, vector<4xi32>) -> !llvm.struct<(vector<4xi32>, vector<4xi1>)>
  // CHECK-NEXT: %[[DIFF:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(vector<4xi32>, vector<4xi1>)>
  // CHECK-NEXT: %[[FLAG:.*]] = llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(vector<4xi32>, vector<4xi1>)>
  // CHECK-NEXT: %[[BORROW:.*]] = llvm.zext %[[FLAG]] : vector<4xi1> to vector<4xi32>
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (vector<4xi32>, vector<4xi32>)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[DIFF]], %[[P]][0] : !llvm.struct<packed (vector<4xi32>, vector<4xi32>)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[BORROW]], %[[S0]][1] : !llvm.struct<packed (vector<4xi32>, vector<4xi32>)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (vector<4xi32>, vector<4xi32>)>
  %0 = spirv.ISubBorrow %a, %b : !spirv.struct<(vector<4xi32>, vector<4xi32>)>
  spirv.ReturnValue %0 : !spirv.struct<(vector<4xi32>, vector<4xi32>)>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SMulExtended
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @s_mul_extended_scalar
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_mul_extended_scalar(%a: si32, %b: si32) -> !spirv.struct<(si32, si32)> "None" {
  // CHECK-NEXT: %[[WA:.*]] = llvm.sext %[[A]] : i32 to i64
  // CHECK-NEXT: %[[WB:.*]] = llvm.sext %[[B]] : i32 to i64
  // CHECK-NEXT: %[[PRODUCT:.*]] = llvm.mul %[[WA]], %[[WB]] : i64
  // CHECK-NEXT: %[[LOW:.*]] = llvm.trunc %[[PRODUCT]] : i64 to i32
  // CHECK-NEXT: %[[SHIFT:.*]] = llvm.mlir.constant(32 : i64) : i64
  // CHECK-NEXT: %[[HIGH_WIDE:.*]] = llvm.lshr %[[PRODUCT]], %[[SHIFT]] : i64
  // CHECK-NEXT: %[[HIGH:.*]] = llvm.trunc %[[HIGH_WIDE]] : i64 to i32
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (i32, i32)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[LOW]], %[[P]][0] : !llvm.struct<packed (i32, i32)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[HIGH]], %[[S0]][1] : !llvm.struct<packed (i32, i32)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (i32, i32)>
  %0 = spirv.SMulExtended %a, %b : !spirv.struct<(si32, si32)>
  spirv.ReturnValue %0 : !spirv.struct<(si32, si32)>
}

// -----

// 64-bit operands multiply in 128 bits.
// CHECK-LABEL: @s_mul_extended_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi64>, %[[B:.*]]: vector<2xi64>)
spirv.func @s_mul_extended_vector(%a: vector<2xi64>, %b: vector<2xi64>) -> !spirv.struct<(vector<2xi64>, vector<2xi64>)> "None" {
  // CHECK-NEXT: %[[WA:.*]] = llvm.sext %[[A]] : vector<2xi64> to vector<2xi128>
  // CHECK-NEXT: %[[WB:.*]] = llvm.sext %[[B]] : vector<2xi64> to vector<2xi128>
  // CHECK-NEXT: %[[PRODUCT:.*]] = llvm.mul %[[WA]], %[[WB]] : vector<2xi128>
  // CHECK-NEXT: %[[LOW:.*]] = llvm.trunc %[[PRODUCT]] : vector<2xi128> to vector<2xi64>
  // CHECK-NEXT: %[[SHIFT:.*]] = llvm.mlir.constant(dense<64> : vector<2xi128>) : vector<2xi128>
  // CHECK-NEXT: %[[HIGH_WIDE:.*]] = llvm.lshr %[[PRODUCT]], %[[SHIFT]] : vector<2xi128>
  // CHECK-NEXT: %[[HIGH:.*]] = llvm.trunc %[[HIGH_WIDE]] : vector<2xi128> to vector<2xi64>
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (vector<2xi64>, vector<2xi64>)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[LOW]], %[[P]][0] : !llvm.struct<packed (vector<2xi64>, vector<2xi64>)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[HIGH]], %[[S0]][1] : !llvm.struct<packed (vector<2xi64>, vector<2xi64>)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (vector<2xi64>, vector<2xi64>)>
  %0 = spirv.SMulExtended %a, %b : !spirv.struct<(vector<2xi64>, vector<2xi64>)>
  spirv.ReturnValue %0 : !spirv.struct<(vector<2xi64>, vector<2xi64>)>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UMulExtended
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @u_mul_extended_scalar
// CHECK-SAME: (%[[A:.*]]: i16, %[[B:.*]]: i16)
spirv.func @u_mul_extended_scalar(%a: ui16, %b: ui16) -> !spirv.struct<(ui16, ui16)> "None" {
  // CHECK-NEXT: %[[WA:.*]] = llvm.zext %[[A]] : i16 to i32
  // CHECK-NEXT: %[[WB:.*]] = llvm.zext %[[B]] : i16 to i32
  // CHECK-NEXT: %[[PRODUCT:.*]] = llvm.mul %[[WA]], %[[WB]] : i32
  // CHECK-NEXT: %[[LOW:.*]] = llvm.trunc %[[PRODUCT]] : i32 to i16
  // CHECK-NEXT: %[[SHIFT:.*]] = llvm.mlir.constant(16 : i32) : i32
  // CHECK-NEXT: %[[HIGH_WIDE:.*]] = llvm.lshr %[[PRODUCT]], %[[SHIFT]] : i32
  // CHECK-NEXT: %[[HIGH:.*]] = llvm.trunc %[[HIGH_WIDE]] : i32 to i16
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (i16, i16)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[LOW]], %[[P]][0] : !llvm.struct<packed (i16, i16)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[HIGH]], %[[S0]][1] : !llvm.struct<packed (i16, i16)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (i16, i16)>
  %0 = spirv.UMulExtended %a, %b : !spirv.struct<(ui16, ui16)>
  spirv.ReturnValue %0 : !spirv.struct<(ui16, ui16)>
}

// -----

// CHECK-LABEL: @u_mul_extended_vector
// CHECK-SAME: (%[[A:.*]]: vector<3xi32>, %[[B:.*]]: vector<3xi32>)
spirv.func @u_mul_extended_vector(%a: vector<3xi32>, %b: vector<3xi32>) -> !spirv.struct<(vector<3xi32>, vector<3xi32>)> "None" {
  // CHECK-NEXT: %[[WA:.*]] = llvm.zext %[[A]] : vector<3xi32> to vector<3xi64>
  // CHECK-NEXT: %[[WB:.*]] = llvm.zext %[[B]] : vector<3xi32> to vector<3xi64>
  // CHECK-NEXT: %[[PRODUCT:.*]] = llvm.mul %[[WA]], %[[WB]] : vector<3xi64>
  // CHECK-NEXT: %[[LOW:.*]] = llvm.trunc %[[PRODUCT]] : vector<3xi64> to vector<3xi32>
  // CHECK-NEXT: %[[SHIFT:.*]] = llvm.mlir.constant(dense<32> : vector<3xi64>) : vector<3xi64>
  // CHECK-NEXT: %[[HIGH_WIDE:.*]] = llvm.lshr %[[PRODUCT]], %[[SHIFT]] : vector<3xi64>
  // CHECK-NEXT: %[[HIGH:.*]] = llvm.trunc %[[HIGH_WIDE]] : vector<3xi64> to vector<3xi32>
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : !llvm.struct<packed (vector<3xi32>, vector<3xi32>)>
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[LOW]], %[[P]][0] : !llvm.struct<packed (vector<3xi32>, vector<3xi32>)>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[HIGH]], %[[S0]][1] : !llvm.struct<packed (vector<3xi32>, vector<3xi32>)>
  // CHECK-NEXT: llvm.return %[[S1]] : !llvm.struct<packed (vector<3xi32>, vector<3xi32>)>
  %0 = spirv.UMulExtended %a, %b : !spirv.struct<(vector<3xi32>, vector<3xi32>)>
  spirv.ReturnValue %0 : !spirv.struct<(vector<3xi32>, vector<3xi32>)>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Dot
//===----------------------------------------------------------------------===//

// An ordered reduction started at -0.0, the identity of fadd.
// CHECK-LABEL: @dot_f32
// CHECK-SAME: (%[[A:.*]]: vector<4xf32>, %[[B:.*]]: vector<4xf32>)
spirv.func @dot_f32(%a: vector<4xf32>, %b: vector<4xf32>) -> f32 "None" {
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.fmul %[[A]], %[[B]] : vector<4xf32>
  // CHECK-NEXT: %[[START:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.vector.reduce.fadd"(%[[START]], %[[PRODUCTS]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<4xf32>) -> f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.Dot %a, %b : vector<4xf32> -> f32
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @dot_f16
// CHECK-SAME: (%[[A:.*]]: vector<2xf16>, %[[B:.*]]: vector<2xf16>)
spirv.func @dot_f16(%a: vector<2xf16>, %b: vector<2xf16>) -> f16 "None" {
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.fmul %[[A]], %[[B]] : vector<2xf16>
  // CHECK-NEXT: %[[START:.*]] = llvm.mlir.constant(-0.000000e+00 : f16) : f16
  // CHECK-NEXT: %[[R:.*]] = "llvm.intr.vector.reduce.fadd"(%[[START]], %[[PRODUCTS]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f16, vector<2xf16>) -> f16
  // CHECK-NEXT: llvm.return %[[R]] : f16
  %0 = spirv.Dot %a, %b : vector<2xf16> -> f16
  spirv.ReturnValue %0 : f16
}

// -----

//===----------------------------------------------------------------------===//
// spirv.VectorTimesScalar
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @vector_times_scalar_f32
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>, %[[S:.*]]: f32)
spirv.func @vector_times_scalar_f32(%v: vector<4xf32>, %s: f32) -> vector<4xf32> "None" {
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : vector<4xf32>
  // CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[E0:.*]] = llvm.insertelement %[[S]], %[[P]][%[[I0]] : i32] : vector<4xf32>
  // CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[E1:.*]] = llvm.insertelement %[[S]], %[[E0]][%[[I1]] : i32] : vector<4xf32>
  // CHECK-NEXT: %[[I2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-NEXT: %[[E2:.*]] = llvm.insertelement %[[S]], %[[E1]][%[[I2]] : i32] : vector<4xf32>
  // CHECK-NEXT: %[[I3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK-NEXT: %[[SPLAT:.*]] = llvm.insertelement %[[S]], %[[E2]][%[[I3]] : i32] : vector<4xf32>
  // CHECK-NEXT: %[[R:.*]] = llvm.fmul %[[V]], %[[SPLAT]] : vector<4xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xf32>
  %0 = spirv.VectorTimesScalar %v, %s : (vector<4xf32>, f32) -> vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

// CHECK-LABEL: @vector_times_scalar_f64
// CHECK-SAME: (%[[V:.*]]: vector<2xf64>, %[[S:.*]]: f64)
spirv.func @vector_times_scalar_f64(%v: vector<2xf64>, %s: f64) -> vector<2xf64> "None" {
  // CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : vector<2xf64>
  // CHECK-NEXT: %[[I0:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[E0:.*]] = llvm.insertelement %[[S]], %[[P]][%[[I0]] : i32] : vector<2xf64>
  // CHECK-NEXT: %[[I1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[SPLAT:.*]] = llvm.insertelement %[[S]], %[[E0]][%[[I1]] : i32] : vector<2xf64>
  // CHECK-NEXT: %[[R:.*]] = llvm.fmul %[[V]], %[[SPLAT]] : vector<2xf64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf64>
  %0 = spirv.VectorTimesScalar %v, %s : (vector<2xf64>, f64) -> vector<2xf64>
  spirv.ReturnValue %0 : vector<2xf64>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SDot
//===----------------------------------------------------------------------===//

// The packed i32 operands are bitcast to their four bytes.
// CHECK-LABEL: @s_dot_packed
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_dot_packed(%a: i32, %b: i32) -> i32 "None" {
  // CHECK-NEXT: %[[A_BYTES:.*]] = llvm.bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[B_BYTES:.*]] = llvm.bitcast %[[B]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.sext %[[B_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi32>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi32>) -> i32
  // CHECK-NEXT: llvm.return %[[DOT]] : i32
  %0 = spirv.SDot %a, %b, <PackedVectorFormat4x8Bit> : i32 -> i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @s_dot_packed_i64
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @s_dot_packed_i64(%a: i32, %b: i32) -> i64 "None" {
  // CHECK-NEXT: %[[A_BYTES:.*]] = llvm.bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A_BYTES]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[B_BYTES:.*]] = llvm.bitcast %[[B]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.sext %[[B_BYTES]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi64>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi64>) -> i64
  // CHECK-NEXT: llvm.return %[[DOT]] : i64
  %0 = spirv.SDot %a, %b, <PackedVectorFormat4x8Bit> : i32 -> i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @s_dot_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>)
spirv.func @s_dot_vector(%a: vector<4xi8>, %b: vector<4xi8>) -> i32 "None" {
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.sext %[[B]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi32>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi32>) -> i32
  // CHECK-NEXT: llvm.return %[[DOT]] : i32
  %0 = spirv.SDot %a, %b : vector<4xi8> -> i32
  spirv.ReturnValue %0 : i32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UDot
//===----------------------------------------------------------------------===//

// The packed i32 operands are bitcast to their four bytes.
// CHECK-LABEL: @u_dot_packed
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @u_dot_packed(%a: i32, %b: i32) -> i32 "None" {
  // CHECK-NEXT: %[[A_BYTES:.*]] = llvm.bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.zext %[[A_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[B_BYTES:.*]] = llvm.bitcast %[[B]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi32>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi32>) -> i32
  // CHECK-NEXT: llvm.return %[[DOT]] : i32
  %0 = spirv.UDot %a, %b, <PackedVectorFormat4x8Bit> : i32 -> i32
  spirv.ReturnValue %0 : i32
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @u_dot_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi32>, %[[B:.*]]: vector<2xi32>)
spirv.func @u_dot_vector(%a: vector<2xui32>, %b: vector<2xui32>) -> ui64 "None" {
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.zext %[[A]] : vector<2xi32> to vector<2xi64>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B]] : vector<2xi32> to vector<2xi64>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<2xi64>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<2xi64>) -> i64
  // CHECK-NEXT: llvm.return %[[DOT]] : i64
  %0 = spirv.UDot %a, %b : vector<2xui32> -> ui64
  spirv.ReturnValue %0 : ui64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SUDot
//===----------------------------------------------------------------------===//

// The packed i32 operands are bitcast to their four bytes.
// CHECK-LABEL: @su_dot_packed
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
spirv.func @su_dot_packed(%a: i32, %b: i32) -> i64 "None" {
  // CHECK-NEXT: %[[A_BYTES:.*]] = llvm.bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A_BYTES]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[B_BYTES:.*]] = llvm.bitcast %[[B]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B_BYTES]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi64>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi64>) -> i64
  // CHECK-NEXT: llvm.return %[[DOT]] : i64
  %0 = spirv.SUDot %a, %b, <PackedVectorFormat4x8Bit> : i32 -> i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @su_dot_vector
// CHECK-SAME: (%[[A:.*]]: vector<3xi16>, %[[B:.*]]: vector<3xi16>)
spirv.func @su_dot_vector(%a: vector<3xi16>, %b: vector<3xi16>) -> i64 "None" {
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A]] : vector<3xi16> to vector<3xi64>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B]] : vector<3xi16> to vector<3xi64>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<3xi64>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<3xi64>) -> i64
  // CHECK-NEXT: llvm.return %[[DOT]] : i64
  %0 = spirv.SUDot %a, %b : vector<3xi16> -> i64
  spirv.ReturnValue %0 : i64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SDotAccSat
//===----------------------------------------------------------------------===//

// The packed i32 operands are bitcast to their four bytes.
// CHECK-LABEL: @s_dot_acc_sat_packed
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[ACC:.*]]: i32)
spirv.func @s_dot_acc_sat_packed(%a: i32, %b: i32, %acc: i32) -> i32 "None" {
  // CHECK-NEXT: %[[A_BYTES:.*]] = llvm.bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[B_BYTES:.*]] = llvm.bitcast %[[B]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.sext %[[B_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi32>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi32>) -> i32
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.sadd.sat(%[[ACC]], %[[DOT]]) : (i32, i32) -> i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.SDotAccSat %a, %b, %acc, <PackedVectorFormat4x8Bit> : i32 -> i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @s_dot_acc_sat_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>, %[[ACC:.*]]: i64)
spirv.func @s_dot_acc_sat_vector(%a: vector<4xsi8>, %b: vector<4xsi8>, %acc: si64) -> si64 "None" {
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.sext %[[B]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi64>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi64>) -> i64
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.sadd.sat(%[[ACC]], %[[DOT]]) : (i64, i64) -> i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.SDotAccSat %a, %b, %acc : vector<4xsi8> -> si64
  spirv.ReturnValue %0 : si64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UDotAccSat
//===----------------------------------------------------------------------===//

// The packed i32 operands are bitcast to their four bytes.
// CHECK-LABEL: @u_dot_acc_sat_packed
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[ACC:.*]]: i32)
spirv.func @u_dot_acc_sat_packed(%a: i32, %b: i32, %acc: i32) -> i32 "None" {
  // CHECK-NEXT: %[[A_BYTES:.*]] = llvm.bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.zext %[[A_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[B_BYTES:.*]] = llvm.bitcast %[[B]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B_BYTES]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi32>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi32>) -> i32
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.uadd.sat(%[[ACC]], %[[DOT]]) : (i32, i32) -> i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.UDotAccSat %a, %b, %acc, <PackedVectorFormat4x8Bit> : i32 -> i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @u_dot_acc_sat_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>, %[[ACC:.*]]: i32)
spirv.func @u_dot_acc_sat_vector(%a: vector<4xi8>, %b: vector<4xi8>, %acc: i32) -> i32 "None" {
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.zext %[[A]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B]] : vector<4xi8> to vector<4xi32>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi32>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi32>) -> i32
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.uadd.sat(%[[ACC]], %[[DOT]]) : (i32, i32) -> i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.UDotAccSat %a, %b, %acc : vector<4xi8> -> i32
  spirv.ReturnValue %0 : i32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SUDotAccSat
//===----------------------------------------------------------------------===//

// The packed i32 operands are bitcast to their four bytes.
// CHECK-LABEL: @su_dot_acc_sat_packed
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32, %[[ACC:.*]]: i64)
spirv.func @su_dot_acc_sat_packed(%a: i32, %b: i32, %acc: i64) -> i64 "None" {
  // CHECK-NEXT: %[[A_BYTES:.*]] = llvm.bitcast %[[A]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A_BYTES]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[B_BYTES:.*]] = llvm.bitcast %[[B]] : i32 to vector<4xi8>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B_BYTES]] : vector<4xi8> to vector<4xi64>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<4xi64>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<4xi64>) -> i64
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.sadd.sat(%[[ACC]], %[[DOT]]) : (i64, i64) -> i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.SUDotAccSat %a, %b, %acc, <PackedVectorFormat4x8Bit> : i32 -> i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @su_dot_acc_sat_vector
// CHECK-SAME: (%[[A:.*]]: vector<2xi16>, %[[B:.*]]: vector<2xi16>, %[[ACC:.*]]: i32)
spirv.func @su_dot_acc_sat_vector(%a: vector<2xi16>, %b: vector<2xi16>, %acc: i32) -> i32 "None" {
  // CHECK-NEXT: %[[A_WIDE:.*]] = llvm.sext %[[A]] : vector<2xi16> to vector<2xi32>
  // CHECK-NEXT: %[[B_WIDE:.*]] = llvm.zext %[[B]] : vector<2xi16> to vector<2xi32>
  // CHECK-NEXT: %[[PRODUCTS:.*]] = llvm.mul %[[A_WIDE]], %[[B_WIDE]] : vector<2xi32>
  // CHECK-NEXT: %[[DOT:.*]] = "llvm.intr.vector.reduce.add"(%[[PRODUCTS]]) : (vector<2xi32>) -> i32
  // CHECK-NEXT: %[[R:.*]] = llvm.intr.sadd.sat(%[[ACC]], %[[DOT]]) : (i32, i32) -> i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.SUDotAccSat %a, %b, %acc : vector<2xi16> -> i32
  spirv.ReturnValue %0 : i32
}
