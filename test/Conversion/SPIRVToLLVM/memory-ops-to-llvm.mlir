// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.AccessChain
//===----------------------------------------------------------------------===//

// A zero index of the first index's type goes through the pointer; constant
// indices into structs become constant GEP indices, as MLIR's GEP builder
// makes them.
// CHECK-LABEL: llvm.func @access_chain_struct_then_array
// CHECK-SAME: (%[[I:.*]]: i32)
spirv.func @access_chain_struct_then_array(%i: i32) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[VAR:.*]] = llvm.alloca %[[SIZE]] x !llvm.struct<packed (f32, array<4 x f32>)> : (i32) -> !llvm.ptr
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[VAR]][%[[ZERO]], 1, %[[I]]] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.struct<packed (f32, array<4 x f32>)>
  %one = spirv.Constant 1 : i32
  %var = spirv.Variable : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4 x f32>)>, Function>
  %el = spirv.AccessChain %var[%one, %i] : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4 x f32>)>, Function>, i32, i32 -> !spirv.ptr<f32, Function>
  spirv.Return
}

// -----

// The zero is signless (upstream gives it the signed attribute `0 : si64`).
// CHECK-LABEL: llvm.func @access_chain_array
// CHECK-SAME: (%[[ARR:.*]]: !llvm.ptr, %[[I:.*]]: i64, %[[J:.*]]: i64)
spirv.func @access_chain_array(%arr: !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>, %i: si64, %j: si64) "None" {
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[ARR]][%[[ZERO]], %[[I]], %[[J]]] : (!llvm.ptr, i64, i64, i64) -> !llvm.ptr, !llvm.array<4 x array<4 x f32>>
  %el = spirv.AccessChain %arr[%i, %j] : !spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>, si64, si64 -> !spirv.ptr<f32, Function>
  spirv.Return
}

// -----

// A constant index into an array stays a dynamic GEP index, as upstream.
// CHECK-LABEL: llvm.func @access_chain_constant_array_index
// CHECK-SAME: (%[[ARR:.*]]: !llvm.ptr)
spirv.func @access_chain_constant_array_index(%arr: !spirv.ptr<!spirv.array<4 x f32>, Function>) "None" {
  // CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[ARR]][%[[ZERO]], %[[TWO]]] : (!llvm.ptr, i64, i64) -> !llvm.ptr, !llvm.array<4 x f32>
  %two = spirv.Constant 2 : i64
  %el = spirv.AccessChain %arr[%two] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i64 -> !spirv.ptr<f32, Function>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @access_chain_vector
// CHECK-SAME: (%[[VEC:.*]]: !llvm.ptr, %[[I:.*]]: i8)
spirv.func @access_chain_vector(%v: !spirv.ptr<vector<4xf32>, Function>, %i: i8) "None" {
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i8) : i8
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[VEC]][%[[ZERO]], %[[I]]] : (!llvm.ptr, i8, i8) -> !llvm.ptr, vector<4xf32>
  %el = spirv.AccessChain %v[%i] : !spirv.ptr<vector<4xf32>, Function>, i8 -> !spirv.ptr<f32, Function>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @access_chain_nested_structs
// CHECK-SAME: (%[[S:.*]]: !llvm.ptr)
spirv.func @access_chain_nested_structs(%s: !spirv.ptr<!spirv.struct<(i32, !spirv.struct<(f32, vector<2xf32>)>)>, Function>) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[S]][%[[ZERO]], 1, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<packed (i32, struct<packed (f32, vector<2xf32>)>)>
  %one = spirv.Constant 1 : i32
  %el = spirv.AccessChain %s[%one, %one] : !spirv.ptr<!spirv.struct<(i32, !spirv.struct<(f32, vector<2xf32>)>)>, Function>, i32, i32 -> !spirv.ptr<vector<2xf32>, Function>
  spirv.Return
}

// -----

