// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm -verify-diagnostics %s

// ShaderCallKHR (the invocations of one shader call of a ray-tracing
// pipeline) has no LLVM synchronization scope.

spirv.func @scope_shader_call(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.AtomicIAdd' that was explicitly marked illegal: memory scope ShaderCallKHR has no LLVM synchronization scope}}
  %0 = spirv.AtomicIAdd <ShaderCallKHR> <None> %p, %v : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

spirv.func @compare_exchange_scope_shader_call(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32, %c: i32) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.AtomicCompareExchange' that was explicitly marked illegal: memory scope ShaderCallKHR has no LLVM synchronization scope}}
  %0 = spirv.AtomicCompareExchange <ShaderCallKHR> <Acquire> <Acquire> %p, %v, %c : !spirv.ptr<i32, StorageBuffer>
  spirv.ReturnValue %0 : i32
}

// -----

// SPIR-V allows at most one memory order per semantics. The verifier of the
// read-modify-write ops checks it; that of the compare-exchanges does not.

spirv.func @compare_exchange_two_orders(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.AtomicCompareExchange' that was explicitly marked illegal: memory semantics name two memory orders (Acquire and Release); SPIR-V allows at most one}}
  %0 = spirv.AtomicCompareExchange <Workgroup> <Acquire|Release> <None> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}

// -----

spirv.func @compare_exchange_weak_two_unequal_orders(%p: !spirv.ptr<i32, Workgroup>, %v: i32, %c: i32) -> i32 "None" {
  // expected-error@+1 {{failed to legalize operation 'spirv.AtomicCompareExchangeWeak' that was explicitly marked illegal: memory semantics name two memory orders (AcquireRelease and SequentiallyConsistent); SPIR-V allows at most one}}
  %0 = spirv.AtomicCompareExchangeWeak <Workgroup> <SequentiallyConsistent> <AcquireRelease|SequentiallyConsistent> %p, %v, %c : !spirv.ptr<i32, Workgroup>
  spirv.ReturnValue %0 : i32
}
