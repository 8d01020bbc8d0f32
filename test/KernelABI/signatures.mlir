// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi=barriers=coroutines %s | FileCheck %s
// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi=barriers=coroutines %s | mlir-translate --mlir-to-llvmir -split-input-file > /dev/null
// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s | FileCheck %s --check-prefix=REGIONS
// RUN: spirv-opt-rs -split-input-file --convert-spirv-to-llvm=client-api=Vulkan --spirv-kernel-abi %s | mlir-translate --mlir-to-llvmir -split-input-file > /dev/null

// The kernel ABI's signatures (docs/abi.md), one entry-point form a chunk.
// What each built-in computes is checked by running it:
// vulkan-builtins.test, opencl-builtins.test, barriers.test.

// A GLCompute entry point without barriers: the entry point becomes an
// internal function taking the environment; a helper reaching a built-in
// takes it too, and gets it at its call; the workgroup function and the info
// are what a host sees; the replaced globals are gone.

// CHECK-NOT:   @gid(
// CHECK-NOT:   @data_descriptor_set0_binding1(
// CHECK:       llvm.func @index(%[[ENV:.*]]: !llvm.ptr) -> i32 {
// CHECK:         %[[SLOT:.*]] = llvm.getelementptr %[[ENV]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    %{{.*}} = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:       llvm.func internal @main(%[[MAIN_ENV:.*]]: !llvm.ptr) {
// CHECK:         llvm.call @index(%[[MAIN_ENV]]) : (!llvm.ptr) -> i32
// With workgroup memory, no runs of workgroups (docs/abi.md): no
// __spvabi_main_groups, the info's last field null.
// CHECK-NOT:   _groups
// CHECK:       llvm.func @__spvabi_main(%{{.*}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %{{.*}}: !llvm.ptr {llvm.readonly}) {
// CHECK:         llvm.call @main(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK:       llvm.mlir.global internal constant @__spvabi_main_resources() {addr_space = 0 : i32} : !llvm.array<1 x struct<(i32, i32, i32, i32, i32, i32)>>
// CHECK:       llvm.mlir.global external constant @__spvabi_main_info() {addr_space = 0 : i32} : !llvm.struct<(i32, i32, array<3 x i32>, i32, i32, i32, ptr, ptr)>
// CHECK:         llvm.mlir.addressof @__spvabi_main_resources
// CHECK:         %[[NONE:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:    %{{.*}} = llvm.insertvalue %[[NONE]], %{{.*}}[7]
// CHECK-NOT:   @tile(
// CHECK-NOT:   _groups
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @data bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
  spirv.GlobalVariable @params : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, PushConstant>
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
  spirv.func @index() -> i32 "None" {
    %gid = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %gid : vector<3xi32>
    %x = spirv.CompositeExtract %v[0 : i32] : vector<3xi32>
    spirv.ReturnValue %x : i32
  }
  spirv.func @main() "None" {
    %i = spirv.FunctionCall @index() : () -> i32
    %zero = spirv.Constant 0 : i32
    %params = spirv.mlir.addressof @params : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, PushConstant>
    %scale_ptr = spirv.AccessChain %params[%zero] : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, PushConstant>, i32 -> !spirv.ptr<f32, PushConstant>
    %scale = spirv.Load "PushConstant" %scale_ptr : f32
    %data = spirv.mlir.addressof @data : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
    %p = spirv.AccessChain %data[%zero, %i] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %x = spirv.Load "StorageBuffer" %p : f32
    %y = spirv.FMul %x, %scale : f32
    %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
    %t = spirv.AccessChain %tile[%zero] : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %t, %y : f32
    spirv.Store "StorageBuffer" %p, %y : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @gid, @data, @params, @tile
  spirv.ExecutionMode @main "LocalSize", 64, 1, 1
}

// -----

