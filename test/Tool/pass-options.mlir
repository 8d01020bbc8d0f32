// Pass flags, in all of mlir-opt's spellings, and option validation.

// RUN: spirv-opt-rs --convert-spirv-to-llvm %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs -convert-spirv-to-llvm %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs --convert-spirv-to-llvm=client-api=OpenCL %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs --convert-spirv-to-llvm='client-api=OpenCL' %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs -convert-spirv-to-llvm="client-api=Vulkan" %s | FileCheck %s --check-prefix=CONV
// RUN: spirv-opt-rs --convert-spirv-to-llvm='client-api="Metal"' %s | FileCheck %s --check-prefix=CONV
// CONV: llvm.func @f()
// KEEP: spirv.func @f() "None"

// RUN: not spirv-opt-rs --convert-spirv-to-llvm=client-api=DirectX %s 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: {{^}}spirv-opt-rs: error: invalid value 'DirectX' for option 'client-api' of pass 'convert-spirv-to-llvm': expected one of Unknown, Metal, OpenCL, Vulkan, WebGPU{{$}}

// RUN: not spirv-opt-rs --convert-spirv-to-llvm=frobnicate=1 %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: {{^}}spirv-opt-rs: error: unknown option 'frobnicate' for pass 'convert-spirv-to-llvm' (valid options: client-api, pointer-layout){{$}}

// RUN: not spirv-opt-rs --convert-spirv-to-llvm=client-api %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: {{^}}spirv-opt-rs: error: option 'client-api' of pass 'convert-spirv-to-llvm' needs a value (client-api=...){{$}}

// RUN: not spirv-opt-rs '--convert-spirv-to-llvm=client-api=OpenCL client-api=Vulkan' %s 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: {{^}}spirv-opt-rs: error: option 'client-api' of pass 'convert-spirv-to-llvm' is given more than once{{$}}

// RUN: not spirv-opt-rs '--convert-spirv-to-llvm=client-api="OpenCL' %s 2>&1 | FileCheck %s --check-prefix=QUOTE
// QUOTE: {{^}}spirv-opt-rs: error: malformed options for pass 'convert-spirv-to-llvm': unterminated " in the value of 'client-api'{{$}}

// Upstream passes are flags too, nested implicitly where they must be.
// RUN: spirv-opt-rs --canonicalize --cse %s | FileCheck %s --check-prefix=KEEP
// RUN: spirv-opt-rs -canonicalize=max-iterations=2 %s | FileCheck %s --check-prefix=KEEP
// RUN: not spirv-opt-rs --canonicalize=frobnicate=1 %s 2>&1 | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: {{^}}spirv-opt-rs: error: invalid pass 'canonicalize{frobnicate=1}': no such option frobnicate{{$}}

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    spirv.Return
  }
}
