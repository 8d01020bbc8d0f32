// RUN: spirv-opt-rs -convert-spirv-to-llvm %s | FileCheck %s

// Image ops (image.rs, docs/abi.md "Images"): an image is a pointer to its
// descriptor; a load from its UniformConstant variable is the variable's
// address; reads, writes and size queries call the host's functions with
// x, y, z, layer and four 32-bit components packed in an i128. (Formats the
// lowering converts itself, rgba8 or r32ui say, are image-inline-to-llvm.mlir's.)

// CHECK-DAG: llvm.func @__spvabi_image_size(!llvm.ptr) -> i128 attributes {memory_effects = #llvm.memory_effects<other = none, argMem = read
// CHECK-DAG: llvm.func @__spvabi_image_write(!llvm.ptr, i32, i32, i32, i32, i128) attributes {no_unwind, will_return}
// CHECK-DAG: llvm.func @__spvabi_image_read(!llvm.ptr, i32, i32, i32, i32) -> i128 attributes {memory_effects = #llvm.memory_effects<other = read, argMem = read
// The kernel ABI's resource word: Rgba16f (2) | float (0) << 8 | 2D (1) << 12 | arrayed << 16.
// CHECK: llvm.mlir.global external constant @img_descriptor_set0_binding0() {{.*}}image = "storage_image", image_word = 69634 : i32, storage_class = "UniformConstant"}} : !llvm.ptr

spirv.module Logical GLSL450 {
  spirv.GlobalVariable @img bind(0, 0) : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>

  // CHECK-LABEL: llvm.func @read_write(
  // CHECK-SAME: %[[C:.*]]: vector<3xi32>, %[[T:.*]]: vector<2xf32>)
  spirv.func @read_write(%c: vector<3xi32>, %t: vector<2xf32>) "None" {
    // CHECK: %[[I:.*]] = llvm.mlir.addressof @img_descriptor_set0_binding0 : !llvm.ptr
    // CHECK-NOT: llvm.load
    %addr = spirv.mlir.addressof @img : !spirv.ptr<!spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Rgba16f>, UniformConstant>
    %i = spirv.Load "UniformConstant" %addr : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Rgba16f>
    // A 2D array: x, y, no z, the layer last.
    // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK: %[[X:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[Y:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[L:.*]] = llvm.extractelement %[[C]]
    // CHECK: %[[R:.*]] = llvm.call @__spvabi_image_read(%[[I]], %[[X]], %[[Y]], %[[Z]], %[[L]]) {{.*}} : (!llvm.ptr, i32, i32, i32, i32) -> i128
    // CHECK: llvm.bitcast %[[R]] : i128 to vector<4xf32>
    %0 = spirv.ImageRead %i, %c ["NonPrivateTexel"] : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Rgba16f>, vector<3xi32> -> vector<4xf32>
    // A two-component texel is widened with zeros.
    // CHECK: %[[ZERO:.*]] = llvm.mlir.zero : vector<2xf32>
    // CHECK: %[[W:.*]] = llvm.shufflevector %[[T]], %[[ZERO]] [0, 1, 2, 2] : vector<2xf32>
    // CHECK: %[[P:.*]] = llvm.bitcast %[[W]] : vector<4xf32> to i128
    // CHECK: llvm.call @__spvabi_image_write(%[[I]], {{.*}}, %[[P]]) {no_unwind, will_return} : (!llvm.ptr, i32, i32, i32, i32, i128) -> ()
    spirv.ImageWrite %i, %c, %t : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Rgba16f>, vector<3xi32>, vector<2xf32>
    // Width, height and layers (lane 3 of width, height, depth, layers).
    // CHECK: %[[S:.*]] = llvm.call @__spvabi_image_size(%[[I]])
    // CHECK: %[[V:.*]] = llvm.bitcast %[[S]] : i128 to vector<4xi32>
    // CHECK: llvm.shufflevector %[[V]], %[[V]] [0, 1, 3] : vector<4xi32>
    %1 = spirv.ImageQuerySize %i : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Rgba16f> -> vector<3xi32>
    spirv.Return
  }

  // A storage cube: x, y on the face, no z, the face (the third coordinate)
  // as the layer; its size is a face's width and height.
  // CHECK-LABEL: llvm.func @cube(
  // CHECK-SAME: %[[CUBE:.*]]: !llvm.ptr, %[[CC:.*]]: vector<3xi32>) -> vector<2xi32>
  spirv.func @cube(%cube: !spirv.image<f32, Cube, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, %c: vector<3xi32>) -> vector<2xi32> "None" {
    // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK: %[[X:.*]] = llvm.extractelement %[[CC]]
    // CHECK: %[[Y:.*]] = llvm.extractelement %[[CC]]
    // CHECK: %[[F:.*]] = llvm.extractelement %[[CC]]
    // CHECK: llvm.call @__spvabi_image_read(%[[CUBE]], %[[X]], %[[Y]], %[[Z]], %[[F]])
    %0 = spirv.ImageRead %cube, %c : !spirv.image<f32, Cube, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f>, vector<3xi32> -> vector<4xf32>
    // CHECK: %[[S:.*]] = llvm.call @__spvabi_image_size(%[[CUBE]])
    // CHECK: %[[V:.*]] = llvm.bitcast %[[S]] : i128 to vector<4xi32>
    // CHECK: llvm.shufflevector %[[V]], %[[V]] [0, 1] : vector<4xi32>
    %1 = spirv.ImageQuerySize %cube : !spirv.image<f32, Cube, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba16f> -> vector<2xi32>
    spirv.ReturnValue %1 : vector<2xi32>
  }

  // A uniform texel buffer passed as a value: one coordinate, the size is
  // the texel count.
  // CHECK-LABEL: llvm.func @texel_buffer(
  // CHECK-SAME: %[[B:.*]]: !llvm.ptr, %[[N:.*]]: i32) -> i32
  spirv.func @texel_buffer(%b: !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NeedSampler, R16ui>, %x: i32) -> i32 "None" {
    // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK: llvm.call @__spvabi_image_read(%[[B]], %[[N]], %[[Z]], %[[Z]], %[[Z]])
    %0 = spirv.ImageFetch %b, %x : !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NeedSampler, R16ui>, i32 -> vector<4xi32>
    // CHECK: %[[S:.*]] = llvm.call @__spvabi_image_size(%[[B]])
    // CHECK: %[[V:.*]] = llvm.bitcast %[[S]] : i128 to vector<4xi32>
    // CHECK: llvm.extractelement %[[V]]
    %1 = spirv.ImageQuerySize %b : !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NeedSampler, R16ui> -> i32
    %2 = spirv.CompositeExtract %0[0 : i32] : vector<4xi32>
    %3 = spirv.IAdd %1, %2 : i32
    spirv.ReturnValue %3 : i32
  }
}
