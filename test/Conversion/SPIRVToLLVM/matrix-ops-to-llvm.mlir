// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

// Matrices are arrays of their column vectors; the matrix ops are expanded
// into fmul/fadd (fixed order), ordered dot products and lane moves.
// Upstream rejects every op and type of this file.

//===----------------------------------------------------------------------===//
// Type conversion and the composite, memory and call ops on matrices
//===----------------------------------------------------------------------===//

// A matrix is an array of its column vectors (column-major).
// CHECK-LABEL: @matrix_argument
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<3 x vector<2xf32>>) -> !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[ARG0]] : !llvm.array<3 x vector<2xf32>>
spirv.func @matrix_argument(%m: !spirv.matrix<3 x vector<2xf32>>) -> !spirv.matrix<3 x vector<2xf32>> "None" {
  spirv.ReturnValue %m : !spirv.matrix<3 x vector<2xf32>>
}

// -----

// CHECK-LABEL: @matrix_composite_ops
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<3 x vector<2xf32>>, %[[ARG1:.*]]: vector<2xf32>, %[[ARG2:.*]]: f32)
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG0]][2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V3:.*]] = llvm.extractelement %[[V1]][%[[V2]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V4:.*]] = llvm.insertvalue %[[ARG1]], %[[ARG0]][0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[V4]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V7:.*]] = llvm.insertelement %[[ARG2]], %[[V5]][%[[V6]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V8:.*]] = llvm.insertvalue %[[V7]], %[[V4]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.poison : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[ARG1]], %[[V9]][0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V0]], %[[V10]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[ARG1]], %[[V11]][2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: llvm.return
spirv.func @matrix_composite_ops(%m: !spirv.matrix<3 x vector<2xf32>>, %c: vector<2xf32>, %x: f32) "None" {
  %0 = spirv.CompositeExtract %m[1 : i32] : !spirv.matrix<3 x vector<2xf32>>
  %1 = spirv.CompositeExtract %m[2 : i32, 1 : i32] : !spirv.matrix<3 x vector<2xf32>>
  %2 = spirv.CompositeInsert %c, %m[0 : i32] : vector<2xf32> into !spirv.matrix<3 x vector<2xf32>>
  %3 = spirv.CompositeInsert %x, %2[1 : i32, 0 : i32] : f32 into !spirv.matrix<3 x vector<2xf32>>
  %4 = spirv.CompositeConstruct %c, %0, %c : (vector<2xf32>, vector<2xf32>, vector<2xf32>) -> !spirv.matrix<3 x vector<2xf32>>
  spirv.Return
}

// -----

// CHECK-LABEL: @matrix_memory_and_call
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<2 x vector<4xf64>>) -> !llvm.array<2 x vector<4xf64>>
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V1:.*]] = llvm.alloca %[[V0]] x !llvm.array<2 x vector<4xf64>> : (i32) -> !llvm.ptr
// CHECK-NEXT: llvm.store %[[ARG0]], %[[V1]] : !llvm.array<2 x vector<4xf64>>, !llvm.ptr
// CHECK-NEXT: %[[V2:.*]] = llvm.load %[[V1]] : !llvm.ptr -> !llvm.array<2 x vector<4xf64>>
// CHECK-NEXT: %[[V3:.*]] = llvm.call @matrix_memory_and_call(%[[V2]]) : (!llvm.array<2 x vector<4xf64>>) -> !llvm.array<2 x vector<4xf64>>
// CHECK-NEXT: llvm.return %[[V3]] : !llvm.array<2 x vector<4xf64>>
spirv.func @matrix_memory_and_call(%m: !spirv.matrix<2 x vector<4xf64>>) -> !spirv.matrix<2 x vector<4xf64>> "None" {
  %v = spirv.Variable : !spirv.ptr<!spirv.matrix<2 x vector<4xf64>>, Function>
  spirv.Store "Function" %v, %m : !spirv.matrix<2 x vector<4xf64>>
  %0 = spirv.Load "Function" %v : !spirv.matrix<2 x vector<4xf64>>
  %1 = spirv.FunctionCall @matrix_memory_and_call(%0) : (!spirv.matrix<2 x vector<4xf64>>) -> !spirv.matrix<2 x vector<4xf64>>
  spirv.ReturnValue %1 : !spirv.matrix<2 x vector<4xf64>>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.MatrixTimesScalar
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @matrix_times_scalar_2x2
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<2 x vector<2xf32>>, %[[ARG1:.*]]: f32) -> !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : vector<2xf32>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertelement %[[ARG1]], %[[V0]][%[[V1]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.insertelement %[[ARG1]], %[[V2]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V6:.*]] = llvm.fmul %[[V5]], %[[V4]] : vector<2xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V8:.*]] = llvm.fmul %[[V7]], %[[V4]] : vector<2xf32>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertvalue %[[V6]], %[[V9]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertvalue %[[V8]], %[[V10]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[V11]] : !llvm.array<2 x vector<2xf32>>
spirv.func @matrix_times_scalar_2x2(%m: !spirv.matrix<2 x vector<2xf32>>, %s: f32) -> !spirv.matrix<2 x vector<2xf32>> "None" {
  %0 = spirv.MatrixTimesScalar %m, %s : !spirv.matrix<2 x vector<2xf32>>, f32
  spirv.ReturnValue %0 : !spirv.matrix<2 x vector<2xf32>>
}

// -----

// CHECK-LABEL: @matrix_times_scalar_3x2
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<3 x vector<2xf16>>, %[[ARG1:.*]]: f16) -> !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : vector<2xf16>
// CHECK-NEXT: %[[V1:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V2:.*]] = llvm.insertelement %[[ARG1]], %[[V0]][%[[V1]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.insertelement %[[ARG1]], %[[V2]][%[[V3]] : i32] : vector<2xf16>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: %[[V6:.*]] = llvm.fmul %[[V5]], %[[V4]] : vector<2xf16>
// CHECK-NEXT: %[[V7:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: %[[V8:.*]] = llvm.fmul %[[V7]], %[[V4]] : vector<2xf16>
// CHECK-NEXT: %[[V9:.*]] = llvm.extractvalue %[[ARG0]][2] : !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: %[[V10:.*]] = llvm.fmul %[[V9]], %[[V4]] : vector<2xf16>
// CHECK-NEXT: %[[V11:.*]] = llvm.mlir.poison : !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertvalue %[[V6]], %[[V11]][0] : !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertvalue %[[V8]], %[[V12]][1] : !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: %[[V14:.*]] = llvm.insertvalue %[[V10]], %[[V13]][2] : !llvm.array<3 x vector<2xf16>>
// CHECK-NEXT: llvm.return %[[V14]] : !llvm.array<3 x vector<2xf16>>
spirv.func @matrix_times_scalar_3x2(%m: !spirv.matrix<3 x vector<2xf16>>, %s: f16) -> !spirv.matrix<3 x vector<2xf16>> "None" {
  %0 = spirv.MatrixTimesScalar %m, %s : !spirv.matrix<3 x vector<2xf16>>, f16
  spirv.ReturnValue %0 : !spirv.matrix<3 x vector<2xf16>>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.MatrixTimesVector
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @matrix_times_vector_2x2
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<2 x vector<2xf32>>, %[[ARG1:.*]]: vector<2xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.shufflevector %[[ARG1]], %[[ARG1]] [0, 0] : vector<2xf32>
// CHECK-NEXT: %[[V3:.*]] = llvm.fmul %[[V0]], %[[V2]] : vector<2xf32>
// CHECK-NEXT: %[[V4:.*]] = llvm.shufflevector %[[ARG1]], %[[ARG1]] [1, 1] : vector<2xf32>
// CHECK-NEXT: %[[V5:.*]] = llvm.fmul %[[V1]], %[[V4]] : vector<2xf32>
// CHECK-NEXT: %[[V6:.*]] = llvm.fadd %[[V3]], %[[V5]] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[V6]] : vector<2xf32>
spirv.func @matrix_times_vector_2x2(%m: !spirv.matrix<2 x vector<2xf32>>, %v: vector<2xf32>) -> vector<2xf32> "None" {
  %0 = spirv.MatrixTimesVector %m, %v : !spirv.matrix<2 x vector<2xf32>>, vector<2xf32> -> vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @matrix_times_vector_3x2
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<3 x vector<2xf32>>, %[[ARG1:.*]]: vector<3xf32>) -> vector<2xf32>
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[ARG0]][2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V3:.*]] = llvm.shufflevector %[[ARG1]], %[[ARG1]] [0, 0] : vector<3xf32>
// CHECK-NEXT: %[[V4:.*]] = llvm.fmul %[[V0]], %[[V3]] : vector<2xf32>
// CHECK-NEXT: %[[V5:.*]] = llvm.shufflevector %[[ARG1]], %[[ARG1]] [1, 1] : vector<3xf32>
// CHECK-NEXT: %[[V6:.*]] = llvm.fmul %[[V1]], %[[V5]] : vector<2xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.fadd %[[V4]], %[[V6]] : vector<2xf32>
// CHECK-NEXT: %[[V8:.*]] = llvm.shufflevector %[[ARG1]], %[[ARG1]] [2, 2] : vector<3xf32>
// CHECK-NEXT: %[[V9:.*]] = llvm.fmul %[[V2]], %[[V8]] : vector<2xf32>
// CHECK-NEXT: %[[V10:.*]] = llvm.fadd %[[V7]], %[[V9]] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[V10]] : vector<2xf32>
spirv.func @matrix_times_vector_3x2(%m: !spirv.matrix<3 x vector<2xf32>>, %v: vector<3xf32>) -> vector<2xf32> "None" {
  %0 = spirv.MatrixTimesVector %m, %v : !spirv.matrix<3 x vector<2xf32>>, vector<3xf32> -> vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.VectorTimesMatrix
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @vector_times_matrix_2x2
// CHECK-SAME: (%[[ARG0:.*]]: vector<2xf32>, %[[ARG1:.*]]: !llvm.array<2 x vector<2xf32>>) -> vector<2xf32>
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : vector<2xf32>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG1]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.fmul %[[ARG0]], %[[V1]] : vector<2xf32>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[V4:.*]] = "llvm.intr.vector.reduce.fadd"(%[[V3]], %[[V2]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<2xf32>) -> f32
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.insertelement %[[V4]], %[[V0]][%[[V5]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.extractvalue %[[ARG1]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V8:.*]] = llvm.fmul %[[ARG0]], %[[V7]] : vector<2xf32>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[V10:.*]] = "llvm.intr.vector.reduce.fadd"(%[[V9]], %[[V8]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<2xf32>) -> f32
// CHECK-NEXT: %[[V11:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V12:.*]] = llvm.insertelement %[[V10]], %[[V6]][%[[V11]] : i32] : vector<2xf32>
// CHECK-NEXT: llvm.return %[[V12]] : vector<2xf32>
spirv.func @vector_times_matrix_2x2(%v: vector<2xf32>, %m: !spirv.matrix<2 x vector<2xf32>>) -> vector<2xf32> "None" {
  %0 = spirv.VectorTimesMatrix %v, %m : vector<2xf32>, !spirv.matrix<2 x vector<2xf32>> -> vector<2xf32>
  spirv.ReturnValue %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: @vector_times_matrix_3x2
// CHECK-SAME: (%[[ARG0:.*]]: vector<2xf32>, %[[ARG1:.*]]: !llvm.array<3 x vector<2xf32>>) -> vector<3xf32>
// CHECK-NEXT: %[[V0:.*]] = llvm.mlir.poison : vector<3xf32>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG1]][0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.fmul %[[ARG0]], %[[V1]] : vector<2xf32>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[V4:.*]] = "llvm.intr.vector.reduce.fadd"(%[[V3]], %[[V2]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<2xf32>) -> f32
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.insertelement %[[V4]], %[[V0]][%[[V5]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.extractvalue %[[ARG1]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V8:.*]] = llvm.fmul %[[ARG0]], %[[V7]] : vector<2xf32>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[V10:.*]] = "llvm.intr.vector.reduce.fadd"(%[[V9]], %[[V8]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<2xf32>) -> f32
// CHECK-NEXT: %[[V11:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V12:.*]] = llvm.insertelement %[[V10]], %[[V6]][%[[V11]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V13:.*]] = llvm.extractvalue %[[ARG1]][2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V14:.*]] = llvm.fmul %[[ARG0]], %[[V13]] : vector<2xf32>
// CHECK-NEXT: %[[V15:.*]] = llvm.mlir.constant(-0.000000e+00 : f32) : f32
// CHECK-NEXT: %[[V16:.*]] = "llvm.intr.vector.reduce.fadd"(%[[V15]], %[[V14]]) <{fastmathFlags = #llvm.fastmath<none>}> : (f32, vector<2xf32>) -> f32
// CHECK-NEXT: %[[V17:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V18:.*]] = llvm.insertelement %[[V16]], %[[V12]][%[[V17]] : i32] : vector<3xf32>
// CHECK-NEXT: llvm.return %[[V18]] : vector<3xf32>
spirv.func @vector_times_matrix_3x2(%v: vector<2xf32>, %m: !spirv.matrix<3 x vector<2xf32>>) -> vector<3xf32> "None" {
  %0 = spirv.VectorTimesMatrix %v, %m : vector<2xf32>, !spirv.matrix<3 x vector<2xf32>> -> vector<3xf32>
  spirv.ReturnValue %0 : vector<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.MatrixTimesMatrix
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @matrix_times_matrix_2x2
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<2 x vector<2xf32>>, %[[ARG1:.*]]: !llvm.array<2 x vector<2xf32>>) -> !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[ARG1]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V3:.*]] = llvm.shufflevector %[[V2]], %[[V2]] [0, 0] : vector<2xf32>
// CHECK-NEXT: %[[V4:.*]] = llvm.fmul %[[V0]], %[[V3]] : vector<2xf32>
// CHECK-NEXT: %[[V5:.*]] = llvm.shufflevector %[[V2]], %[[V2]] [1, 1] : vector<2xf32>
// CHECK-NEXT: %[[V6:.*]] = llvm.fmul %[[V1]], %[[V5]] : vector<2xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.fadd %[[V4]], %[[V6]] : vector<2xf32>
// CHECK-NEXT: %[[V8:.*]] = llvm.extractvalue %[[ARG1]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V9:.*]] = llvm.shufflevector %[[V8]], %[[V8]] [0, 0] : vector<2xf32>
// CHECK-NEXT: %[[V10:.*]] = llvm.fmul %[[V0]], %[[V9]] : vector<2xf32>
// CHECK-NEXT: %[[V11:.*]] = llvm.shufflevector %[[V8]], %[[V8]] [1, 1] : vector<2xf32>
// CHECK-NEXT: %[[V12:.*]] = llvm.fmul %[[V1]], %[[V11]] : vector<2xf32>
// CHECK-NEXT: %[[V13:.*]] = llvm.fadd %[[V10]], %[[V12]] : vector<2xf32>
// CHECK-NEXT: %[[V14:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V7]], %[[V14]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V13]], %[[V15]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[V16]] : !llvm.array<2 x vector<2xf32>>
spirv.func @matrix_times_matrix_2x2(%a: !spirv.matrix<2 x vector<2xf32>>, %b: !spirv.matrix<2 x vector<2xf32>>) -> !spirv.matrix<2 x vector<2xf32>> "None" {
  %0 = spirv.MatrixTimesMatrix %a, %b : !spirv.matrix<2 x vector<2xf32>>, !spirv.matrix<2 x vector<2xf32>> -> !spirv.matrix<2 x vector<2xf32>>
  spirv.ReturnValue %0 : !spirv.matrix<2 x vector<2xf32>>
}

// -----

// 3 columns of 2 lanes times 2 columns of 3 lanes: 2 columns of 2 lanes.
// CHECK-LABEL: @matrix_times_matrix_3x2_2x3
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<3 x vector<2xf32>>, %[[ARG1:.*]]: !llvm.array<2 x vector<3xf32>>) -> !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[ARG0]][2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V3:.*]] = llvm.extractvalue %[[ARG1]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %[[V4:.*]] = llvm.shufflevector %[[V3]], %[[V3]] [0, 0] : vector<3xf32>
// CHECK-NEXT: %[[V5:.*]] = llvm.fmul %[[V0]], %[[V4]] : vector<2xf32>
// CHECK-NEXT: %[[V6:.*]] = llvm.shufflevector %[[V3]], %[[V3]] [1, 1] : vector<3xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.fmul %[[V1]], %[[V6]] : vector<2xf32>
// CHECK-NEXT: %[[V8:.*]] = llvm.fadd %[[V5]], %[[V7]] : vector<2xf32>
// CHECK-NEXT: %[[V9:.*]] = llvm.shufflevector %[[V3]], %[[V3]] [2, 2] : vector<3xf32>
// CHECK-NEXT: %[[V10:.*]] = llvm.fmul %[[V2]], %[[V9]] : vector<2xf32>
// CHECK-NEXT: %[[V11:.*]] = llvm.fadd %[[V8]], %[[V10]] : vector<2xf32>
// CHECK-NEXT: %[[V12:.*]] = llvm.extractvalue %[[ARG1]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %[[V13:.*]] = llvm.shufflevector %[[V12]], %[[V12]] [0, 0] : vector<3xf32>
// CHECK-NEXT: %[[V14:.*]] = llvm.fmul %[[V0]], %[[V13]] : vector<2xf32>
// CHECK-NEXT: %[[V15:.*]] = llvm.shufflevector %[[V12]], %[[V12]] [1, 1] : vector<3xf32>
// CHECK-NEXT: %[[V16:.*]] = llvm.fmul %[[V1]], %[[V15]] : vector<2xf32>
// CHECK-NEXT: %[[V17:.*]] = llvm.fadd %[[V14]], %[[V16]] : vector<2xf32>
// CHECK-NEXT: %[[V18:.*]] = llvm.shufflevector %[[V12]], %[[V12]] [2, 2] : vector<3xf32>
// CHECK-NEXT: %[[V19:.*]] = llvm.fmul %[[V2]], %[[V18]] : vector<2xf32>
// CHECK-NEXT: %[[V20:.*]] = llvm.fadd %[[V17]], %[[V19]] : vector<2xf32>
// CHECK-NEXT: %[[V21:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V22:.*]] = llvm.insertvalue %[[V11]], %[[V21]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V23:.*]] = llvm.insertvalue %[[V20]], %[[V22]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[V23]] : !llvm.array<2 x vector<2xf32>>
spirv.func @matrix_times_matrix_3x2_2x3(%a: !spirv.matrix<3 x vector<2xf32>>, %b: !spirv.matrix<2 x vector<3xf32>>) -> !spirv.matrix<2 x vector<2xf32>> "None" {
  %0 = spirv.MatrixTimesMatrix %a, %b : !spirv.matrix<3 x vector<2xf32>>, !spirv.matrix<2 x vector<3xf32>> -> !spirv.matrix<2 x vector<2xf32>>
  spirv.ReturnValue %0 : !spirv.matrix<2 x vector<2xf32>>
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Transpose
//===----------------------------------------------------------------------===//

// CHECK-LABEL: @transpose_2x2
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<2 x vector<2xf32>>) -> !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.poison : vector<2xf32>
// CHECK-NEXT: %[[V5:.*]] = llvm.extractelement %[[V0]][%[[V2]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V6:.*]] = llvm.insertelement %[[V5]], %[[V4]][%[[V2]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.extractelement %[[V1]][%[[V2]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V8:.*]] = llvm.insertelement %[[V7]], %[[V6]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V9:.*]] = llvm.mlir.poison : vector<2xf32>
// CHECK-NEXT: %[[V10:.*]] = llvm.extractelement %[[V0]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V11:.*]] = llvm.insertelement %[[V10]], %[[V9]][%[[V2]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V12:.*]] = llvm.extractelement %[[V1]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V13:.*]] = llvm.insertelement %[[V12]], %[[V11]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V14:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertvalue %[[V8]], %[[V14]][0] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: %[[V16:.*]] = llvm.insertvalue %[[V13]], %[[V15]][1] : !llvm.array<2 x vector<2xf32>>
// CHECK-NEXT: llvm.return %[[V16]] : !llvm.array<2 x vector<2xf32>>
spirv.func @transpose_2x2(%m: !spirv.matrix<2 x vector<2xf32>>) -> !spirv.matrix<2 x vector<2xf32>> "None" {
  %0 = spirv.Transpose %m : !spirv.matrix<2 x vector<2xf32>> -> !spirv.matrix<2 x vector<2xf32>>
  spirv.ReturnValue %0 : !spirv.matrix<2 x vector<2xf32>>
}

// -----

// CHECK-LABEL: @transpose_3x2
// CHECK-SAME: (%[[ARG0:.*]]: !llvm.array<3 x vector<2xf32>>) -> !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %[[V0:.*]] = llvm.extractvalue %[[ARG0]][0] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V1:.*]] = llvm.extractvalue %[[ARG0]][1] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V2:.*]] = llvm.extractvalue %[[ARG0]][2] : !llvm.array<3 x vector<2xf32>>
// CHECK-NEXT: %[[V3:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[V4:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[V5:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[V6:.*]] = llvm.mlir.poison : vector<3xf32>
// CHECK-NEXT: %[[V7:.*]] = llvm.extractelement %[[V0]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V8:.*]] = llvm.insertelement %[[V7]], %[[V6]][%[[V3]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V9:.*]] = llvm.extractelement %[[V1]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V10:.*]] = llvm.insertelement %[[V9]], %[[V8]][%[[V4]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V11:.*]] = llvm.extractelement %[[V2]][%[[V3]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V12:.*]] = llvm.insertelement %[[V11]], %[[V10]][%[[V5]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V13:.*]] = llvm.mlir.poison : vector<3xf32>
// CHECK-NEXT: %[[V14:.*]] = llvm.extractelement %[[V0]][%[[V4]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V15:.*]] = llvm.insertelement %[[V14]], %[[V13]][%[[V3]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V16:.*]] = llvm.extractelement %[[V1]][%[[V4]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V17:.*]] = llvm.insertelement %[[V16]], %[[V15]][%[[V4]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V18:.*]] = llvm.extractelement %[[V2]][%[[V4]] : i32] : vector<2xf32>
// CHECK-NEXT: %[[V19:.*]] = llvm.insertelement %[[V18]], %[[V17]][%[[V5]] : i32] : vector<3xf32>
// CHECK-NEXT: %[[V20:.*]] = llvm.mlir.poison : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %[[V21:.*]] = llvm.insertvalue %[[V12]], %[[V20]][0] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: %[[V22:.*]] = llvm.insertvalue %[[V19]], %[[V21]][1] : !llvm.array<2 x vector<3xf32>>
// CHECK-NEXT: llvm.return %[[V22]] : !llvm.array<2 x vector<3xf32>>
spirv.func @transpose_3x2(%m: !spirv.matrix<3 x vector<2xf32>>) -> !spirv.matrix<2 x vector<3xf32>> "None" {
  %0 = spirv.Transpose %m : !spirv.matrix<3 x vector<2xf32>> -> !spirv.matrix<2 x vector<3xf32>>
  spirv.ReturnValue %0 : !spirv.matrix<2 x vector<3xf32>>
}

// -----

// An access chain walks a matrix as the array of column vectors it lowers to:
// a column, then a lane of it.
// CHECK-LABEL: llvm.func @access_chain_into_matrix
//  CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[C:.*]]: i32, %[[R:.*]]: i32) -> f32
//  CHECK-NEXT:   %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
//  CHECK-NEXT:   %{{.*}} = llvm.getelementptr %[[P]][%[[ZERO]], %[[C]]] : (!llvm.ptr, i32, i32) -> !llvm.ptr, !llvm.array<3 x vector<2xf32>>
//  CHECK-NEXT:   %[[ZERO2:.*]] = llvm.mlir.constant(0 : i32) : i32
//  CHECK-NEXT:   %[[LANE:.*]] = llvm.getelementptr %[[P]][%[[ZERO2]], %[[C]], %[[R]]] : (!llvm.ptr, i32, i32, i32) -> !llvm.ptr, !llvm.array<3 x vector<2xf32>>
//  CHECK-NEXT:   %[[V:.*]] = llvm.load %[[LANE]] : !llvm.ptr -> f32
//  CHECK-NEXT:   llvm.return %[[V]] : f32
spirv.func @access_chain_into_matrix(%p: !spirv.ptr<!spirv.matrix<3 x vector<2xf32>>, Function>, %c: i32, %r: i32) -> f32 "None" {
  %0 = spirv.AccessChain %p[%c] : !spirv.ptr<!spirv.matrix<3 x vector<2xf32>>, Function>, i32 -> !spirv.ptr<vector<2xf32>, Function>
  %1 = spirv.AccessChain %p[%c, %r] : !spirv.ptr<!spirv.matrix<3 x vector<2xf32>>, Function>, i32, i32 -> !spirv.ptr<f32, Function>
  %2 = spirv.Load "Function" %1 : f32
  spirv.ReturnValue %2 : f32
}
