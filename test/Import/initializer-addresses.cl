// Program-scope pointers initialized with addresses (OpenCL C 2.0): the
// initializer is another variable (`= a`), or an OpSpecConstantOp chain over
// one. clang-22 writes LLVM's byte GEPs: `InBoundsPtrAccessChain %a %0 %8`
// typed `uchar*` (or typed as its base, `uint[4]*`, before a cast to
// generic): 8 counts bytes, read so where the indices do not walk to the
// result's pointee. The SPIRV-LLVM-Translator writes Bitcast /
// PtrAccessChain chains with typed results. The importer gives each global
// the address as `spirv_initializer.constituents = {global = @g, steps =
// [[type, indices...], ...]}` (a leaf of the tree for an array or struct of
// pointers); the lowering builds llvm.mlir.addressof and constant GEPs, and
// an addrspacecast for a generic pointer. Before: "<id> %N is not a
// defined constant" (a chain), MLIR's verifier (`= a`).
// Run: test/Runner/initializer-addresses.test.
//
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o %t.spv
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=SHAPE
// SHAPE-DAG: %whole = OpVariable {{.*}} CrossWorkgroup %a
// SHAPE-DAG: %[[THIRD:[0-9]+]] = OpSpecConstantOp %_ptr_CrossWorkgroup_uchar InBoundsPtrAccessChain %a %{{[0-9]+}} %ulong_8
// SHAPE-DAG: %third = OpVariable {{.*}} CrossWorkgroup %[[THIRD]]
// SHAPE-DAG: %indirect = OpVariable {{.*}} CrossWorkgroup %third
// RUN: spirv-opt-rs %t.spv | FileCheck %s
// CHECK-DAG: spirv.GlobalVariable @whole {{{.*}}spirv_initializer.constituents = {global = @a, steps = []}}
// CHECK-DAG: spirv.GlobalVariable @third {{{.*}}spirv_initializer.constituents = {global = @a, steps = {{\[\[}}!spirv.array<4 x i32>, 0], [i8, 8]]}}
// CHECK-DAG: spirv.GlobalVariable @member {{{.*}}spirv_initializer.constituents = {global = @t, steps = {{\[\[}}!spirv.struct<(i32, i32, i32)>, 0], [i8, 8]]}}
// CHECK-DAG: spirv.GlobalVariable @picks {{{.*}}spirv_initializer.constituents = [{global = @a, steps = {{\[\[}}!spirv.array<4 x i32>, 0], [i8, 4]]}, {global = @a, steps = {{\[\[}}!spirv.array<4 x i32>, 0], [i8, 12]]}]}
// CHECK-DAG: spirv.GlobalVariable @indirect {{{.*}}spirv_initializer.constituents = {global = @third, steps = []}}
// CHECK-DAG: spirv.GlobalVariable @to_constant {{{.*}}spirv_initializer.constituents = {global = @c, steps = {{\[\[}}!spirv.array<3 x i32>, 0], [i8, 4]]}} : !spirv.ptr<!spirv.ptr<i8, UniformConstant>, CrossWorkgroup>
// CHECK-DAG: spirv.GlobalVariable @to_generic {{{.*}}spirv_initializer.constituents = {global = @a, steps = {{\[\[}}!spirv.array<4 x i32>, 0], [i8, 4]]}} : !spirv.ptr<!spirv.ptr<i8, Generic>, CrossWorkgroup>
// RUN: spirv-opt-rs %t.spv --convert-spirv-to-llvm=client-api=OpenCL | FileCheck %s --check-prefix=LLVM
// LLVM-LABEL: llvm.mlir.global external @whole() {{.*}} : !llvm.ptr<1> {
// LLVM-NEXT: %[[A:.*]] = llvm.mlir.addressof @a : !llvm.ptr<1>
// LLVM-NEXT: llvm.return %[[A]] : !llvm.ptr<1>
// LLVM-LABEL: llvm.mlir.global external @third() {{.*}} : !llvm.ptr<1> {
// LLVM-NEXT: %[[A:.*]] = llvm.mlir.addressof @a : !llvm.ptr<1>
// LLVM-NEXT: %[[Z:.*]] = llvm.mlir.constant(0 : i64) : i64
// LLVM-NEXT: %[[G:.*]] = llvm.getelementptr %[[A]][%[[Z]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, !llvm.array<4 x i32>
// LLVM-NEXT: %[[E:.*]] = llvm.mlir.constant(8 : i64) : i64
// LLVM-NEXT: %[[B:.*]] = llvm.getelementptr %[[G]][%[[E]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// LLVM-NEXT: llvm.return %[[B]] : !llvm.ptr<1>
// LLVM-LABEL: llvm.mlir.global external @picks() {{.*}} : !llvm.array<2 x ptr<1>> {
// LLVM: llvm.insertvalue %{{.*}}[0] : !llvm.array<2 x ptr<1>>
// LLVM: llvm.insertvalue %{{.*}}[1] : !llvm.array<2 x ptr<1>>
// LLVM-LABEL: llvm.mlir.global external @indirect() {{.*}} : !llvm.ptr<1> {
// LLVM-NEXT: llvm.mlir.addressof @third : !llvm.ptr<1>
// LLVM-LABEL: llvm.mlir.global external @to_constant() {{.*}} : !llvm.ptr<2> {
// LLVM-NEXT: llvm.mlir.addressof @c : !llvm.ptr<2>
// LLVM-LABEL: llvm.mlir.global external @to_generic() {{.*}} : !llvm.ptr<4> {
// LLVM: llvm.addrspacecast %{{.*}} : !llvm.ptr<1> to !llvm.ptr<4>
//
// The Translator's chains: Bitcast to uchar*, PtrAccessChain by bytes, Bitcast back.
// RUN: clang-15 -cc1 -triple spir64 -no-opaque-pointers -emit-llvm-bc -finclude-default-header -cl-std=CL2.0 -O0 %s -o %t.bc
// RUN: llvm-spirv-15 %t.bc -o %t.translator.spv
// RUN: spirv-dis %t.translator.spv | FileCheck %s --check-prefix=TSHAPE
// TSHAPE: %[[CAST:[0-9]+]] = OpSpecConstantOp %_ptr_CrossWorkgroup_uchar Bitcast %a
// TSHAPE: %[[STEP:[0-9]+]] = OpSpecConstantOp %_ptr_CrossWorkgroup_uchar PtrAccessChain %[[CAST]] %ulong_8
// RUN: spirv-opt-rs %t.translator.spv | FileCheck %s --check-prefix=TRANSLATOR
// TRANSLATOR-DAG: spirv.GlobalVariable @whole {{{.*}}spirv_initializer.constituents = {global = @a, steps = {{\[\[}}!spirv.array<4 x i32>, 0, 0]]}}
// TRANSLATOR-DAG: spirv.GlobalVariable @third {{{.*}}spirv_initializer.constituents = {global = @a, steps = {{\[\[}}i8, 8]]}}
// TRANSLATOR-DAG: spirv.GlobalVariable @to_generic {{{.*}}spirv_initializer.constituents = {global = @a, steps = {{\[\[}}i8, 4]]}} : !spirv.ptr<!spirv.ptr<i32, Generic>, CrossWorkgroup>
//
// Physical32: the module counts 4 bytes per pointer in memory, the runner 8.
// The arrays and structs of addresses are laid out as the runner lays them
// out, which is right for every typed access (-O0: `picks[1]` by element);
// -O2 reads `picks[1]` at byte 4 (the module's pointer size), which the
// import makes a typed chain, element 1 of `picks` (deserialize/
// physical32.rs, `typed_offsets`; before: refused); a byte offset into
// memory holding pointers in an initializer (`&picks[1]` as
// `InBoundsPtrAccessChain %picks %0 %4`: addresses.rs) is refused, one
// located error, exit status 1. Runs: test/Runner/initializer-addresses.test.
// RUN: clang-22 --target=spirv32 -cl-std=CL2.0 -O0 -c %s -o %t.32-O0.spv
// RUN: spirv-opt-rs %t.32-O0.spv | FileCheck %s --check-prefix=PHYSICAL32-O0
// PHYSICAL32-O0: spirv.GlobalVariable @picks {{{.*}}spirv_initializer.constituents = [{global = @a, steps = {{.*}}[i8, 4]]}, {global = @a, steps = {{.*}}[i8, 12]]}]
// RUN: clang-22 --target=spirv32 -cl-std=CL2.0 -O2 -c %s -o %t.32.spv
// RUN: spirv-opt-rs %t.32.spv | FileCheck %s --check-prefix=PHYSICAL32
// PHYSICAL32: spirv.InBoundsPtrAccessChain %picks_addr[%cst0_i32 %cst1_i32] : !spirv.ptr<!spirv.array<2 x !spirv.ptr<i8, CrossWorkgroup>>, CrossWorkgroup>, i32, i32 -> !spirv.ptr<!spirv.ptr<i8, CrossWorkgroup>, CrossWorkgroup>
// RUN: clang-22 --target=spirv32 -cl-std=CL2.0 -O0 -DPICK_OF_PICKS -c %s -o %t.32-pick.spv
// RUN: not spirv-opt-rs %t.32-pick.spv 2>&1 | FileCheck %s --check-prefix=PHYSICAL32-INIT
// PHYSICAL32-INIT: byte offset {{[0-9]+}}: cannot represent in the SPIR-V dialect: a byte offset into a global holding pointers, in an address in a Physical32 module's initializer (its pointers take 4 bytes in memory, the runner's 8)

typedef struct { int unused; int x; int y; } Triple;
global int a[4] = {1, 2, 3, 4};
global Triple t = {0, 5, 6};
global int *global whole = a;
global int *global third = &a[2];
global int *global member = &t.y;
global int *global picks[2] = {&a[1], &a[3]};
global int *global *global indirect = &third;
constant int c[3] = {7, 8, 9};
constant int *global to_constant = &c[1];
int *global to_generic = &a[1];
#ifdef PICK_OF_PICKS
global int *global *global pick_of_picks = &picks[1];
#endif

kernel void k(global int *out) {
  out[0] = *whole + *third + *member + *picks[1] + **indirect + *to_constant + *to_generic + a[0] + t.x + c[0];
#ifdef PICK_OF_PICKS
  out[1] = **pick_of_picks;
#endif
}
