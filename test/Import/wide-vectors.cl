// OpenCL's 8- and 16-component vectors nest in pointers, arrays and structs
// as arrays of their components (the dialect's type parser refuses wider
// vectors than 4 there); loads and stores convert lane by lane. A null
// pointer constant is spirv.ConvertUToPtr of 0 (physical addressing).
// test/Runner/opencl-types.test runs these kernels.
//
// RUN: clang-22 --target=spirv64 -cl-std=CL1.2 -O2 -c %s -o %t.spv
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm=client-api=OpenCL | FileCheck %s --check-prefix=LLVM
kernel void v(global float16 *a, global float16 *out) {
  out[get_global_id(0)] = a[get_global_id(0)] * 2.0f;
}
kernel void null_pointer(global int *out, int k) {
  global int *p = k ? 0 : out;
  out[0] = p == 0;
}

// CHECK-LABEL: spirv.func @v(%{{.*}}: !spirv.ptr<!spirv.array<16 x f32>, CrossWorkgroup>
// CHECK: %[[ARRAY:.*]] = spirv.Load "CrossWorkgroup" %{{.*}} : !spirv.array<16 x f32>
// CHECK: spirv.CompositeExtract %[[ARRAY]][15 : i32] : !spirv.array<16 x f32>
// CHECK: %[[VECTOR:.*]] = spirv.CompositeConstruct {{.*}} -> vector<16xf32>
// CHECK: spirv.FMul %[[VECTOR]], %{{.*}} : vector<16xf32>
// CHECK: %[[BACK:.*]] = spirv.CompositeConstruct {{.*}} -> !spirv.array<16 x f32>
// CHECK: spirv.Store "CrossWorkgroup" %{{.*}}, %[[BACK]] {{.*}}: !spirv.array<16 x f32>
// CHECK-LABEL: spirv.func @null_pointer
// CHECK: spirv.ConvertUToPtr %{{.*}} : i64 to !spirv.ptr<i8, Generic>

// LLVM: llvm.load %{{.*}} {{.*}}: !llvm.ptr<1> -> !llvm.array<16 x f32>
