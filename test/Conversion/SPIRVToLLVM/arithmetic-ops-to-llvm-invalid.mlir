// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// The matrix ops have no lowering because `!spirv.matrix` has none: the op
// that produces their matrix operand (here a load through a pointer, whose
// own type converts) is rejected first, with the reason.

spirv.func @matrix_times_scalar(%p: !spirv.ptr<!spirv.matrix<3 x vector<3xf32>>, Function>, %s: f32) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Load': cannot convert type '!spirv.matrix<3 x vector<3xf32>>': matrix types have no LLVM lowering}}
  %m = spirv.Load "Function" %p : !spirv.matrix<3 x vector<3xf32>>
  %0 = spirv.MatrixTimesScalar %m, %s : !spirv.matrix<3 x vector<3xf32>>, f32
  spirv.Return
}

// -----

spirv.func @matrix_times_matrix(%p: !spirv.ptr<!spirv.matrix<3 x vector<2xf32>>, Function>, %q: !spirv.ptr<!spirv.matrix<4 x vector<3xf32>>, Function>) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Load': cannot convert type '!spirv.matrix<3 x vector<2xf32>>': matrix types have no LLVM lowering}}
  %a = spirv.Load "Function" %p : !spirv.matrix<3 x vector<2xf32>>
  %b = spirv.Load "Function" %q : !spirv.matrix<4 x vector<3xf32>>
  %0 = spirv.MatrixTimesMatrix %a, %b : !spirv.matrix<3 x vector<2xf32>>, !spirv.matrix<4 x vector<3xf32>> -> !spirv.matrix<4 x vector<2xf32>>
  spirv.Return
}

// -----

spirv.func @matrix_times_vector(%p: !spirv.ptr<!spirv.matrix<3 x vector<2xf32>>, Function>, %v: vector<3xf32>) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Load': cannot convert type '!spirv.matrix<3 x vector<2xf32>>': matrix types have no LLVM lowering}}
  %m = spirv.Load "Function" %p : !spirv.matrix<3 x vector<2xf32>>
  %0 = spirv.MatrixTimesVector %m, %v : !spirv.matrix<3 x vector<2xf32>>, vector<3xf32> -> vector<2xf32>
  spirv.Return
}

// -----

spirv.func @vector_times_matrix(%p: !spirv.ptr<!spirv.matrix<4 x vector<4xf32>>, Function>, %v: vector<4xf32>) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Load': cannot convert type '!spirv.matrix<4 x vector<4xf32>>': matrix types have no LLVM lowering}}
  %m = spirv.Load "Function" %p : !spirv.matrix<4 x vector<4xf32>>
  %0 = spirv.VectorTimesMatrix %v, %m : vector<4xf32>, !spirv.matrix<4 x vector<4xf32>> -> vector<4xf32>
  spirv.Return
}

// -----

spirv.func @transpose(%p: !spirv.ptr<!spirv.matrix<2 x vector<3xf32>>, Function>) "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.Load': cannot convert type '!spirv.matrix<2 x vector<3xf32>>': matrix types have no LLVM lowering}}
  %m = spirv.Load "Function" %p : !spirv.matrix<2 x vector<3xf32>>
  %0 = spirv.Transpose %m : !spirv.matrix<2 x vector<3xf32>> -> !spirv.matrix<3 x vector<2xf32>>
  spirv.Return
}

// -----

// The arithmetic ops that accept cooperative matrices cannot get one either.

// expected-error@+1 {{failed to legalize operation 'spirv.func': cannot convert type '!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>': cooperative matrix types have no LLVM lowering}}
spirv.func @f_add_cooperative_matrix(%a: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>, %b: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>) "None" {
  %0 = spirv.FAdd %a, %b : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>
  spirv.Return
}
