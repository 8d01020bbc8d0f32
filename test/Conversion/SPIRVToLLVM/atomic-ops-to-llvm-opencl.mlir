// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=OpenCL' %s | FileCheck %s

// With the OpenCL client API, pointers keep the address space of their
// storage class; the atomics operate on them as they are.

// CHECK-LABEL: @workgroup_add
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<3>, %[[V:.*]]: i32)
spirv.func @workgroup_add(%p: !spirv.ptr<i32, Workgroup>, %v: i32) -> i32 "None" {
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[V]] syncscope("workgroup") acq_rel : !llvm.ptr<3>, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIAdd <Workgroup> <AcquireRelease|WorkgroupMemory> %p, %v : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

// CHECK-LABEL: @cross_workgroup_compare_exchange
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[V:.*]]: i64, %[[C:.*]]: i64)
spirv.func @cross_workgroup_compare_exchange(%p: !spirv.ptr<i64, CrossWorkgroup>, %v: i64, %c: i64) -> i64 "None" {
  // CHECK-NEXT: %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %[[C]], %[[V]] syncscope("device") seq_cst seq_cst : !llvm.ptr<1>, i64
  // CHECK-NEXT: %[[R:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i64, i1)>
  // CHECK-NEXT: llvm.return %[[R]] : i64
  %0 = spirv.AtomicCompareExchange <Device> <SequentiallyConsistent|CrossWorkgroupMemory> <SequentiallyConsistent|CrossWorkgroupMemory> %p, %v, %c : !spirv.ptr<i64, CrossWorkgroup>
  spirv.ReturnValue %0 : i64
}

// -----

// CHECK-LABEL: @generic_increment
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>)
spirv.func @generic_increment(%p: !spirv.ptr<i32, Generic>) -> i32 "None" {
  // CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[R:.*]] = llvm.atomicrmw add %[[P]], %[[ONE]] monotonic : !llvm.ptr<4>, i32
  // CHECK-NEXT: llvm.return %[[R]] : i32
  %0 = spirv.AtomicIIncrement <CrossDevice> <None> %p : !spirv.ptr<i32, Generic>
  spirv.ReturnValue %0 : i32
}
