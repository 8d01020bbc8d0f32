// RUN: spirv-opt-rs -convert-spirv-to-llvm %s | FileCheck %s

// Images of a declared format the lowering converts itself (image_inline.rs,
// docs/abi.md "Inlined texel access"): no host call; the descriptor's
// fields loaded, each coordinate compared with the extent and the format
// with the declared one, the texel loaded through a select (the descriptor
// itself when outside) and converted; a write branches around its store.

// CHECK-NOT: llvm.call @__spvabi_image
spirv.module Logical GLSL450 {
  // CHECK-LABEL: llvm.func @rgba8(
  // CHECK-SAME: %[[I:.*]]: !llvm.ptr, %[[C:.*]]: vector<2xi32>, %[[T:.*]]: vector<4xf32>)
  spirv.func @rgba8(%i: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, %c: vector<2xi32>, %t: vector<4xf32>) -> vector<4xf32> "None" {
    // The format (offset 8) against Rgba8 (4); x against the width (16), y the height (20).
    // CHECK: %[[FP:.*]] = llvm.getelementptr %[[I]][8] : (!llvm.ptr) -> !llvm.ptr, i8
    // CHECK: %[[F:.*]] = llvm.load %[[FP]] invariant {spirv_abi.image_access} : !llvm.ptr -> i32
    // CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
    // CHECK: llvm.icmp "eq" %[[F]], %[[FOUR]] : i32
    // CHECK: llvm.getelementptr %[[I]][16]
    // CHECK: llvm.icmp "ult"
    // CHECK: %[[X:.*]] = llvm.zext {{.*}} : i32 to i64
    // CHECK: llvm.mlir.constant(4 : i64) : i64
    // CHECK: llvm.getelementptr %[[I]][20]
    // CHECK: llvm.icmp "ult"
    // The row pitch (40).
    // CHECK: llvm.getelementptr %[[I]][40]
    // CHECK: %[[TP:.*]] = llvm.getelementptr %[[I]][0]
    // CHECK: %[[TEXELS:.*]] = llvm.load %[[TP]] invariant {spirv_abi.image_access} : !llvm.ptr -> !llvm.ptr
    // CHECK: %[[A:.*]] = llvm.getelementptr %[[TEXELS]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    // CHECK: %[[SAFE:.*]] = llvm.select %[[IN:.*]], %[[A]], %[[I]] : i1, !llvm.ptr
    // CHECK: %[[RAW:.*]] = llvm.load %[[SAFE]] {alignment = 1 : i64, spirv_abi.image_access} : !llvm.ptr -> i32
    // Each byte: shifted down, truncated, converted, divided by 255 exactly
    // without a division (session 16): fma(v, hi, v * lo), hi + lo = 1/255.
    // CHECK: llvm.lshr %[[RAW]]
    // CHECK: llvm.trunc {{.*}} : i32 to i8
    // CHECK: %[[V:.*]] = llvm.uitofp {{.*}} : i8 to f32
    // CHECK: %[[HI:.*]] = llvm.mlir.constant(0.00392156886 : f32) : f32
    // CHECK: %[[LO:.*]] = llvm.mlir.constant(-2.31917582E-10 : f32) : f32
    // CHECK: %[[P:.*]] = llvm.fmul %[[V]], %[[LO]] : f32
    // CHECK: llvm.intr.fma(%[[V]], %[[HI]], %[[P]]) : (f32, f32, f32) -> f32
    // CHECK-NOT: llvm.fdiv
    // CHECK: llvm.select %[[IN]], %{{.*}}, %{{.*}} : i1, vector<4xf32>
    %0 = spirv.ImageRead %i, %c : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xi32> -> vector<4xf32>
    // A write: clamped (maxnum, minnum), times 255 in f64, rounded to even,
    // the four bytes packed, stored only inside.
    // CHECK: llvm.intr.maxnum
    // CHECK: llvm.intr.minnum
    // CHECK: llvm.fpext {{.*}} : f32 to f64
    // CHECK: llvm.intr.roundeven
    // CHECK: llvm.fptoui {{.*}} : f64 to i8
    // CHECK: llvm.cond_br %[[INW:.*]], ^[[STORE:.*]], ^[[JOIN:.*]]
    // CHECK: ^[[STORE]]:
    // CHECK: llvm.store {{.*}} {alignment = 1 : i64, spirv_abi.image_access} : i32, !llvm.ptr
    // CHECK: llvm.br ^[[JOIN]]
    // CHECK: ^[[JOIN]]:
    spirv.ImageWrite %i, %c, %t : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xi32>, vector<4xf32>
    spirv.ReturnValue %0 : vector<4xf32>
  }

  // An r32ui texel buffer: one coordinate, a vector<1xi32> load; G and B 0, A 1.
  // CHECK-LABEL: llvm.func @r32ui(
  spirv.func @r32ui(%b: !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui>, %x: i32) -> i32 "None" {
    // CHECK: llvm.load {{.*}} {alignment = 1 : i64, spirv_abi.image_access} : !llvm.ptr -> vector<1xi32>
    %0 = spirv.ImageRead %b, %x : !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui>, i32 -> vector<4xi32>
    // The size: the width from the descriptor, no call.
    // CHECK: llvm.getelementptr %{{.*}}[16]
    %1 = spirv.ImageQuerySize %b : !spirv.image<i32, Buffer, NoDepth, NonArrayed, SingleSampled, NoSampler, R32ui> -> i32
    %2 = spirv.CompositeExtract %0[3 : i32] : vector<4xi32>
    %3 = spirv.IAdd %1, %2 : i32
    spirv.ReturnValue %3 : i32
  }
}