// With barriers=coroutines, a barrier makes the entry point a coroutine
// returning its handle; the workgroup function starts every invocation,
// then resumes the unfinished ones until all are done, then destroys them.
// A private variable's initializer stays as the value every invocation
// starts from.
//
// By default (regions), the barrier becomes the marker
// __spvabi_barrier(0) alone before a branch, the entry point is inlined
// into __spvabi_main.region (regions.rs splits it on LLVM IR), and the
// workgroup function takes the regions' storage (sized by what it holds:
// on its stack up to 8192 bytes, else malloc'ed and freed at the end;
// free(NULL) for the stack's) and runs rounds: per region (0: from the entry, 1: after
// barrier 0), a call of an alwaysinline round function with the region a
// constant (regions.rs adds one per region it makes by unrolling a loop
// with barriers), whose loop over the 8x8 invocations calls the region
// function and says which region each waits for next (or done). While
// every invocation waits for the same region (^UNIFORM, round.uniform,
// which returns the lowest and highest new state) the loop tests no
// state; once they differ, ^ROUND's round.waiting tests each. The loops
// over the invocations are parallel: the region call and the state's
// accesses in one access group, the back edge's loop annotation listing
// it (llvm.loop.parallel_accesses). Each round starts by copying the
// uniform values the last round's barriers wrote to where the regions
// read them (regions.rs keeps them once). Beside it, round.steps calls
// each region's step __spvabi_main.step.R (passed to it), which calls the
// steps' body with R constant: it runs the invocations waiting for R and
// returns their state (2: done); the loop steps by
// __spvabi_main.region_width: taken when the SPMD vectorizer made the
// steps vector lanes (the width is then more than 1).

