// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.Bitcast
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @bitcast_float_to_integer_scalar
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @bitcast_float_to_integer_scalar(%x: f32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : f32 to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.Bitcast %x : f32 to i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @bitcast_float_to_integer_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf32>)
spirv.func @bitcast_float_to_integer_vector(%x: vector<3xf32>) -> vector<3xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : vector<3xf32> to vector<3xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi32>
  %0 = spirv.Bitcast %x : vector<3xf32> to vector<3xi32>
  spirv.ReturnValue %0 : vector<3xi32>
}

// -----

// CHECK-LABEL: @bitcast_vector_to_scalar
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>)
spirv.func @bitcast_vector_to_scalar(%x: vector<2xf32>) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : vector<2xf32> to i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.Bitcast %x : vector<2xf32> to i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @bitcast_scalar_to_vector
// CHECK-SAME: (%[[X:.*]]: f64)
spirv.func @bitcast_scalar_to_vector(%x: f64) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : f64 to vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.Bitcast %x : f64 to vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// CHECK-LABEL: @bitcast_vector_to_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>)
spirv.func @bitcast_vector_to_vector(%x: vector<2xf32>) -> vector<4xui16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : vector<2xf32> to vector<4xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi16>
  %0 = spirv.Bitcast %x : vector<2xf32> to vector<4xui16>
  spirv.ReturnValue %0 : vector<4xui16>
}

// -----

// CHECK-LABEL: @bitcast_signed_to_bfloat
// CHECK-SAME: (%[[X:.*]]: i16)
spirv.func @bitcast_signed_to_bfloat(%x: si16) -> bf16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : i16 to bf16
  // CHECK-NEXT: llvm.return %[[R]] : bf16
  %0 = spirv.Bitcast %x : si16 to bf16
  spirv.ReturnValue %0 : bf16
}

// -----

// Booleans are numerical types for spirv.Bitcast.
// CHECK-LABEL: @bitcast_bool_vector_to_integer
// CHECK-SAME: (%[[X:.*]]: vector<8xi1>)
spirv.func @bitcast_bool_vector_to_integer(%x: vector<8xi1>) -> i8 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : vector<8xi1> to i8
  // CHECK-NEXT: llvm.return %[[R]] : i8
  %0 = spirv.Bitcast %x : vector<8xi1> to i8
  spirv.ReturnValue %0 : i8
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ConvertFToS
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @convert_float_to_signed_scalar
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @convert_float_to_signed_scalar(%x: f32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fptosi %[[X]] : f32 to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ConvertFToS %x : f32 to i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @convert_float_to_signed_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>)
spirv.func @convert_float_to_signed_vector(%x: vector<2xf64>) -> vector<2xsi8> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fptosi %[[X]] : vector<2xf64> to vector<2xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi8>
  %0 = spirv.ConvertFToS %x : vector<2xf64> to vector<2xsi8>
  spirv.ReturnValue %0 : vector<2xsi8>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ConvertFToU
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @convert_float_to_unsigned_scalar
// CHECK-SAME: (%[[X:.*]]: f16)
spirv.func @convert_float_to_unsigned_scalar(%x: f16) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fptoui %[[X]] : f16 to i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ConvertFToU %x : f16 to i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @convert_float_to_unsigned_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf32>)
spirv.func @convert_float_to_unsigned_vector(%x: vector<2xf32>) -> vector<2xi32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fptoui %[[X]] : vector<2xf32> to vector<2xi32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi32>
  %0 = spirv.ConvertFToU %x : vector<2xf32> to vector<2xi32>
  spirv.ReturnValue %0 : vector<2xi32>
}

// -----

// OpenCL's convert_uchar4_sat_rte and convert_int_rtp: the FPRoundingMode
// and SaturatedConversion decorations clang leaves on the conversion.

