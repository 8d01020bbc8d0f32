// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

// Sampled images and samplers (sampling.rs, docs/abi.md "Sampled images and
// samplers"): a sampler is a pointer to its descriptor, a sampled image the
// pair of the image's and the sampler's; every sampling operation calls
// __spvabi_image_sample with scalar arguments.

// CHECK-DAG: llvm.func @__spvabi_image_sample(!llvm.ptr, !llvm.ptr, i32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i32, i32, i32) -> i128 attributes {memory_effects = #llvm.memory_effects<other = read, argMem = read
// CHECK-DAG: llvm.func @__spvabi_image_size_lod(!llvm.ptr, i32) -> i128 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = read
// CHECK-DAG: llvm.func @__spvabi_image_levels(!llvm.ptr) -> i128
// CHECK-DAG: llvm.func @__spvabi_image_fetch(!llvm.ptr, i32, i32, i32, i32, i32) -> i128
// The resources: a combined image sampler (word 0x1000: Unknown, float, 2D), a sampled image, a sampler.
// CHECK-DAG: llvm.mlir.global external constant @tex_descriptor_set0_binding0() {{.*}}image = "combined_image_sampler", image_word = 4096 : i32
// CHECK-DAG: llvm.mlir.global external constant @img_descriptor_set0_binding1() {{.*}}image = "sampled_image", image_word = 4096 : i32
// CHECK-DAG: llvm.mlir.global external constant @smp_descriptor_set0_binding2() {{.*}}image = "sampler", image_word = 0 : i32