// REGIONS-LABEL: // -----
// REGIONS:       #[[GROUP:access_group[0-9]*]] = #llvm.access_group<id = distinct[{{[0-9]+}}]<>>
// REGIONS-NEXT:  #[[LOOP:loop_annotation[0-9]*]] = #llvm.loop_annotation<parallelAccesses = #[[GROUP]]>
// REGIONS:       llvm.func @__spvabi_main(
// REGIONS:         %[[BYTES:.*]] = llvm.mlir.addressof @__spvabi_main.region_bytes
// REGIONS:         %[[UBYTES_AT:.*]] = llvm.mlir.addressof @__spvabi_main.region_uniform_bytes
// REGIONS-NEXT:    %[[UBYTES:.*]] = llvm.load %[[UBYTES_AT]]
// REGIONS:         %[[LIMIT:.*]] = llvm.mlir.constant(8192 : i64)
// REGIONS-NEXT:    %[[ON_STACK:.*]] = llvm.icmp "ule" %{{.*}}, %[[LIMIT]]
// REGIONS-NEXT:    %[[STACK:.*]] = llvm.alloca %[[LIMIT]] x i8
// REGIONS-NEXT:    llvm.cond_br %[[ON_STACK]], ^[[READY:bb[0-9]+]](%[[STACK]] : !llvm.ptr), ^[[HEAP:bb[0-9]+]]
// REGIONS-NEXT:  ^[[HEAP]]:
// REGIONS-NEXT:    %[[HEAP_STORAGE:.*]] = llvm.call @malloc(
// REGIONS-NEXT:    llvm.br ^[[READY]](%[[HEAP_STORAGE]] : !llvm.ptr)
// REGIONS-NEXT:  ^[[READY]](%[[STORAGE:.*]]: !llvm.ptr):
// REGIONS-NEXT:    %[[WRITTEN:.*]] = llvm.getelementptr %[[STORAGE]][%[[UBYTES]]]
// REGIONS:         llvm.mlir.addressof @__spvabi_main.region_width
// REGIONS:         llvm.cond_br %{{.*}}, ^[[UNIFORM:bb[0-9]+]](%{{.*}} : i64), ^[[STEPS:bb[0-9]+]]
// REGIONS-NEXT:  ^[[UNIFORM]](%{{.*}}: i64):
// REGIONS-NEXT:    "llvm.intr.memcpy"(%[[STORAGE]], %[[WRITTEN]], %[[UBYTES]])
// REGIONS-NEXT:    llvm.switch %{{.*}} : i64, ^[[DONE:bb[0-9]+]] [
// REGIONS-NEXT:      0: ^[[ALL0:bb[0-9]+]],
// REGIONS-NEXT:      1: ^[[ALL1:bb[0-9]+]]
// REGIONS:       ^[[ALL0]]:
// REGIONS-NEXT:    %[[R0:.*]] = llvm.mlir.constant(0 : i64) : i64
// REGIONS-NEXT:    %[[PAIR:.*]] = llvm.call @__spvabi_main.round.uniform(%[[R0]], {{.*}}) : (i64, i64, !llvm.ptr, {{.*}}) -> !llvm.struct<(i64, i64)>
// REGIONS-NEXT:    %[[LOW:.*]] = llvm.extractvalue %[[PAIR]][0]
// REGIONS-NEXT:    %[[HIGH:.*]] = llvm.extractvalue %[[PAIR]][1]
// REGIONS-NEXT:    %[[SAME:.*]] = llvm.icmp "eq" %[[LOW]], %[[HIGH]]
// REGIONS-NEXT:    llvm.cond_br %[[SAME]], ^[[UNIFORM]](%[[LOW]] : i64), ^[[ROUND:bb[0-9]+]](%[[LOW]] : i64)
// REGIONS:       ^[[ALL1]]:
// REGIONS-NEXT:    %[[R1:.*]] = llvm.mlir.constant(1 : i64) : i64
// REGIONS-NEXT:    llvm.call @__spvabi_main.round.uniform(%[[R1]],
// REGIONS:       ^[[ROUND]](%{{.*}}: i64):
// REGIONS-NEXT:    "llvm.intr.memcpy"(%[[STORAGE]], %[[WRITTEN]], %[[UBYTES]])
// REGIONS-NEXT:    llvm.switch %{{.*}} : i64, ^[[DONE]] [
// REGIONS-NEXT:      0: ^[[REGION0:bb[0-9]+]],
// REGIONS-NEXT:      1: ^[[REGION1:bb[0-9]+]]
// REGIONS:       ^[[REGION0]]:
// REGIONS:         llvm.call @__spvabi_main.round.waiting(
// REGIONS:       ^[[REGION1]]:
// REGIONS:         llvm.call @__spvabi_main.round.waiting(
// REGIONS:       ^[[STEPS]]:
// REGIONS:         llvm.mlir.addressof @__spvabi_main.step.0
// REGIONS-NEXT:    llvm.call @__spvabi_main.round.steps(
// REGIONS:         llvm.mlir.addressof @__spvabi_main.step.1
// REGIONS-NEXT:    llvm.call @__spvabi_main.round.steps(
// REGIONS:       ^[[DONE]]:
// REGIONS-NEXT:    %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// REGIONS-NEXT:    %[[OWNED:.*]] = llvm.select %[[ON_STACK]], %[[NULL]], %[[STORAGE]]
// REGIONS-NEXT:    llvm.call @free(%[[OWNED]])
// REGIONS:       llvm.func internal @__spvabi_main.region(
// REGIONS-SAME:    %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: i64) -> i64
// REGIONS-NOT:     llvm.call @main
// REGIONS:         llvm.call @__spvabi_barrier(%{{.*}}) : (i32) -> ()
// REGIONS-NEXT:    llvm.br
// REGIONS:       llvm.func internal @__spvabi_main.round.uniform(%[[REGION:arg0]]: i64,
// REGIONS-SAME:    -> !llvm.struct<(i64, i64)> attributes {always_inline}
// REGIONS-NOT:     llvm.icmp "eq"
// REGIONS:         llvm.call @__spvabi_main.region(%{{.*}}, %[[REGION]], %{{.*}}) {access_groups = [#[[GROUP]]]} : (!llvm.ptr, {{.*}}) -> i64
// REGIONS-NOT:     llvm.icmp "eq"
// REGIONS:         llvm.store %{{.*}}, %{{.*}} {access_groups = [#[[GROUP]]]} : i32, !llvm.ptr
// REGIONS-NEXT:    llvm.intr.umin
// REGIONS-NEXT:    llvm.intr.umax
// REGIONS-NEXT:    llvm.add
// REGIONS-NEXT:    llvm.br ^{{.*}} {loop_annotation = #[[LOOP]]}
// REGIONS:       llvm.func internal @__spvabi_main.round.waiting(%[[REGION:arg0]]: i64,
// REGIONS-SAME:    -> i64 attributes {always_inline}
// REGIONS:         llvm.load %{{.*}} {access_groups = [#[[GROUP]]]} : !llvm.ptr -> i32
// REGIONS:         llvm.icmp "eq" %{{.*}}, %[[REGION]] : i64
// REGIONS:         llvm.call @__spvabi_main.region(%{{.*}}, %[[REGION]], %{{.*}}) {access_groups = [#[[GROUP]]]} : (!llvm.ptr, {{.*}}) -> i64
// REGIONS:         llvm.intr.umin
// REGIONS:         llvm.br ^{{.*}} {loop_annotation = #[[LOOP]]}
// REGIONS:       llvm.func internal @__spvabi_main.round.steps(
// REGIONS-SAME:    %[[STEP:arg[0-9]+]]: !llvm.ptr, %[[WIDTH:arg[0-9]+]]: i64, %{{[a-z0-9]*}}: i64) -> i64 attributes {always_inline}
// REGIONS:         llvm.call %[[STEP]](
// REGIONS-NEXT:    llvm.intr.umin
// REGIONS-NEXT:    llvm.add %{{.*}}, %[[WIDTH]] : i64
// REGIONS:       llvm.func internal @__spvabi_main.step_body(%[[REGION:arg0]]: i64,
// REGIONS-SAME:    attributes {always_inline}
// REGIONS:         llvm.icmp "eq" %{{.*}}, %[[REGION]] : i64
// REGIONS:         llvm.call @__spvabi_main.region(%{{.*}}, %[[REGION]], %{{.*}}) : (!llvm.ptr, {{.*}}) -> i64
// REGIONS:       llvm.func internal @__spvabi_main.step.0(
// REGIONS-NEXT:    %[[S0:.*]] = llvm.mlir.constant(0 : i64) : i64
// REGIONS-NEXT:    llvm.call @__spvabi_main.step_body(%[[S0]],
// REGIONS:       llvm.func internal @__spvabi_main.step.1(
// REGIONS-NEXT:    %[[S1:.*]] = llvm.mlir.constant(1 : i64) : i64
// REGIONS-NEXT:    llvm.call @__spvabi_main.step_body(%[[S1]],
// REGIONS:       llvm.mlir.global external constant @__spvabi_main.region_width() {addr_space = 0 : i32} : i64
// REGIONS:       llvm.mlir.global external constant @__spvabi_main.region_bytes() {addr_space = 0 : i32} : i64
// REGIONS-NEXT:  llvm.mlir.global external constant @__spvabi_main.region_uniform_bytes() {addr_space = 0 : i32} : i64
// REGIONS-LABEL: // -----

