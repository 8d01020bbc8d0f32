// Bad requests: one clear error, exit status 1.
//
// No translation, or two:
// RUN: not spirv-translate-rs %s 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: the following required arguments were not provided
// RUN: not spirv-translate-rs --deserialize-spirv --mlir-to-llvmir %s 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: error: the argument '--deserialize-spirv' cannot be used with '--mlir-to-llvmir'
//
// A missing file:
// RUN: not spirv-translate-rs --deserialize-spirv %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: spirv-translate-rs: error: cannot open input file '{{.*}}.missing': No such file or directory
//
// Not a SPIR-V binary (this very file):
// RUN: not spirv-translate-rs --deserialize-spirv %s 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: error: at byte offset 0: not a SPIR-V module: the magic number is 0x{{[0-9a-f]+}}, expected 0x07230203
//
// MLIR that is not LLVM dialect:
// RUN: not spirv-translate-rs --mlir-to-llvmir %s 2>&1 | FileCheck %s --check-prefix=NOTLLVM
// NOTLLVM: error: cannot translate to LLVM IR
spirv.module Logical GLSL450 {
}
