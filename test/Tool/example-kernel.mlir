// The README's example: examples/kernel.mlir converts to the LLVM dialect.

// RUN: spirv-opt-rs --convert-spirv-to-llvm %S/../../examples/kernel.mlir | FileCheck %s
// RUN: mlir-opt %S/../../examples/kernel.mlir > /dev/null

// CHECK: llvm.mlir.global external @data_descriptor_set0_binding0()
// CHECK: llvm.func @scale_and_offset()
// CHECK: llvm.alloca
// CHECK: llvm.cond_br
// CHECK: llvm.getelementptr
// CHECK: llvm.fmul
// CHECK: llvm.sitofp
// CHECK: llvm.fadd
// CHECK: llvm.return
// CHECK-NOT: spirv.