// Beyond upstream, which rejects the Block-decorated struct type.
// CHECK-LABEL: llvm.func @access_chain_storage_buffer
// CHECK-SAME: (%[[BUF:.*]]: !llvm.ptr, %[[I:.*]]: i32)
spirv.func @access_chain_storage_buffer(%b: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>, %i: i32) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[BUF]][%[[ZERO]], 0, %[[I]]] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.struct<(array<0 x f32>)>
  %zero = spirv.Constant 0 : i32
  %el = spirv.AccessChain %b[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.PtrAccessChain, spirv.InBoundsPtrAccessChain (beyond upstream)
//===----------------------------------------------------------------------===//

// The element index steps over whole pointees: it is the first GEP index.
// CHECK-LABEL: llvm.func @ptr_access_chain
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[I:.*]]: i64)
spirv.func @ptr_access_chain(%p: !spirv.ptr<f32, CrossWorkgroup>, %i: i64) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[P]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %0 = spirv.PtrAccessChain %p[%i] : !spirv.ptr<f32, CrossWorkgroup>, i64 -> !spirv.ptr<f32, CrossWorkgroup>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @ptr_access_chain_struct
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[I:.*]]: i64, %[[J:.*]]: i32)
spirv.func @ptr_access_chain_struct(%p: !spirv.ptr<!spirv.struct<(f32, !spirv.array<4 x i32>)>, CrossWorkgroup>, %i: i64, %j: i32) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr %[[P]][%[[I]], 1, %[[J]]] : (!llvm.ptr, i64, i32) -> !llvm.ptr, !llvm.struct<packed (f32, array<4 x i32>)>
  %one = spirv.Constant 1 : i32
  %0 = spirv.PtrAccessChain %p[%i %one, %j] : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4 x i32>)>, CrossWorkgroup>, i64, i32, i32 -> !spirv.ptr<i32, CrossWorkgroup>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @in_bounds_ptr_access_chain
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[I:.*]]: i64)
spirv.func @in_bounds_ptr_access_chain(%p: !spirv.ptr<f32, CrossWorkgroup>, %i: i64) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr inbounds %[[P]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %0 = spirv.InBoundsPtrAccessChain %p[%i] : !spirv.ptr<f32, CrossWorkgroup>, i64 -> !spirv.ptr<f32, CrossWorkgroup>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @in_bounds_ptr_access_chain_struct
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[I:.*]]: i64, %[[J:.*]]: i32)
spirv.func @in_bounds_ptr_access_chain_struct(%p: !spirv.ptr<!spirv.struct<(f32, vector<4xf32>)>, CrossWorkgroup>, %i: i64, %j: i32) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.getelementptr inbounds %[[P]][%[[I]], 1, %[[J]]] : (!llvm.ptr, i64, i32) -> !llvm.ptr, !llvm.struct<packed (f32, vector<4xf32>)>
  %one = spirv.Constant 1 : i32
  %0 = spirv.InBoundsPtrAccessChain %p[%i %one, %j] : !spirv.ptr<!spirv.struct<(f32, vector<4xf32>)>, CrossWorkgroup>, i64, i32, i32 -> !spirv.ptr<f32, CrossWorkgroup>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Load
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @load
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @load(%p: !spirv.ptr<f32, Function>) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.load %[[P]] : !llvm.ptr -> f32
  // CHECK-NEXT: %{{.*}} = llvm.load %[[P]] : !llvm.ptr -> f32
  // CHECK-NEXT: %{{.*}} = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> f32
  // CHECK-NEXT: %{{.*}} = llvm.load %[[P]] {nontemporal} : !llvm.ptr -> f32
  // CHECK-NEXT: %{{.*}} = llvm.load volatile %[[P]] : !llvm.ptr -> f32
  %0 = spirv.Load "Function" %p : f32
  %1 = spirv.Load "Function" %p ["None"] : f32
  %2 = spirv.Load "Function" %p ["Aligned", 4] : f32
  %3 = spirv.Load "Function" %p ["Nontemporal"] : f32
  %4 = spirv.Load "Function" %p ["Volatile"] : f32
  spirv.Return
}

// -----