// CHECK-LABEL: // -----
// CHECK:       llvm.mlir.global private @counter(
// CHECK:       llvm.func internal @main(%[[ENV:.*]]: !llvm.ptr) -> !llvm.ptr attributes {passthrough = ["presplitcoroutine"]} {
// CHECK:         %[[ID:.*]] = llvm.intr.coro.id
// CHECK:         %[[SIZE:.*]] = llvm.intr.coro.size : i64
// CHECK:         %[[FRAME:.*]] = llvm.call @malloc(%[[SIZE]]) : (i64) -> !llvm.ptr
// CHECK:         %[[HANDLE:.*]] = llvm.intr.coro.begin %[[ID]], %[[FRAME]]
// CHECK:         %[[SAVE:.*]] = llvm.intr.coro.save %[[HANDLE]]
// CHECK:         %[[STATE:.*]] = llvm.intr.coro.suspend %[[SAVE]], %{{.*}} : i8
// CHECK:         llvm.switch %[[STATE]] : i8, ^[[SUSPEND:.*]] [
// CHECK-NEXT:      0: ^[[RESUME:[a-z0-9]*]],
// CHECK-NEXT:      1: ^[[CLEANUP:[a-z0-9]*]]
// CHECK:         llvm.intr.coro.free %[[ID]], %[[HANDLE]]
// CHECK:         llvm.call @free(
// CHECK:         llvm.intr.coro.end %[[HANDLE]]
// CHECK:         llvm.return %[[HANDLE]] : !llvm.ptr
// CHECK:       llvm.func @__spvabi_main(
// CHECK:         llvm.mlir.addressof @counter
// CHECK:         %{{.*}} = llvm.call @main(%{{.*}}) : (!llvm.ptr) -> !llvm.ptr
// CHECK:         llvm.call_intrinsic "llvm.coro.done"
// CHECK:         llvm.intr.coro.resume
// CHECK:         llvm.call_intrinsic "llvm.coro.destroy"
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.SpecConstant @one = 1 : i32
  spirv.GlobalVariable @counter initializer(@one) : !spirv.ptr<i32, Private>
  spirv.func @main() "None" {
    %counter = spirv.mlir.addressof @counter : !spirv.ptr<i32, Private>
    %c = spirv.Load "Private" %counter : i32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %d = spirv.IAdd %c, %c : i32
    spirv.Store "Private" %counter, %d : i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @counter
  spirv.ExecutionMode @main "LocalSize", 8, 8, 1
}


// -----

// An entry point whose name is no identifier: the glue quotes it.
// Without barriers, workgroup memory or subgroups, the body runs a run of
// workgroups (`__spvabi_E_groups`, the count after the first id); reading
// its workgroup id, in a loop over the workgroups, x the first's + w,
// around the invocation loop;
// `__spvabi_E` runs one through it; the info's last field points at it
// (docs/abi.md, "Runs of workgroups").

