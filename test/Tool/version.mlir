// RUN: spirv-opt-rs --version | FileCheck %s
// RUN: spirv-opt-rs -version | FileCheck %s
// CHECK: {{^}}spirv-opt-rs {{[0-9]+\.[0-9]+\.[0-9]+$}}
