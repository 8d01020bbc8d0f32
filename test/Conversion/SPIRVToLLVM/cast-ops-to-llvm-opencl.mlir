// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=OpenCL' %s | FileCheck %s

// Pointer casts with the OpenCL client API: Function is address space 0,
// CrossWorkgroup 1, UniformConstant 2, Workgroup 3 and Generic 4.

//===----------------------------------------------------------------------===//
// spirv.Bitcast
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @bitcast_pointer
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>)
spirv.func @bitcast_pointer(%p: !spirv.ptr<f32, CrossWorkgroup>) -> !spirv.ptr<vector<4xi8>, CrossWorkgroup> "None" {
  // CHECK-NEXT: llvm.return %[[P]] : !llvm.ptr<1>
  %0 = spirv.Bitcast %p : !spirv.ptr<f32, CrossWorkgroup> to !spirv.ptr<vector<4xi8>, CrossWorkgroup>
  spirv.ReturnValue %0 : !spirv.ptr<vector<4xi8>, CrossWorkgroup>
}

// -----

// Numeric bitcasts do not depend on the client API.
// CHECK-LABEL: @bitcast_scalar
// CHECK-SAME: (%[[X:.*]]: f32)
spirv.func @bitcast_scalar(%x: f32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.bitcast %[[X]] : f32 to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.Bitcast %x : f32 to i32
  spirv.ReturnValue %0 : i32
}

//===----------------------------------------------------------------------===//
// spirv.ConvertPtrToU, spirv.ConvertUToPtr (not lowered upstream)
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @convert_ptr_to_u
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>)
spirv.func @convert_ptr_to_u(%p: !spirv.ptr<f32, CrossWorkgroup>) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.ConvertPtrToU %p : !spirv.ptr<f32, CrossWorkgroup> to i64
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @convert_ptr_to_u_narrower
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>)
spirv.func @convert_ptr_to_u_narrower(%p: !spirv.ptr<i32, Generic>) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<4> to i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.ConvertPtrToU %p : !spirv.ptr<i32, Generic> to i32
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @convert_u_to_ptr
// CHECK-SAME: (%[[X:.*]]: i64)
spirv.func @convert_u_to_ptr(%x: i64) -> !spirv.ptr<f32, Generic> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.inttoptr %[[X]] : i64 to !llvm.ptr<4>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<4>
  %0 = spirv.ConvertUToPtr %x : i64 to !spirv.ptr<f32, Generic>
  spirv.ReturnValue %0 : !spirv.ptr<f32, Generic>
}

// -----

// CHECK-LABEL: @convert_u_to_ptr_narrower
// CHECK-SAME: (%[[X:.*]]: i32)
spirv.func @convert_u_to_ptr_narrower(%x: i32) -> !spirv.ptr<i8, Workgroup> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.inttoptr %[[X]] : i32 to !llvm.ptr<3>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<3>
  %0 = spirv.ConvertUToPtr %x : i32 to !spirv.ptr<i8, Workgroup>
  spirv.ReturnValue %0 : !spirv.ptr<i8, Workgroup>
}

//===----------------------------------------------------------------------===//
// spirv.PtrCastToGeneric (not lowered upstream)
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @ptr_cast_to_generic_from_workgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<3>)
spirv.func @ptr_cast_to_generic_from_workgroup(%p: !spirv.ptr<f32, Workgroup>) -> !spirv.ptr<f32, Generic> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<3> to !llvm.ptr<4>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<4>
  %0 = spirv.PtrCastToGeneric %p : !spirv.ptr<f32, Workgroup> to !spirv.ptr<f32, Generic>
  spirv.ReturnValue %0 : !spirv.ptr<f32, Generic>
}

// -----

// CHECK-LABEL: @ptr_cast_to_generic_from_cross_workgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>)
spirv.func @ptr_cast_to_generic_from_cross_workgroup(%p: !spirv.ptr<vector<2xf16>, CrossWorkgroup>) -> !spirv.ptr<vector<2xf16>, Generic> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<1> to !llvm.ptr<4>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<4>
  %0 = spirv.PtrCastToGeneric %p : !spirv.ptr<vector<2xf16>, CrossWorkgroup> to !spirv.ptr<vector<2xf16>, Generic>
  spirv.ReturnValue %0 : !spirv.ptr<vector<2xf16>, Generic>
}

// -----

// CHECK-LABEL: @ptr_cast_to_generic_from_function
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @ptr_cast_to_generic_from_function(%p: !spirv.ptr<i32, Function>) -> !spirv.ptr<i32, Generic> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr to !llvm.ptr<4>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<4>
  %0 = spirv.PtrCastToGeneric %p : !spirv.ptr<i32, Function> to !spirv.ptr<i32, Generic>
  spirv.ReturnValue %0 : !spirv.ptr<i32, Generic>
}

