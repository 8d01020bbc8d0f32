// OpArrayLength: a call to the kernel ABI's __spvabi_array_length_<n>
// (one declaration per pointer type) with the member's offset and the
// array's stride; the ABI computes the length from the buffer's size
// (test/Runner/array-length.test runs it).
//
// RUN: glslangValidator -V %s -o %t.spv > /dev/null
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm --spirv-kernel-abi | FileCheck %s --check-prefix=ABI
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer A { uint head; uvec3 pad; vec4 data[]; } a;
layout(std430, set = 0, binding = 1) buffer B { uint n[]; } b;
void main() {
  b.n[0] = uint(a.data.length());
  b.n[1] = uint(b.n.length());
}

// CHECK: spirv.func @__spvabi_array_length_0(!spirv.ptr<!spirv.struct<(i32 [0], vector<3xi32> [16], !spirv.rtarray<vector<4xf32>, stride=16> [32]), {{.*}}>, i32, i32) -> i32 "Pure"
// CHECK: spirv.func @__spvabi_array_length_1(!spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0]), {{.*}}>, i32, i32) -> i32 "Pure"
// CHECK: %[[A:.*]] = spirv.mlir.addressof @a
// CHECK: %[[OFFSET:.*]] = spirv.Constant 32 : i32
// CHECK: %[[STRIDE:.*]] = spirv.Constant 16 : i32
// CHECK: spirv.FunctionCall @__spvabi_array_length_0(%[[A]], %[[OFFSET]], %[[STRIDE]])
// CHECK: spirv.FunctionCall @__spvabi_array_length_1(%{{.*}}, %{{.*}}, %{{.*}})

// LLVM: llvm.call @__spvabi_array_length_0(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr{{.*}}, i32, i32) -> i32

// The ABI defines the calls from resource_sizes and erases the declarations.
// ABI-NOT: __spvabi_array_length
// ABI: llvm.udiv
// ABI-NOT: __spvabi_array_length
