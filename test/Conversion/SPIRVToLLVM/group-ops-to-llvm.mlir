// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// Uniform group reductions and scans (as upstream, but for the mangling of signed integers)
//===----------------------------------------------------------------------===//

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFAddiiDh(i32, i32, f16) -> f16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFAddiid(i32, i32, f64) -> f64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFAddiif(i32, i32, f32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_fadd
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f64, %[[Z:.*]]: f16)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFAddiif(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f32) -> f32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFAddiid(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, f64) -> f64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFAddiiDh(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, f16) -> f16
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_fadd(%x: f32, %y: f64, %z: f16) "None" {
    %0 = spirv.GroupFAdd <Workgroup> <Reduce> %x : f32
    %1 = spirv.GroupFAdd <Subgroup> <InclusiveScan> %y : f64
    %2 = spirv.GroupFAdd <Workgroup> <ExclusiveScan> %z : f16
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFAddiiDv4_f(i32, i32, vector<4xf32>) -> vector<4xf32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_fadd_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFAddiiDv4_f(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_fadd_vector(%x: vector<4xf32>) "None" {
    %0 = spirv.GroupFAdd <Workgroup> <Reduce> %x : vector<4xf32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMaxiiDh(i32, i32, f16) -> f16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMaxiid(i32, i32, f64) -> f64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMaxiif(i32, i32, f32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_fmax
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f64, %[[Z:.*]]: f16)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMaxiif(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f32) -> f32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMaxiid(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, f64) -> f64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMaxiiDh(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, f16) -> f16
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_fmax(%x: f32, %y: f64, %z: f16) "None" {
    %0 = spirv.GroupFMax <Workgroup> <Reduce> %x : f32
    %1 = spirv.GroupFMax <Subgroup> <InclusiveScan> %y : f64
    %2 = spirv.GroupFMax <Workgroup> <ExclusiveScan> %z : f16
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMaxiiDv4_f(i32, i32, vector<4xf32>) -> vector<4xf32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_fmax_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMaxiiDv4_f(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_fmax_vector(%x: vector<4xf32>) "None" {
    %0 = spirv.GroupFMax <Workgroup> <Reduce> %x : vector<4xf32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMiniiDh(i32, i32, f16) -> f16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMiniid(i32, i32, f64) -> f64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMiniif(i32, i32, f32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_fmin
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f64, %[[Z:.*]]: f16)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMiniif(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f32) -> f32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMiniid(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, f64) -> f64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMiniiDh(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, f16) -> f16
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_fmin(%x: f32, %y: f64, %z: f16) "None" {
    %0 = spirv.GroupFMin <Workgroup> <Reduce> %x : f32
    %1 = spirv.GroupFMin <Subgroup> <InclusiveScan> %y : f64
    %2 = spirv.GroupFMin <Workgroup> <ExclusiveScan> %z : f16
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupFMiniiDv4_f(i32, i32, vector<4xf32>) -> vector<4xf32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_fmin_vector
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupFMiniiDv4_f(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_fmin_vector(%x: vector<4xf32>) "None" {
    %0 = spirv.GroupFMin <Workgroup> <Reduce> %x : vector<4xf32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupIAddiic(i32, i32, i8) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupIAddiis(i32, i32, i16) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupIAddiil(i32, i32, i64) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupIAddiii(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_iadd
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i64, %[[Z:.*]]: i16, %[[W:.*]]: i8)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupIAddiii(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupIAddiil(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, i64) -> i64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupIAddiis(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, i16) -> i16
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ZERO_1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL_3:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupIAddiic(%[[C3_1]], %[[ZERO_1]], %[[W]]) {convergent, no_unwind, will_return} : (i32, i32, i8) -> i8
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_iadd(%x: i32, %y: i64, %z: i16, %w: i8) "None" {
    %0 = spirv.GroupIAdd <Workgroup> <Reduce> %x : i32
    %1 = spirv.GroupIAdd <Subgroup> <InclusiveScan> %y : i64
    %2 = spirv.GroupIAdd <Workgroup> <ExclusiveScan> %z : i16
    %3 = spirv.GroupIAdd <Subgroup> <Reduce> %w : i8
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupIAddiiDv2_i(i32, i32, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_iadd_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupIAddiiDv2_i(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_iadd_vector(%x: vector<2xi32>) "None" {
    %0 = spirv.GroupIAdd <Workgroup> <Reduce> %x : vector<2xi32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMaxiic(i32, i32, i8) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMaxiis(i32, i32, i16) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMaxiil(i32, i32, i64) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMaxiii(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_smax
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i64, %[[Z:.*]]: i16, %[[W:.*]]: i8)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMaxiii(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMaxiil(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, i64) -> i64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMaxiis(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, i16) -> i16
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ZERO_1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL_3:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMaxiic(%[[C3_1]], %[[ZERO_1]], %[[W]]) {convergent, no_unwind, will_return} : (i32, i32, i8) -> i8
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_smax(%x: i32, %y: i64, %z: i16, %w: i8) "None" {
    %0 = spirv.GroupSMax <Workgroup> <Reduce> %x : i32
    %1 = spirv.GroupSMax <Subgroup> <InclusiveScan> %y : i64
    %2 = spirv.GroupSMax <Workgroup> <ExclusiveScan> %z : i16
    %3 = spirv.GroupSMax <Subgroup> <Reduce> %w : i8
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMaxiiDv2_i(i32, i32, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_smax_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMaxiiDv2_i(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_smax_vector(%x: vector<2xi32>) "None" {
    %0 = spirv.GroupSMax <Workgroup> <Reduce> %x : vector<2xi32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMiniic(i32, i32, i8) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMiniis(i32, i32, i16) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMiniil(i32, i32, i64) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMiniii(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_smin
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i64, %[[Z:.*]]: i16, %[[W:.*]]: i8)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMiniii(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMiniil(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, i64) -> i64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMiniis(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, i16) -> i16
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ZERO_1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL_3:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMiniic(%[[C3_1]], %[[ZERO_1]], %[[W]]) {convergent, no_unwind, will_return} : (i32, i32, i8) -> i8
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_smin(%x: i32, %y: i64, %z: i16, %w: i8) "None" {
    %0 = spirv.GroupSMin <Workgroup> <Reduce> %x : i32
    %1 = spirv.GroupSMin <Subgroup> <InclusiveScan> %y : i64
    %2 = spirv.GroupSMin <Workgroup> <ExclusiveScan> %z : i16
    %3 = spirv.GroupSMin <Subgroup> <Reduce> %w : i8
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupSMiniiDv2_i(i32, i32, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_smin_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupSMiniiDv2_i(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_smin_vector(%x: vector<2xi32>) "None" {
    %0 = spirv.GroupSMin <Workgroup> <Reduce> %x : vector<2xi32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMaxiih(i32, i32, i8) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMaxiit(i32, i32, i16) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMaxiim(i32, i32, i64) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMaxiij(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_umax
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i64, %[[Z:.*]]: i16, %[[W:.*]]: i8)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMaxiij(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMaxiim(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, i64) -> i64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMaxiit(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, i16) -> i16
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ZERO_1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL_3:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMaxiih(%[[C3_1]], %[[ZERO_1]], %[[W]]) {convergent, no_unwind, will_return} : (i32, i32, i8) -> i8
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_umax(%x: i32, %y: i64, %z: i16, %w: i8) "None" {
    %0 = spirv.GroupUMax <Workgroup> <Reduce> %x : i32
    %1 = spirv.GroupUMax <Subgroup> <InclusiveScan> %y : i64
    %2 = spirv.GroupUMax <Workgroup> <ExclusiveScan> %z : i16
    %3 = spirv.GroupUMax <Subgroup> <Reduce> %w : i8
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMaxiiDv2_j(i32, i32, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_umax_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMaxiiDv2_j(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_umax_vector(%x: vector<2xi32>) "None" {
    %0 = spirv.GroupUMax <Workgroup> <Reduce> %x : vector<2xi32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMiniih(i32, i32, i8) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMiniit(i32, i32, i16) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMiniim(i32, i32, i64) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMiniij(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_umin
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i64, %[[Z:.*]]: i16, %[[W:.*]]: i8)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMiniij(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMiniim(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, i64) -> i64
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[TWO_2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMiniit(%[[TWO_1]], %[[TWO_2]], %[[Z]]) {convergent, no_unwind, will_return} : (i32, i32, i16) -> i16
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ZERO_1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL_3:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMiniih(%[[C3_1]], %[[ZERO_1]], %[[W]]) {convergent, no_unwind, will_return} : (i32, i32, i8) -> i8
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_umin(%x: i32, %y: i64, %z: i16, %w: i8) "None" {
    %0 = spirv.GroupUMin <Workgroup> <Reduce> %x : i32
    %1 = spirv.GroupUMin <Subgroup> <InclusiveScan> %y : i64
    %2 = spirv.GroupUMin <Workgroup> <ExclusiveScan> %z : i16
    %3 = spirv.GroupUMin <Subgroup> <Reduce> %w : i8
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z17__spirv_GroupUMiniiDv2_j(i32, i32, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_umin_vector
// CHECK-SAME: (%[[X:.*]]: vector<2xi32>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z17__spirv_GroupUMiniiDv2_j(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_umin_vector(%x: vector<2xi32>) "None" {
    %0 = spirv.GroupUMin <Workgroup> <Reduce> %x : vector<2xi32>
    spirv.Return
  }
}

// -----

//===----------------------------------------------------------------------===//
// SPV_KHR_uniform_group_instructions (beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-DAG: llvm.func spir_funccc @_Z20__spirv_GroupFMulKHRiiDv2_Dh(i32, i32, vector<2xf16>) -> vector<2xf16> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z20__spirv_GroupFMulKHRiif(i32, i32, f32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_fmul_khr
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: vector<2xf16>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z20__spirv_GroupFMulKHRiif(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f32) -> f32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z20__spirv_GroupFMulKHRiiDv2_Dh(%[[C3]], %[[TWO_1]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_fmul_khr(%x: f32, %y: vector<2xf16>) "None" {
    %0 = spirv.KHR.GroupFMul <Workgroup> <Reduce> %x : f32
    %1 = spirv.KHR.GroupFMul <Subgroup> <ExclusiveScan> %y : vector<2xf16>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z20__spirv_GroupIMulKHRiiDv3_l(i32, i32, vector<3xi64>) -> vector<3xi64> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z20__spirv_GroupIMulKHRiii(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_imul_khr
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: vector<3xi64>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z20__spirv_GroupIMulKHRiii(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z20__spirv_GroupIMulKHRiiDv3_l(%[[C3]], %[[ONE]], %[[Y]]) {convergent, no_unwind, will_return} : (i32, i32, vector<3xi64>) -> vector<3xi64>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_imul_khr(%x: i32, %y: vector<3xi64>) "None" {
    %0 = spirv.KHR.GroupIMul <Workgroup> <Reduce> %x : i32
    %1 = spirv.KHR.GroupIMul <Subgroup> <InclusiveScan> %y : vector<3xi64>
    spirv.Return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Non-uniform reductions and scans (as upstream on scalars; vectors beyond upstream)
//===----------------------------------------------------------------------===//

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFAddiiDv4_f(i32, i32, vector<4xf32>) -> vector<4xf32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFAddiifj(i32, i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFAddiif(i32, i32, f32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_f_add
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<4xf32>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFAddiif(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f32) -> f32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFAddiifj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, f32, i32) -> f32
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFAddiiDv4_f(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_f_add(%x: f32, %v: vector<4xf32>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformFAdd <Workgroup> <Reduce> %x : f32 -> f32
    %1 = spirv.GroupNonUniformFAdd <Subgroup> <ClusteredReduce> %x cluster_size(%four) : f32, i32 -> f32
    %2 = spirv.GroupNonUniformFAdd <Subgroup> <InclusiveScan> %v : vector<4xf32> -> vector<4xf32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMaxiiDv2_d(i32, i32, vector<2xf64>) -> vector<2xf64> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMaxiidj(i32, i32, f64, i32) -> f64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMaxiid(i32, i32, f64) -> f64 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_f_max
// CHECK-SAME: (%[[X:.*]]: f64, %[[V:.*]]: vector<2xf64>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMaxiid(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f64) -> f64
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMaxiidj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, f64, i32) -> f64
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMaxiiDv2_d(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xf64>) -> vector<2xf64>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_f_max(%x: f64, %v: vector<2xf64>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformFMax <Workgroup> <Reduce> %x : f64 -> f64
    %1 = spirv.GroupNonUniformFMax <Subgroup> <ClusteredReduce> %x cluster_size(%four) : f64, i32 -> f64
    %2 = spirv.GroupNonUniformFMax <Subgroup> <InclusiveScan> %v : vector<2xf64> -> vector<2xf64>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMiniiDv2_Dh(i32, i32, vector<2xf16>) -> vector<2xf16> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMiniiDhj(i32, i32, f16, i32) -> f16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMiniiDh(i32, i32, f16) -> f16 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_f_min
// CHECK-SAME: (%[[X:.*]]: f16, %[[V:.*]]: vector<2xf16>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMiniiDh(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f16) -> f16
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMiniiDhj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, f16, i32) -> f16
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMiniiDv2_Dh(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xf16>) -> vector<2xf16>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_f_min(%x: f16, %v: vector<2xf16>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformFMin <Workgroup> <Reduce> %x : f16 -> f16
    %1 = spirv.GroupNonUniformFMin <Subgroup> <ClusteredReduce> %x cluster_size(%four) : f16, i32 -> f16
    %2 = spirv.GroupNonUniformFMin <Subgroup> <InclusiveScan> %v : vector<2xf16> -> vector<2xf16>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMuliiDv3_f(i32, i32, vector<3xf32>) -> vector<3xf32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMuliifj(i32, i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformFMuliif(i32, i32, f32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_f_mul
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<3xf32>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMuliif(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, f32) -> f32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMuliifj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, f32, i32) -> f32
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformFMuliiDv3_f(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<3xf32>) -> vector<3xf32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_f_mul(%x: f32, %v: vector<3xf32>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformFMul <Workgroup> <Reduce> %x : f32 -> f32
    %1 = spirv.GroupNonUniformFMul <Subgroup> <ClusteredReduce> %x cluster_size(%four) : f32, i32 -> f32
    %2 = spirv.GroupNonUniformFMul <Subgroup> <InclusiveScan> %v : vector<3xf32> -> vector<3xf32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformIAddiiDv4_i(i32, i32, vector<4xi32>) -> vector<4xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformIAddiiij(i32, i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformIAddiii(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_i_add
// CHECK-SAME: (%[[X:.*]]: i32, %[[V:.*]]: vector<4xi32>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformIAddiii(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformIAddiiij(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformIAddiiDv4_i(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_i_add(%x: i32, %v: vector<4xi32>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformIAdd <Workgroup> <Reduce> %x : i32 -> i32
    %1 = spirv.GroupNonUniformIAdd <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i32, i32 -> i32
    %2 = spirv.GroupNonUniformIAdd <Subgroup> <InclusiveScan> %v : vector<4xi32> -> vector<4xi32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformIMuliiDv2_l(i32, i32, vector<2xi64>) -> vector<2xi64> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformIMuliilj(i32, i32, i64, i32) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformIMuliil(i32, i32, i64) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_i_mul
// CHECK-SAME: (%[[X:.*]]: i64, %[[V:.*]]: vector<2xi64>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformIMuliil(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i64) -> i64
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformIMuliilj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i64, i32) -> i64
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformIMuliiDv2_l(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_i_mul(%x: i64, %v: vector<2xi64>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformIMul <Workgroup> <Reduce> %x : i64 -> i64
    %1 = spirv.GroupNonUniformIMul <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i64, i32 -> i64
    %2 = spirv.GroupNonUniformIMul <Subgroup> <InclusiveScan> %v : vector<2xi64> -> vector<2xi64>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformSMaxiiDv2_s(i32, i32, vector<2xi16>) -> vector<2xi16> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformSMaxiisj(i32, i32, i16, i32) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformSMaxiis(i32, i32, i16) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_s_max
// CHECK-SAME: (%[[X:.*]]: i16, %[[V:.*]]: vector<2xi16>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformSMaxiis(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i16) -> i16
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformSMaxiisj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i16, i32) -> i16
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformSMaxiiDv2_s(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi16>) -> vector<2xi16>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_s_max(%x: i16, %v: vector<2xi16>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformSMax <Workgroup> <Reduce> %x : i16 -> i16
    %1 = spirv.GroupNonUniformSMax <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i16, i32 -> i16
    %2 = spirv.GroupNonUniformSMax <Subgroup> <InclusiveScan> %v : vector<2xi16> -> vector<2xi16>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformSMiniiDv4_c(i32, i32, vector<4xi8>) -> vector<4xi8> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformSMiniicj(i32, i32, i8, i32) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformSMiniic(i32, i32, i8) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_s_min
// CHECK-SAME: (%[[X:.*]]: i8, %[[V:.*]]: vector<4xi8>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformSMiniic(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i8) -> i8
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformSMiniicj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i8, i32) -> i8
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformSMiniiDv4_c(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xi8>) -> vector<4xi8>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_s_min(%x: i8, %v: vector<4xi8>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformSMin <Workgroup> <Reduce> %x : i8 -> i8
    %1 = spirv.GroupNonUniformSMin <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i8, i32 -> i8
    %2 = spirv.GroupNonUniformSMin <Subgroup> <InclusiveScan> %v : vector<4xi8> -> vector<4xi8>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformUMaxiiDv2_j(i32, i32, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformUMaxiijj(i32, i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformUMaxiij(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_u_max
// CHECK-SAME: (%[[X:.*]]: i32, %[[V:.*]]: vector<2xi32>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformUMaxiij(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformUMaxiijj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformUMaxiiDv2_j(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_u_max(%x: i32, %v: vector<2xi32>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformUMax <Workgroup> <Reduce> %x : i32 -> i32
    %1 = spirv.GroupNonUniformUMax <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i32, i32 -> i32
    %2 = spirv.GroupNonUniformUMax <Subgroup> <InclusiveScan> %v : vector<2xi32> -> vector<2xi32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformUMiniiDv3_h(i32, i32, vector<3xi8>) -> vector<3xi8> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformUMiniihj(i32, i32, i8, i32) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z27__spirv_GroupNonUniformUMiniih(i32, i32, i8) -> i8 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_u_min
// CHECK-SAME: (%[[X:.*]]: i8, %[[V:.*]]: vector<3xi8>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformUMiniih(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i8) -> i8
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformUMiniihj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i8, i32) -> i8
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z27__spirv_GroupNonUniformUMiniiDv3_h(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<3xi8>) -> vector<3xi8>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_u_min(%x: i8, %v: vector<3xi8>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformUMin <Workgroup> <Reduce> %x : i8 -> i8
    %1 = spirv.GroupNonUniformUMin <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i8, i32 -> i8
    %2 = spirv.GroupNonUniformUMin <Subgroup> <InclusiveScan> %v : vector<3xi8> -> vector<3xi8>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformBitwiseAndiiDv2_i(i32, i32, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformBitwiseAndiiij(i32, i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformBitwiseAndiii(i32, i32, i32) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_bitwise_and
// CHECK-SAME: (%[[X:.*]]: i32, %[[V:.*]]: vector<2xi32>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformBitwiseAndiii(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformBitwiseAndiiij(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i32, i32) -> i32
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformBitwiseAndiiDv2_i(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_bitwise_and(%x: i32, %v: vector<2xi32>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformBitwiseAnd <Workgroup> <Reduce> %x : i32 -> i32
    %1 = spirv.GroupNonUniformBitwiseAnd <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i32, i32 -> i32
    %2 = spirv.GroupNonUniformBitwiseAnd <Subgroup> <InclusiveScan> %v : vector<2xi32> -> vector<2xi32>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformBitwiseOriiDv2_l(i32, i32, vector<2xi64>) -> vector<2xi64> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformBitwiseOriilj(i32, i32, i64, i32) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformBitwiseOriil(i32, i32, i64) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_bitwise_or
// CHECK-SAME: (%[[X:.*]]: i64, %[[V:.*]]: vector<2xi64>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformBitwiseOriil(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i64) -> i64
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformBitwiseOriilj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i64, i32) -> i64
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformBitwiseOriiDv2_l(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi64>) -> vector<2xi64>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_bitwise_or(%x: i64, %v: vector<2xi64>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformBitwiseOr <Workgroup> <Reduce> %x : i64 -> i64
    %1 = spirv.GroupNonUniformBitwiseOr <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i64, i32 -> i64
    %2 = spirv.GroupNonUniformBitwiseOr <Subgroup> <InclusiveScan> %v : vector<2xi64> -> vector<2xi64>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformBitwiseXoriiDv4_s(i32, i32, vector<4xi16>) -> vector<4xi16> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformBitwiseXoriisj(i32, i32, i16, i32) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformBitwiseXoriis(i32, i32, i16) -> i16 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_bitwise_xor
// CHECK-SAME: (%[[X:.*]]: i16, %[[V:.*]]: vector<4xi16>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformBitwiseXoriis(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i16) -> i16
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformBitwiseXoriisj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i16, i32) -> i16
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformBitwiseXoriiDv4_s(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xi16>) -> vector<4xi16>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_bitwise_xor(%x: i16, %v: vector<4xi16>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformBitwiseXor <Workgroup> <Reduce> %x : i16 -> i16
    %1 = spirv.GroupNonUniformBitwiseXor <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i16, i32 -> i16
    %2 = spirv.GroupNonUniformBitwiseXor <Subgroup> <InclusiveScan> %v : vector<4xi16> -> vector<4xi16>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformLogicalAndiiDv2_b(i32, i32, vector<2xi1>) -> vector<2xi1> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformLogicalAndiibj(i32, i32, i1, i32) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformLogicalAndiib(i32, i32, i1) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_logical_and
// CHECK-SAME: (%[[X:.*]]: i1, %[[V:.*]]: vector<2xi1>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformLogicalAndiib(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i1) -> i1
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformLogicalAndiibj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i1, i32) -> i1
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformLogicalAndiiDv2_b(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<2xi1>) -> vector<2xi1>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_logical_and(%x: i1, %v: vector<2xi1>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformLogicalAnd <Workgroup> <Reduce> %x : i1 -> i1
    %1 = spirv.GroupNonUniformLogicalAnd <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i1, i32 -> i1
    %2 = spirv.GroupNonUniformLogicalAnd <Subgroup> <InclusiveScan> %v : vector<2xi1> -> vector<2xi1>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformLogicalOriiDv3_b(i32, i32, vector<3xi1>) -> vector<3xi1> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformLogicalOriibj(i32, i32, i1, i32) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformLogicalOriib(i32, i32, i1) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_logical_or
// CHECK-SAME: (%[[X:.*]]: i1, %[[V:.*]]: vector<3xi1>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformLogicalOriib(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i1) -> i1
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformLogicalOriibj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i1, i32) -> i1
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformLogicalOriiDv3_b(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<3xi1>) -> vector<3xi1>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_logical_or(%x: i1, %v: vector<3xi1>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformLogicalOr <Workgroup> <Reduce> %x : i1 -> i1
    %1 = spirv.GroupNonUniformLogicalOr <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i1, i32 -> i1
    %2 = spirv.GroupNonUniformLogicalOr <Subgroup> <InclusiveScan> %v : vector<3xi1> -> vector<3xi1>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformLogicalXoriiDv4_b(i32, i32, vector<4xi1>) -> vector<4xi1> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformLogicalXoriibj(i32, i32, i1, i32) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformLogicalXoriib(i32, i32, i1) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_logical_xor
// CHECK-SAME: (%[[X:.*]]: i1, %[[V:.*]]: vector<4xi1>)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformLogicalXoriib(%[[TWO]], %[[ZERO]], %[[X]]) {convergent, no_unwind, will_return} : (i32, i32, i1) -> i1
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformLogicalXoriibj(%[[C3]], %[[C3_1]], %[[X]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, i32, i1, i32) -> i1
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformLogicalXoriiDv4_b(%[[C3_2]], %[[ONE]], %[[V]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xi1>) -> vector<4xi1>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_logical_xor(%x: i1, %v: vector<4xi1>) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformLogicalXor <Workgroup> <Reduce> %x : i1 -> i1
    %1 = spirv.GroupNonUniformLogicalXor <Subgroup> <ClusteredReduce> %x cluster_size(%four) : i1, i32 -> i1
    %2 = spirv.GroupNonUniformLogicalXor <Subgroup> <InclusiveScan> %v : vector<4xi1> -> vector<4xi1>
    spirv.Return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Other group and non-uniform ops (beyond upstream)
//===----------------------------------------------------------------------===//

// A repeated vector type in a signature is a substitution (S_).
// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_GroupBroadcastilDv3_l(i32, i64, vector<3xi64>) -> i64 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_GroupBroadcastiDv2_iS_(i32, vector<2xi32>, vector<2xi32>) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_GroupBroadcastifi(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_broadcast
// CHECK-SAME: (%[[X:.*]]: f32, %[[ID:.*]]: i32, %[[V:.*]]: vector<2xi32>, %[[IDS:.*]]: vector<2xi32>, %[[L:.*]]: i64, %[[LIDS:.*]]: vector<3xi64>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z22__spirv_GroupBroadcastifi(%[[TWO]], %[[X]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, f32, i32) -> f32
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z22__spirv_GroupBroadcastiDv2_iS_(%[[TWO_1]], %[[V]], %[[IDS]]) {convergent, no_unwind, will_return} : (i32, vector<2xi32>, vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z22__spirv_GroupBroadcastilDv3_l(%[[C3]], %[[L]], %[[LIDS]]) {convergent, no_unwind, will_return} : (i32, i64, vector<3xi64>) -> i64
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_broadcast(%x: f32, %id: i32, %v: vector<2xi32>, %ids: vector<2xi32>, %l: i64, %lids: vector<3xi64>) "None" {
    %0 = spirv.GroupBroadcast <Workgroup> %x, %id : f32, i32
    %1 = spirv.GroupBroadcast <Workgroup> %v, %ids : vector<2xi32>, vector<2xi32>
    %2 = spirv.GroupBroadcast <Subgroup> %l, %lids : i64, vector<3xi64>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformBroadcastiDv2_cj(i32, vector<2xi8>, i32) -> vector<2xi8> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformBroadcastifj(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_broadcast
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<2xi8>)
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformBroadcastifj(%[[C3]], %[[X]], %[[TWO]]) {convergent, no_unwind, will_return} : (i32, f32, i32) -> f32
// CHECK-NEXT: %[[TWO_1:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformBroadcastiDv2_cj(%[[TWO_1]], %[[V]], %[[TWO]]) {convergent, no_unwind, will_return} : (i32, vector<2xi8>, i32) -> vector<2xi8>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_broadcast(%x: f32, %v: vector<2xi8>) "None" {
    %id = spirv.Constant 2 : i32
    %0 = spirv.GroupNonUniformBroadcast <Subgroup> %x, %id : f32, i32
    %1 = spirv.GroupNonUniformBroadcast <Workgroup> %v, %id : vector<2xi8>, i32
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z30__spirv_GroupNonUniformShuffleiDv2_ij(i32, vector<2xi32>, i32) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z30__spirv_GroupNonUniformShuffleifj(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_shuffle
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<2xi32>, %[[ID:.*]]: i32)
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z30__spirv_GroupNonUniformShuffleifj(%[[C3]], %[[X]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, f32, i32) -> f32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z30__spirv_GroupNonUniformShuffleiDv2_ij(%[[C3_1]], %[[V]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, vector<2xi32>, i32) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_shuffle(%x: f32, %v: vector<2xi32>, %id: i32) "None" {
    %0 = spirv.GroupNonUniformShuffle <Subgroup> %x, %id : f32, i32
    %1 = spirv.GroupNonUniformShuffle <Subgroup> %v, %id : vector<2xi32>, i32
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformShuffleXoriDv2_ij(i32, vector<2xi32>, i32) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformShuffleXorifj(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_shuffle_xor
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<2xi32>, %[[ID:.*]]: i32)
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformShuffleXorifj(%[[C3]], %[[X]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, f32, i32) -> f32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z33__spirv_GroupNonUniformShuffleXoriDv2_ij(%[[C3_1]], %[[V]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, vector<2xi32>, i32) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_shuffle_xor(%x: f32, %v: vector<2xi32>, %id: i32) "None" {
    %0 = spirv.GroupNonUniformShuffleXor <Subgroup> %x, %id : f32, i32
    %1 = spirv.GroupNonUniformShuffleXor <Subgroup> %v, %id : vector<2xi32>, i32
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformShuffleUpiDv2_ij(i32, vector<2xi32>, i32) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformShuffleUpifj(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_shuffle_up
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<2xi32>, %[[ID:.*]]: i32)
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformShuffleUpifj(%[[C3]], %[[X]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, f32, i32) -> f32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformShuffleUpiDv2_ij(%[[C3_1]], %[[V]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, vector<2xi32>, i32) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_shuffle_up(%x: f32, %v: vector<2xi32>, %id: i32) "None" {
    %0 = spirv.GroupNonUniformShuffleUp <Subgroup> %x, %id : f32, i32
    %1 = spirv.GroupNonUniformShuffleUp <Subgroup> %v, %id : vector<2xi32>, i32
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z34__spirv_GroupNonUniformShuffleDowniDv2_ij(i32, vector<2xi32>, i32) -> vector<2xi32> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z34__spirv_GroupNonUniformShuffleDownifj(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_shuffle_down
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<2xi32>, %[[ID:.*]]: i32)
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z34__spirv_GroupNonUniformShuffleDownifj(%[[C3]], %[[X]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, f32, i32) -> f32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z34__spirv_GroupNonUniformShuffleDowniDv2_ij(%[[C3_1]], %[[V]], %[[ID]]) {convergent, no_unwind, will_return} : (i32, vector<2xi32>, i32) -> vector<2xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_shuffle_down(%x: f32, %v: vector<2xi32>, %id: i32) "None" {
    %0 = spirv.GroupNonUniformShuffleDown <Subgroup> %x, %id : f32, i32
    %1 = spirv.GroupNonUniformShuffleDown <Subgroup> %v, %id : vector<2xi32>, i32
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformRotateKHRiDv4_sij(i32, vector<4xi16>, i32, i32) -> vector<4xi16> attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z32__spirv_GroupNonUniformRotateKHRifi(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_rotate_khr
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<4xi16>, %[[DELTA:.*]]: i32)
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformRotateKHRifi(%[[C3]], %[[X]], %[[DELTA]]) {convergent, no_unwind, will_return} : (i32, f32, i32) -> f32
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z32__spirv_GroupNonUniformRotateKHRiDv4_sij(%[[C3_1]], %[[V]], %[[DELTA]], %[[C4]]) {convergent, no_unwind, will_return} : (i32, vector<4xi16>, i32, i32) -> vector<4xi16>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_rotate_khr(%x: f32, %v: vector<4xi16>, %delta: i32) "None" {
    %four = spirv.Constant 4 : i32
    %0 = spirv.GroupNonUniformRotateKHR <Subgroup> %x, %delta : f32, i32 -> f32
    %1 = spirv.GroupNonUniformRotateKHR <Subgroup> %v, %delta, cluster_size(%four) : vector<4xi16>, i32, i32 -> vector<4xi16>
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z28__spirv_GroupNonUniformElecti(i32) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_elect
// CHECK-SAME: ()
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z28__spirv_GroupNonUniformElecti(%[[C3]]) {convergent, no_unwind, will_return} : (i32) -> i1
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_elect() "None" {
    %0 = spirv.GroupNonUniformElect <Subgroup> : i1
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z26__spirv_GroupNonUniformAnyib(i32, i1) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z26__spirv_GroupNonUniformAllib(i32, i1) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_all_any
// CHECK-SAME: (%[[P:.*]]: i1)
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z26__spirv_GroupNonUniformAllib(%[[C3]], %[[P]]) {convergent, no_unwind, will_return} : (i32, i1) -> i1
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z26__spirv_GroupNonUniformAnyib(%[[C3_1]], %[[P]]) {convergent, no_unwind, will_return} : (i32, i1) -> i1
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_all_any(%p: i1) "None" {
    %0 = spirv.GroupNonUniformAll <Subgroup> %p : i1
    %1 = spirv.GroupNonUniformAny <Subgroup> %p : i1
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z31__spirv_GroupNonUniformAllEqualib(i32, i1) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z31__spirv_GroupNonUniformAllEqualiDv3_i(i32, vector<3xi32>) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z31__spirv_GroupNonUniformAllEqualif(i32, f32) -> i1 attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_all_equal
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<3xi32>, %[[B:.*]]: i1)
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z31__spirv_GroupNonUniformAllEqualif(%[[C3]], %[[X]]) {convergent, no_unwind, will_return} : (i32, f32) -> i1
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z31__spirv_GroupNonUniformAllEqualiDv3_i(%[[C3_1]], %[[V]]) {convergent, no_unwind, will_return} : (i32, vector<3xi32>) -> i1
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z31__spirv_GroupNonUniformAllEqualib(%[[C3_2]], %[[B]]) {convergent, no_unwind, will_return} : (i32, i1) -> i1
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_all_equal(%x: f32, %v: vector<3xi32>, %b: i1) "None" {
    %0 = spirv.GroupNonUniformAllEqual <Subgroup> %x : f32, i1
    %1 = spirv.GroupNonUniformAllEqual <Subgroup> %v : vector<3xi32>, i1
    %2 = spirv.GroupNonUniformAllEqual <Subgroup> %b : i1, i1
    spirv.Return
  }
}

// -----

// Ballots are read as unsigned (Dv4_j).
// CHECK-DAG: llvm.func spir_funccc @_Z37__spirv_GroupNonUniformBallotBitCountiiDv4_j(i32, i32, vector<4xi32>) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z36__spirv_GroupNonUniformBallotFindMSBiDv4_j(i32, vector<4xi32>) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z36__spirv_GroupNonUniformBallotFindLSBiDv4_j(i32, vector<4xi32>) -> i32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z29__spirv_GroupNonUniformBallotib(i32, i1) -> vector<4xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @group_non_uniform_ballot
// CHECK-SAME: (%[[P:.*]]: i1, %[[BALLOT:.*]]: vector<4xi32>)
// CHECK-NEXT: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z29__spirv_GroupNonUniformBallotib(%[[C3]], %[[P]]) {convergent, no_unwind, will_return} : (i32, i1) -> vector<4xi32>
// CHECK-NEXT: %[[C3_1:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_1:.*]] = llvm.call spir_funccc @_Z36__spirv_GroupNonUniformBallotFindLSBiDv4_j(%[[C3_1]], %[[BALLOT]]) {convergent, no_unwind, will_return} : (i32, vector<4xi32>) -> i32
// CHECK-NEXT: %[[C3_2:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[CALL_2:.*]] = llvm.call spir_funccc @_Z36__spirv_GroupNonUniformBallotFindMSBiDv4_j(%[[C3_2]], %[[BALLOT]]) {convergent, no_unwind, will_return} : (i32, vector<4xi32>) -> i32
// CHECK-NEXT: %[[C3_3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[CALL_3:.*]] = llvm.call spir_funccc @_Z37__spirv_GroupNonUniformBallotBitCountiiDv4_j(%[[C3_3]], %[[ZERO]], %[[BALLOT]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xi32>) -> i32
// CHECK-NEXT: %[[C3_4:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[CALL_4:.*]] = llvm.call spir_funccc @_Z37__spirv_GroupNonUniformBallotBitCountiiDv4_j(%[[C3_4]], %[[ONE]], %[[BALLOT]]) {convergent, no_unwind, will_return} : (i32, i32, vector<4xi32>) -> i32
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @group_non_uniform_ballot(%p: i1, %ballot: vector<4xi32>) "None" {
    %0 = spirv.GroupNonUniformBallot <Subgroup> %p : vector<4xi32>
    %1 = spirv.GroupNonUniformBallotFindLSB <Subgroup> %ballot : vector<4xi32>, i32
    %2 = spirv.GroupNonUniformBallotFindMSB <Subgroup> %ballot : vector<4xi32>, i32
    %3 = spirv.GroupNonUniformBallotBitCount <Subgroup> <Reduce> %ballot : vector<4xi32> -> i32
    %4 = spirv.GroupNonUniformBallotBitCount <Subgroup> <InclusiveScan> %ballot : vector<4xi32> -> i32
    spirv.Return
  }
}

// -----

// CHECK-DAG: llvm.func spir_funccc @_Z25__spirv_SubgroupBallotKHRb(i1) -> vector<4xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @subgroup_ballot_khr
// CHECK-SAME: (%[[P:.*]]: i1)
// CHECK-NEXT: %[[CALL:.*]] = llvm.call spir_funccc @_Z25__spirv_SubgroupBallotKHRb(%[[P]]) {convergent, no_unwind, will_return} : (i1) -> vector<4xi32>
// CHECK-NEXT: llvm.return
spirv.module Logical OpenCL {
  spirv.func @subgroup_ballot_khr(%p: i1) "None" {
    %0 = spirv.KHR.SubgroupBallot %p : vector<4xi32>
    spirv.Return
  }
}

// -----

// No builtin library has a quad swap: the shuffle xor it means, within quads
// of 4 consecutive subgroup invocations, the mask (direction + 1) & 3.
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformShuffleXorifj(i32, f32, i32) -> f32 attributes {convergent, no_unwind, will_return}
// CHECK-DAG: llvm.func spir_funccc @_Z33__spirv_GroupNonUniformShuffleXoriDv3_ij(i32, vector<3xi32>, i32) -> vector<3xi32> attributes {convergent, no_unwind, will_return}
// CHECK-NOT: llvm.func spir_funccc
// CHECK-LABEL: @quad_swap
// CHECK-SAME: (%[[X:.*]]: f32, %[[V:.*]]: vector<3xi32>, %[[D:.*]]: i32, %[[W:.*]]: i16)
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[THREE:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[NEXT:.*]] = llvm.add %[[D]], %[[ONE]] : i32
// CHECK-NEXT: %[[MASK:.*]] = llvm.and %[[NEXT]], %[[THREE]] : i32
// CHECK-NEXT: %[[SCOPE:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: llvm.call spir_funccc @_Z33__spirv_GroupNonUniformShuffleXorifj(%[[SCOPE]], %[[X]], %[[MASK]])
// CHECK: %[[WIDE:.*]] = llvm.zext %[[W]] : i16 to i32
// CHECK: llvm.add %[[WIDE]]
// CHECK: llvm.call spir_funccc @_Z33__spirv_GroupNonUniformShuffleXoriDv3_ij(
spirv.module Logical OpenCL {
  spirv.func @quad_swap(%x: f32, %v: vector<3xi32>, %direction: i32, %narrow: i16) "None" {
    %0 = spirv.GroupNonUniformQuadSwap <Subgroup> %x %direction : f32, i32
    %1 = spirv.GroupNonUniformQuadSwap <Subgroup> %v %narrow : vector<3xi32>, i16
    spirv.Return
  }
}