//===----------------------------------------------------------------------===//
// spirv.GenericCastToPtr (not lowered upstream)
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @generic_cast_to_ptr_to_cross_workgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>)
spirv.func @generic_cast_to_ptr_to_cross_workgroup(%p: !spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, CrossWorkgroup> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<4> to !llvm.ptr<1>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<1>
  %0 = spirv.GenericCastToPtr %p : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
  spirv.ReturnValue %0 : !spirv.ptr<f32, CrossWorkgroup>
}

// -----

// CHECK-LABEL: @generic_cast_to_ptr_to_workgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>)
spirv.func @generic_cast_to_ptr_to_workgroup(%p: !spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, Workgroup> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<4> to !llvm.ptr<3>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<3>
  %0 = spirv.GenericCastToPtr %p : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, Workgroup>
  spirv.ReturnValue %0 : !spirv.ptr<f32, Workgroup>
}

// -----

// CHECK-LABEL: @generic_cast_to_ptr_to_function
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>)
spirv.func @generic_cast_to_ptr_to_function(%p: !spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, Function> "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<4> to !llvm.ptr
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr
  %0 = spirv.GenericCastToPtr %p : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, Function>
  spirv.ReturnValue %0 : !spirv.ptr<f32, Function>
}

//===----------------------------------------------------------------------===//
// spirv.GenericCastToPtrExplicit (not lowered upstream): a call to the SPIR-V
// builtin __spirv_GenericCastToPtrExplicit_To{Global,Local,Private}, declared
// once per module, with the target storage class as second argument.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: module
// CHECK-NEXT: llvm.func spir_funccc @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(!llvm.ptr<4>, i32) -> !llvm.ptr<1> attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @generic_cast_to_ptr_explicit_to_global
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>, %[[Q:.*]]: !llvm.ptr<4>)
spirv.func @generic_cast_to_ptr_explicit_to_global(%p: !spirv.ptr<f32, Generic>, %q: !spirv.ptr<f32, Generic>) -> !spirv.ptr<f32, CrossWorkgroup> "None" {
  // CHECK-NEXT: %[[STORAGE:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.call spir_funccc @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(%[[P]], %[[STORAGE]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (!llvm.ptr<4>, i32) -> !llvm.ptr<1>
  // CHECK-NEXT: %[[STORAGE2:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.call spir_funccc @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(%[[Q]], %[[STORAGE2]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (!llvm.ptr<4>, i32) -> !llvm.ptr<1>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<1>
  %0 = spirv.GenericCastToPtrExplicit %p : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
  %1 = spirv.GenericCastToPtrExplicit %q : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>
  spirv.ReturnValue %1 : !spirv.ptr<f32, CrossWorkgroup>
}

// -----

// CHECK-LABEL: module
// CHECK-NEXT: llvm.func spir_funccc @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPU3AS4vi(!llvm.ptr<4>, i32) -> !llvm.ptr<3> attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-LABEL: @generic_cast_to_ptr_explicit_to_local
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>)
spirv.func @generic_cast_to_ptr_explicit_to_local(%p: !spirv.ptr<i32, Generic>) -> !spirv.ptr<i32, Workgroup> "None" {
  // CHECK-NEXT: %[[STORAGE:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.call spir_funccc @_Z40__spirv_GenericCastToPtrExplicit_ToLocalPU3AS4vi(%[[P]], %[[STORAGE]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (!llvm.ptr<4>, i32) -> !llvm.ptr<3>
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr<3>
  %0 = spirv.GenericCastToPtrExplicit %p : !spirv.ptr<i32, Generic> to !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : !spirv.ptr<i32, Workgroup>
}

// -----

// CHECK-LABEL: module
// CHECK-NEXT: llvm.func spir_funccc @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(!llvm.ptr<4>, i32) -> !llvm.ptr attributes {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return}
// CHECK-LABEL: @generic_cast_to_ptr_explicit_to_private
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>)
spirv.func @generic_cast_to_ptr_explicit_to_private(%p: !spirv.ptr<f64, Generic>) -> !spirv.ptr<f64, Function> "None" {
  // CHECK-NEXT: %[[STORAGE:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.call spir_funccc @_Z42__spirv_GenericCastToPtrExplicit_ToPrivatePU3AS4vi(%[[P]], %[[STORAGE]]) {memory_effects = #llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind, will_return} : (!llvm.ptr<4>, i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.return %[[R]] : !llvm.ptr
  %0 = spirv.GenericCastToPtrExplicit %p : !spirv.ptr<f64, Generic> to !spirv.ptr<f64, Function>
  spirv.ReturnValue %0 : !spirv.ptr<f64, Function>
}
