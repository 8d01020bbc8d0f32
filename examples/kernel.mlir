// A small SPIR-V compute kernel, the example input of spirv-opt-rs:
//
//   data[i] = 2.0 * data[i] + float(i)   for i in 0..16
//
// over a storage buffer bound at (set 0, binding 0), with a structured loop
// whose counter lives in a Function-storage variable.
//
// Try:  spirv-opt-rs --convert-spirv-to-llvm examples/kernel.mlir

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @data bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>

  spirv.func @scale_and_offset() "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %count = spirv.Constant 16 : i32
    %two = spirv.Constant 2.0 : f32
    %counter = spirv.Variable init(%zero) : !spirv.ptr<i32, Function>
    %buffer = spirv.mlir.addressof @data : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      %i = spirv.Load "Function" %counter : i32
      %in_bounds = spirv.SLessThan %i, %count : i32
      spirv.BranchConditional %in_bounds, ^body, ^merge
    ^body:
      %element = spirv.AccessChain %buffer[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      %x = spirv.Load "StorageBuffer" %element : f32
      %doubled = spirv.FMul %x, %two : f32
      %offset = spirv.ConvertSToF %i : i32 to f32
      %result = spirv.FAdd %doubled, %offset : f32
      spirv.Store "StorageBuffer" %element, %result : f32
      spirv.Branch ^continue
    ^continue:
      %next = spirv.IAdd %i, %one : i32
      spirv.Store "Function" %counter, %next : i32
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }

  spirv.EntryPoint "GLCompute" @scale_and_offset
  spirv.ExecutionMode @scale_and_offset "LocalSize", 64, 1, 1
}
