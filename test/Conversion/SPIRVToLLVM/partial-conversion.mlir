// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

// Ops of other dialects stay, as with upstream's partial conversion: a host
// function beside a SPIR-V module.

// CHECK-LABEL: func.func @host
//  CHECK-SAME: (%[[A:.*]]: i32) -> i32
//       CHECK:   %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
//       CHECK:   return %[[S]] : i32
//       CHECK: module {
//       CHECK:   llvm.func @kernel(%[[B:.*]]: i32) -> i32
//       CHECK:     %[[T:.*]] = llvm.add %[[B]], %[[B]] : i32
//       CHECK:     llvm.return %[[T]] : i32
func.func @host(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
spirv.module Logical GLSL450 {
  spirv.func @kernel(%a: i32) -> i32 "None" {
    %0 = spirv.IAdd %a, %a : i32
    spirv.ReturnValue %0 : i32
  }
}

// -----

// A module that defines a builtin itself gets no second declaration: calls
// go to the converted definition, with its calling convention (C) and
// attributes (none), as upstream.

//       CHECK: // -----
//   CHECK-NOT:   llvm.func spir_funccc @_Z22__spirv_ControlBarrieriii
//       CHECK:   llvm.func @_Z22__spirv_ControlBarrieriii(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32)
//       CHECK:     llvm.return
//       CHECK:   llvm.func @barrier()
//       CHECK:     llvm.call @_Z22__spirv_ControlBarrieriii(%{{.*}}, %{{.*}}, %{{.*}}) : (i32, i32, i32) -> ()
//   CHECK-NOT:   llvm.func {{.*}}@_Z22__spirv_ControlBarrieriii
spirv.module Logical OpenCL {
  spirv.func @_Z22__spirv_ControlBarrieriii(%e: i32, %m: i32, %s: i32) "None" {
    spirv.Return
  }
  spirv.func @barrier() "None" {
    spirv.ControlBarrier <Workgroup>, <Device>, <Acquire|UniformMemory>
    spirv.Return
  }
}