// CHECK-LABEL: @convert_float_to_unsigned_saturated_to_nearest_even
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
spirv.func @convert_float_to_unsigned_saturated_to_nearest_even(%x: vector<4xf32>) -> vector<4xi8> "None" {
  // CHECK-NEXT: %[[ROUNDED:.*]] = llvm.intr.roundeven(%[[X]]) : (vector<4xf32>) -> vector<4xf32>
  // CHECK-NEXT: %[[R:.*]] = llvm.call_intrinsic "llvm.fptoui.sat"(%[[ROUNDED]]) : (vector<4xf32>) -> vector<4xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi8>
  %0 = spirv.ConvertFToU %x {fp_rounding_mode = #spirv.fp_rounding_mode<RTE>, saturated_conversion} : vector<4xf32> to vector<4xi8>
  spirv.ReturnValue %0 : vector<4xi8>
}

// -----

// CHECK-LABEL: @convert_float_to_signed_toward_positive
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @convert_float_to_signed_toward_positive(%x: f32) -> i32 "None" {
  // CHECK-NEXT: %[[ROUNDED:.*]] = llvm.intr.ceil(%[[X]]) : (f32) -> f32
  // CHECK-NEXT: %[[R:.*]] = llvm.fptosi %[[ROUNDED]] : f32 to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ConvertFToS %x {fp_rounding_mode = #spirv.fp_rounding_mode<RTP>} : f32 to i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @convert_float_to_signed_saturated_toward_negative
// CHECK-SAME: (%[[X:.*]]: f64)
spirv.func @convert_float_to_signed_saturated_toward_negative(%x: f64) -> i16 "None" {
  // CHECK-NEXT: %[[ROUNDED:.*]] = llvm.intr.floor(%[[X]]) : (f64) -> f64
  // CHECK-NEXT: %[[R:.*]] = llvm.call_intrinsic "llvm.fptosi.sat"(%[[ROUNDED]]) : (f64) -> i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.ConvertFToS %x {fp_rounding_mode = #spirv.fp_rounding_mode<RTN>, saturated_conversion} : f64 to i16
  spirv.ReturnValue %0 : i16
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ConvertSToF
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @convert_signed_to_float_scalar
// CHECK-SAME: (%[[X:.*]]: i32)
spirv.func @convert_signed_to_float_scalar(%x: si32) -> f64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sitofp %[[X]] : i32 to f64
  // CHECK-NEXT: llvm.return %[[R]] : f64
  %0 = spirv.ConvertSToF %x : si32 to f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @convert_signed_to_float_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi16>)
spirv.func @convert_signed_to_float_vector(%x: vector<3xi16>) -> vector<3xf32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sitofp %[[X]] : vector<3xi16> to vector<3xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xf32>
  %0 = spirv.ConvertSToF %x : vector<3xi16> to vector<3xf32>
  spirv.ReturnValue %0 : vector<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.ConvertUToF
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @convert_unsigned_to_float_scalar
// CHECK-SAME: (%[[X:.*]]: i64)
spirv.func @convert_unsigned_to_float_scalar(%x: ui64) -> f16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.uitofp %[[X]] : i64 to f16
  // CHECK-NEXT: llvm.return %[[R]] : f16
  %0 = spirv.ConvertUToF %x : ui64 to f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @convert_unsigned_to_float_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xi32>)
spirv.func @convert_unsigned_to_float_vector(%x: vector<4xi32>) -> vector<4xf32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.uitofp %[[X]] : vector<4xi32> to vector<4xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xf32>
  %0 = spirv.ConvertUToF %x : vector<4xi32> to vector<4xf32>
  spirv.ReturnValue %0 : vector<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FConvert
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @fconvert_extend_scalar
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @fconvert_extend_scalar(%x: f32) -> f64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fpext %[[X]] : f32 to f64
  // CHECK-NEXT: llvm.return %[[R]] : f64
  %0 = spirv.FConvert %x : f32 to f64
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @fconvert_extend_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xf16>)
spirv.func @fconvert_extend_vector(%x: vector<2xf16>) -> vector<2xf32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fpext %[[X]] : vector<2xf16> to vector<2xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf32>
  %0 = spirv.FConvert %x : vector<2xf16> to vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @fconvert_truncate_scalar
// CHECK-SAME: (%[[X:.*]]: f64)
spirv.func @fconvert_truncate_scalar(%x: f64) -> f16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fptrunc %[[X]] : f64 to f16
  // CHECK-NEXT: llvm.return %[[R]] : f16
  %0 = spirv.FConvert %x : f64 to f16
  spirv.ReturnValue %0 : f16
}

// -----

// CHECK-LABEL: @fconvert_truncate_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xf64>)
spirv.func @fconvert_truncate_vector(%x: vector<3xf64>) -> vector<3xf32> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.fptrunc %[[X]] : vector<3xf64> to vector<3xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xf32>
  %0 = spirv.FConvert %x : vector<3xf64> to vector<3xf32>
  spirv.ReturnValue %0 : vector<3xf32>
}

// -----

