// A constant array of structs with tail padding in an OpenCL module
// (clang's `{ i32, i32, float, [3 x i16], [2 x i8] }` elements): the
// constant lowering converted each element with the default client API,
// giving a packed struct the unpacked array type could not hold ("'llvm.
// insertvalue' op Type mismatch: cannot insert '!llvm.struct<packed (...)>'
// into '!llvm.array<2 x struct<(...)>>'"); now with the rewriter's type
// converter, as the array itself. Found by the sweep's program_scope.cl.
// Expected: each work-item i reads table[i & 1]: count * 10 + tag[i % 3] and
// scale * 4.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: clang-22 --target=spirv64 -cl-std=CL1.2 -O0 -c %s -o k0.spv
// RUN: clang-22 --target=spirv64 -cl-std=CL1.2 -O2 -c %s -o k2.spv
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=i32:0*8 --out o.out=i32 -- spirv-run-rs k0.spv --global 4 --local 4 --arg 0=buffer:o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=i32:0*8 --out o.out=i32 -- spirv-run-rs k2.spv --global 4 --local 4 --arg 0=buffer:o.bin:o.out | FileCheck %s
// CHECK: o.out: 41 2 98 -8 43 2 97 -8
typedef struct { int unused; int count; float scale; short tag[3]; } Info;
constant Info table[2] = {{0, 4, 0.5f, {1, 2, 3}}, {0, 9, -2.0f, {7, 8, 9}}};

kernel void k(global int *out) {
    size_t i = get_global_id(0);
    Info info = table[i & 1];
    out[2 * i] = info.count * 10 + info.tag[i % 3];
    out[2 * i + 1] = (int)(info.scale * 4.0f);
}
