

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  // expected-error @+1 {{the module already defines @__spvabi_main, which the kernel ABI of @main needs}}
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.func @__spvabi_main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1,  []> {
  // expected-error @+1 {{the module already defines @__spvabi_main, which the kernel ABI of @main needs}}
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.func @__spvabi_main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv1, 1
}