// Beyond upstream, which only takes one memory access at a time.
// CHECK-LABEL: llvm.func @load_combined_memory_access
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
spirv.func @load_combined_memory_access(%p: !spirv.ptr<f32, Function>) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.load volatile %[[P]] {alignment = 8 : i64} : !llvm.ptr -> f32
  // CHECK-NEXT: %{{.*}} = llvm.load volatile %[[P]] {nontemporal} : !llvm.ptr -> f32
  %0 = spirv.Load "Function" %p ["Volatile|Aligned", 8] : f32
  %1 = spirv.Load "Function" %p ["Volatile|Nontemporal"] : f32
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @load_types
// CHECK-SAME: (%[[V:.*]]: !llvm.ptr, %[[S:.*]]: !llvm.ptr)
spirv.func @load_types(%v: !spirv.ptr<vector<2xui32>, Function>, %s: !spirv.ptr<!spirv.struct<(i32, f32)>, Private>) "None" {
  // CHECK-NEXT: %{{.*}} = llvm.load %[[V]] : !llvm.ptr -> vector<2xi32>
  // CHECK-NEXT: %{{.*}} = llvm.load %[[S]] : !llvm.ptr -> !llvm.struct<packed (i32, f32)>
  %0 = spirv.Load "Function" %v : vector<2xui32>
  %1 = spirv.Load "Private" %s : !spirv.struct<(i32, f32)>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Store
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @store
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[X:.*]]: f32)
spirv.func @store(%p: !spirv.ptr<f32, Function>, %x: f32) "None" {
  // CHECK-NEXT: llvm.store %[[X]], %[[P]] : f32, !llvm.ptr
  // CHECK-NEXT: llvm.store %[[X]], %[[P]] : f32, !llvm.ptr
  // CHECK-NEXT: llvm.store %[[X]], %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr
  // CHECK-NEXT: llvm.store %[[X]], %[[P]] {nontemporal} : f32, !llvm.ptr
  // CHECK-NEXT: llvm.store volatile %[[X]], %[[P]] : f32, !llvm.ptr
  spirv.Store "Function" %p, %x : f32
  spirv.Store "Function" %p, %x ["None"] : f32
  spirv.Store "Function" %p, %x ["Aligned", 4] : f32
  spirv.Store "Function" %p, %x ["Nontemporal"] : f32
  spirv.Store "Function" %p, %x ["Volatile"] : f32
  spirv.Return
}

// -----

