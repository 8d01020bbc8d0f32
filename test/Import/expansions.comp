// Core instructions the MLIR 22 dialect has no op for, imported as the
// dialect ops that mean the same (docs/import.md): OpAny/OpAll over the
// lanes, OpAtomicLoad as an atomic add of 0, OpAtomicStore as an atomic
// exchange, OpGroupNonUniformBroadcastFirst as a shuffle from the lowest
// active invocation.
//
// RUN: glslangValidator -V --target-env vulkan1.1 %s -o %t.spv > /dev/null
// RUN: spirv-val --target-env vulkan1.1 %t.spv
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm | FileCheck %s --check-prefix=LLVM
#version 450
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_memory_scope_semantics : enable
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer B { uint counter; uint flags[]; } b;
void main() {
  uvec4 v = uvec4(b.flags[0], b.flags[1], b.flags[2], gl_LocalInvocationID.x);
  bvec4 nz = notEqual(v, uvec4(0));
  uint seen = atomicLoad(b.counter, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
  if (any(nz) && !all(nz)) {
    atomicStore(b.counter, seen + subgroupBroadcastFirst(v.w), gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease);
  }
}

// CHECK: requires #spirv.vce<v1.3, [Shader, GroupNonUniform, GroupNonUniformBallot, GroupNonUniformShuffle], []>
// The added value is a constant 0 (MLIR names it %cst0_i32...).
// CHECK: %{{.*}} = spirv.AtomicIAdd <Device> <Acquire|UniformMemory> %{{.*}}, %cst0_i32{{(_[0-9]+)?}} : !spirv.ptr<i32, StorageBuffer>
// any(): three ORs over four lanes; all(): three ANDs.
// CHECK-COUNT-3: spirv.LogicalOr
// CHECK-COUNT-3: spirv.LogicalAnd
// CHECK: %[[BALLOT:.*]] = spirv.GroupNonUniformBallot <Subgroup> %true : vector<4xi32>
// CHECK: %[[FIRST:.*]] = spirv.GroupNonUniformBallotFindLSB <Subgroup> %[[BALLOT]] : vector<4xi32>, i32
// CHECK: spirv.GroupNonUniformShuffle <Subgroup> %{{.*}}, %[[FIRST]] : i32, i32
// CHECK: spirv.AtomicExchange <Device> <Release|UniformMemory>

// LLVM: llvm.atomicrmw add %{{.*}}, %{{.*}} syncscope("device") acquire
// LLVM: llvm.atomicrmw xchg %{{.*}}, %{{.*}} syncscope("device") release
