// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.ControlBarrier (as upstream)
//===----------------------------------------------------------------------===//

// The builtin is declared once per module, however many barriers call it.
// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_ControlBarrieriii(i32, i32, i32) attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @control_barrier
// CHECK-SAME: ()
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[C66:.*]] = llvm.mlir.constant(66 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii(%[[TWO]], %[[ONE]], %[[C66]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> ()
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii(%[[C3]], %[[TWO_1]], %[[ZERO]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> ()
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @control_barrier() "None" {
    spirv.ControlBarrier <Workgroup>, <Device>, <Acquire|UniformMemory>
    spirv.ControlBarrier <Subgroup>, <Workgroup>, <None>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_ControlBarrieriii(i32, i32, i32) attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @control_barrier_all_semantics
// CHECK-SAME: ()
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[C35728:.*]] = llvm.mlir.constant(35728 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii(%[[ZERO]], %[[C4]], %[[C35728]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> ()
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @control_barrier_all_semantics() "None" {
    spirv.ControlBarrier <CrossDevice>, <Invocation>, <SequentiallyConsistent|CrossWorkgroupMemory|WorkgroupMemory|SubgroupMemory|ImageMemory|Volatile>
    spirv.Return
  }
}

//===----------------------------------------------------------------------===//
// spirv.INTEL.ControlBarrierArrive, spirv.INTEL.ControlBarrierWait (as upstream)
//===----------------------------------------------------------------------===//

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z31__spirv_ControlBarrierWaitINTELiii(i32, i32, i32) attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_ControlBarrierArriveINTELiii(i32, i32, i32) attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @split_barrier
// CHECK-SAME: ()
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[C516:.*]] = llvm.mlir.constant(516 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z33__spirv_ControlBarrierArriveINTELiii(%[[TWO]], %[[ONE]], %[[C516]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> ()
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ONE_1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[C514:.*]] = llvm.mlir.constant(514 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z31__spirv_ControlBarrierWaitINTELiii(%[[TWO_1]], %[[ONE_1]], %[[C514]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> ()
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @split_barrier() "None" {
    spirv.INTEL.ControlBarrierArrive <Workgroup> <Device> <Release|CrossWorkgroupMemory>
    spirv.INTEL.ControlBarrierWait <Workgroup> <Device> <Acquire|CrossWorkgroupMemory>
    spirv.Return
  }
}

//===----------------------------------------------------------------------===//
// spirv.MemoryBarrier (beyond upstream)
//===----------------------------------------------------------------------===//

// -----

// Not convergent: a memory barrier orders memory accesses only.
// CHECK-DAG: llvm.func spir_funccc @_Z21__spirv_MemoryBarrierii(i32, i32) attributes {no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @memory_barrier
// CHECK-SAME: ()
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[C264:.*]] = llvm.mlir.constant(264 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii(%[[ONE]], %[[C264]]) {no_unwind, will_return} : (i32, i32) -> ()
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii(%[[C3]], %[[ZERO]]) {no_unwind, will_return} : (i32, i32) -> ()
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @memory_barrier() "None" {
    spirv.MemoryBarrier <Device>, <AcquireRelease|WorkgroupMemory>
    spirv.MemoryBarrier <Subgroup>, <None>
    spirv.Return
  }
}

// -----

// Barriers and memory barriers in one module: one declaration each.
// CHECK-DAG: llvm.func spir_funccc @_Z21__spirv_MemoryBarrierii(i32, i32) attributes {no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_ControlBarrieriii(i32, i32, i32) attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @first
// CHECK-SAME: ()
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[C264:.*]] = llvm.mlir.constant(264 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii(%[[TWO]], %[[TWO_1]], %[[C264]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> ()
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[C260:.*]] = llvm.mlir.constant(260 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii(%[[TWO_2]], %[[C260]]) {no_unwind, will_return} : (i32, i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-LABEL: @second
// CHECK-SAME: ()
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[C264:.*]] = llvm.mlir.constant(264 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii(%[[TWO]], %[[TWO_1]], %[[C264]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> ()
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[C260:.*]] = llvm.mlir.constant(260 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii(%[[TWO_2]], %[[C260]]) {no_unwind, will_return} : (i32, i32) -> ()
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @first() "None" {
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.MemoryBarrier <Workgroup>, <Release|WorkgroupMemory>
    spirv.Return
  }
  spirv.func @second() "None" {
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.MemoryBarrier <Workgroup>, <Release|WorkgroupMemory>
    spirv.Return
  }
}