// CHECK-LABEL: @fconvert_truncate_to_bfloat
// CHECK-SAME: (%[[X:.*]]: f32)
// The f32's bits rounded to nearest even at bit 16 (a NaN kept quiet), the
// top half taken: no llvm.fptrunc to bf16, which is a call of compiler-rt's
// __truncsfbf2 on CPUs without bfloat16 instructions.
spirv.func @fconvert_truncate_to_bfloat(%x: f32) -> bf16 "None" {
  // CHECK-NOT: llvm.fptrunc
  // CHECK: %[[BITS:.*]] = llvm.bitcast %[[X]] : f32 to i32
  // CHECK: %[[NAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : f32
  // CHECK: %[[ROUNDED:.*]] = llvm.select %[[NAN]], %{{.*}}, %{{.*}} : i1, i32
  // CHECK: %[[TOP:.*]] = llvm.lshr %[[ROUNDED]], %{{.*}} : i32
  // CHECK: %[[HALF:.*]] = llvm.trunc %[[TOP]] : i32 to i16
  // CHECK: %[[R:.*]] = llvm.bitcast %[[HALF]] : i16 to bf16
  // CHECK-NEXT: llvm.return %[[R]] : bf16
  %0 = spirv.FConvert %x : f32 to bf16
  spirv.ReturnValue %0 : bf16
}

// -----

// From bfloat16: exact, the bits shifted into the top of an f32.
// CHECK-LABEL: @fconvert_extend_bfloat
// CHECK-SAME: (%[[X:.*]]: bf16)
spirv.func @fconvert_extend_bfloat(%x: bf16) -> f64 "None" {
  // CHECK: %[[BITS:.*]] = llvm.bitcast %[[X]] : bf16 to i16
  // CHECK: %[[WIDE:.*]] = llvm.zext %[[BITS]] : i16 to i32
  // CHECK: %[[TOP:.*]] = llvm.shl %[[WIDE]], %{{.*}} : i32
  // CHECK: %[[SINGLE:.*]] = llvm.bitcast %[[TOP]] : i32 to f32
  // CHECK: %[[R:.*]] = llvm.fpext %[[SINGLE]] : f32 to f64
  // CHECK-NEXT: llvm.return %[[R]] : f64
  %0 = spirv.FConvert %x : bf16 to f64
  spirv.ReturnValue %0 : f64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.SConvert
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @sconvert_extend_scalar
// CHECK-SAME: (%[[X:.*]]: i32)
spirv.func @sconvert_extend_scalar(%x: i32) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sext %[[X]] : i32 to i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.SConvert %x : i32 to i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @sconvert_extend_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi8>)
spirv.func @sconvert_extend_vector(%x: vector<2xsi8>) -> vector<2xsi16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.sext %[[X]] : vector<2xi8> to vector<2xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi16>
  %0 = spirv.SConvert %x : vector<2xsi8> to vector<2xsi16>
  spirv.ReturnValue %0 : vector<2xsi16>
}

// -----

// CHECK-LABEL: @sconvert_truncate_scalar
// CHECK-SAME: (%[[X:.*]]: i64)
spirv.func @sconvert_truncate_scalar(%x: i64) -> si16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.trunc %[[X]] : i64 to i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.SConvert %x : i64 to si16
  spirv.ReturnValue %0 : si16
}

// -----

// CHECK-LABEL: @sconvert_truncate_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xi32>)
spirv.func @sconvert_truncate_vector(%x: vector<4xi32>) -> vector<4xi8> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.trunc %[[X]] : vector<4xi32> to vector<4xi8>
  // CHECK-NEXT: llvm.return %[[R]] : vector<4xi8>
  %0 = spirv.SConvert %x : vector<4xi32> to vector<4xi8>
  spirv.ReturnValue %0 : vector<4xi8>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.UConvert
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @uconvert_extend_scalar
// CHECK-SAME: (%[[X:.*]]: i8)
spirv.func @uconvert_extend_scalar(%x: ui8) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.zext %[[X]] : i8 to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.UConvert %x : ui8 to i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @uconvert_extend_vector
// CHECK-SAME: (%[[X:.*]]: vector<3xi16>)
spirv.func @uconvert_extend_vector(%x: vector<3xi16>) -> vector<3xi64> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.zext %[[X]] : vector<3xi16> to vector<3xi64>
  // CHECK-NEXT: llvm.return %[[R]] : vector<3xi64>
  %0 = spirv.UConvert %x : vector<3xi16> to vector<3xi64>
  spirv.ReturnValue %0 : vector<3xi64>
}

// -----

