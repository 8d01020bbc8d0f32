// A custom-syntax op of an unknown dialect: the error and MLIR's note.

// RUN: not spirv-opt-rs %s 2>&1 | FileCheck %s

func.func @f() {
  // CHECK: unknown-custom-op.mlir:[[@LINE+4]]:3: error: Dialect `foo' not found for custom op 'foo.bar'
  // CHECK-NEXT: {{^}}  foo.bar
  // CHECK-NEXT: {{^}}  ^
  // CHECK-NEXT: unknown-custom-op.mlir:[[@LINE+1]]:3: note: Available dialects: {{.*}}llvm{{.*}}spirv
  foo.bar
  return
}
