// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.AtomicAnd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @atomic_and_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_and_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw _and %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicAnd <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @atomic_and_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64)
spirv.func @atomic_and_i64(%p: !spirv.ptr<ui64, StorageBuffer>, %v: ui64) -> ui64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw _and %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicAnd <Device> <None> %p, %v : !spirv.ptr<ui64, StorageBuffer>
  spirv.ReturnValue %0 : ui64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicExchange
//===----------------------------------------------------------------------===//

// An exchange also takes floats.

// CHECK-LABEL: @atomic_exchange_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_exchange_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw xchg %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicExchange <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @atomic_exchange_f32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: f32)
spirv.func @atomic_exchange_f32(%p: !spirv.ptr<f32, StorageBuffer>, %v: f32) -> f32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw xchg %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.AtomicExchange <Device> <None> %p, %v : !spirv.ptr<f32, StorageBuffer>
  spirv.ReturnValue %0 : f32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicIAdd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @atomic_i_add_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_i_add_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @atomic_i_add_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64)
spirv.func @atomic_i_add_i64(%p: !spirv.ptr<i64, StorageBuffer>, %v: i64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicIAdd <Device> <None> %p, %v : !spirv.ptr<i64, StorageBuffer>
  spirv.ReturnValue %0 : i64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicIDecrement
//===----------------------------------------------------------------------===//

// Decrement is a subtraction of 1.

// CHECK-LABEL: @atomic_i_decrement_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @atomic_i_decrement_i32(%p: !spirv.ptr<i32, StorageBuffer>) -> i32 "None" {
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[ONE]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIDecrement <Device> <None> %p : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @atomic_i_decrement_i16
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @atomic_i_decrement_i16(%p: !spirv.ptr<i16, StorageBuffer>) -> i16 "None" {
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i16) : i16
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[ONE]] syncscope("device") monotonic : !llvm.ptr, i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.AtomicIDecrement <Device> <None> %p : !spirv.ptr<i16, StorageBuffer>
  spirv.ReturnValue %0 : i16
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicIIncrement
//===----------------------------------------------------------------------===//

// Increment is an addition of 1.

// CHECK-LABEL: @atomic_i_increment_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @atomic_i_increment_i32(%p: !spirv.ptr<i32, StorageBuffer>) -> i32 "None" {
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[ONE]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIIncrement <Device> <None> %p : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @atomic_i_increment_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @atomic_i_increment_i64(%p: !spirv.ptr<ui64, StorageBuffer>) -> ui64 "None" {
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[ONE]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicIIncrement <Device> <None> %p : !spirv.ptr<ui64, StorageBuffer>
  spirv.ReturnValue %0 : ui64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicISub
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @atomic_i_sub_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_i_sub_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicISub <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @atomic_i_sub_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64)
spirv.func @atomic_i_sub_i64(%p: !spirv.ptr<si64, StorageBuffer>, %v: si64) -> si64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicISub <Device> <None> %p, %v : !spirv.ptr<si64, StorageBuffer>
  spirv.ReturnValue %0 : si64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicOr
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @atomic_or_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_or_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw _or %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicOr <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @atomic_or_i8
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i8)
spirv.func @atomic_or_i8(%p: !spirv.ptr<i8, StorageBuffer>, %v: i8) -> i8 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw _or %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i8
  // CHECK-NEXT: llvm.return %[[R]] : i8
  %0 = spirv.AtomicOr <Device> <None> %p, %v : !spirv.ptr<i8, StorageBuffer>
  spirv.ReturnValue %0 : i8
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicSMax
//===----------------------------------------------------------------------===//

// SPIR-V's signed maximum is LLVM's max.

// CHECK-LABEL: @atomic_s_max_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_s_max_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw max %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicSMax <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @atomic_s_max_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64)
spirv.func @atomic_s_max_i64(%p: !spirv.ptr<si64, StorageBuffer>, %v: si64) -> si64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw max %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicSMax <Device> <None> %p, %v : !spirv.ptr<si64, StorageBuffer>
  spirv.ReturnValue %0 : si64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicSMin
//===----------------------------------------------------------------------===//

// SPIR-V's signed minimum is LLVM's min.

// CHECK-LABEL: @atomic_s_min_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_s_min_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw min %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicSMin <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @atomic_s_min_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64)
spirv.func @atomic_s_min_i64(%p: !spirv.ptr<i64, StorageBuffer>, %v: i64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw min %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicSMin <Device> <None> %p, %v : !spirv.ptr<i64, StorageBuffer>
  spirv.ReturnValue %0 : i64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicUMax
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @atomic_u_max_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_u_max_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw umax %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicUMax <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @atomic_u_max_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64)
spirv.func @atomic_u_max_i64(%p: !spirv.ptr<ui64, StorageBuffer>, %v: ui64) -> ui64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw umax %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicUMax <Device> <None> %p, %v : !spirv.ptr<ui64, StorageBuffer>
  spirv.ReturnValue %0 : ui64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicUMin
//===----------------------------------------------------------------------===//

// Signed and unsigned integers become signless.
// CHECK-LABEL: @atomic_u_min_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_u_min_i32(%p: !spirv.ptr<ui32, StorageBuffer>, %v: ui32) -> ui32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw umin %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicUMin <Device> <None> %p, %v : !spirv.ptr<ui32, StorageBuffer>
  spirv.ReturnValue %0 : ui32
}

// -----

// CHECK-LABEL: @atomic_u_min_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64)
spirv.func @atomic_u_min_i64(%p: !spirv.ptr<i64, StorageBuffer>, %v: i64) -> i64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw umin %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i64
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicUMin <Device> <None> %p, %v : !spirv.ptr<i64, StorageBuffer>
  spirv.ReturnValue %0 : i64
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicXor
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @atomic_xor_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @atomic_xor_i32(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw _xor %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicXor <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @atomic_xor_i16
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i16)
spirv.func @atomic_xor_i16(%p: !spirv.ptr<i16, StorageBuffer>, %v: i16) -> i16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw _xor %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i16
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.AtomicXor <Device> <None> %p, %v : !spirv.ptr<i16, StorageBuffer>
  spirv.ReturnValue %0 : i16
}

// -----

//===----------------------------------------------------------------------===//
// spirv.EXT.AtomicFAdd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @ext_atomic_f_add_f32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: f32)
spirv.func @ext_atomic_f_add_f32(%p: !spirv.ptr<f32, StorageBuffer>, %v: f32) -> f32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw fadd %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, f32
  // CHECK-NEXT: llvm.return %[[R]] : f32
  %0 = spirv.EXT.AtomicFAdd <Device> <None> %p, %v : !spirv.ptr<f32, StorageBuffer>
  spirv.ReturnValue %0 : f32
}

// -----

// CHECK-LABEL: @ext_atomic_f_add_f64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: f64)
spirv.func @ext_atomic_f_add_f64(%p: !spirv.ptr<f64, StorageBuffer>, %v: f64) -> f64 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw fadd %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, f64
  // CHECK-NEXT: llvm.return %[[R]] : f64
  %0 = spirv.EXT.AtomicFAdd <Device> <None> %p, %v : !spirv.ptr<f64, StorageBuffer>
  spirv.ReturnValue %0 : f64
}

// -----

// CHECK-LABEL: @ext_atomic_f_add_f16
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: f16)
spirv.func @ext_atomic_f_add_f16(%p: !spirv.ptr<f16, StorageBuffer>, %v: f16) -> f16 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw fadd %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, f16
  // CHECK-NEXT: llvm.return %[[R]] : f16
  %0 = spirv.EXT.AtomicFAdd <Device> <None> %p, %v : !spirv.ptr<f16, StorageBuffer>
  spirv.ReturnValue %0 : f16
}

// -----

//===----------------------------------------------------------------------===//
// Memory semantics: the ordering
//===----------------------------------------------------------------------===//

// At most one of Acquire, Release, AcquireRelease, SequentiallyConsistent;
// none is relaxed (monotonic). The storage-class bits and MakeAvailable /
// MakeVisible do not change the ordering; Volatile makes the access volatile.

