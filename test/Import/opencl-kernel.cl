// A clang-22 OpenCL C kernel (Kernel, Addresses, Physical64, Int64,
// OpenCL.std, CrossWorkgroup/Workgroup/Function pointers, kernel arguments),
// at -O0 and -O2: work-item builtins, local memory and a barrier, atomics,
// OpenCL.std math, vload4/vstore4 (expanded: the dialect has no op for them),
// a loop, a switch and a call.
//
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o %t-O2.spv
// RUN: spirv-val %t-O2.spv
// RUN: spirv-opt-rs %t-O2.spv | FileCheck %s
// RUN: spirv-opt-rs %t-O2.spv --convert-spirv-to-llvm=client-api=OpenCL | FileCheck %s --check-prefix=LLVM
// RUN: clang-22 --target=spirv64 -cl-std=CL1.2 -O0 -c %s -o %t-O0.spv
// RUN: spirv-val %t-O0.spv
// RUN: spirv-opt-rs %t-O0.spv --convert-spirv-to-llvm=client-api=OpenCL | FileCheck %s --check-prefix=LLVM

__attribute__((noinline)) void bump(__global int *p, int v) { *p += v; }

__kernel void saxpy(__global float *y, __global const float *x, float a, int n,
                    __local float *scratch, __global int *counter) {
  size_t i = get_global_id(0);
  size_t l = get_local_id(0);
  scratch[l] = (i < n) ? x[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i >= n) return;
  float4 v = vload4(0, x);
  float r = a * scratch[l] + y[i] + erf(v.x) + fma(v.z, v.w, 1.0f) + sqrt(v.y);
  for (int j = 0; j < (int)i % 5; j++) { if (j == 3) break; r += j; }
  switch ((int)i & 3) { case 0: r += 1; break; case 1: r -= 2; break; default: r *= 3; }
  y[i] = r;
  atomic_add(counter, 1);
  bump(counter + 2, (int)i);
  vstore4(v * 2.0f, 1, y);
}

// CHECK: spirv.module Physical64 OpenCL requires #spirv.vce<v1.4, [Kernel, Addresses, Linkage, Int64, GenericPointer, Int8], []>
// CHECK-DAG: spirv.GlobalVariable @{{.*}} built_in("GlobalInvocationId") {constant, linkage_attributes = #spirv.linkage_attributes<linkage_name = "__spirv_BuiltInGlobalInvocationId", linkage_type = <Import>>} : !spirv.ptr<vector<3xi64>, Input>
// CHECK-DAG: spirv.func @bump(%{{.*}}: !spirv.ptr<i32, CrossWorkgroup>, %{{.*}}: i32) "DontInline" attributes {linkage_attributes = #spirv.linkage_attributes<linkage_name = "bump", linkage_type = <Export>>}
// Clang's Alignment decorations of the pointer parameters, as argument attributes:
// CHECK-LABEL: spirv.func @saxpy(%arg0: !spirv.ptr<f32, CrossWorkgroup> {spirv_decoration.alignment = 4 : i32}, %arg1: !spirv.ptr<f32, CrossWorkgroup> {spirv_decoration.alignment = 4 : i32}, %arg2: f32, %arg3: i32, %arg4: !spirv.ptr<f32, Workgroup> {spirv_decoration.alignment = 4 : i32}, %arg5: !spirv.ptr<i32, CrossWorkgroup> {spirv_decoration.alignment = 4 : i32}) "None" {
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>
// vload4: four scalar loads at x[4 * 0 + lane] (clang passes x as a generic pointer).
// CHECK: spirv.IMul
// CHECK-COUNT-4: spirv.Load "Generic"
// CHECK: spirv.CompositeConstruct %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, f32, f32) -> vector<4xf32>
// CHECK: spirv.CL.erf
// CHECK: spirv.CL.fma
// CHECK: spirv.AtomicIAdd <Workgroup> <None>
// CHECK: spirv.FunctionCall @bump
// CHECK: spirv.EntryPoint "Kernel" @saxpy

// LLVM: llvm.func @saxpy(
// LLVM: llvm.atomicrmw add
// LLVM: llvm.call @bump
