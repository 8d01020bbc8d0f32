// --pass-pipeline: mlir-opt's textual syntax, our passes mixed with
// upstream ones, nesting, and precise errors.

// RUN: spirv-opt-rs --pass-pipeline='builtin.module(convert-spirv-to-llvm{client-api=OpenCL}, canonicalize, reconcile-unrealized-casts)' %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs -pass-pipeline='builtin.module(func.func(cse, canonicalize{max-iterations=3}), convert-spirv-to-llvm)' %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs --pass-pipeline 'builtin.module(convert-spirv-to-llvm)' %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs --pass-pipeline='any(cse)' %s | FileCheck %s --check-prefix=KEEP
// RUN: spirv-opt-rs --pass-pipeline='builtin.module()' %s | FileCheck %s --check-prefix=KEEP
// CONV: llvm.func @f()
// KEEP: spirv.func @f() "None"

// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(cse' %s 2>&1 | FileCheck %s --check-prefix=UNCLOSED
// UNCLOSED: {{^}}spirv-opt-rs: error: invalid pass pipeline 'builtin.module(cse': expected ')' to close 'builtin.module(' at column 19{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(cse;canonicalize)' %s 2>&1 | FileCheck %s --check-prefix=SEPARATOR
// SEPARATOR: {{^}}spirv-opt-rs: error: invalid pass pipeline 'builtin.module(cse;canonicalize)': expected ',' or ')' in 'builtin.module(...)', found ';' at column 19{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(cse{a="x)' %s 2>&1 | FileCheck %s --check-prefix=QUOTE
// QUOTE: {{^}}spirv-opt-rs: error: invalid pass pipeline 'builtin.module(cse{a="x)': unterminated " in the options of 'cse' at column 25{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(cse),builtin.module(cse)' %s 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: {{^}}spirv-opt-rs: error: invalid pass pipeline 'builtin.module(cse),builtin.module(cse)': unexpected ',' after the end of the pipeline at column 20{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='cse' %s 2>&1 | FileCheck %s --check-prefix=UNANCHORED
// UNANCHORED: {{^}}spirv-opt-rs: error: the pass pipeline 'cse' must be anchored on an operation, e.g. 'builtin.module(cse)'{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='func.func(cse)' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: {{^}}spirv-opt-rs: error: the pass pipeline is anchored on 'func.func', but it runs on a 'builtin.module'; nest it: 'builtin.module(func.func(...))'{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(frobnicate)' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: {{^}}spirv-opt-rs: error: 'frobnicate' does not refer to a registered pass or pass pipeline{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(func.func(convert-spirv-to-llvm))' %s 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: {{^}}spirv-opt-rs: error: pass 'convert-spirv-to-llvm' runs on 'builtin.module' and cannot be nested under 'func.func'{{$}}

// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(convert-spirv-to-llvm{client-api=DirectX})' %s 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: {{^}}spirv-opt-rs: error: invalid value 'DirectX' for option 'client-api' of pass 'convert-spirv-to-llvm': expected one of Unknown, Metal, OpenCL, Vulkan, WebGPU{{$}}

// Upstream passes keep MLIR's explicit nesting in textual pipelines.
// RUN: not spirv-opt-rs --pass-pipeline='builtin.module(spirv-update-vce)' %s 2>&1 | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: {{^}}spirv-opt-rs: error: invalid pass 'spirv-update-vce': Can't add pass 'SPIRVUpdateVCEPass' restricted to 'spirv.module' on a PassManager intended to run on 'builtin.module', did you intend to nest?{{$}}

// RUN: not spirv-opt-rs --convert-spirv-to-llvm --pass-pipeline='builtin.module(cse)' %s 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: {{^}}spirv-opt-rs: error: '--pass-pipeline' cannot be combined with individual pass flags{{$}}

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    spirv.Return
  }
}
