// OpenCL.std instructions the dialect has no op for become calls to the
// builtins the SPIRV-LLVM-Translator calls (seed 000: __spirv_ocl_<name>,
// Itanium-mangled), declared as imported functions. The names are checked
// against the translator itself: every name we call is one it calls.
// Pointer parameters carry their SPIR address space (PU3AS1i; a private
// pointer is unqualified) and take part in substitutions (PU3AS1S_); their
// builtins write through them, so they are not declared "Pure".
//
// RUN: clang-22 --target=spirv64 -cl-std=CL1.2 -O2 -c %s -o %t.spv
// RUN: spirv-val %t.spv
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

__kernel void p(__global float *f, __global int *a, __global float4 *v, __local int *l, __local float4 *lv) {
  int e; f[0] = frexp(f[1], &e) + (float)e;
  f[2] = frexp(f[3], a) + lgamma_r(f[5], l) + remquo(f[7], f[8], a + 1) + modf(f[10], f + 11);
  v[0] = sincos(v[1], v + 2) + fract(v[4], lv);
  int4 e4; v[5] = frexp(v[6], &e4); a[2] = e4.x;
  v[7] = remquo(v[8], v[9], (__global int4 *)a);
  prefetch(f, 4); prefetch(v, 2);
  f[12] = sinpi(f[13]) + cospi(f[14]) + tanpi(f[15]) + rootn(f[16], a[3]) + nan((uint)a[4]) + ilogb(f[17]);
}

// CHECK: spirv.module Physical64 OpenCL requires #spirv.vce<v1.4, [{{.*}}Linkage{{.*}}]
// CHECK-DAG: spirv.func @_Z15__spirv_ocl_clzi(i32) -> i32 "Pure" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "_Z15__spirv_ocl_clzi", linkage_type = <Import>>}
// CHECK-DAG: spirv.func @_Z21__spirv_ocl_u_add_satjj(i32, i32) -> i32 "Pure"
// CHECK-DAG: spirv.func @_Z20__spirv_ocl_s_mad_hiDv4_iS_S_(vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32> "Pure"
// CHECK-DAG: spirv.func @_Z21__spirv_ocl_u_add_satDv4_jS_(vector<4xi32>, vector<4xi32>) -> vector<4xi32> "Pure"
// CHECK-LABEL: spirv.func @m(
// CHECK: spirv.FunctionCall @_Z15__spirv_ocl_clzi(%{{.*}}) : (i32) -> i32
// CHECK-DAG: spirv.func @_Z17__spirv_ocl_frexpfPi(f32, !spirv.ptr<i32, Function>) -> f32 "None" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "_Z17__spirv_ocl_frexpfPi", linkage_type = <Import>>}
// CHECK-DAG: spirv.func @_Z17__spirv_ocl_frexpfPU3AS1i(f32, !spirv.ptr<i32, CrossWorkgroup>) -> f32 "None"
// CHECK-DAG: spirv.func @_Z20__spirv_ocl_lgamma_rfPU3AS3i(f32, !spirv.ptr<i32, Workgroup>) -> f32 "None"
// CHECK-DAG: spirv.func @_Z18__spirv_ocl_sincosDv4_fPU3AS1S_(vector<4xf32>, !spirv.ptr<vector<4xf32>, CrossWorkgroup>) -> vector<4xf32> "None"
// CHECK-DAG: spirv.func @_Z18__spirv_ocl_remquoDv4_fS_PU3AS1Dv4_i(vector<4xf32>, vector<4xf32>, !spirv.ptr<vector<4xi32>, CrossWorkgroup>) -> vector<4xf32> "None"
// CHECK-DAG: spirv.func @_Z17__spirv_ocl_frexpDv4_fPDv4_i(vector<4xf32>, !spirv.ptr<vector<4xi32>, Function>) -> vector<4xf32> "None"
// CHECK-DAG: spirv.func @_Z20__spirv_ocl_prefetchPU3AS1fl(!spirv.ptr<f32, CrossWorkgroup>, i64) "None"
// CHECK-DAG: spirv.func @_Z17__spirv_ocl_sinpif(f32) -> f32 "Pure"
// CHECK-LABEL: spirv.func @p(
// CHECK: spirv.FunctionCall @_Z17__spirv_ocl_frexpfPi(%{{.*}}, %{{.*}}) : (f32, !spirv.ptr<i32, Function>) -> f32

// LLVM: llvm.func @_Z15__spirv_ocl_clzi(i32) -> i32
// LLVM: llvm.call @_Z15__spirv_ocl_clzi(
// LLVM-DAG: llvm.func @_Z17__spirv_ocl_frexpfPU3AS1i(f32, !llvm.ptr<1>) -> f32
// LLVM-DAG: llvm.func @_Z20__spirv_ocl_lgamma_rfPU3AS3i(f32, !llvm.ptr<3>) -> f32
