// A syntax error is reported at its position in the file, with the source
// line and a caret, and nothing is printed on stdout.

// RUN: not spirv-opt-rs %s 2>&1 >%t.out | FileCheck %s
// RUN: count 0 < %t.out

func.func @f() -> i32 {
  %0 = arith.constant 1 : i32
  // CHECK: syntax-error.mlir:[[@LINE+3]]:12: error: expected ':'
  // CHECK-NEXT: {{^}}  return %0{{$}}
  // CHECK-NEXT: {{^}}           ^{{$}}
  return %0
}
