// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=OpenCL' %s | FileCheck %s

// Memory ops with the OpenCL client API: pointers, globals and their
// addresses live in the address space of their storage class (Function 0,
// CrossWorkgroup and Input 1, UniformConstant 2, Workgroup 3, Generic 4).

// CHECK-LABEL: module @globals
spirv.module @globals Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses], []> {
  // CHECK-NEXT: llvm.mlir.global external constant @input() {addr_space = 1 : i32{{.*}}} : vector<3xi64>
  // CHECK-NEXT: llvm.mlir.global external constant @uniform_constant() {addr_space = 2 : i32{{.*}}} : !llvm.array<4 x f32>
  // CHECK-NEXT: llvm.mlir.global external @workgroup() {addr_space = 3 : i32{{.*}}} : !llvm.array<64 x f32>
  // CHECK-NEXT: llvm.mlir.global external @cross_workgroup() {addr_space = 1 : i32{{.*}}} : i32
  // CHECK-NEXT: llvm.mlir.global private @private() {addr_space = 0 : i32{{.*}}} : i32
  spirv.GlobalVariable @input built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi64>, Input>
  spirv.GlobalVariable @uniform_constant : !spirv.ptr<!spirv.array<4 x f32>, UniformConstant>
  spirv.GlobalVariable @workgroup : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
  spirv.GlobalVariable @cross_workgroup : !spirv.ptr<i32, CrossWorkgroup>
  spirv.GlobalVariable @private : !spirv.ptr<i32, Private>
  // CHECK-LABEL: llvm.func @addresses
  spirv.func @addresses() "None" {
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @input : !llvm.ptr<1>
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @uniform_constant : !llvm.ptr<2>
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @workgroup : !llvm.ptr<3>
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @cross_workgroup : !llvm.ptr<1>
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @private : !llvm.ptr{{$}}
    %0 = spirv.mlir.addressof @input : !spirv.ptr<vector<3xi64>, Input>
    %1 = spirv.mlir.addressof @uniform_constant : !spirv.ptr<!spirv.array<4 x f32>, UniformConstant>
    %2 = spirv.mlir.addressof @workgroup : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
    %3 = spirv.mlir.addressof @cross_workgroup : !spirv.ptr<i32, CrossWorkgroup>
    %4 = spirv.mlir.addressof @private : !spirv.ptr<i32, Private>
    spirv.Return
  }
}

// -----

// CHECK-LABEL: llvm.func @access_chain_workgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<3>, %[[I:.*]]: i32)
spirv.func @access_chain_workgroup(%p: !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, %i: i32) "None" {
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[P]][%[[ZERO]], %[[I]]] : (!llvm.ptr<3>, i32, i32) -> !llvm.ptr<3>, !llvm.array<64 x f32>
  %0 = spirv.AccessChain %p[%i] : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, i32 -> !spirv.ptr<f32, Workgroup>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @ptr_access_chain_generic
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<4>, %[[I:.*]]: i64)
spirv.func @ptr_access_chain_generic(%p: !spirv.ptr<i8, Generic>, %i: i64) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr inbounds %[[P]][%[[I]]] : (!llvm.ptr<4>, i64) -> !llvm.ptr<4>, i8
  %0 = spirv.InBoundsPtrAccessChain %p[%i] : !spirv.ptr<i8, Generic>, i64 -> !spirv.ptr<i8, Generic>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @load_store_cross_workgroup
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[Q:.*]]: !llvm.ptr<2>)
spirv.func @load_store_cross_workgroup(%p: !spirv.ptr<vector<4xf32>, CrossWorkgroup>, %q: !spirv.ptr<vector<4xf32>, UniformConstant>) "None" {
  // CHECK-NEXT: %[[V:.*]] = llvm.load %[[Q]] {alignment = 16 : i64} : !llvm.ptr<2> -> vector<4xf32>
  // CHECK-NEXT: llvm.store %[[V]], %[[P]] : vector<4xf32>, !llvm.ptr<1>
  %0 = spirv.Load "UniformConstant" %q ["Aligned", 16] : vector<4xf32>
  spirv.Store "CrossWorkgroup" %p, %0 : vector<4xf32>
  spirv.Return
}

// -----

// A function variable is in address space 0 and may hold a pointer to another.
// CHECK-LABEL: llvm.func @variable_of_pointer
spirv.func @variable_of_pointer() "None" {
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.alloca %[[SIZE]] x !llvm.ptr<1> : (i32) -> !llvm.ptr{{$}}
  %0 = spirv.Variable : !spirv.ptr<!spirv.ptr<i32, CrossWorkgroup>, Function>
  spirv.Return
}
