// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=OpenCL pointer-layout=module' %s | FileCheck %s
// RUN: spirv-opt-rs -split-input-file -convert-spirv-to-llvm='client-api=OpenCL' %s | FileCheck %s --check-prefix=HOST
// RUN: not spirv-opt-rs -convert-spirv-to-llvm='pointer-layout=wide' %s 2>&1 | FileCheck %s --check-prefix=BAD

// `pointer-layout=module`: in a Physical32 module a pointer's memory form
// is an i32 holding its address (the module's 4 bytes), its value form an
// !llvm.ptr. Stores truncate with llvm.ptrtoint, loads zero-extend with
// llvm.inttoptr, member by member for aggregates; variables, globals and
// GEPs use the memory form, so the module's byte offsets mean the same
// bytes. The default (`host`) keeps !llvm.ptr in memory, as upstream.
// BAD: invalid value 'wide' for option 'pointer-layout' of pass 'convert-spirv-to-llvm': expected one of host, module

// CHECK-LABEL: module @physical32
// HOST-LABEL: module @physical32
spirv.module @physical32 Physical32 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int8], []> {
  // CHECK: llvm.mlir.global external @cell() {{.*}} : !llvm.struct<(i8, i32, i32)>
  // HOST: llvm.mlir.global external @cell() {{.*}} : !llvm.struct<(i8, ptr<1>, i32)>
  spirv.GlobalVariable @cell : !spirv.ptr<!spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>, Workgroup>
  // CHECK-LABEL: llvm.func @memory(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>)
  // HOST-LABEL: llvm.func @memory(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>)
  spirv.func @memory(%p: !spirv.ptr<i32, CrossWorkgroup>, %q: !spirv.ptr<!spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>, CrossWorkgroup>) "None" {
    // A function variable holding a pointer: 4 bytes.
    // CHECK: %[[V:.*]] = llvm.alloca %{{.*}} x i32 : (i32) -> !llvm.ptr
    // CHECK-NEXT: %[[P:.*]] = llvm.ptrtoint %arg0 : !llvm.ptr<1> to i32
    // CHECK-NEXT: llvm.store %[[P]], %[[V]] : i32, !llvm.ptr
    // CHECK-NEXT: %[[I:.*]] = llvm.load %[[V]] : !llvm.ptr -> i32
    // CHECK-NEXT: %[[L:.*]] = llvm.inttoptr %[[I]] : i32 to !llvm.ptr<1>
    // HOST: %[[V:.*]] = llvm.alloca %{{.*}} x !llvm.ptr<1> : (i32) -> !llvm.ptr
    // HOST-NEXT: llvm.store %arg0, %[[V]] : !llvm.ptr<1>, !llvm.ptr
    // HOST-NEXT: llvm.load %[[V]] : !llvm.ptr -> !llvm.ptr<1>
    %v = spirv.Variable : !spirv.ptr<!spirv.ptr<i32, CrossWorkgroup>, Function>
    spirv.Store "Function" %v, %p : !spirv.ptr<i32, CrossWorkgroup>
    %l = spirv.Load "Function" %v : !spirv.ptr<i32, CrossWorkgroup>
    %one = spirv.Constant 1 : i32
    // A member of a struct holding pointers: the GEP steps over the memory form.
    // CHECK: %[[M:.*]] = llvm.getelementptr %arg1[%{{.*}}, 1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.struct<(i8, i32, i32)>
    // CHECK-NEXT: %[[S:.*]] = llvm.ptrtoint %[[L]] : !llvm.ptr<1> to i32
    // CHECK-NEXT: llvm.store %[[S]], %[[M]] : i32, !llvm.ptr<1>
    // HOST: llvm.getelementptr %arg1[%{{.*}}, 1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.struct<(i8, ptr<1>, i32)>
    %member = spirv.AccessChain %q[%one] : !spirv.ptr<!spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>, CrossWorkgroup>, i32 -> !spirv.ptr<!spirv.ptr<i32, CrossWorkgroup>, CrossWorkgroup>
    spirv.Store "CrossWorkgroup" %member, %l : !spirv.ptr<i32, CrossWorkgroup>
    // A whole struct loaded (to its value form, member 1 widened) and
    // stored (member 1 truncated).
    // CHECK: %[[W:.*]] = llvm.load %arg1 : !llvm.ptr<1> -> !llvm.struct<(i8, i32, i32)>
    // CHECK: %[[W1:.*]] = llvm.extractvalue %[[W]][1] : !llvm.struct<(i8, i32, i32)>
    // CHECK-NEXT: %[[W1P:.*]] = llvm.inttoptr %[[W1]] : i32 to !llvm.ptr<1>
    // CHECK-NEXT: llvm.insertvalue %[[W1P]], %{{.*}}[1] : !llvm.struct<(i8, ptr<1>, i32)>
    // CHECK: %[[C1:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(i8, ptr<1>, i32)>
    // CHECK-NEXT: %[[C1I:.*]] = llvm.ptrtoint %[[C1]] : !llvm.ptr<1> to i32
    // CHECK-NEXT: llvm.insertvalue %[[C1I]], %{{.*}}[1] : !llvm.struct<(i8, i32, i32)>
    // CHECK: llvm.store %{{.*}}, %{{.*}} : !llvm.struct<(i8, i32, i32)>, !llvm.ptr<3>
    // HOST: llvm.load %arg1 : !llvm.ptr<1> -> !llvm.struct<(i8, ptr<1>, i32)>
    // HOST-NOT: llvm.extractvalue
    // HOST: llvm.store %{{.*}}, %{{.*}} : !llvm.struct<(i8, ptr<1>, i32)>, !llvm.ptr<3>
    %whole = spirv.Load "CrossWorkgroup" %q : !spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>
    %cell = spirv.mlir.addressof @cell : !spirv.ptr<!spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>, Workgroup>
    spirv.Store "Workgroup" %cell, %whole : !spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>
    // A typed copy: memory form to memory form, nothing converted.
    // CHECK-NEXT: %[[CP:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> !llvm.struct<(i8, i32, i32)>
    // CHECK-NEXT: llvm.store %[[CP]], %arg1 : !llvm.struct<(i8, i32, i32)>, !llvm.ptr<1>
    spirv.CopyMemory "CrossWorkgroup" %q, "Workgroup" %cell : !spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>
    // Whole elements of the memory form: 12 bytes, the module's.
    // CHECK-NEXT: llvm.getelementptr %arg1[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.struct<(i8, i32, i32)>
    // HOST: llvm.getelementptr %arg1[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.struct<(i8, ptr<1>, i32)>
    %next = spirv.PtrAccessChain %q[%one] : !spirv.ptr<!spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>, CrossWorkgroup>, i32 -> !spirv.ptr<!spirv.struct<(i8, !spirv.ptr<i32, CrossWorkgroup>, i32)>, CrossWorkgroup>
    spirv.Return
  }
}

