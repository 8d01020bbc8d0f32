// The kernel ABI gives every integer division and remainder a divisor that
// cannot trap (kernel_abi/division.rs): 1 where the divisor is 0 or, signed,
// where MIN is divided by -1. `convert-spirv-to-llvm` alone stays upstream's.
// Constant divisors that cannot trap are left alone.
// RUN: spirv-opt-rs %s --convert-spirv-to-llvm=client-api=Vulkan | FileCheck %s --check-prefix=PLAIN
// RUN: spirv-opt-rs %s --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi | FileCheck %s

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Int64], []> {
  spirv.GlobalVariable @values bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0], vector<2xi64> [16])>, StorageBuffer>
  spirv.func @main() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %three = spirv.Constant 3 : i32
    %minus = spirv.Constant -1 : i32
    %buffer = spirv.mlir.addressof @values : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0], vector<2xi64> [16])>, StorageBuffer>
    %array = spirv.AccessChain %buffer[%zero] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0], vector<2xi64> [16])>, StorageBuffer>, i32 -> !spirv.ptr<!spirv.array<4 x i32, stride=4>, StorageBuffer>
    %p0 = spirv.AccessChain %array[%zero] : !spirv.ptr<!spirv.array<4 x i32, stride=4>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %p1 = spirv.AccessChain %array[%one] : !spirv.ptr<!spirv.array<4 x i32, stride=4>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %n = spirv.Load "StorageBuffer" %p0 : i32
    %d = spirv.Load "StorageBuffer" %p1 : i32
    %q = spirv.SDiv %n, %d : i32
    %u = spirv.UMod %n, %d : i32
    %c = spirv.SDiv %n, %three : i32
    %m = spirv.SRem %n, %minus : i32
    %s0 = spirv.IAdd %q, %u : i32
    %s1 = spirv.IAdd %s0, %c : i32
    %s2 = spirv.IAdd %s1, %m : i32
    spirv.Store "StorageBuffer" %p0, %s2 : i32
    %pv = spirv.AccessChain %buffer[%one] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32, stride=4> [0], vector<2xi64> [16])>, StorageBuffer>, i32 -> !spirv.ptr<vector<2xi64>, StorageBuffer>
    %v = spirv.Load "StorageBuffer" %pv : vector<2xi64>
    %w = spirv.UDiv %v, %v : vector<2xi64>
    spirv.Store "StorageBuffer" %pv, %w : vector<2xi64>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @values
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// PLAIN-NOT: llvm.select
// PLAIN:     llvm.sdiv
// PLAIN-NOT: llvm.select

// CHECK-LABEL: llvm.func internal @main
// The signed division: 0, or MIN and -1.
// CHECK:      %[[DZ:.+]] = llvm.icmp "eq" %[[D:[0-9]+]], %{{[0-9]+}} : i32
// CHECK-NEXT: %[[MIN:.+]] = llvm.mlir.constant(-2147483648 : i32)
// CHECK-NEXT: %[[M1:.+]] = llvm.mlir.constant(-1 : i32)
// CHECK-NEXT: %[[NMIN:.+]] = llvm.icmp "eq" %[[N:[0-9]+]], %[[MIN]] : i32
// CHECK-NEXT: %[[DM1:.+]] = llvm.icmp "eq" %[[D]], %[[M1]] : i32
// CHECK-NEXT: %[[BOTH:.+]] = llvm.and %[[NMIN]], %[[DM1]] : i1
// CHECK-NEXT: %[[BAD:.+]] = llvm.or %[[DZ]], %[[BOTH]] : i1
// CHECK-NEXT: %[[ONE:.+]] = llvm.mlir.constant(1 : i32)
// CHECK-NEXT: %[[SAFE:.+]] = llvm.select %[[BAD]], %[[ONE]], %[[D]] : i1, i32
// CHECK-NEXT: llvm.sdiv %[[N]], %[[SAFE]] : i32
// The unsigned remainder: only 0.
// CHECK-NEXT: llvm.mlir.constant(0 : i32)
// CHECK-NEXT: %[[UZ:.+]] = llvm.icmp "eq" %[[D]], %{{.+}} : i32
// CHECK-NEXT: %[[UONE:.+]] = llvm.mlir.constant(1 : i32)
// CHECK-NEXT: %[[USAFE:.+]] = llvm.select %[[UZ]], %[[UONE]], %[[D]] : i1, i32
// CHECK-NEXT: llvm.urem %[[N]], %[[USAFE]] : i32
// By 3: nothing to do; a signed remainder by -1: checked.
// CHECK-NEXT: llvm.sdiv %[[N]], %{{.+}} : i32
// CHECK:      llvm.select
// CHECK-NEXT: llvm.srem
// Vectors: a vector of conditions.
// CHECK:      llvm.mlir.constant(dense<0> : vector<2xi64>)
// CHECK-NEXT: llvm.icmp "eq" {{.*}} : vector<2xi64>
// CHECK-NEXT: llvm.mlir.constant(dense<1> : vector<2xi64>)
// CHECK-NEXT: llvm.select {{.*}} : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: llvm.udiv
