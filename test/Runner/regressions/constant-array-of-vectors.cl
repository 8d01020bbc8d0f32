// fuzz-diff-cl finding 16, docs/differential.md (issue 17), fixed: clang-22
// -O0 initializes a private uint2[2] from an OpConstantComposite of two
// OpConstantComposite vectors (no specialization constant anywhere), and the
// importer refuses it as "a specialization constant composite of composites
// (the dialect's spirv.SpecConstantComposite takes scalar constituents
// only)" (dialects/src/spirv/deserialize/constants.rs, scalar_constituent).
// Such initializers import as a `spirv_initializer.constituents` tree now
// (test/Import/private-initializers.spvasm).
// Seed 469 of the last run, reduced. Expected values: the constants' .y.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o k0.spv
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0,0 --out o.out=u32 -- \
// RUN:   spirv-run-rs k0.spv --global 2 --local 1 --arg 0=buffer:o.bin:o.out | FileCheck %s
// CHECK: o.out: 3659870669 23
__kernel void k(__global uint *out) {
  uint g = (uint)get_global_id(0);
  uint2 a[2] = {((uint2)(4237190573u, 3659870669u)), ((uint2)(2688489714u, 23u))};
  out[g] = a[g % 2u].y;
}
