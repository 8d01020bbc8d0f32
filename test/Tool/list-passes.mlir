// RUN: spirv-opt-rs --list-passes | FileCheck %s
// RUN: spirv-opt-rs -list-passes | FileCheck %s

// CHECK: Passes:
// CHECK-NEXT: --convert-spirv-to-llvm {{ *}}- Convert SPIR-V dialect to LLVM dialect
// CHECK-NEXT: --client-api=<value> {{ *}}- Derive StorageClass to address space mapping from the client API (default: Unknown)
// CHECK-DAG: =Unknown
// CHECK-DAG: =Metal
// CHECK-DAG: =OpenCL
// CHECK-DAG: =Vulkan
// CHECK-DAG: =WebGPU
// CHECK: --pointer-layout=<value> {{ *}}- Bytes of a pointer in memory: {{.*}} (default: host)
// CHECK-DAG: =host
// CHECK-DAG: =module
// CHECK: Upstream MLIR passes (also accepted): canonicalize, cse
