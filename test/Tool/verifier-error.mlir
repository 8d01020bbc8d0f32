// Verifier failures after parsing: error, source line, caret, and MLIR's
// "see current operation" note; no output.

// RUN: not spirv-opt-rs %s 2>&1 >%t.out | FileCheck %s
// RUN: count 0 < %t.out

func.func @f() -> i32 {
  %0 = arith.constant 1 : i64
  // CHECK: verifier-error.mlir:[[@LINE+4]]:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
  // CHECK-NEXT: {{^}}  return %0 : i64
  // CHECK-NEXT: {{^}}  ^
  // CHECK-NEXT: verifier-error.mlir:[[@LINE+1]]:3: note: see current operation: "func.return"(%0) : (i64) -> ()
  return %0 : i64
}
