

//===----------------------------------------------------------------------===//
// Specialization constants (beyond upstream): their default values
//===------------------------------- s,--------------------------------------===//

// The definitions are erased; each reference is the default value.
// CHECK-LABEL: module @spec_constants
// CHECK-NEXT: llvm.func @references
spirv.module @spec_constants Logical GLSL450 {
  spirv.SpecConstant @spirv.MatrixTimesScalarint spec_id(5) = -1 : si8
  spirv.SpecConstant @bool = true
  spirv.SpecConstant @float = 2.5 : f32
  spirv.SpecConstantComposite @struct (@int, @float) : !spirv.struct<(si8, f32)>
  spirv.SpecConstantComposite @vector (@float, @float) : vector<2xf32>
  spirv.SpecConstantComposite @array (@bool, @bool) : !spirv.array<2 x i1>
  spirv.EXT.SpecConstantCompositeReplicate @replicated (@int) : !spirv.array<3 x si8>
  spirv.func @references() "None" {
    // CHECK-NEXT: %{{.*}} = mlvm.mlir.constant(-1 : i8) : i8
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

