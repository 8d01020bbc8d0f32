// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm %s | FileCheck %s

//===----------------------------------------------------------------------===//
// spirv.Constant: scalars and vectors
//===----------------------------------------------------------------------===//

// Signedness is dropped, the bit pattern kept.
// CHECK-LABEL: llvm.func @integer_constants
spirv.func @integer_constants() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(0 : i8) : i8
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(-1 : i8) : i8
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(-1 : i8) : i8
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(-32768 : i16) : i16
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(-1 : i32) : i32
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(-1 : i64) : i64
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(42 : i64) : i64
  %0 = spirv.Constant 0 : i8
  %1 = spirv.Constant -1 : si8
  %2 = spirv.Constant 255 : ui8
  %3 = spirv.Constant -32768 : si16
  %4 = spirv.Constant 4294967295 : ui32
  %5 = spirv.Constant 18446744073709551615 : ui64
  %6 = spirv.Constant 42 : i64
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @bool_constants
spirv.func @bool_constants() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(true) : i1
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(false) : i1
  %0 = spirv.Constant true
  %1 = spirv.Constant false
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @float_constants
spirv.func @float_constants() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(1.500000e+00 : f16) : f16
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(-2.000000e+00 : bf16) : bf16
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(2.500000e-01 : f32) : f32
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(2.500000e+00 : f64) : f64
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(0x7FC00000 : f32) : f32
  %0 = spirv.Constant 1.5 : f16
  %1 = spirv.Constant -2.0 : bf16
  %2 = spirv.Constant 0.25 : f32
  %3 = spirv.Constant 2.5 : f64
  %4 = spirv.Constant 0x7FC00000 : f32
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @vector_constants
spirv.func @vector_constants() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[2, 3, 4]> : vector<3xi32>) : vector<3xi32>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[-1, 3]> : vector<2xi64>) : vector<2xi64>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[-1, 1]> : vector<2xi8>) : vector<2xi8>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<1.000000e+00> : vector<4xf32>) : vector<4xf32>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[true, false]> : vector<2xi1>) : vector<2xi1>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[1.500000e+00, -5.000000e-01]> : vector<2xf16>) : vector<2xf16>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<7> : vector<2xi32>) : vector<2xi32>
  %0 = spirv.Constant dense<[2, 3, 4]> : vector<3xui32>
  %1 = spirv.Constant dense<[-1, 3]> : vector<2xsi64>
  %2 = spirv.Constant dense<[255, 1]> : vector<2xui8>
  %3 = spirv.Constant dense<1.0> : vector<4xf32>
  %4 = spirv.Constant dense<[true, false]> : vector<2xi1>
  %5 = spirv.Constant dense<[1.5, -0.5]> : vector<2xf16>
  %6 = spirv.Constant dense<7> : vector<2xsi32>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.Constant: arrays (beyond upstream), one dense llvm.mlir.constant
//===----------------------------------------------------------------------===//

// CHECK-LABEL: llvm.func @array_constants
spirv.func @array_constants() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[1, 2]> : tensor<2xi32>) : !llvm.array<2 x i32>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[-1, 1]> : tensor<2xi8>) : !llvm.array<2 x i8>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[true, false]> : tensor<2xi1>) : !llvm.array<2 x i1>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf32>) : !llvm.array<2 x f32>
  %0 = spirv.Constant [1 : i32, 2 : i32] : !spirv.array<2 x i32>
  %1 = spirv.Constant [255 : ui8, 1 : ui8] : !spirv.array<2 x ui8>
  %2 = spirv.Constant [true, false] : !spirv.array<2 x i1>
  %3 = spirv.Constant [1.5 : f32, 2.5 : f32] : !spirv.array<2 x f32, stride=4>
  spirv.Return
}

// -----

