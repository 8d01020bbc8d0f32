// An input with no op (empty, or only comments like this file) is an empty
// module, as with mlir-opt.

// RUN: spirv-opt-rs %s | FileCheck %s
// RUN: printf '' | spirv-opt-rs | FileCheck %s
// RUN: printf '' | spirv-opt-rs - | FileCheck %s
// RUN: printf '' | spirv-opt-rs --convert-spirv-to-llvm | FileCheck %s

// CHECK: {{^}}module {
// CHECK-NEXT: {{^}}}
// CHECK-EMPTY:
// CHECK-NOT: {{.}}
