// --split-input-file: each chunk is processed on its own, outputs are joined
// by `// -----`, and diagnostics keep the line numbers of this file.

// RUN: not spirv-opt-rs --split-input-file %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: not spirv-opt-rs -split-input-file %s 2>/dev/null | FileCheck %s

// CHECK: func.func @first()
// CHECK-NEXT: return
// CHECK: {{^}}// -----{{$}}
// The failing chunk prints nothing.
// CHECK-NEXT: {{^}}// -----{{$}}
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @third()

func.func @first() {
  return
}

// -----

func.func @second() -> i32 {
  %0 = arith.constant 1 : i64
  // ERR: split-input-file.mlir:[[@LINE+1]]:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @second
  return %0 : i64
}

// -----

func.func @third() {
  return
}
