// OpenCL.std instructions the dialect has no op for become calls to the
// builtins the SPIRV-LLVM-Translator calls (seed 000: __spirv_ocl_<name>,
// Itanium-mangled), declared as imported functions. The names are checked
// against the translator itself: every name we call is one it calls.
//
// RUN: clang-22 --target=spirv64 -cl-std=CL1.2 -O2 -c %s -o %t.spv
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv | grep -o '@_Z[0-9]*__spirv_ocl_[a-zA-Z0-9_]*' | sort -u > %t.ours
// RUN: llvm-spirv-15 -r --spirv-target-env=SPV-IR %t.spv -o %t.bc
// RUN: llvm-dis %t.bc -o - | grep -o '@_Z[0-9]*__spirv_ocl_[a-zA-Z0-9_]*' | sort -u > %t.translator
// RUN: comm -23 %t.ours %t.translator | count 0
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm=client-api=OpenCL | FileCheck %s --check-prefix=LLVM

__kernel void m(__global int *a, __global uint *b, __global int4 *v, __global uint4 *w) {
  int i = a[0]; uint u = b[0]; int4 x = v[0]; uint4 y = w[0];
  a[1] = clz(i) + popcount(i) + mad_hi(i, i, i) + add_sat(i, i) + rotate(i, i);
  b[1] = add_sat(u, u) + mad_hi(u, u, u);
  v[1] = mad_hi(x, x, x) + clz(x);
  w[1] = add_sat(y, y) + rotate(y, y);
}

// CHECK: spirv.module Physical64 OpenCL requires #spirv.vce<v1.4, [{{.*}}Linkage{{.*}}]
// CHECK-DAG: spirv.func @_Z15__spirv_ocl_clzi(i32) -> i32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "_Z15__spirv_ocl_clzi", linkage_type = <Import>>}
// CHECK-DAG: spirv.func @_Z21__spirv_ocl_u_add_satjj(i32, i32) -> i32 "Pure"
// CHECK-DAG: spirv.func @_Z20__spirv_ocl_s_mad_hiDv4_iS_S_(vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32> "Pure"
// CHECK-DAG: spirv.func @_Z21__spirv_ocl_u_add_satDv4_jS_(vector<4xi32>, vector<4xi32>) -> vector<4xi32> "Pure"
// CHECK-LABEL: spirv.func @m(
// CHECK: spirv.FunctionCall @_Z15__spirv_ocl_clzi(%{{.*}}) : (i32) -> i32

// LLVM: llvm.func @_Z15__spirv_ocl_clzi(i32) -> i32
// LLVM: llvm.call @_Z15__spirv_ocl_clzi(
