// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

// SPV_KHR_cooperative_matrix (coop_matrix.rs; docs/abi.md, "Cooperative
// matrices"): every invocation holds the whole matrix, a vector of its R*C
// elements, row-major. Upstream has no lowering of the type or its ops.

// A cooperative matrix is the vector of its R*C elements (row-major).
// CHECK-LABEL: @coop_type
// CHECK-SAME: (%{{.*}}: vector<6xf32>) -> vector<6xf32>
spirv.func @coop_type(%m: !spirv.coopmatrix<2x3xf32, Subgroup, MatrixA>) -> !spirv.coopmatrix<2x3xf32, Subgroup, MatrixA> "None" {
  spirv.ReturnValue %m : !spirv.coopmatrix<2x3xf32, Subgroup, MatrixA>
}

// -----

// Every invocation holds every element: the length is R*C.
// CHECK-LABEL: @coop_length
// CHECK-NEXT: %[[N:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-NEXT: llvm.return %[[N]] : i32
spirv.func @coop_length() -> i32 "None" {
  %0 = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<2x3xf32, Subgroup, MatrixA>
  spirv.ReturnValue %0 : i32
}

// -----

// A row-major load: the stride (in pointee elements) times the pointee's
// 4 bytes is the step between rows; one vector load per row, its lanes
// moved to the matrix's.
// CHECK-LABEL: @coop_load_row_major
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[S:.*]]: i32) -> vector<4xf32>
// CHECK-NEXT: %[[S64:.*]] = llvm.zext %[[S]] : i32 to i64
// CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[LINE:.*]] = llvm.mul %[[S64]], %[[FOUR]] : i64
// CHECK: %[[R1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[OFF:.*]] = llvm.mul %[[LINE]], %[[R1]] : i64
// CHECK-NEXT: %[[Q:.*]] = llvm.getelementptr %[[P]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: %[[ROW:.*]] = llvm.load %[[Q]] {alignment = 4 : i64} : !llvm.ptr -> vector<2xf32>
// CHECK-NEXT: %[[L0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[X:.*]] = llvm.extractelement %[[ROW]][%[[L0]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[L2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.insertelement %[[X]], %{{.*}}[%[[L2]] : i32] : vector<4xf32>
spirv.func @coop_load_row_major(%p: !spirv.ptr<f32, StorageBuffer>, %stride: i32) -> !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc> "None" {
  %0 = spirv.KHR.CooperativeMatrixLoad %p, %stride, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  spirv.ReturnValue %0 : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
}

// -----

// A column-major store through a pointer to 2 x f16 (4 bytes a stride
// step), volatile: column 1 is lanes 1 and 3.
// CHECK-LABEL: @coop_store_column_major
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[M:.*]]: vector<4xf16>, %[[S:.*]]: i64)
// CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[LINE:.*]] = llvm.mul %[[S]], %[[FOUR]] : i64
// CHECK: llvm.store volatile %{{.*}}, %{{.*}} {alignment = 2 : i64} : vector<2xf16>, !llvm.ptr
// CHECK: %[[L1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.extractelement %[[M]][%[[L1]] : i32] : vector<4xf16>
// CHECK: %[[L3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: llvm.extractelement %[[M]][%[[L3]] : i32] : vector<4xf16>
// CHECK: llvm.store volatile %{{.*}}, %{{.*}} {alignment = 2 : i64} : vector<2xf16>, !llvm.ptr
spirv.func @coop_store_column_major(%p: !spirv.ptr<vector<2xf16>, Workgroup>, %m: !spirv.coopmatrix<2x2xf16, Workgroup, MatrixB>, %stride: i64) "None" {
  spirv.KHR.CooperativeMatrixStore %p, %m, %stride, <ColumnMajor>, <Volatile> : !spirv.ptr<vector<2xf16>, Workgroup>, !spirv.coopmatrix<2x2xf16, Workgroup, MatrixB>, i64
  spirv.Return
}

// -----

