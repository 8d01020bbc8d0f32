// The help lists the tool's options and, built from the pass registry, every
// pass with its options; LLVM-style single-dash spellings work too.

// RUN: spirv-opt-rs --help | FileCheck %s
// RUN: spirv-opt-rs -help | FileCheck %s
// RUN: spirv-opt-rs -h | FileCheck %s

// CHECK: Usage: spirv-opt-rs [OPTIONS] [INPUT]
// CHECK-DAG: --pass-pipeline <PIPELINE>
// CHECK-DAG: --split-input-file
// CHECK-DAG: --verify-diagnostics
// CHECK-DAG: --mlir-print-ir-after-all
// CHECK-DAG: --mlir-print-debuginfo
// CHECK-DAG: --mlir-print-op-generic
// CHECK-DAG: --mlir-timing
// CHECK-DAG: --allow-unregistered-dialect
// CHECK-DAG: --list-passes
// CHECK: Passes (each is also a flag, --<pass>[=<options>], run in command-line order):
// CHECK-NEXT: --convert-spirv-to-llvm {{ *}}- Convert SPIR-V dialect to LLVM dialect
// CHECK-NEXT: --client-api=<value> {{ *}}- {{.*}} (default: Unknown)
// CHECK: =OpenCL
// CHECK: Upstream MLIR passes are accepted as flags and in --pass-pipeline too: canonicalize, cse