spirv.module Logical GLSL450 {
  spirv.GlobalVariable @tex bind(0, 0) : !spirv.ptr<!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, UniformConstant>
  spirv.GlobalVariable @img bind(0, 1) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, UniformConstant>
  spirv.GlobalVariable @smp bind(0, 2) : !spirv.ptr<!spirv.struct<__spvabi_sampler, ()>, UniformConstant>
  spirv.func @__spvabi_op_sampled_image_0(!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.struct<__spvabi_sampler, ()>) -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_sampled_image_0", linkage_type = <Import>>}
  spirv.func @__spvabi_op_image_gather_1(!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, i32, i32) -> vector<4xf32> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_gather_1", linkage_type = <Import>>}
  spirv.func @__spvabi_op_image_sample_proj_explicit_lod_2(!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<3xf32>, i32, f32) -> vector<4xf32> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_sample_proj_explicit_lod_2", linkage_type = <Import>>}
  spirv.func @__spvabi_op_image_query_size_lod_3(!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, i32) -> vector<2xi32> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_query_size_lod_3", linkage_type = <Import>>}
  spirv.func @__spvabi_op_image_query_levels_4(!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>) -> i32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_query_levels_4", linkage_type = <Import>>}
  spirv.func @__spvabi_op_image_fetch_5(!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xi32>, i32, i32) -> vector<4xf32> "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_fetch_5", linkage_type = <Import>>}

  // CHECK-LABEL: llvm.func @combined(
  // CHECK-SAME: %[[C:.*]]: vector<2xf32>, %[[L:.*]]: f32)
  spirv.func @combined(%c: vector<2xf32>, %lod: f32) -> vector<4xf32> "None" {
    // The pair: the descriptor and the sampler 64 bytes after it.
    // CHECK: %[[T:.*]] = llvm.mlir.addressof @tex_descriptor_set0_binding0 : !llvm.ptr
    // CHECK: %[[S:.*]] = llvm.getelementptr %[[T]][64] : (!llvm.ptr) -> !llvm.ptr, i8
    // CHECK: %[[P0:.*]] = llvm.insertvalue %[[T]], {{.*}}[0] : !llvm.struct<(ptr, ptr)>
    // CHECK: %[[P:.*]] = llvm.insertvalue %[[S]], %[[P0]][1] : !llvm.struct<(ptr, ptr)>
    %addr = spirv.mlir.addressof @tex : !spirv.ptr<!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, UniformConstant>
    %t = spirv.Load "UniformConstant" %addr : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    // Mode 0 (an explicit LOD): x, y, z = 0, layer = 0, the LOD.
    // CHECK: %[[X:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[Y:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[I:.*]] = llvm.extractvalue %[[P]][0] : !llvm.struct<(ptr, ptr)>
    // CHECK: %[[SM:.*]] = llvm.extractvalue %[[P]][1] : !llvm.struct<(ptr, ptr)>
    // CHECK: %[[R:.*]] = llvm.call @__spvabi_image_sample(%[[I]], %[[SM]], %{{.*}}, %[[X]], %[[Y]], %{{.*}}, %{{.*}}, %[[L]], {{.*}}) {{.*}} -> i128
    // CHECK: llvm.bitcast %[[R]] : i128 to vector<4xf32>
    %0 = spirv.ImageSampleExplicitLod %t, %c ["Lod"], %lod : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, f32 -> vector<4xf32>
    spirv.ReturnValue %0 : vector<4xf32>
  }

  // CHECK-LABEL: llvm.func @separate(
  spirv.func @separate(%c: vector<2xf32>, %q: vector<3xf32>, %lod: f32, %level: i32, %ij: vector<2xi32>) -> i32 "None" {
    // A sampled image and a sampler are their variables' addresses; OpSampledImage pairs them.
    // CHECK: %[[IMG:.*]] = llvm.mlir.addressof @img_descriptor_set0_binding1 : !llvm.ptr
    // CHECK: %[[SMP:.*]] = llvm.mlir.addressof @smp_descriptor_set0_binding2 : !llvm.ptr
    // CHECK: %[[Q0:.*]] = llvm.insertvalue %[[IMG]], {{.*}}[0] : !llvm.struct<(ptr, ptr)>
    // CHECK: %[[Q:.*]] = llvm.insertvalue %[[SMP]], %[[Q0]][1] : !llvm.struct<(ptr, ptr)>
    %ia = spirv.mlir.addressof @img : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, UniformConstant>
    %i = spirv.Load "UniformConstant" %ia : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>
    %sa = spirv.mlir.addressof @smp : !spirv.ptr<!spirv.struct<__spvabi_sampler, ()>, UniformConstant>
    %s = spirv.Load "UniformConstant" %sa : !spirv.struct<__spvabi_sampler, ()>
    %si = spirv.FunctionCall @__spvabi_op_sampled_image_0(%i, %s) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.struct<__spvabi_sampler, ()>) -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    // A gather of component 2: mode 1 | (2 & 3) << 1.
    // CHECK: llvm.and
    // CHECK: llvm.shl
    // CHECK: llvm.or
    // CHECK: llvm.call @__spvabi_image_sample(
    %two = spirv.Constant 2 : i32
    %none = spirv.Constant 0 : i32
    %g = spirv.FunctionCall @__spvabi_op_image_gather_1(%si, %c, %two, %none) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32>, i32, i32) -> vector<4xf32>
    // Projective: x / q and y / q.
    // CHECK: llvm.fdiv %{{.*}}, %[[QQ:.*]] : f32
    // CHECK: llvm.fdiv %{{.*}}, %[[QQ]] : f32
    // CHECK: llvm.call @__spvabi_image_sample(
    %lodmask = spirv.Constant 2 : i32
    %p = spirv.FunctionCall @__spvabi_op_image_sample_proj_explicit_lod_2(%si, %q, %lodmask, %lod) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<3xf32>, i32, f32) -> vector<4xf32>
    // OpImage: the first half.
    // CHECK: %[[IM:.*]] = llvm.extractvalue %[[Q]][0] : !llvm.struct<(ptr, ptr)>
    %im = spirv.Image %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    // CHECK: llvm.call @__spvabi_image_size_lod(%[[IM]], %{{.*}})
    %size = spirv.FunctionCall @__spvabi_op_image_query_size_lod_3(%im, %level) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, i32) -> vector<2xi32>
    // CHECK: llvm.call @__spvabi_image_levels(%[[IM]])
    %levels = spirv.FunctionCall @__spvabi_op_image_query_levels_4(%im) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>) -> i32
    // A fetch of a level.
    // CHECK: llvm.call @__spvabi_image_fetch(%[[IM]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : (!llvm.ptr, i32, i32, i32, i32, i32) -> i128
    %fetched = spirv.FunctionCall @__spvabi_op_image_fetch_5(%im, %ij, %lodmask, %level) : (!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xi32>, i32, i32) -> vector<4xf32>
    spirv.ReturnValue %levels : i32
  }
}