// i8 x i8 into i32: A sign-extended (ASigned), B zero-extended; step k
// multiplies column k of A by row k of B (shuffles) and adds, saturating
// and signed (AccSat, ResultSigned), in order of k.
// CHECK-LABEL: @coop_mul_add_int
// CHECK-SAME: (%[[A:.*]]: vector<6xi8>, %[[B:.*]]: vector<6xi8>, %[[C:.*]]: vector<4xi32>)
// CHECK-NEXT: %[[AW:.*]] = llvm.sext %[[A]] : vector<6xi8> to vector<6xi32>
// CHECK-NEXT: %[[BW:.*]] = llvm.zext %[[B]] : vector<6xi8> to vector<6xi32>
// CHECK-NEXT: %[[A0:.*]] = llvm.shufflevector %[[AW]], %[[AW]] [0, 0, 3, 3] : vector<6xi32>
// CHECK-NEXT: %[[B0:.*]] = llvm.shufflevector %[[BW]], %[[BW]] [0, 1, 0, 1] : vector<6xi32>
// CHECK-NEXT: %[[P0:.*]] = llvm.mul %[[A0]], %[[B0]] : vector<4xi32>
// CHECK-NEXT: %[[S0:.*]] = llvm.intr.sadd.sat(%[[C]], %[[P0]]) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: llvm.shufflevector %[[AW]], %[[AW]] [1, 1, 4, 4] : vector<6xi32>
// CHECK-NEXT: llvm.shufflevector %[[BW]], %[[BW]] [2, 3, 2, 3] : vector<6xi32>
// CHECK: llvm.shufflevector %[[AW]], %[[AW]] [2, 2, 5, 5] : vector<6xi32>
// CHECK-NEXT: llvm.shufflevector %[[BW]], %[[BW]] [4, 5, 4, 5] : vector<6xi32>
// CHECK-NEXT: llvm.mul
// CHECK-NEXT: %[[S2:.*]] = llvm.intr.sadd.sat
// CHECK-NEXT: llvm.return %[[S2]] : vector<4xi32>
spirv.func @coop_mul_add_int(%a: !spirv.coopmatrix<2x3xi8, Subgroup, MatrixA>, %b: !spirv.coopmatrix<3x2xi8, Subgroup, MatrixB>, %c: !spirv.coopmatrix<2x2xi32, Subgroup, MatrixAcc>) -> !spirv.coopmatrix<2x2xi32, Subgroup, MatrixAcc> "None" {
  %0 = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c, <ASigned|ResultSigned|AccSat> : !spirv.coopmatrix<2x3xi8, Subgroup, MatrixA>, !spirv.coopmatrix<3x2xi8, Subgroup, MatrixB> -> !spirv.coopmatrix<2x2xi32, Subgroup, MatrixAcc>
  spirv.ReturnValue %0 : !spirv.coopmatrix<2x2xi32, Subgroup, MatrixAcc>
}

// -----

// f16 x f16 into f32: extended, then plain fmul and fadd.
// CHECK-LABEL: @coop_mul_add_float
// CHECK-SAME: (%[[A:.*]]: vector<2xf16>, %[[B:.*]]: vector<2xf16>, %[[C:.*]]: vector<4xf32>)
// CHECK-NEXT: %[[AW:.*]] = llvm.fpext %[[A]] : vector<2xf16> to vector<2xf32>
// CHECK-NEXT: %[[BW:.*]] = llvm.fpext %[[B]] : vector<2xf16> to vector<2xf32>
// CHECK-NEXT: %[[A0:.*]] = llvm.shufflevector %[[AW]], %[[AW]] [0, 0, 1, 1] : vector<2xf32>
// CHECK-NEXT: %[[B0:.*]] = llvm.shufflevector %[[BW]], %[[BW]] [0, 1, 0, 1] : vector<2xf32>
// CHECK-NEXT: %[[P:.*]] = llvm.fmul %[[A0]], %[[B0]] : vector<4xf32>
// CHECK-NEXT: %[[S:.*]] = llvm.fadd %[[C]], %[[P]] : vector<4xf32>
// CHECK-NEXT: llvm.return %[[S]] : vector<4xf32>
spirv.func @coop_mul_add_float(%a: !spirv.coopmatrix<2x1xf16, Subgroup, MatrixA>, %b: !spirv.coopmatrix<1x2xf16, Subgroup, MatrixB>, %c: !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>) -> !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc> "None" {
  %0 = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c : !spirv.coopmatrix<2x1xf16, Subgroup, MatrixA>, !spirv.coopmatrix<1x2xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  spirv.ReturnValue %0 : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
}

// -----

