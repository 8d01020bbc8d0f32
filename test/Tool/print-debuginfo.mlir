// --mlir-print-debuginfo prints locations. Several top-level ops are wrapped
// in an implicit module located at line 0 without moving them: every op
// keeps its own line and column, as with mlir-opt.

// RUN: spirv-opt-rs --mlir-print-debuginfo %s | FileCheck %s
// RUN: spirv-opt-rs %s | FileCheck %s --check-prefix=PLAIN

!i = i32

func.func @first(%arg: !i) {
  return
}
  func.func @second() { return }

// CHECK-DAG: loc("{{.*}}print-debuginfo.mlir":0:0)
// CHECK-DAG: loc("{{.*}}print-debuginfo.mlir":10:1)
// CHECK-DAG: loc("{{.*}}print-debuginfo.mlir":10:18)
// CHECK-DAG: loc("{{.*}}print-debuginfo.mlir":11:3)
// CHECK-DAG: loc("{{.*}}print-debuginfo.mlir":13:3)
// CHECK-DAG: loc("{{.*}}print-debuginfo.mlir":13:25)
// PLAIN-NOT: loc(