// CHECK-LABEL: @uconvert_truncate_scalar
// CHECK-SAME: (%[[X:.*]]: i64)
spirv.func @uconvert_truncate_scalar(%x: i64) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.trunc %[[X]] : i64 to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.UConvert %x : i64 to i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @uconvert_truncate_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>)
spirv.func @uconvert_truncate_vector(%x: vector<2xui32>) -> vector<2xi16> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.trunc %[[X]] : vector<2xi32> to vector<2xi16>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xi16>
  %0 = spirv.UConvert %x : vector<2xui32> to vector<2xi16>
  spirv.ReturnValue %0 : vector<2xi16>
}

// -----

//===----------------------------------------------------------------------===//
// Pointer casts, with the default client API: every storage class is in
// address space 0.
//===----------------------------------------------------------------------===//

// LLVM pointers are opaque: a bitcast between pointers is the operand itself.
// CHECK-LABEL: @bitcast_pointer
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @bitcast_pointer(%p: !spirv.ptr<f32, Function>) -> !spirv.ptr<i32, Function> "None" {
  // CHECK-NEXT: llvm.return %[[P]] : !llvm.ptr
  %0 = spirv.Bitcast %p : !spirv.ptr<f32, Function> to !spirv.ptr<i32, Function>
  spirv.ReturnValue %0 : !spirv.ptr<i32, Function>
}

// -----

// Not lowered upstream. LLVM's ptrtoint truncates or zero-extends as SPIR-V does.
// CHECK-LABEL: @convert_ptr_to_u
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @convert_ptr_to_u(%p: !spirv.ptr<f32, CrossWorkgroup>) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ConvertPtrToU %p : !spirv.ptr<f32, CrossWorkgroup> to i32
  spirv.ReturnValue %0 : i32
}

// -----

// Not lowered upstream.
// CHECK-LABEL: @convert_u_to_ptr
// CHECK-SAME: (%[[X:.*]]: i64)
spirv.func @convert_u_to_ptr(%x: i64) -> !spirv.ptr<i8, PhysicalStorageBuffer> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.inttoptr %[[X]] : i64 to !llvm.ptr
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr
  %0 = spirv.ConvertUToPtr %x : i64 to !spirv.ptr<i8, PhysicalStorageBuffer>
  spirv.ReturnValue %0 : !spirv.ptr<i8, PhysicalStorageBuffer>
}

// -----

// Not lowered upstream. Workgroup and Generic are both address space 0 here:
// the operand itself.
// CHECK-LABEL: @ptr_cast_to_generic
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @ptr_cast_to_generic(%p: !spirv.ptr<f32, Workgroup>) -> !spirv.ptr<f32, Generic> "None" {
  // CHECK-NEXT: llvm.return %[[P]] : !llvm.ptr
  %0 = spirv.PtrCastToGeneric %p : !spirv.ptr<f32, Workgroup> to !spirv.ptr<f32, Generic>
  spirv.ReturnValue %0 : !spirv.ptr<f32, Generic>
}

// -----

