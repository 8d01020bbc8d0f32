// -o writes the output file only when everything succeeded; `-o -` is stdout.

// RUN: rm -f %t.out %t.bad
// RUN: spirv-opt-rs %s -o %t.out
// RUN: FileCheck %s < %t.out
// RUN: spirv-opt-rs -o - %s | FileCheck %s
// RUN: spirv-opt-rs %s -o=%t.eq && FileCheck %s < %t.eq
// CHECK: func.func @f()

// RUN: printf 'func.func @broken(' > %t.broken.mlir
// RUN: not spirv-opt-rs %t.broken.mlir -o %t.bad
// RUN: not ls %t.bad

func.func @f() {
  return
}