// Beyond upstream, which only takes one memory access at a time.
// CHECK-LABEL: llvm.func @store_combined_memory_access
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[X:.*]]: f32)
spirv.func @store_combined_memory_access(%p: !spirv.ptr<f32, Function>, %x: f32) "None" {
  // CHECK-NEXT: llvm.store %[[X]], %[[P]] {alignment = 16 : i64, nontemporal} : f32, !llvm.ptr
  // CHECK-NEXT: llvm.store volatile %[[X]], %[[P]] {alignment = 2 : i64} : f32, !llvm.ptr
  spirv.Store "Function" %p, %x ["Aligned|Nontemporal", 16] : f32
  spirv.Store "Function" %p, %x ["Volatile|Aligned", 2] : f32
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @store_types
// CHECK-SAME: (%[[V:.*]]: !llvm.ptr, %[[X:.*]]: vector<2xi8>, %[[A:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.array<2 x f32>)
spirv.func @store_types(%v: !spirv.ptr<vector<2xsi8>, Function>, %x: vector<2xsi8>, %a: !spirv.ptr<!spirv.array<2 x f32>, Workgroup>, %y: !spirv.array<2 x f32>) "None" {
  // CHECK-NEXT: llvm.store %[[X]], %[[V]] : vector<2xi8>, !llvm.ptr
  // CHECK-NEXT: llvm.store %[[Y]], %[[A]] : !llvm.array<2 x f32>, !llvm.ptr
  spirv.Store "Function" %v, %x : vector<2xsi8>
  spirv.Store "Workgroup" %a, %y : !spirv.array<2 x f32>
  spirv.Return
}

// -----

// Bools are bytes in memory (beyond upstream, whose <N x i1> in memory is N
// packed bits while a GEP to its element steps whole bytes): loads truncate,
// stores zero-extend, aggregates holding bools are converted member by member.
// CHECK-LABEL: llvm.func @bools
// CHECK-SAME: (%[[B:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: !llvm.ptr, %[[S:[^:]*]]: !llvm.ptr, %[[I:.*]]: i32)
spirv.func @bools(%b: !spirv.ptr<i1, Function>, %v: !spirv.ptr<vector<4xi1>, Function>,
                  %s: !spirv.ptr<!spirv.struct<(i1, vector<2xi1>, i32)>, Function>, %i: i32) "None" {
  // CHECK-NEXT: %[[L:.*]] = llvm.load %[[B]] : !llvm.ptr -> i8
  // CHECK-NEXT: %[[T:.*]] = llvm.trunc %[[L]] : i8 to i1
  // CHECK-NEXT: %[[Z:.*]] = llvm.zext %[[T]] : i1 to i8
  // CHECK-NEXT: llvm.store %[[Z]], %[[B]] : i8, !llvm.ptr
  %0 = spirv.Load "Function" %b : i1
  spirv.Store "Function" %b, %0 : i1
  // CHECK-NEXT: %[[LV:.*]] = llvm.load %[[V]] : !llvm.ptr -> vector<4xi8>
  // CHECK-NEXT: llvm.trunc %[[LV]] : vector<4xi8> to vector<4xi1>
  // CHECK: %[[E:.*]] = llvm.getelementptr %[[V]][%{{.*}}, %[[I]]] : (!llvm.ptr, i32, i32) -> !llvm.ptr, vector<4xi8>
  // CHECK-NEXT: %[[LE:.*]] = llvm.load %[[E]] : !llvm.ptr -> i8
  // CHECK-NEXT: llvm.trunc %[[LE]] : i8 to i1
  %1 = spirv.Load "Function" %v : vector<4xi1>
  %e = spirv.AccessChain %v[%i] : !spirv.ptr<vector<4xi1>, Function>, i32 -> !spirv.ptr<i1, Function>
  %2 = spirv.Load "Function" %e : i1
  // CHECK: %[[LS:.*]] = llvm.load %[[S]] : !llvm.ptr -> !llvm.struct<packed (i8, vector<2xi8>, i32)>
  // CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<packed (i1, vector<2xi1>, i32)>
  // CHECK-NEXT: %[[M0:.*]] = llvm.extractvalue %[[LS]][0] : !llvm.struct<packed (i8, vector<2xi8>, i32)>
  // CHECK-NEXT: %[[C0:.*]] = llvm.trunc %[[M0]] : i8 to i1
  // CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %[[C0]], %[[U]][0] : !llvm.struct<packed (i1, vector<2xi1>, i32)>
  // CHECK-NEXT: %[[M1:.*]] = llvm.extractvalue %[[LS]][1] : !llvm.struct<packed (i8, vector<2xi8>, i32)>
  // CHECK-NEXT: %[[C1:.*]] = llvm.trunc %[[M1]] : vector<2xi8> to vector<2xi1>
  // CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %[[C1]], %[[S0]][1] : !llvm.struct<packed (i1, vector<2xi1>, i32)>
  // CHECK-NEXT: %[[M2:.*]] = llvm.extractvalue %[[LS]][2] : !llvm.struct<packed (i8, vector<2xi8>, i32)>
  // CHECK-NEXT: llvm.insertvalue %[[M2]], %[[S1]][2] : !llvm.struct<packed (i1, vector<2xi1>, i32)>
  %3 = spirv.Load "Function" %s : !spirv.struct<(i1, vector<2xi1>, i32)>
  // CHECK: llvm.alloca %{{.*}} x !llvm.array<3 x i8> : (i32) -> !llvm.ptr
  // CHECK: llvm.zext %{{.*}} : i1 to i8
  // CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.array<3 x i8>, !llvm.ptr
  %c = spirv.Constant [true, false, true] : !spirv.array<3 x i1>
  %a = spirv.Variable init(%c) : !spirv.ptr<!spirv.array<3 x i1>, Function>
  spirv.Return
}

// -----

// A bool global is a byte, its initializer too.
// CHECK-LABEL: module @bool_globals
spirv.module @bool_globals Logical GLSL450 {
  // CHECK-NEXT: llvm.mlir.global private @flag() {addr_space = 0 : i32{{.*}}} : i8 {
  // CHECK-NEXT:   %[[C:.*]] = llvm.mlir.constant(true) : i1
  // CHECK-NEXT:   %[[Z:.*]] = llvm.zext %[[C]] : i1 to i8
  // CHECK-NEXT:   llvm.return %[[Z]] : i8
  // CHECK-NEXT: }
  // CHECK-NEXT: llvm.mlir.global private @flags() {addr_space = 0 : i32{{.*}}} : vector<2xi8>
  spirv.SpecConstant @sc = true
  spirv.GlobalVariable @flag initializer(@sc) : !spirv.ptr<i1, Private>
  spirv.GlobalVariable @flags : !spirv.ptr<vector<2xi1>, Private>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.CopyMemory (beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @copy_memory
// CHECK-SAME: (%[[T:.*]]: !llvm.ptr, %[[S:.*]]: !llvm.ptr)
spirv.func @copy_memory(%t: !spirv.ptr<vector<4xf32>, Function>, %s: !spirv.ptr<vector<4xf32>, Private>) "None" {
  // CHECK-NEXT: %[[V:.*]] = llvm.load %[[S]] : !llvm.ptr -> vector<4xf32>
  // CHECK-NEXT: llvm.store %[[V]], %[[T]] : vector<4xf32>, !llvm.ptr
  spirv.CopyMemory "Function" %t, "Private" %s : vector<4xf32>
  spirv.Return
}

// -----

// One memory access applies to both the target and the source.
// CHECK-LABEL: llvm.func @copy_memory_one_access
// CHECK-SAME: (%[[T:.*]]: !llvm.ptr, %[[S:.*]]: !llvm.ptr)
spirv.func @copy_memory_one_access(%t: !spirv.ptr<f32, Function>, %s: !spirv.ptr<f32, Function>) "None" {
  // CHECK-NEXT: %[[V:.*]] = llvm.load volatile %[[S]] : !llvm.ptr -> f32
  // CHECK-NEXT: llvm.store volatile %[[V]], %[[T]] : f32, !llvm.ptr
  spirv.CopyMemory "Function" %t, "Function" %s ["Volatile"] : f32
  spirv.Return
}

// -----

// With two memory accesses, the first is the target's and the second the source's.
// CHECK-LABEL: llvm.func @copy_memory_two_accesses
// CHECK-SAME: (%[[T:.*]]: !llvm.ptr, %[[S:.*]]: !llvm.ptr)
spirv.func @copy_memory_two_accesses(%t: !spirv.ptr<!spirv.struct<(i32, f32)>, Function>, %s: !spirv.ptr<!spirv.struct<(i32, f32)>, Function>) "None" {
  // CHECK-NEXT: %[[V:.*]] = llvm.load %[[S]] {nontemporal} : !llvm.ptr -> !llvm.struct<packed (i32, f32)>
  // CHECK-NEXT: llvm.store %[[V]], %[[T]] {alignment = 4 : i64} : !llvm.struct<packed (i32, f32)>, !llvm.ptr
  spirv.CopyMemory "Function" %t, "Function" %s ["Aligned", 4], ["Nontemporal"] : !spirv.struct<(i32, f32)>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Variable
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @variable
spirv.func @variable() "None" {
  // CHECK-NEXT: %[[SIZE0:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.alloca %[[SIZE0]] x f32 : (i32) -> !llvm.ptr
  // CHECK-NEXT: %[[SIZE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.alloca %[[SIZE1]] x vector<3xi16> : (i32) -> !llvm.ptr
  // CHECK-NEXT: %[[SIZE2:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.alloca %[[SIZE2]] x !llvm.struct<packed (i32, array<4 x f32>)> : (i32) -> !llvm.ptr
  // CHECK-NEXT: %[[SIZE3:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.alloca %[[SIZE3]] x !llvm.ptr : (i32) -> !llvm.ptr
  %0 = spirv.Variable : !spirv.ptr<f32, Function>
  %1 = spirv.Variable : !spirv.ptr<vector<3xui16>, Function>
  %2 = spirv.Variable : !spirv.ptr<!spirv.struct<(i32, !spirv.array<4 x f32>)>, Function>
  %3 = spirv.Variable : !spirv.ptr<!spirv.ptr<i32, Workgroup>, Function>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @variable_scalar_initializer
spirv.func @variable_scalar_initializer() "None" {
  // CHECK-NEXT: %[[INIT:.*]] = llvm.mlir.constant(7 : i64) : i64
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[VAR:.*]] = llvm.alloca %[[SIZE]] x i64 : (i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.store %[[INIT]], %[[VAR]] : i64, !llvm.ptr
  %c = spirv.Constant 7 : si64
  %0 = spirv.Variable init(%c) : !spirv.ptr<si64, Function>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @variable_vector_initializer
spirv.func @variable_vector_initializer() "None" {
  // CHECK-NEXT: %[[INIT:.*]] = llvm.mlir.constant(dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>) : vector<2xf32>
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[VAR:.*]] = llvm.alloca %[[SIZE]] x vector<2xf32> : (i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.store %[[INIT]], %[[VAR]] : vector<2xf32>, !llvm.ptr
  %c = spirv.Constant dense<[1.0, 2.0]> : vector<2xf32>
  %0 = spirv.Variable init(%c) : !spirv.ptr<vector<2xf32>, Function>
  spirv.Return
}

// -----

// Beyond upstream, which only stores scalar and vector initializers.
// CHECK-LABEL: llvm.func @variable_array_initializer
spirv.func @variable_array_initializer() "None" {
  // CHECK-NEXT: %[[INIT:.*]] = llvm.mlir.constant(dense<[1, 2]> : tensor<2xi32>) : !llvm.array<2 x i32>
  // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK-NEXT: %[[VAR:.*]] = llvm.alloca %[[SIZE]] x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  // CHECK-NEXT: llvm.store %[[INIT]], %[[VAR]] : !llvm.array<2 x i32>, !llvm.ptr
  %c = spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>
  %0 = spirv.Variable init(%c) : !spirv.ptr<!spirv.array<2 x i32>, Function>
  spirv.Return
}

// -----

// Beyond upstream: a variable holding a pointer, initialized with a global's address.
spirv.module Logical GLSL450 {
  // CHECK: llvm.mlir.global private @global() {addr_space = 0 : i32{{.*}}} : i32
  spirv.GlobalVariable @global : !spirv.ptr<i32, Private>
  // CHECK-LABEL: llvm.func @variable_pointer_initializer
  spirv.func @variable_pointer_initializer() "None" {
    // CHECK-NEXT: %[[INIT:.*]] = llvm.mlir.addressof @global : !llvm.ptr
    // CHECK-NEXT: %[[SIZE:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK-NEXT: %[[VAR:.*]] = llvm.alloca %[[SIZE]] x !llvm.ptr : (i32) -> !llvm.ptr
    // CHECK-NEXT: llvm.store %[[INIT]], %[[VAR]] : !llvm.ptr, !llvm.ptr
    %g = spirv.mlir.addressof @global : !spirv.ptr<i32, Private>
    %0 = spirv.Variable init(%g) : !spirv.ptr<!spirv.ptr<i32, Private>, Function>
    spirv.Return
  }
}

// -----

//===----------------------------------------------------------------------===//
// spirv.GlobalVariable and spirv.mlir.addressof
//===----------------------------------------------------------------------===//

// Private globals are private, the others external; Input and UniformConstant
// ones are constant. `location` is kept, `built_in` dropped. A global with a
// descriptor set and a binding, in a spirv.module right inside the top-level
// module, is renamed after them and the module (upstream's encodeBindAttribute).
// CHECK-LABEL: module @globals_module
spirv.module @globals_module Logical GLSL450 {
  // CHECK-NEXT: llvm.mlir.global private @private() {addr_space = 0 : i32{{.*}}} : !llvm.struct<packed (f32, array<10 x f32>)>
  // CHECK-NEXT: llvm.mlir.global external constant @input() {addr_space = 0 : i32{{.*}}} : vector<3xi32>
  // CHECK-NEXT: llvm.mlir.global external @output() {addr_space = 0 : i32, location = 3 : i32, spirv_abi.interface = {storage_class = "Output"}} : vector<4xf32>
  // CHECK-NEXT: llvm.mlir.global external @globals_module_storage_buffer_descriptor_set0_binding1() {addr_space = 0 : i32{{.*}}} : !llvm.struct<packed (array<0 x f32>)>
  // CHECK-NEXT: llvm.mlir.global external constant @uniform_constant() {addr_space = 0 : i32{{.*}}} : i32
  spirv.GlobalVariable @private : !spirv.ptr<!spirv.struct<(f32, !spirv.array<10 x f32>)>, Private>
  spirv.GlobalVariable @input built_in("GlobalInvocationId") : !spirv.ptr<vector<3xui32>, Input>
  spirv.GlobalVariable @output {location = 3 : i32} : !spirv.ptr<vector<4xf32>, Output>
  spirv.GlobalVariable @storage_buffer bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32>)>, StorageBuffer>
  spirv.GlobalVariable @uniform_constant : !spirv.ptr<i32, UniformConstant>
  // CHECK-LABEL: llvm.func @globals
  spirv.func @globals() "None" {
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @private : !llvm.ptr
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @input : !llvm.ptr
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @output : !llvm.ptr
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @globals_module_storage_buffer_descriptor_set0_binding1 : !llvm.ptr
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @uniform_constant : !llvm.ptr
    %0 = spirv.mlir.addressof @private : !spirv.ptr<!spirv.struct<(f32, !spirv.array<10 x f32>)>, Private>
    %1 = spirv.mlir.addressof @input : !spirv.ptr<vector<3xui32>, Input>
    %2 = spirv.mlir.addressof @output : !spirv.ptr<vector<4xf32>, Output>
    %3 = spirv.mlir.addressof @storage_buffer : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32>)>, StorageBuffer>
    %4 = spirv.mlir.addressof @uniform_constant : !spirv.ptr<i32, UniformConstant>
    spirv.Return
  }
}

// -----

// A global outside any spirv.module keeps its name.
// CHECK: llvm.mlir.global external @not_in_spirv_module() {addr_space = 0 : i32{{.*}}} : f32
spirv.GlobalVariable @not_in_spirv_module bind(0, 1) : !spirv.ptr<f32, StorageBuffer>
// CHECK-LABEL: llvm.func @bind_outside_spirv_module
spirv.func @bind_outside_spirv_module() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @not_in_spirv_module : !llvm.ptr
  %0 = spirv.mlir.addressof @not_in_spirv_module : !spirv.ptr<f32, StorageBuffer>
  spirv.Return
}

// -----

// So does one in a spirv.module nested deeper than the top-level module.
// CHECK-LABEL: module @inner
module {
  module @inner {
    // CHECK-NEXT: module @deeper {
    // CHECK-NEXT: llvm.mlir.global external @nested() {addr_space = 0 : i32{{.*}}} : f32
    spirv.module @deeper Logical GLSL450 {
      spirv.GlobalVariable @nested bind(2, 3) : !spirv.ptr<f32, StorageBuffer>
    }
  }
}

// -----

// Beyond upstream, which only takes Input, Output, Private, StorageBuffer and
// UniformConstant globals. PushConstant globals are read-only, so constant.
// CHECK-LABEL: module @more_storage_classes
spirv.module @more_storage_classes Logical GLSL450 {
  // CHECK-NEXT: llvm.mlir.global external @more_storage_classes_uniform_descriptor_set1_binding0() {addr_space = 0 : i32{{.*}}} : !llvm.struct<(vector<4xf32>)>
  // CHECK-NEXT: llvm.mlir.global external @workgroup() {addr_space = 0 : i32{{.*}}} : !llvm.array<64 x f32>
  // CHECK-NEXT: llvm.mlir.global external @cross_workgroup() {addr_space = 0 : i32{{.*}}} : i64
  // CHECK-NEXT: llvm.mlir.global external constant @push_constant() {addr_space = 0 : i32{{.*}}} : !llvm.struct<(i32)>
  spirv.GlobalVariable @uniform bind(1, 0) : !spirv.ptr<!spirv.struct<(vector<4xf32> [0]), Block>, Uniform>
  spirv.GlobalVariable @workgroup : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
  spirv.GlobalVariable @cross_workgroup : !spirv.ptr<i64, CrossWorkgroup>
  spirv.GlobalVariable @push_constant : !spirv.ptr<!spirv.struct<(i32 [0]), Block>, PushConstant>
}

// -----

// Beyond upstream: an initializer gives the global the default value of the
// specialization constant it names.
// CHECK-LABEL: module @initializers
spirv.module @initializers Logical GLSL450 {
  // CHECK-NEXT: llvm.mlir.global private @scalar() {addr_space = 0 : i32{{.*}}} : i32 {
  // CHECK-NEXT:   %[[C:.*]] = llvm.mlir.constant(42 : i32) : i32
  // CHECK-NEXT:   llvm.return %[[C]] : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: llvm.mlir.global private @composite() {addr_space = 0 : i32{{.*}}} : !llvm.array<2 x i32> {
  // CHECK-NEXT:   %[[CC:.*]] = llvm.mlir.constant(dense<42> : tensor<2xi32>) : !llvm.array<2 x i32>
  // CHECK-NEXT:   llvm.return %[[CC]] : !llvm.array<2 x i32>
  // CHECK-NEXT: }
  spirv.SpecConstant @sc = 42 : si32
  spirv.SpecConstantComposite @scc (@sc, @sc) : !spirv.array<2 x si32>
  spirv.GlobalVariable @scalar initializer(@sc) : !spirv.ptr<si32, Private>
  spirv.GlobalVariable @composite initializer(@scc) : !spirv.ptr<!spirv.array<2 x si32>, Private>
}

// -----

// Beyond upstream, which ignores linkage attributes: the global is named
// after its linkage name (as functions are); Import makes an external
// declaration, Export an external definition, LinkOnceODR a linkonce_odr one.
// CHECK-LABEL: module @linkage_module
spirv.module @linkage_module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // CHECK-NEXT: llvm.mlir.global external @imported_name() {addr_space = 0 : i32{{.*}}} : f32{{$}}
  // CHECK-NEXT: llvm.mlir.global external @exported_name() {addr_space = 0 : i32{{.*}}} : f32 {
  // CHECK-NEXT:   %[[E:.*]] = llvm.mlir.undef : f32
  // CHECK-NEXT:   llvm.return %[[E]] : f32
  // CHECK-NEXT: }
  // CHECK-NEXT: llvm.mlir.global linkonce_odr @link_once() {addr_space = 0 : i32{{.*}}} : f32 {
  // CHECK-NEXT:   %[[L:.*]] = llvm.mlir.undef : f32
  // CHECK-NEXT:   llvm.return %[[L]] : f32
  // CHECK-NEXT: }
  spirv.GlobalVariable @imported {linkage_attributes = #spirv.linkage_attributes<linkage_name = "imported_name", linkage_type = <Import>>} : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @exported {linkage_attributes = #spirv.linkage_attributes<linkage_name = "exported_name", linkage_type = <Export>>} : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @link_once {linkage_attributes = #spirv.linkage_attributes<linkage_name = "link_once", linkage_type = <LinkOnceODR>>} : !spirv.ptr<f32, Private>
  // CHECK-LABEL: llvm.func @linkage
  spirv.func @linkage() "None" {
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @imported_name : !llvm.ptr
    // CHECK-NEXT: %{{.*}} = llvm.mlir.addressof @exported_name : !llvm.ptr
    %0 = spirv.mlir.addressof @imported : !spirv.ptr<f32, Private>
    %1 = spirv.mlir.addressof @exported : !spirv.ptr<f32, Private>
    spirv.Return
  }
}

// -----

// The Vulkan memory model's availability and visibility flags (the importer
// drops their scopes): nothing more than a plain access, as the runner's
// memory is coherent and barriers are fences; Volatile is kept.
// CHECK-LABEL: @vulkan_memory_model_flags
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: %[[COPIED:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: llvm.store volatile %[[COPIED]], %{{.*}} : f32, !llvm.ptr
spirv.func @vulkan_memory_model_flags(%p: !spirv.ptr<f32, Function>, %q: !spirv.ptr<f32, Function>, %x: f32) "None" {
  %0 = spirv.Load "Function" %p ["NonPrivatePointer|MakePointerVisible"] : f32
  spirv.Store "Function" %p, %x ["MakePointerAvailable|NonPrivatePointer"] : f32
  spirv.CopyMemory "Function" %p, "Function" %q ["Volatile"], ["MakePointerVisible|NonPrivatePointer"] : f32
  spirv.Return
}

// -----

// A whole array whose stride pads its elements, and a struct with a gap
// between its members (an explicit layout's padding field), stored or
// copied whole: one store per element or member, so the padding bytes
// keep what they held (the memory access's flags on each; each part's
// alignment its scalars'). An array without padding is one store.
// CHECK-LABEL: @store_padded_array
// CHECK: %[[A:.*]] = llvm.extractvalue %[[V:.*]][0, 0] : !llvm.array<2 x struct<(f32, array<12 x i8>)>>
// CHECK-NEXT: %[[P0:.*]] = llvm.getelementptr %[[PTR:.*]][0, 0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<2 x struct<(f32, array<12 x i8>)>>
// CHECK-NEXT: llvm.store volatile %[[A]], %[[P0]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK-NEXT: %[[B:.*]] = llvm.extractvalue %[[V]][1, 0]
// CHECK-NEXT: %[[P1:.*]] = llvm.getelementptr %[[PTR]][0, 1, 0]
// CHECK-NEXT: llvm.store volatile %[[B]], %[[P1]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.struct<packed (f32, array<4 x i8>, f32)>
// CHECK-NEXT: %[[X:.*]] = llvm.extractvalue %[[S]][0]
// CHECK-NEXT: llvm.getelementptr %{{.*}}[0, 0]
// CHECK-NEXT: llvm.store %[[X]]
// CHECK-NEXT: %[[Y:.*]] = llvm.extractvalue %[[S]][2]
// CHECK-NEXT: llvm.getelementptr %{{.*}}[0, 2]
// CHECK-NEXT: llvm.store %[[Y]]
// CHECK-NOT: llvm.store
// CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.array<2 x f32>, !llvm.ptr
spirv.func @store_padded_array(%p: !spirv.ptr<!spirv.array<2 x f32, stride=16>, StorageBuffer>, %v: !spirv.array<2 x f32, stride=16>,
                               %t: !spirv.ptr<!spirv.struct<(f32 [0], f32 [8])>, StorageBuffer>, %s: !spirv.ptr<!spirv.struct<(f32 [0], f32 [8])>, StorageBuffer>,
                               %q: !spirv.ptr<!spirv.array<2 x f32, stride=4>, StorageBuffer>, %w: !spirv.array<2 x f32, stride=4>) "None" {
  spirv.Store "StorageBuffer" %p, %v ["Volatile"] : !spirv.array<2 x f32, stride=16>
  spirv.CopyMemory "StorageBuffer" %t, "StorageBuffer" %s : !spirv.struct<(f32 [0], f32 [8])>
  spirv.Store "StorageBuffer" %q, %w : !spirv.array<2 x f32, stride=4>
  spirv.Return
}