// Not lowered upstream.
// CHECK-LABEL: @generic_cast_to_ptr
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @generic_cast_to_ptr(%p: !spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, CrossWorkgroup> "None" {
  // CHECK-NEXT: llvm.return %[[P]] : !llvm.ptr
  %0 = spirv.GenericCastToPtr %p : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
  spirv.ReturnValue %0 : !spirv.ptr<f32, CrossWorkgroup>
}

// -----

// Not lowered upstream: a call to the SPIR-V builtin, which yields null when
// the pointer is not in the target storage class; the second argument is the
// storage class (Function = 7).
// CHECK-LABEL: module
// CHECK-NEXT: llvm.func spir_funccc @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(!llvm.ptr, i32) -> !llvm.ptr attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-LABEL: @generic_cast_to_ptr_explicit
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @generic_cast_to_ptr_explicit(%p: !spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, Function> "None" {
  // CHECK-NEXT: %[[STORAGE:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.call spir_funccc @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(%[[P]], %[[STORAGE]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (!llvm.ptr, i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr
  %0 = spirv.GenericCastToPtrExplicit %p : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, Function>
  spirv.ReturnValue %0 : !spirv.ptr<f32, Function>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.FConvert with a directed rounding mode (OpenCL vstore_half_r...)
//===----------------------------------------------------------------------===//

// The nearest result, and its neighbour toward zero when it lies beyond the
// operand in magnitude.
// CHECK-LABEL: @narrow_toward_zero
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @narrow_toward_zero(%x: f32) -> f16 "None" {
  // CHECK-NEXT: %[[N:.*]] = llvm.fptrunc %[[X]] : f32 to f16
  // CHECK-NEXT: %[[BACK:.*]] = llvm.fpext %[[N]] : f16 to f32
  // CHECK-NEXT: %[[AB:.*]] = llvm.intr.fabs(%[[BACK]]) : (f32) -> f32
  // CHECK-NEXT: %[[AX:.*]] = llvm.intr.fabs(%[[X]]) : (f32) -> f32
  // CHECK-NEXT: %[[WRONG:.*]] = llvm.fcmp "ogt" %[[AB]], %[[AX]] : f32
  // CHECK-NEXT: %[[BITS:.*]] = llvm.bitcast %[[N]] : f16 to i16
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(1 : i16) : i16
  // CHECK-NEXT: %[[MINUS:.*]] = llvm.mlir.constant(-1 : i16) : i16
  // CHECK-NEXT: %[[STEPPED:.*]] = llvm.add %[[BITS]], %[[MINUS]] : i16
  // CHECK-NEXT: %[[NEIGHBOUR:.*]] = llvm.bitcast %[[STEPPED]] : i16 to f16
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[WRONG]], %[[NEIGHBOUR]], %[[N]] : i1, f16
  // CHECK-NEXT: llvm.return %[[R]] : f16
  %0 = spirv.FConvert %x {fp_rounding_mode = #spirv.fp_rounding_mode<RTZ>} : f32 to f16
  spirv.ReturnValue %0 : f16
}

// -----

// Toward +inf on vectors: the step is +1 for positive results, -1 for
// negative ones (sign and magnitude).
// CHECK-LABEL: @narrow_up
// CHECK-SAME: (%[[X:.*]]: vector<2xf64>)
spirv.func @narrow_up(%x: vector<2xf64>) -> vector<2xf32> "None" {
  // CHECK-NEXT: %[[N:.*]] = llvm.fptrunc %[[X]] : vector<2xf64> to vector<2xf32>
  // CHECK-NEXT: %[[BACK:.*]] = llvm.fpext %[[N]] : vector<2xf32> to vector<2xf64>
  // CHECK-NEXT: %[[WRONG:.*]] = llvm.fcmp "olt" %[[BACK]], %[[X]] : vector<2xf64>
  // CHECK-NEXT: %[[BITS:.*]] = llvm.bitcast %[[N]] : vector<2xf32> to vector<2xi32>
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(dense<1> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[MINUS:.*]] = llvm.mlir.constant(dense<-1> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(dense<0> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %[[NEGATIVE:.*]] = llvm.icmp "slt" %[[BITS]], %[[ZERO]] : vector<2xi32>
  // CHECK-NEXT: %[[STEP:.*]] = llvm.select %[[NEGATIVE]], %[[MINUS]], %[[ONE]] : vector<2xi1>, vector<2xi32>
  // CHECK-NEXT: %[[STEPPED:.*]] = llvm.add %[[BITS]], %[[STEP]] : vector<2xi32>
  // CHECK-NEXT: %[[NEIGHBOUR:.*]] = llvm.bitcast %[[STEPPED]] : vector<2xi32> to vector<2xf32>
  // CHECK-NEXT: %[[R:.*]] = llvm.select %[[WRONG]], %[[NEIGHBOUR]], %[[N]] : vector<2xi1>, vector<2xf32>
  // CHECK-NEXT: llvm.return %[[R]] : vector<2xf32>
  %0 = spirv.FConvert %x {fp_rounding_mode = #spirv.fp_rounding_mode<RTP>} : vector<2xf64> to vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// Toward -inf: the reverse steps. RTE is the conversion's own rounding.
// CHECK-LABEL: @narrow_down_and_nearest
spirv.func @narrow_down_and_nearest(%x: f32) -> f16 "None" {
  // CHECK: llvm.fcmp "ogt"
  // CHECK: %[[STEP:.*]] = llvm.select %{{.*}}, %[[ONE:.*]], %[[MINUS:.*]] : i1, i16
  // CHECK: llvm.select
  // CHECK-NEXT: %[[NEAREST:.*]] = llvm.fptrunc
  // CHECK-NOT: llvm.fpext
  // CHECK: llvm.return
  %0 = spirv.FConvert %x {fp_rounding_mode = #spirv.fp_rounding_mode<RTN>} : f32 to f16
  %1 = spirv.FConvert %x {fp_rounding_mode = #spirv.fp_rounding_mode<RTE>} : f32 to f16
  %2 = spirv.FAdd %0, %1 : f16
  spirv.ReturnValue %2 : f16
}
