// RUN: spirv-opt-rs -split-input-file -verify-diagnostics --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s

// What the kernel ABI refuses, each at the op at fault.

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{the kernel ABI covers GLCompute and Kernel entry points; @main is Vertex}}
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "Vertex" @main
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{the built-in FragCoord (@coord) has no meaning for a compute kernel}}
  spirv.GlobalVariable @coord built_in("FragCoord") : !spirv.ptr<vector<4xf32>, Input>
  spirv.func @main() "None" {
    %coord = spirv.mlir.addressof @coord : !spirv.ptr<vector<4xf32>, Input>
    %v = spirv.Load "Input" %coord : vector<4xf32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @coord
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{the output variable @out has no meaning for a kernel}}
  spirv.GlobalVariable @out : !spirv.ptr<f32, Output>
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{the workgroup size 2048x1x1 of @main is not between 1 and 1024 invocations}}
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 2048, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Kernel], []> {
  spirv.func @shader() "None" {
    spirv.Return
  }
  // expected-error @+1 {{a module mixes GLCompute and Kernel entry points}}
  spirv.func @kernel() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @shader
  spirv.ExecutionMode @shader "LocalSize", 1, 1, 1
  spirv.EntryPoint "Kernel" @kernel
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{the module already defines @__spvabi_main, which the kernel ABI of @main needs}}
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.func @__spvabi_main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// -----

// A built-in whose name is not UTF-8 (found by the fuzzer: it used to panic).
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{has no meaning for a compute kernel}}
  spirv.GlobalVariable @id built_in("\FFGlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @main() "None" {
    %id = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @id
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}

// -----

// With bounds checks, a builtin taking a pointer must have its body
// (spirv-define-builtins first, as --emit and spirv-run-rs do): the checks
// reach its accesses through it.
spirv.module Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Linkage, Int64], []> {
  spirv.func @_Z10atomic_incPU3AS1Vi(!spirv.ptr<i32, CrossWorkgroup>) -> i32 "None" attributes {
    linkage_attributes = #spirv.linkage_attributes<linkage_name = "_Z10atomic_incPU3AS1Vi", linkage_type = <Import>>
  }
  spirv.func @count(%counter: !spirv.ptr<i32, CrossWorkgroup>) "None" {
    // expected-error @+1 {{@_Z10atomic_incPU3AS1Vi takes a pointer and has no body to bounds-check: run spirv-define-builtins before spirv-kernel-abi, or spirv-kernel-abi{bounds-checks=false}}}
    %old = spirv.FunctionCall @_Z10atomic_incPU3AS1Vi(%counter) : (!spirv.ptr<i32, CrossWorkgroup>) -> i32
    spirv.Return
  }
  spirv.EntryPoint "Kernel" @count
}
