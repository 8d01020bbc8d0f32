// Session 10 h4 (issue 16/17): without the cl_khr_fp64 pragma clang-22
// leaves convert_double_rtp/_rtn/_rtz (scalars and vectors) as calls to
// Import-linkage functions; spirv-define-builtins now defines them exactly
// (passes/src/builtins/rules.rs `convert`/`directed`): the nearest value,
// then one ulp toward the rounding where it lies on the wrong side of the
// exact one (compared in i128).
// Expected values (checked by hand against the exact roundings): 2^63-1 ->
// 2^63 up, 2^63-1024 down/zero (PoCL 3.1 with the fp64 pragma gives the same 32 values); 2^64-1 -> 2^64 up, 2^64-2048 down/zero;
// +-(2^53+1) and 2^53+3 between two doubles; a float widened exactly.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o k0.spv
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o k2.spv
// RUN: python3 %S/Inputs/run-modes.py --in s.bin=i64:9223372036854775807,-9223372036854775807,9007199254740993,-9007199254740993 --in u.bin=u64:18446744073709551615,9007199254740995,1,0 --in f.bin=f32:0.1,-3.5,1e30,-0.0 \
// RUN:   --in o.bin=f64:0*32 --out o.out=f64/8 -- spirv-run-rs k0.spv --global 4 --local 1 --arg 0=buffer:s.bin --arg 1=buffer:u.bin --arg 2=buffer:f.bin --arg 3=buffer:o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in s.bin=i64:9223372036854775807,-9223372036854775807,9007199254740993,-9007199254740993 --in u.bin=u64:18446744073709551615,9007199254740995,1,0 --in f.bin=f32:0.1,-3.5,1e30,-0.0 \
// RUN:   --in o.bin=f64:0*32 --out o.out=f64/8 -- spirv-run-rs k2.spv --global 4 --local 1 --arg 0=buffer:s.bin --arg 1=buffer:u.bin --arg 2=buffer:f.bin --arg 3=buffer:o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 9.223372036854776e+18 9.223372036854775e+18 9.223372036854775e+18 1.8446744073709552e+19 1.844674407370955e+19 1.844674407370955e+19 0.10000000149011612 -9007199254740994.0
// CHECK-NEXT: o.out[8]: -9.223372036854775e+18 -9.223372036854776e+18 -9.223372036854775e+18 9007199254740996.0 9007199254740994.0 9007199254740994.0 -3.5 -9007199254740994.0
// CHECK-NEXT: o.out[16]: 9007199254740994.0 9007199254740992.0 9007199254740992.0 1.0 1.0 1.0 1.0000000150474662e+30 -9007199254740994.0
// CHECK-NEXT: o.out[24]: -9007199254740992.0 -9007199254740994.0 -9007199254740992.0 0.0 0.0 0.0 -0.0 -9007199254740994.0
__kernel void k(__global const long *s, __global const ulong *u, __global const float *f, __global double *d) {
  uint g = (uint)get_global_id(0);
  d[8 * g + 0] = convert_double_rtp(s[g]);
  d[8 * g + 1] = convert_double_rtn(s[g]);
  d[8 * g + 2] = convert_double_rtz(s[g]);
  d[8 * g + 3] = convert_double_rtp(u[g]);
  d[8 * g + 4] = convert_double_rtn(u[g]);
  d[8 * g + 5] = convert_double_rtz(u[g]);
  d[8 * g + 6] = convert_double_rtp(f[g]);
  d[8 * g + 7] = convert_double4_rtn(vload4(0, s)).w;
}
