// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s | FileCheck %s
// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi=bounds-checks=false %s | FileCheck %s --check-prefix=UNCHECKED
// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s | sed -n '/internal @main/,/llvm.return/p' | FileCheck %s --check-prefix=INLINED
// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s | mlir-translate --mlir-to-llvmir -split-input-file > /dev/null

// The bounds checks of the kernel ABI (docs/abi.md, "Bounds checks"): the
// access runs only when its bytes lie in the object its pointer comes from;
// a load gives zero otherwise. A buffer's size is the host's, from the
// workgroup function's copy of `dispatch->resource_sizes` (the
// environment's last slot); a helper taking a pointer is inlined first, so that the
// pointer's object is known where it is used. What the checks compute is
// tested by running kernels: test/Runner/bounds.test.

// @element returns a pointer: inlined into @main (and left unused).
// CHECK:       llvm.func @element(
// CHECK:       llvm.func internal @main(%[[ENV:.*]]: !llvm.ptr) {
// At the start, once: the buffer (slot 0; slot 1 is the built-in) and its
// size (slot 2 holds the sizes).
// CHECK:         %[[BASE_SLOT:.*]] = llvm.getelementptr %[[ENV]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    %[[BASE:.*]] = llvm.load %[[BASE_SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[SIZES_SLOT:.*]] = llvm.getelementptr %[[ENV]][2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    %[[SIZES:.*]] = llvm.load %[[SIZES_SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[SIZE_POINTER:.*]] = llvm.getelementptr %[[SIZES]][0] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK-NEXT:    %[[SIZE:.*]] = llvm.load %[[SIZE_POINTER]] : !llvm.ptr -> i64
// The built-in's load is checked too (against its static size: folded by LLVM).
// CHECK:         llvm.cond_br
// @element, inlined:
// CHECK:         %[[ELEMENT:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}, 0, %{{.*}}] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.struct<(array<0 x f32>)>
// CHECK:       ^{{.*}}(%[[POINTER:.*]]: !llvm.ptr):
// CHECK-NEXT:    %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:    %[[END:.*]] = llvm.getelementptr %[[NULL]][1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK-NEXT:    %[[LENGTH:.*]] = llvm.ptrtoint %[[END]] : !llvm.ptr to i64
// CHECK-NEXT:    %[[ADDRESS:.*]] = llvm.ptrtoint %[[POINTER]] : !llvm.ptr to i64
// CHECK-NEXT:    %[[BASE_ADDRESS:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr to i64
// CHECK-NEXT:    %[[OFFSET:.*]] = llvm.sub %[[ADDRESS]], %[[BASE_ADDRESS]] : i64
// CHECK-NEXT:    %[[ROOM:.*]] = llvm.sub %[[SIZE]], %[[LENGTH]] : i64
// CHECK-NEXT:    %[[FITS:.*]] = llvm.icmp "ule" %[[LENGTH]], %[[SIZE]] : i64
// CHECK-NEXT:    %[[STARTS:.*]] = llvm.icmp "ule" %[[OFFSET]], %[[ROOM]] : i64
// CHECK-NEXT:    %[[INSIDE:.*]] = llvm.and %[[FITS]], %[[STARTS]] : i1
// CHECK-NEXT:    llvm.cond_br %[[INSIDE]], ^[[LOAD:.*]], ^[[ZERO:.*]]
// CHECK-NEXT:  ^[[LOAD]]:
// CHECK-NEXT:    %[[VALUE:.*]] = llvm.load %[[POINTER]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT:    llvm.br ^[[MERGE:.*]](%[[VALUE]] : f32)
// CHECK-NEXT:  ^[[ZERO]]:
// CHECK-NEXT:    %[[ZERO_VALUE:.*]] = llvm.mlir.zero : f32
// CHECK-NEXT:    llvm.br ^[[MERGE]](%[[ZERO_VALUE]] : f32)
// CHECK-NEXT:  ^[[MERGE]](%{{.*}}: f32):
// The store: run or skipped, nothing to merge.
// CHECK:         llvm.cond_br %{{.*}}, ^[[STORE:.*]], ^[[AFTER:.*]]
// CHECK-NEXT:  ^[[STORE]]:
// CHECK-NEXT:    llvm.store %{{.*}}, %[[POINTER]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NEXT:    llvm.br ^[[AFTER]]
// CHECK:       llvm.func @__spvabi_main(

// INLINED:     llvm.func internal @main(
// INLINED-NOT:   llvm.call
// INLINED:       llvm.return

// UNCHECKED:       llvm.func internal @main(
// UNCHECKED-NOT:     llvm.cond_br
// UNCHECKED-NOT:     llvm.icmp
// UNCHECKED:       llvm.func @__spvabi_main(
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @data bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
  spirv.func @element(%i: i32) -> !spirv.ptr<f32, StorageBuffer> "None" {
    %zero = spirv.Constant 0 : i32
    %data = spirv.mlir.addressof @data : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
    %element = spirv.AccessChain %data[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.ReturnValue %element : !spirv.ptr<f32, StorageBuffer>
  }
  spirv.func @main() "None" {
    %gid = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %ids = spirv.Load "Input" %gid : vector<3xi32>
    %x = spirv.CompositeExtract %ids[0 : i32] : vector<3xi32>
    %element = spirv.FunctionCall @element(%x) : (i32) -> !spirv.ptr<f32, StorageBuffer>
    %value = spirv.Load "StorageBuffer" %element ["Aligned", 4] : f32
    %twice = spirv.FAdd %value, %value : f32
    spirv.Store "StorageBuffer" %element, %twice ["Aligned", 4] : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @data
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}
