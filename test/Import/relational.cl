// OpSignBitSet, OpIsNormal (the float's bits), OpUnordered (the negation
// of spirv.Ordered), OpPtrEqual/OpPtrNotEqual on physical pointers
// (spirv.ConvertPtrToU): dialect ops, no call (docs/import.md).
// test/Runner/relational.test runs them.
//
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o %t.spv
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o %t0.spv
// RUN: spirv-opt-rs %t0.spv | FileCheck %s --check-prefix=PTR
kernel void rel(global const float4 *x, global const float *y, global int4 *out) {
  out[0] = signbit(x[0]);
  out[1] = isnormal(x[0]);
  out[2] = (int4)(isunordered(y[0], y[1]));
}
kernel void ptrs(global int *a, global int *out, int k) {
  out[0] = (a + k) == (a + 3);
  out[1] = (a + k) != (a + 3);
}

// CHECK-LABEL: spirv.func @rel
// CHECK: %[[BITS:.*]] = spirv.Bitcast %{{.*}} : vector<4xf32> to vector<4xi32>
// CHECK: spirv.SLessThan %[[BITS]], %{{.*}} : vector<4xi32>
// CHECK: %[[EXP:.*]] = spirv.BitwiseAnd %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: spirv.INotEqual %[[EXP]]
// CHECK: spirv.INotEqual %[[EXP]]
// CHECK: spirv.LogicalAnd
// CHECK: %[[ORDERED:.*]] = spirv.Ordered %{{.*}}, %{{.*}} : f32
// CHECK: spirv.LogicalNot %[[ORDERED]] : i1
// CHECK-NOT: spirv.FunctionCall

// -O2 folds the pointer comparisons; -O0 keeps them.
// PTR-LABEL: spirv.func @ptrs
// PTR: %[[P:.*]] = spirv.ConvertPtrToU %{{.*}} : !spirv.ptr<i32, CrossWorkgroup> to i64
// PTR: %[[Q:.*]] = spirv.ConvertPtrToU %{{.*}} : !spirv.ptr<i32, CrossWorkgroup> to i64
// PTR: spirv.IEqual %[[P]], %[[Q]] : i64
// PTR: spirv.INotEqual %{{.*}}, %{{.*}} : i64
// PTR-NOT: spirv.FunctionCall
