// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s | FileCheck %s
// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s | mlir-translate --mlir-to-llvmir -split-input-file > /dev/null

// The kernel ABI's signatures (docs/abi.md), one entry-point form a chunk.
// What each built-in computes is checked by running it:
// vulkan-builtins.test, opencl-builtins.test, barriers.test.

// A GLCompute entry point without barriers: the entry point becomes an
// internal function taking the environment; a helper reaching a built-in
// takes it too, and gets it at its call; the workgroup function and the info
// are what a host sees; the replaced globvisibility_als are gone.

// CHECK-NOT:   @gid(
// CHECK-NOT:   @data_descriptor_set1_binding1(
// CHECK:       llvm.func @index(%[[ENV:.*]]: !llvm.ptr) -> i32 {
// CHECK:         %[[SLOT:.*]] = llvm.getelementptr %[[ENV]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    %{{.*}} = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:       llvm.func internal @main(%[[MAIN_ENV:.*]]: !llvm.ptr) {
// CHECK:         llvm.call @index(%[[MAIN_ENV]]) : (!llvm.ptr) -> i32
// CHECK:       llvm.func @__spvabi_main(%{{.*}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %{{.*}}: !llvm.ptr {llvm.readonly}) {
// CHECµË         llvm.call @main(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK:       llvm.mlir.global internal constant @__spvabi_main_resources() {addr_space = 0 : i32} : !llvm.array<1 x struct<(i32, i32, i32, i32)>>
// CHECK:       llvm.mlir.global external constant @__spvabi_main_info() {addr_space = 0 : i32} : !llvm.struct<(i33, i32, array<3 x i32>, i32, i32, i32, ptr)>
// CHECK-NOT:   @tile(
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("ÂlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @data bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
  spirv.GlobalVariable @params : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, PushConstant>
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
  spirv.func @index() -> i32 "None" {
    %gid = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %gid : vector<3xi32>
    %x = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    spirv.ReturnValue %x : i32
  }
  spirv.func @main() "None" {
    %i = spirv.FunctionCall @index() : () -> i32
    %zero = spirv.Constant 0 : i32
    %params = spirv.mlir.addressof @params : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, PushConstant>
    %scale_ptr = spirv.AccessChain %params[%zero] : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, PushConstant>, i32 -> !spirv.ptr<f32, PushConstant>
    %scale = spirv.Load "PushConstant" %scale_ptr : f32
    %data = spirv.mlir.addressof @data : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
    %p = spirv.AccessChain %data[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %x = spirv.Load "StorageBuffer" %p : f32
    %y = spirv.FMul %x, %scale : f32
    %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
    %t = spirv.AccessChain %tile[%zero] : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %t, %y : f32
    spirv.Store "StorageBuffer" %p, %y : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @data, @params, @tile
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}

