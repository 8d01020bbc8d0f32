// fuzz-diff-cl finding 14, docs/differential.md (issue 17), fixed: without
// the cl_khr_fp64 pragma clang-22 leaves convert_double16 (and
// convert_double4, convert_double) as calls to Import-linkage functions
// (`_Z16convert_double16Dv16_m`), which the runner refused ("neither a
// builtin rule nor the runner defines" it). spirv-define-builtins now
// defines OpenCL C's convert_<type>[n] in their default rounding
// (passes/src/builtins/rules.rs, `convert`): the source's signedness from
// the mangled name (ulong: uitofp), to nearest even.
// Expected values: Python's float() of the integers (round to nearest even):
// ULONG_MAX, 2^53 + 1 (to 2^53), -(2^53 + 3) (a tie, to -(2^53 + 4)), and
// the float 0.1 widened.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o k0.spv
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o k2.spv
// RUN: python3 %S/Inputs/run-modes.py --in u.bin=u64:18446744073709551615,1*14,9007199254740993 --in s.bin=i64:-1,2,3,-9007199254740995 --in f.bin=f32:0.1 \
// RUN:   --in o.bin=f64:0*4 --out o.out=f64 -- spirv-run-rs k0.spv --global 1 --local 1 --arg 0=buffer:u.bin --arg 1=buffer:s.bin --arg 2=buffer:f.bin --arg 3=buffer:o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in u.bin=u64:18446744073709551615,1*14,9007199254740993 --in s.bin=i64:-1,2,3,-9007199254740995 --in f.bin=f32:0.1 \
// RUN:   --in o.bin=f64:0*4 --out o.out=f64 -- spirv-run-rs k2.spv --global 1 --local 1 --arg 0=buffer:u.bin --arg 1=buffer:s.bin --arg 2=buffer:f.bin --arg 3=buffer:o.bin:o.out | FileCheck %s
// CHECK: o.out: 1.8446744073709552e+19 9007199254740992.0 -9007199254740996.0 0.10000000149011612
__kernel void k(__global const ulong *u, __global const long *s, __global const float *f, __global double *out) {
  uint g = (uint)get_global_id(0);
  double16 d = convert_double16(vload16(g, u));
  double4 e = convert_double4(vload4(g, s));
  out[4 * g] = d.s0;
  out[4 * g + 1] = d.sf;
  out[4 * g + 2] = e.w;
  out[4 * g + 3] = convert_double(f[g]);
}