// CHECK-LABEL: llvm.func @nested_array_constants
spirv.func @nested_array_constants() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<{{\[\[}}1, -2], [3, 4]]> : tensor<2x2xi32>) : !llvm.array<2 x array<2 x i32>>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>) : !llvm.array<2 x array<3 x i16>>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<5.000000e-01> : tensor<3xf64>) : !llvm.array<3 x f64>
  %0 = spirv.Constant [[1 : si32, -2 : si32], [3 : si32, 4 : si32]] : !spirv.array<2 x !spirv.array<2 x si32>>
  %1 = spirv.Constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16> : !spirv.array<2 x !spirv.array<3 x ui16>>
  %2 = spirv.Constant dense<0.5> : tensor<3xf64> : !spirv.array<3 x f64>
  spirv.Return
}

// -----

// An array of vectors is a `vector` attribute: MLIR's translation makes a
// `tensor` one an array of arrays, which LLVM cannot cast to vectors.
// CHECK-LABEL: llvm.func @array_of_vectors_constant
spirv.func @array_of_vectors_constant() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 3.000000e+00]]> : vector<2x2xf32>) : !llvm.array<2 x vector<2xf32>>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<{{\[\[}}-1, 0]]> : vector<1x2xi8>) : !llvm.array<1 x vector<2xi8>>
  %0 = spirv.Constant [dense<[1.0, 2.0]> : vector<2xf32>, dense<3.0> : vector<2xf32>] : !spirv.array<2 x vector<2xf32>>
  %1 = spirv.Constant [dense<[255, 0]> : vector<2xui8>] : !spirv.array<1 x vector<2xui8>>
  spirv.Return
}

// -----

// A large dense constant, which MLIR prints in hexadecimal, keeps its bytes.
// CHECK-LABEL: llvm.func @large_array_constant
spirv.func @large_array_constant() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<"0x00000000010000000200000003000000040000000500000006000000070000000800000009000000{{.*}}"> : tensor<101xi32>) : !llvm.array<101 x i32>
  %0 = spirv.Constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xui32> : !spirv.array<101 x ui32>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// spirv.EXT.ConstantCompositeReplicate (beyond upstream)
//===----------------------------------------------------------------------===//

// The value fills every element; a scalar fills every scalar of nested composites.
// CHECK-LABEL: llvm.func @composite_replicate
spirv.func @composite_replicate() "None" {
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<1> : vector<2xi32>) : vector<2xi32>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<-1> : tensor<3xi8>) : !llvm.array<3 x i8>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<2.000000e+00> : vector<2x2xf32>) : !llvm.array<2 x vector<2xf32>>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<{{\[\[}}1, 2], [1, 2]]> : vector<2x2xi32>) : !llvm.array<2 x vector<2xi32>>
  // CHECK-NEXT: %{{.*}} = llvm.mlir.constant([1 : i32, 1 : i32]) : !llvm.struct<packed (i32, i32)>
  %0 = spirv.EXT.ConstantCompositeReplicate [1 : i32] : vector<2xi32>
  %1 = spirv.EXT.ConstantCompositeReplicate [255 : ui8] : !spirv.array<3 x ui8>
  %2 = spirv.EXT.ConstantCompositeReplicate [2.0 : f32] : !spirv.array<2 x vector<2xf32>>
  %3 = spirv.EXT.ConstantCompositeReplicate [dense<[1, 2]> : vector<2xi32>] : !spirv.array<2 x vector<2xi32>>
  %4 = spirv.EXT.ConstantCompositeReplicate [1 : i32] : !spirv.struct<(i32, i32)>
  spirv.Return
}

// -----