// CHECK-LABEL: @semantics_none
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_none(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_acquire
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_acquire(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") acquire : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <Acquire> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_release
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_release(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") release : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <Release> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_acquire_release
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_acquire_release(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_sequentially_consistent
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_sequentially_consistent(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") seq_cst : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <SequentiallyConsistent> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_acquire_with_storage_classes
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_acquire_with_storage_classes(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") acquire : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <Acquire|UniformMemory|WorkgroupMemory> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_acquire_release_available_visible
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_acquire_release_available_visible(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <AcquireRelease|CrossWorkgroupMemory|MakeAvailable|MakeVisible> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_storage_class_only
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_storage_class_only(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("device") monotonic : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <WorkgroupMemory> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @semantics_volatile
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @semantics_volatile(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw volatile add %[[P]], %[[V]] syncscope("device") seq_cst : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Device> <SequentiallyConsistent|Volatile> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

//===----------------------------------------------------------------------===//
// Memory scope: the syncscope
//===----------------------------------------------------------------------===//

// CrossDevice is LLVM's default (system) scope; QueueFamily, between
// Workgroup and Device, is widened to device.

// CHECK-LABEL: @scope_cross_device
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @scope_cross_device(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicISub <CrossDevice> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @scope_device
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @scope_device(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] syncscope("device") acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicISub <Device> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @scope_queue_family
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @scope_queue_family(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] syncscope("device") acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicISub <QueueFamily> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @scope_workgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @scope_workgroup(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] syncscope("workgroup") acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicISub <Workgroup> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @scope_subgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @scope_subgroup(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] syncscope("subgroup") acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicISub <Subgroup> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @scope_invocation
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32)
spirv.func @scope_invocation(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw sub %[[P]], %[[V]] syncscope("singlethread") acq_rel : !llvm.ptr, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicISub <Invocation> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicCompareExchange
//===----------------------------------------------------------------------===//

// llvm.cmpxchg takes the comparator before the new value; the result is the
// original value. The success ordering comes from the Equal semantics, the
// failure ordering from the Unequal ones.

// CHECK-LABEL: @compare_exchange_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[C:.*]]: i32)
spirv.func @compare_exchange_i32(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("workgroup") monotonic monotonic : !llvm.ptr, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicCompareExchange <Workgroup> <None> <None> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @compare_exchange_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64, %[[C:.*]]: i64)
spirv.func @compare_exchange_i64(%p: !spirv.ptr<i64, Workgroup>, %v: i64, %c: i64) -> i64 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("device") acq_rel acquire : !llvm.ptr, i64
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i64, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicCompareExchange <Device> <AcquireRelease> <Acquire> %p, %v, %c : !spirv.ptr<i64, Workgroup>
  spirv.ReturnValue %0 : i64
}

// -----

// Signed and unsigned integers become signless.
// CHECK-LABEL: @compare_exchange_unsigned
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i16, %[[C:.*]]: i16)
spirv.func @compare_exchange_unsigned(%p: !spirv.ptr<ui16, Workgroup>, %v: ui16, %c: ui16) -> ui16 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("subgroup") seq_cst seq_cst : !llvm.ptr, i16
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i16, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i16
  %0 = spirv.AtomicCompareExchange <Subgroup> <SequentiallyConsistent> <SequentiallyConsistent> %p, %v, %c : !spirv.ptr<ui16, Workgroup>
  spirv.ReturnValue %0 : ui16
}

// -----

// CHECK-LABEL: @compare_exchange_release
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[C:.*]]: i32)
spirv.func @compare_exchange_release(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] release monotonic : !llvm.ptr, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicCompareExchange <CrossDevice> <Release|WorkgroupMemory> <WorkgroupMemory> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @compare_exchange_acquire
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[C:.*]]: i32)
spirv.func @compare_exchange_acquire(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("singlethread") acquire monotonic : !llvm.ptr, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicCompareExchange <Invocation> <Acquire> <None> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

// SPIR-V forbids Release and AcquireRelease as Unequal semantics, LLVM
// forbids them as failure orderings: only their acquire part is kept.
// CHECK-LABEL: @compare_exchange_unequal_release
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[C:.*]]: i32)
spirv.func @compare_exchange_unequal_release(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("device") release monotonic : !llvm.ptr, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicCompareExchange <Device> <Release> <Release> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @compare_exchange_unequal_acquire_release
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[C:.*]]: i32)
spirv.func @compare_exchange_unequal_acquire_release(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("device") acq_rel acquire : !llvm.ptr, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicCompareExchange <Device> <AcquireRelease> <AcquireRelease> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @compare_exchange_volatile
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[C:.*]]: i32)
spirv.func @compare_exchange_volatile(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg volatile %[[P]], %[[C]], %[[V]] syncscope("workgroup") acquire monotonic : !llvm.ptr, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicCompareExchange <Workgroup> <Acquire|Volatile> <Volatile> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

//===----------------------------------------------------------------------===//
// spirv.AtomicCompareExchangeWeak
//===----------------------------------------------------------------------===//

// "Has the same semantics as OpAtomicCompareExchange": a strong cmpxchg
// (LLVM's weak one may fail spuriously, which the original value, the only
// result, could not tell).

// CHECK-LABEL: @compare_exchange_weak_i32
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i32, %[[C:.*]]: i32)
spirv.func @compare_exchange_weak_i32(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("workgroup") acquire acquire : !llvm.ptr, i32
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicCompareExchangeWeak <Workgroup> <Acquire> <Acquire> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @compare_exchange_weak_i64
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[V:.*]]: i64, %[[C:.*]]: i64)
spirv.func @compare_exchange_weak_i64(%p: !spirv.ptr<i64, Workgroup>, %v: i64, %c: i64) -> i64 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] seq_cst monotonic : !llvm.ptr, i64
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i64, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicCompareExchangeWeak <CrossDevice> <SequentiallyConsistent> <None> %p, %v, %c : !spirv.ptr<i64, Workgroup>
  spirv.ReturnValue %0 : i64
}
