// Unknown command-line flags: one line, exit status 1.

// RUN: not spirv-opt-rs --frobnicate %s 2>&1 | FileCheck %s
// RUN: not spirv-opt-rs -frobnicate %s 2>&1 | FileCheck %s
// CHECK: {{^}}spirv-opt-rs: error: unexpected argument '--frobnicate' found; try 'spirv-opt-rs --help'{{$}}
// CHECK-NOT: {{.}}

// RUN: not spirv-opt-rs %s %s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: {{^}}spirv-opt-rs: error: unexpected argument '{{.*}}' found; try 'spirv-opt-rs --help'{{$}}