// llvm.mlir.constant takes no array of structs: it is assembled element by element.
// CHECK-LABEL: llvm.func @composite_replicate_array_of_structs
spirv.func @composite_replicate_array_of_structs() "None" {
  // CHECK-NEXT: %[[UNDEF:.*]] = llvm.mlir.undef : !llvm.array<2 x struct<packed (i16, i16)>>
  // CHECK-NEXT: %[[E0:.*]] = llvm.mlir.constant([7 : i16, 7 : i16]) : !llvm.struct<packed (i16, i16)>
  // CHECK-NEXT: %[[A0:.*]] = llvm.insertvalue %[[E0]], %[[UNDEF]][0] : !llvm.array<2 x struct<packed (i16, i16)>>
  // CHECK-NEXT: %[[E1:.*]] = llvm.mlir.constant([7 : i16, 7 : i16]) : !llvm.struct<packed (i16, i16)>
  // CHECK-NEXT: %{{.*}} = llvm.insertvalue %[[E1]], %[[A0]][1] : !llvm.array<2 x struct<packed (i16, i16)>>
  %0 = spirv.EXT.ConstantCompositeReplicate [7 : si16] : !spirv.array<2 x !spirv.struct<(si16, si16)>>
  spirv.Return
}

// -----

//===----------------------------------------------------------------------===//
// Specialization constants (beyond upstream): their default values
//===----------------------------------------------------------------------===//

// The definitions are erased; each reference is the default value.
// CHECK-LABEL: module @spec_constants
// CHECK-NEXT: llvm.func @references
spirv.module @spec_constants Logical GLSL450 {
  spirv.SpecConstant @int spec_id(5) = -1 : si8
  spirv.SpecConstant @bool = true
  spirv.SpecConstant @float = 2.5 : f32
  spirv.SpecConstantComposite @struct (@int, @float) : !spirv.struct<(si8, f32)>
  spirv.SpecConstantComposite @vector (@float, @float) : vector<2xf32>
  spirv.SpecConstantComposite @array (@bool, @bool) : !spirv.array<2 x i1>
  spirv.EXT.SpecConstantCompositeReplicate @replicated (@int) : !spirv.array<3 x si8>
  spirv.func @references() "None" {
    // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(-1 : i8) : i8
    // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(true) : i1
    // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(2.500000e+00 : f32) : f32
    // CHECK-NEXT: %{{.*}} = llvm.mlir.constant([-1 : i8, 2.500000e+00 : f32]) : !llvm.struct<packed (i8, f32)>
    // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<2.500000e+00> : vector<2xf32>) : vector<2xf32>
    // CHECK-NEXT: %{{.*}} = llvm.mlir.constant(dense<true> : tensor<2xi1>) : !llvm.array<2 x i1>
    // CHECK-NEXT: llvm.return
    // CHECK-NEXT: }
    // CHECK-NEXT: }
    %0 = spirv.mlir.referenceof @int : si8
    %1 = spirv.mlir.referenceof @bool : i1
    %2 = spirv.mlir.referenceof @float : f32
    %3 = spirv.mlir.referenceof @struct : !spirv.struct<(si8, f32)>
    %4 = spirv.mlir.referenceof @vector : vector<2xf32>
    %5 = spirv.mlir.referenceof @array : !spirv.array<2 x i1>
    spirv.Return
  }
}

// -----

// The op inside is lowered in place on the default values; spirv.mlir.yield
// branches to the block continuing the current one.
// CHECK-LABEL: module @spec_operation
spirv.module @spec_operation Logical GLSL450 {
  spirv.SpecConstant @sc = 3 : i32
  // CHECK-LABEL: llvm.func @spec_constant_operation() -> i32
  spirv.func @spec_constant_operation() -> i32 "None" {
    // CHECK-NEXT: %[[SC:.*]] = llvm.mlir.constant(3 : i32) : i32
    // CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
    // CHECK-NEXT: %[[MUL:.*]] = llvm.mul %[[SC]], %[[FOUR]] : i32
    // CHECK-NEXT: llvm.br ^[[NEXT:.*]](%[[MUL]] : i32)
    // CHECK-NEXT: ^[[NEXT]](%[[RESULT:.*]]: i32):
    // CHECK-NEXT: llvm.return %[[RESULT]] : i32
    %0 = spirv.mlir.referenceof @sc : i32
    %1 = spirv.Constant 4 : i32
    %2 = spirv.SpecConstantOperation wraps "spirv.IMul"(%0, %1) : (i32, i32) -> i32
    spirv.ReturnValue %2 : i32
  }
}