// -----

// Depth comparison: mode 8, the reference, the scalar result lane 0.
spirv.module Logical GLSL450 {
  spirv.func @__spvabi_op_image_sample_dref_explicit_lod_0(!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, Arrayed, SingleSampled, NeedSampler, Unknown>>, vector<3xf32>, f32, i32, f32) -> f32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spvabi_op_image_sample_dref_explicit_lod_0", linkage_type = <Import>>}
  // CHECK-LABEL: llvm.func @depth(
  // CHECK-SAME: %[[SI:.*]]: !llvm.struct<(ptr, ptr)>, %[[C:.*]]: vector<3xf32>, %[[REF:.*]]: f32)
  spirv.func @depth(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, Arrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<3xf32>, %ref: f32) -> f32 "None" {
    %mask = spirv.Constant 2 : i32
    %lod = spirv.Constant 0.5 : f32
    // The array layer is the last coordinate.
    // CHECK: %[[CX:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[CY:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[LAYER:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[MODE:.*]] = llvm.mlir.constant(8 : i32) : i32
    // CHECK: %[[R:.*]] = llvm.call @__spvabi_image_sample(%{{.*}}, %{{.*}}, %[[MODE]], %[[CX]], %[[CY]], %{{.*}}, %[[LAYER]], %{{.*}}, %[[REF]],
    // CHECK: %[[V:.*]] = llvm.bitcast %[[R]] : i128 to vector<4xf32>
    // CHECK: llvm.extractelement %[[V]]
    %0 = spirv.FunctionCall @__spvabi_op_image_sample_dref_explicit_lod_0(%si, %c, %ref, %mask, %lod) : (!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, Arrayed, SingleSampled, NeedSampler, Unknown>>, vector<3xf32>, f32, i32, f32) -> f32
    spirv.ReturnValue %0 : f32
  }
}

// -----

// Descriptor arrays: the count in bits 20-31 of the resource word (3 << 20
// | 0x1000); an element's address is the binding's plus the index (clamped
// to the array) times the descriptor's size, 128 bytes for a combined
// image sampler.
// CHECK: llvm.mlir.global external constant @tex_descriptor_set0_binding0() {{.*}}image = "combined_image_sampler", image_word = 3149824 : i32
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @tex bind(0, 0) : !spirv.ptr<!spirv.array<3 x !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>>, UniformConstant>
  // CHECK-LABEL: llvm.func @element(
  // CHECK-SAME: %[[I:.*]]: i32)
  spirv.func @element(%i: i32) -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>> "None" {
    // CHECK: %[[A:.*]] = llvm.mlir.addressof @tex_descriptor_set0_binding0 : !llvm.ptr
    // CHECK: %[[LAST:.*]] = llvm.mlir.constant(2 : i32) : i32
    // CHECK: %[[C:.*]] = llvm.intr.umin(%[[I]], %[[LAST]]) : (i32, i32) -> i32
    // CHECK: %[[E:.*]] = llvm.getelementptr %[[A]][%[[C]]] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<128 x i8>
    // CHECK: llvm.getelementptr %[[E]][64] : (!llvm.ptr) -> !llvm.ptr, i8
    %a = spirv.mlir.addressof @tex : !spirv.ptr<!spirv.array<3 x !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>>, UniformConstant>
    %p = spirv.AccessChain %a[%i] : !spirv.ptr<!spirv.array<3 x !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>>, UniformConstant>, i32 -> !spirv.ptr<!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, UniformConstant>
    %t = spirv.Load "UniformConstant" %p : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
    spirv.ReturnValue %t : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>
  }
}
