// Root reads anything, so this only runs as another user.
// REQUIRES: non-root

// RUN: printf 'module {}' > %t.mlir
// RUN: chmod 000 %t.mlir
// RUN: not spirv-opt-rs %t.mlir 2>&1 | FileCheck %s -DFILE=%t.mlir
// RUN: chmod 644 %t.mlir

// CHECK: {{^}}spirv-opt-rs: error: cannot open input file '[[FILE]]': Permission denied{{$}}