// Constants and OpCompositeConstruct are splats, an element is a lane,
// arithmetic and conversions are the vector's.
// CHECK-LABEL: @coop_elementwise
// CHECK-SAME: (%[[X:.*]]: f32, %[[M:.*]]: vector<4xf32>) -> vector<4xi32>
// CHECK-NEXT: %[[C:.*]] = llvm.mlir.constant(dense<1.500000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK-NEXT: %[[P:.*]] = llvm.mlir.poison : vector<4xf32>
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[F:.*]] = llvm.insertelement %[[X]], %[[P]][%[[Z]] : i32] : vector<4xf32>
// CHECK-NEXT: %[[SPLAT:.*]] = llvm.shufflevector %[[F]], %[[F]] [0, 0, 0, 0] : vector<4xf32>
// CHECK-NEXT: %[[THREE:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[E:.*]] = llvm.extractelement %[[M]][%[[THREE]] : i32] : vector<4xf32>
// CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[I:.*]] = llvm.insertelement %[[E]], %[[SPLAT]][%[[ZERO]] : i32] : vector<4xf32>
// CHECK-NEXT: %[[SUM:.*]] = llvm.fadd %[[I]], %[[C]] : vector<4xf32>
// CHECK: %[[T:.*]] = llvm.fmul %[[SUM]], %{{.*}} : vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = llvm.fptosi %[[T]] : vector<4xf32> to vector<4xi32>
// CHECK-NEXT: llvm.return %[[R]] : vector<4xi32>
spirv.func @coop_elementwise(%x: f32, %m: !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>) -> !spirv.coopmatrix<2x2xi32, Subgroup, MatrixAcc> "None" {
  %c = spirv.Constant dense<1.5> : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  %s = spirv.CompositeConstruct %x : (f32) -> !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  %e = spirv.CompositeExtract %m[3 : i32] : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  %i = spirv.CompositeInsert %e, %s[0 : i32] : f32 into !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  %sum = spirv.FAdd %i, %c : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  %t = spirv.MatrixTimesScalar %sum, %x : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>, f32
  %r = spirv.ConvertFToS %t : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc> to !spirv.coopmatrix<2x2xi32, Subgroup, MatrixAcc>
  spirv.ReturnValue %r : !spirv.coopmatrix<2x2xi32, Subgroup, MatrixAcc>
}

// -----

// A function variable holds the vector; an access chain picks a lane.
// CHECK-LABEL: @coop_variable
// CHECK-SAME: (%[[M:.*]]: vector<4xf32>, %[[I:.*]]: i32) -> f32
// CHECK: %[[V:.*]] = llvm.alloca %{{.*}} x vector<4xf32> : (i32) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[M]], %[[V]] : vector<4xf32>, !llvm.ptr
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[Q:.*]] = llvm.getelementptr %[[V]][%[[Z]], %[[I]]] : (!llvm.ptr, i32, i32) -> !llvm.ptr, vector<4xf32>
// CHECK-NEXT: llvm.load %[[Q]] : !llvm.ptr -> f32
spirv.func @coop_variable(%m: !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>, %i: i32) -> f32 "None" {
  %v = spirv.Variable : !spirv.ptr<!spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>, Function>
  spirv.Store "Function" %v, %m : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>
  %p = spirv.AccessChain %v[%i] : !spirv.ptr<!spirv.coopmatrix<2x2xf32, Subgroup, MatrixAcc>, Function>, i32 -> !spirv.ptr<f32, Function>
  %x = spirv.Load "Function" %p : f32
  spirv.ReturnValue %x : f32
}

// -----

// A replicated constant and an element-wise op on function arguments.
// CHECK-LABEL: @coop_replicate
// CHECK-SAME: (%[[A:.*]]: vector<4xi32>) -> vector<4xi32>
// CHECK-NEXT: %[[C:.*]] = llvm.mlir.constant(dense<1> : vector<4xi32>) : vector<4xi32>
// CHECK-NEXT: %[[S:.*]] = llvm.add %[[A]], %[[C]] : vector<4xi32>
// CHECK-NEXT: llvm.return %[[S]] : vector<4xi32>
spirv.func @coop_replicate(%a: !spirv.coopmatrix<2x2xi32, Subgroup, MatrixA>) -> !spirv.coopmatrix<2x2xi32, Subgroup, MatrixA> "None" {
  %0 = spirv.EXT.ConstantCompositeReplicate [1 : i32] : !spirv.coopmatrix<2x2xi32, Subgroup, MatrixA>
  %1 = spirv.IAdd %a, %0 : !spirv.coopmatrix<2x2xi32, Subgroup, MatrixA>
  spirv.ReturnValue %1 : !spirv.coopmatrix<2x2xi32, Subgroup, MatrixA>
}