// -----

// Bools and pointers in one aggregate, an array of pointers and a vector
// of bools: each scalar takes its own memory form.
// CHECK-LABEL: module @mixed
spirv.module @mixed Physical32 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses], []> {
  // CHECK-LABEL: llvm.func @mixed
  spirv.func @mixed(%q: !spirv.ptr<!spirv.struct<(i1, !spirv.array<2 x !spirv.ptr<i32, Workgroup>>)>, Function>) -> !spirv.struct<(i1, !spirv.array<2 x !spirv.ptr<i32, Workgroup>>)> "None" {
    // CHECK: %[[X:.*]] = llvm.load %arg0 : !llvm.ptr -> !llvm.struct<(i8, array<2 x i32>)>
    // CHECK: llvm.trunc %{{.*}} : i8 to i1
    // CHECK: %[[A:.*]] = llvm.extractvalue %[[X]][1] : !llvm.struct<(i8, array<2 x i32>)>
    // CHECK: %[[A0:.*]] = llvm.extractvalue %[[A]][0] : !llvm.array<2 x i32>
    // CHECK-NEXT: llvm.inttoptr %[[A0]] : i32 to !llvm.ptr<3>
    // CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1] : !llvm.array<2 x i32>
    // CHECK-NEXT: llvm.inttoptr %[[A1]] : i32 to !llvm.ptr<3>
    // CHECK: llvm.return %{{.*}} : !llvm.struct<(i1, array<2 x ptr<3>>)>
    %x = spirv.Load "Function" %q : !spirv.struct<(i1, !spirv.array<2 x !spirv.ptr<i32, Workgroup>>)>
    spirv.ReturnValue %x : !spirv.struct<(i1, !spirv.array<2 x !spirv.ptr<i32, Workgroup>>)>
  }
}

// -----

// Another addressing model keeps the host's layout under `module`.
// CHECK-LABEL: module @physical64
spirv.module @physical64 Physical64 OpenCL requires #spirv.vce<v1.0, [Kernel, Addresses, Int64], []> {
  // CHECK-LABEL: llvm.func @keep
  spirv.func @keep(%p: !spirv.ptr<i32, CrossWorkgroup>) "None" {
    // CHECK: llvm.alloca %{{.*}} x !llvm.ptr<1> : (i32) -> !llvm.ptr
    // CHECK-NEXT: llvm.store %arg0, %{{.*}} : !llvm.ptr<1>, !llvm.ptr
    // CHECK-NOT: ptrtoint
    // CHECK: llvm.return
    %v = spirv.Variable : !spirv.ptr<!spirv.ptr<i32, CrossWorkgroup>, Function>
    spirv.Store "Function" %v, %p : !spirv.ptr<i32, CrossWorkgroup>
    spirv.Return
  }
}
