// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.module
//===----------------------------------------------------------------------===//

// The addressing model, memory model and VCE triple are dropped, as upstream.
// CHECK: {{^  }}module {
// CHECK-NEXT: }
spirv.module Logical GLSL450 {
}

// -----

// CHECK: {{^  }}module @named {
// CHECK-NEXT: llvm.func @f() {
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
spirv.module @named Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses], []> {
  spirv.func @f() "None" {
    spirv.Return
  }
}

// -----

// CHECK: {{^  }}module @outer {
// CHECK-NEXT: }
// CHECK-NEXT: module @other {
// CHECK-NEXT: llvm.func @g(%[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: llvm.return %[[ARG0]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
spirv.module @outer Logical GLSL450 {
}
spirv.module @other Logical GLSL450 {
  spirv.func @g(%a: i32) -> i32 "None" {
    spirv.ReturnValue %a : i32
  }
}

// -----

//===----------------------------------------------------------------------===//
// spirv.EntryPoint and spirv.ExecutionMode
//===----------------------------------------------------------------------===//

// The entry point is removed; each execution mode becomes a constant global
// {mode id, [values]} at the start of the module, named after the function
// (and the module, when it has a name).
// CHECK: {{^  }}module {
// CHECK-NEXT: llvm.mlir.global external constant @__spv__kernel_execution_mode_info_17() {addr_space = 0 : i32} : !llvm.struct<(i32, array<3 x i32>)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(17 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[V1]], %[[V0]][0] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.insertvalue %[[V3]], %[[V2]][1, 0] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[V5]], %[[V4]][1, 1] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V8:.*]] = llvm.insertvalue %[[V7]], %[[V6]][1, 2] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: llvm.return %[[V8]] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: }
// CHECK-NEXT: llvm.mlir.global external constant @__spv__kernel_execution_mode_info_31() {addr_space = 0 : i32} : !llvm.struct<(i32)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : !llvm.struct<(i32)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[V1]], %[[V0]][0] : !llvm.struct<(i32)>
// CHECK-NEXT: llvm.return %[[V2]] : !llvm.struct<(i32)>
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func @kernel() attributes {spirv_abi.entry_point = {execution_model = "Kernel", local_size = array<i32: 32, 1, 1>}} {
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
spirv.module Logical OpenCL requires #spirv.vce<v1.0, [Kernel], []> {
  spirv.func @kernel() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @kernel
  spirv.ExecutionMode @kernel "ContractionOff"
  spirv.ExecutionMode @kernel "LocalSize", 32, 1, 1
}

// -----

// CHECK: {{^  }}module @named {
// CHECK-NEXT: llvm.mlir.global external constant @__spv__named_kernel_execution_mode_info_18() {addr_space = 0 : i32} : !llvm.struct<(i32, array<3 x i32>)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(18 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[V1]], %[[V0]][0] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.insertvalue %[[V3]], %[[V2]][1, 0] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.insertvalue %[[V5]], %[[V4]][1, 1] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: %[[V7:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V8:.*]] = llvm.insertvalue %[[V7]], %[[V6]][1, 2] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: llvm.return %[[V8]] : !llvm.struct<(i32, array<3 x i32>)>
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func @kernel() attributes {spirv_abi.entry_point = {execution_model = "Kernel"}} {
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
spirv.module @named Logical OpenCL requires #spirv.vce<v1.0, [Kernel], []> {
  spirv.func @kernel() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @kernel
  spirv.ExecutionMode @kernel "LocalSizeHint", 8, 2, 1
}

// -----

// A mode with one value.
// CHECK: {{^  }}module {
// CHECK-NEXT: llvm.mlir.global external constant @__spv__main_execution_mode_info_0() {addr_space = 0 : i32} : !llvm.struct<(i32, array<1 x i32>)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : !llvm.struct<(i32, array<1 x i32>)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[V1]], %[[V0]][0] : !llvm.struct<(i32, array<1 x i32>)>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.insertvalue %[[V3]], %[[V2]][1, 0] : !llvm.struct<(i32, array<1 x i32>)>
// CHECK-NEXT: llvm.return %[[V4]] : !llvm.struct<(i32, array<1 x i32>)>
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func @main() attributes {spirv_abi.entry_point = {execution_model = "Vertex"}} {
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Vertex" @main
  spirv.ExecutionMode @main "Invocations", 3
}

// -----

// The global is named after the LLVM name of the function, its linkage name
// when it has one (see func-ops-to-llvm.mlir); upstream uses the SPIR-V name.
// CHECK: {{^  }}module {
// CHECK-NEXT: llvm.mlir.global external constant @__spv__exported_kernel_execution_mode_info_31() {addr_space = 0 : i32} : !llvm.struct<(i32)> {
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : !llvm.struct<(i32)>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertvalue %[[V1]], %[[V0]][0] : !llvm.struct<(i32)>
// CHECK-NEXT: llvm.return %[[V2]] : !llvm.struct<(i32)>
// CHECK-NEXT: }
// CHECK-NEXT: llvm.func @exported_kernel() attributes {spirv_abi.entry_point = {execution_model = "Kernel"}} {
// CHECK-NEXT: llvm.return
// CHECK-NEXT: }
// CHECK-NEXT: }
spirv.module Logical OpenCL requires #spirv.vce<v1.0, [Kernel, Linkage], []> {
  spirv.func @kernel() "None" attributes {
    linkage_attributes = #spirv.linkage_attributes<linkage_name = "exported_kernel", linkage_type = <Export>>
  } {
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @kernel
  spirv.ExecutionMode @kernel "ContractionOff"
}

