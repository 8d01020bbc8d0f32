// RUN: spirv-opt-rs --convert-spirv-to-llvm=client-api=OpenCL --spirv-kernel-abi %s | FileCheck %s
// RUN: spirv-opt-rs --convert-spirv-to-llvm=client-api=OpenCL --spirv-kernel-abi %s | mlir-translate --mlir-to-llvmir > /dev/null
// RUN: spirv-opt-rs --convert-spirv-to-llvm --spirv-kernel-abi %s | FileCheck %s --check-prefix=UNKNOWN

// An OpenCL kernel keeps its parameters and takes the environment after
// them; the workgroup function loads each argument from the dispatch's
// resources (a __local one is allocated per workgroup). The resource table
// says what each argument is: by value (5), __global (3), __local (4), from
// the SPIR-V storage classes, whatever the address spaces (with client-api=Unknown, all 0).

// UNKNOWN:     llvm.func internal @k(%{{.*}}: f32, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) {
// UNKNOWN:     llvm.mlir.constant(4 : i32)
// CHECK:       llvm.func internal @k(%{{.*}}: f32, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<3>, %{{.*}}: !llvm.ptr) {
// CHECK:       llvm.func @__spvabi_k(
// CHECK:         llvm.alloca %{{.*}} x i8 {alignment = 128 : i64} : (i64) -> !llvm.ptr
// CHECK:         llvm.call @k(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (f32, !llvm.ptr<1>, !llvm.ptr<3>, !llvm.ptr) -> ()
// CHECK:       llvm.mlir.global internal constant @__spvabi_k_resources() {addr_space = 0 : i32} : !llvm.array<3 x struct<(i32, i32, i32, i32, i32, i32)>>
// CHECK:         llvm.mlir.constant(5 : i32)
// CHECK:         llvm.mlir.constant(3 : i32)
// CHECK:         llvm.mlir.constant(4 : i32)
// CHECK:       llvm.mlir.global external constant @__spvabi_k_info()
spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi64>, Input>
  spirv.func @k(%a: f32, %x: !spirv.ptr<f32, CrossWorkgroup>, %scratch: !spirv.ptr<f32, Workgroup>) "None" {
    %gid = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi64>, Input>
    %v = spirv.Load "Input" %gid : vector<3xi64>
    %i = spirv.CompositeExtract %v[0 : i32] : vector<3xi64>
    %p = spirv.PtrAccessChain %x[%i] : !spirv.ptr<f32, CrossWorkgroup>, i64 -> !spirv.ptr<f32, CrossWorkgroup>
    spirv.Store "CrossWorkgroup" %p, %a : f32
    spirv.Store "Workgroup" %scratch, %a : f32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @k, @gid
}
