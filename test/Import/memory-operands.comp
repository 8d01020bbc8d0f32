// Memory operands with the scope <id>s of MakePointerAvailable and
// MakePointerVisible: the mask is kept, the scopes are consumed (the
// dialect's ops have no place for them), never read as an alignment.
// test/Runner/memory-operands.test runs the shader.
//
// RUN: glslangValidator -V --target-env vulkan1.3 %S/../Runner/Inputs/memory-model.comp -o %t.spv > /dev/null
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: clang-22 --target=spirv64 -cl-std=CL3.0 -O0 -c %S/../Runner/Inputs/dynamic-semantics.cl -o %t.cl.spv
// RUN: spirv-opt-rs %t.cl.spv | FileCheck %s --check-prefix=DYNAMIC

// CHECK: spirv.Load "StorageBuffer" %{{.*}} ["MakePointerVisible|NonPrivatePointer"] : i32
// CHECK: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} ["MakePointerAvailable|NonPrivatePointer"] : i32
// CHECK: spirv.AtomicIAdd <Device> <Acquire|UniformMemory|MakeVisible>

// LLVM-NOT: alignment = 5
// LLVM: llvm.load %{{.*}} : !llvm.ptr{{.*}} -> i32
// LLVM: llvm.atomicrmw add

// A memory order computed at run time: sequentially consistent.
// DYNAMIC: spirv.AtomicIAdd <Workgroup> <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory>
// A scope computed at run time (the atomic load's): CrossDevice.
// DYNAMIC: spirv.AtomicIAdd <CrossDevice> <SequentiallyConsistent>

// Members decorated Volatile: their accesses get the Volatile operand,
// the others (Coherent, Restrict, NonWritable, NonReadable) none.
// RUN: glslangValidator -V %S/../Runner/Inputs/member-qualifiers.comp -o %t.mq.spv > /dev/null
// RUN: spirv-opt-rs %t.mq.spv | FileCheck %s --check-prefix=MEMBERS
// RUN: spirv-opt-rs %t.mq.spv --convert-spirv-to-llvm | FileCheck %s --check-prefix=MEMBERS-LLVM
// MEMBERS: spirv.Load "Uniform" %{{.*}} : i32
// MEMBERS: spirv.Load "Uniform" %{{.*}} ["Volatile"] : i32
// MEMBERS: spirv.Store "Uniform" %{{.*}}, %{{.*}} : i32
// MEMBERS-LLVM: llvm.load volatile %{{.*}} : !llvm.ptr{{.*}} -> i32
