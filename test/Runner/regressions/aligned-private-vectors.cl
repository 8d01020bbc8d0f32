// fuzz-diff-cl finding 07, docs/differential.md (issue 17): a private array
// of 16-vectors (clang-22 -O0 declares it OpVariable ... Alignment 64 and
// loads and stores its elements Aligned 64) became an alloca with the LLVM
// type's alignment (4: a 16-vector is [16 x i32] in memory), so the
// promised 64-byte-aligned accesses could be aligned vector moves of a
// misaligned address: SIGSEGV in every mode (seed 8, whose stack layout
// happened to misalign it). The alloca now carries the variable's alignment.
// Expected values: PoCL 3.1's.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o k0.spv
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o k2.spv
// RUN: spirv-opt-rs k0.spv --convert-spirv-to-llvm=client-api=OpenCL | FileCheck %s --check-prefix=IR
// IR: llvm.alloca %{{.*}} x !llvm.array<3 x array<16 x i32>> {alignment = 64 : i64} : (i32) -> !llvm.ptr
// IR: llvm.alloca %{{.*}} x !llvm.array<2 x array<8 x i64>> {alignment = 64 : i64} : (i32) -> !llvm.ptr
// RUN: python3 %S/Inputs/run-modes.py --in in.bin=u32:0x52e6b438,0xf2a74de4,0x269e0d37,0x6513270e,0xa6a3a450,0xc5c7fd0,0x128b2f33,0xd23f0824,0x892f902b,0x1818e811,0x5d9dc9f8,0x9531985d,0xed90475,0xe8e25d94,0x81e74ef5,0x36f675cc,0x99950d8,0x1600a35a,0x6f03675a,0x6b0d549b,0x11e20b8f,0x3d9c1724,0x1738f7d9,0x8d116ece,0x6cad4a26,0xf21ddb6,0xd3ac94af,0x90c192cf,0x1fb17c23,0xf28c105d,0x39263059,0xa170b338,0xa09f76b5,0x953f48f1,0xf29d0da9,0xfd630f1,0x93bd04cf,0x95e60af5,0x658cda14,0xcb1e29c,0xf9ebdacc,0x3898d190,0xbecd7b0,0x8e81973e,0xdbc496cb,0x2217bead,0x4a23d596,0x6b4cb242,0x24ede6a4,0x8a6a63ec,0x1e27a1c0,0x92276658,0x4ef8aa38,0x8f6d0558,0xd0eda82f,0xae97ba94,0x2e44158b,0x1a61dbe2,0x94e3bf91,0x923a7369,0xa38fd547,0x301850c5,0x5f557203,0x18f135d2 \
// RUN:   --in o.bin=u32:0*32 --out o.out=u32/16 -- spirv-run-rs k0.spv --global 8 --local 4 --arg 0=buffer:in.bin --arg 1=buffer:o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in in.bin=u32:0x52e6b438,0xf2a74de4,0x269e0d37,0x6513270e,0xa6a3a450,0xc5c7fd0,0x128b2f33,0xd23f0824,0x892f902b,0x1818e811,0x5d9dc9f8,0x9531985d,0xed90475,0xe8e25d94,0x81e74ef5,0x36f675cc,0x99950d8,0x1600a35a,0x6f03675a,0x6b0d549b,0x11e20b8f,0x3d9c1724,0x1738f7d9,0x8d116ece,0x6cad4a26,0xf21ddb6,0xd3ac94af,0x90c192cf,0x1fb17c23,0xf28c105d,0x39263059,0xa170b338,0xa09f76b5,0x953f48f1,0xf29d0da9,0xfd630f1,0x93bd04cf,0x95e60af5,0x658cda14,0xcb1e29c,0xf9ebdacc,0x3898d190,0xbecd7b0,0x8e81973e,0xdbc496cb,0x2217bead,0x4a23d596,0x6b4cb242,0x24ede6a4,0x8a6a63ec,0x1e27a1c0,0x92276658,0x4ef8aa38,0x8f6d0558,0xd0eda82f,0xae97ba94,0x2e44158b,0x1a61dbe2,0x94e3bf91,0x923a7369,0xa38fd547,0x301850c5,0x5f557203,0x18f135d2 \
// RUN:   --in o.bin=u32:0*32 --out o.out=u32/16 -- spirv-run-rs k2.spv --global 8 --local 4 --arg 0=buffer:in.bin --arg 1=buffer:o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 3521344417 1516410101 193324965 1390851128 299247341 2678544909 386613434 161042648 3640796909 1516410100 193315023 2694805173 2475422455 2678544695 386652115 619570852
// CHECK-NEXT: o.out[16]: 3989235437 1516410125 193337745 161042648 3622954713 2678544889 386622134 2694805173 3640796909 1516410096 193307109 3600809984 2372662007 2678544717 386646958 161042648
__kernel void k(__global const uint *in, __global uint *out) {
  uint g = (uint)get_global_id(0);
  uchar c = (uchar)in[g];
  ushort s = (ushort)in[g + 1];
  uint16 a[3] = {((__global const uint16 *)in)[g % 4u], ((__global const uint16 *)in)[1], ((__global const uint16 *)in)[2]};
  a[in[g] % 3u] = a[g % 3u] << a[in[g + 2] % 3u];
  ulong8 b[2] = {((__global const ulong8 *)in)[g % 2u], ((__global const ulong8 *)in)[1]};
  b[g % 2u] += b[(g + 1) % 2u];
  out[g * 4] = a[0].s3 ^ a[1].sa ^ a[2].sf;
  out[g * 4 + 1] = (uint)(b[0].s5 >> 7) + c;
  out[g * 4 + 2] = (uint)(b[1].s7 >> 29) + s;
  out[g * 4 + 3] = a[g % 3u].s0;
}