// CHECK-LABEL: // -----
// CHECK:       llvm.func internal @"entry point"(%{{.*}}: !llvm.ptr) {
// CHECK:       llvm.func @"__spvabi_entry point"(%[[D:.*]]: !llvm.ptr {llvm.noalias, llvm.readonly}, %[[ID1:.*]]: !llvm.ptr {llvm.readonly}) {
// CHECK-NEXT:    %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    llvm.call @"__spvabi_entry point_groups"(%[[D]], %[[ID1]], %[[ONE]]) : (!llvm.ptr, !llvm.ptr, i32) -> ()
// CHECK-NEXT:    llvm.return
// CHECK:       llvm.func @"__spvabi_entry point_groups"(%{{.*}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %[[ID:.*]]: !llvm.ptr {llvm.readonly}, %[[COUNT:.*]]: i32) attributes {passthrough = ["noinline"]} {
// CHECK:         %[[X_AT:.*]] = llvm.getelementptr %[[ID]][0]
// CHECK-NEXT:    %[[X32:.*]] = llvm.load %[[X_AT]] : !llvm.ptr -> i32
// CHECK-NEXT:    %[[X:.*]] = llvm.zext %[[X32]] : i32 to i64
// CHECK:         %[[COUNT64:.*]] = llvm.zext %[[COUNT]] : i32 to i64
// CHECK-NEXT:    llvm.br ^[[GROUP:bb[0-9]+]](%{{.*}} : i64)
// CHECK-NEXT:  ^[[GROUP]](%[[W:.*]]: i64):
// CHECK-NEXT:    %[[MORE:.*]] = llvm.icmp "ult" %[[W]], %[[COUNT64]] : i64
// CHECK-NEXT:    llvm.cond_br %[[MORE]], ^[[BODY:bb[0-9]+]], ^[[DONE:bb[0-9]+]]
// CHECK-NEXT:  ^[[BODY]]:
// CHECK-NEXT:    %[[GROUP_X:.*]] = llvm.add %[[X]], %[[W]] : i64
// CHECK:         llvm.call @"__spvabi_entry point.invocations"(%{{.*}}, %[[GROUP_X]],
// CHECK:         %[[NEXT:.*]] = llvm.add %[[W]], %{{.*}} : i64
// CHECK-NEXT:    llvm.br ^[[GROUP]](%[[NEXT]] : i64)
// CHECK-NEXT:  ^[[DONE]]:
// CHECK-NEXT:    llvm.return
// CHECK:         llvm.call @"entry point"(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK:       llvm.mlir.global external constant @"__spvabi_entry point_info"()
// CHECK:         %[[GROUPS:.*]] = llvm.mlir.addressof @"__spvabi_entry point_groups" : !llvm.ptr
// CHECK-NEXT:    %{{.*}} = llvm.insertvalue %[[GROUPS]], %{{.*}}[7]
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @group built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @"entry point"() "None" {
    %group = spirv.mlir.addressof @group : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %group : vector<3xi32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @"entry point", @group
  spirv.ExecutionMode @"entry point" "LocalSize", 4, 1, 1
}

// -----

// Reading no id that differs between the workgroups of a run (the local
// and workgroup ids and index): the run is fused, one invocation loop over
// x < count x 4, the first workgroup's ids (`fuses_runs`, docs/abi.md).

// CHECK-LABEL: // -----
// CHECK:       llvm.func @__spvabi_fused_groups(%{{.*}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %{{.*}}: !llvm.ptr {llvm.readonly}, %[[COUNT:.*]]: i32) attributes {passthrough = ["noinline"]} {
// CHECK-NOT:     llvm.icmp "ult" %{{.*}}, %[[COUNT]]
// CHECK:         %[[COUNT64:.*]] = llvm.zext %[[COUNT]] : i32 to i64
// CHECK-NEXT:    %[[WIDTH:.*]] = llvm.mul %[[COUNT64]], %{{.*}} : i64
// CHECK:         %{{.*}} = llvm.icmp "ult" %[[I:.*]], %[[WIDTH]] : i64
// CHECK:         %[[N:.*]] = llvm.call @__spvabi_fused.invocations(
// CHECK-NEXT:    %[[NEXT:.*]] = llvm.add %[[I]], %[[N]] : i64
// CHECK-NEXT:    llvm.br ^{{bb[0-9]+}}(%[[NEXT]] : i64)
// CHECK:       llvm.mlir.global external constant @__spvabi_fused_info()
// CHECK:         %[[GROUPS:.*]] = llvm.mlir.addressof @__spvabi_fused_groups : !llvm.ptr
// CHECK-NEXT:    %{{.*}} = llvm.insertvalue %[[GROUPS]], %{{.*}}[7]
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @gid built_in("GlobalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @fused() "None" {
    %gid = spirv.mlir.addressof @gid : !spirv.ptr<vector<3xi32>, Input>
    %v = spirv.Load "Input" %gid : vector<3xi32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @fused, @gid
  spirv.ExecutionMode @fused "LocalSize", 4, 1, 1
}
