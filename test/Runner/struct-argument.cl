// A struct passed to a kernel by value (a pointer parameter decorated
// FuncParamAttr ByVal) and on to a function: `--arg I=bytes:FILE` gives its
// bytes, as clSetKernelArg does (before session 17 the tool took only
// scalar values, so such a kernel could not be run from the command line).
// Found with it (session 17): the callee had no copy of its own (a callee
// writing to its struct changed the caller's), and clang marks such a
// callee `Const`, which was lowered to memory(none), so LLVM dropped the
// caller's stores to the struct before the call (`--spmd off --unchecked`
// gave 306 306 306 306 below).
// S = { int a = 5; float b = 2.5; long c = 100; char d = 7 } (24 bytes,
// C's layout); out[i] = f(S with a + i, 3) + f(S, 1) with f(s, k) =
// s.a * k + (int)s.b + (int)s.c + s.d: (5 + i) * 3 + 109 + 114.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o k0.spv
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o k2.spv
// RUN: python3 %S/regressions/Inputs/run-modes.py --in s.bin=u8:5,0,0,0,0,0,32,64,100,0,0,0,0,0,0,0,7,0,0,0,0,0,0,0 \
// RUN:   --in o.bin=i32:0*4 --out o.out=i32 -- spirv-run-rs k0.spv --entry k --global 4 --local 4 --arg 0=bytes:s.bin --arg 1=buffer:o.bin:o.out --arg 2=i32:3 | FileCheck %s
// RUN: python3 %S/regressions/Inputs/run-modes.py --in s.bin=u8:5,0,0,0,0,0,32,64,100,0,0,0,0,0,0,0,7,0,0,0,0,0,0,0 \
// RUN:   --in o.bin=i32:0*4 --out o.out=i32 -- spirv-run-rs k2.spv --entry k --global 4 --local 4 --arg 0=bytes:s.bin --arg 1=buffer:o.bin:o.out --arg 2=i32:3 | FileCheck %s
// CHECK: o.out: 238 241 244 247
//
// A callee and a kernel writing to their copies: g(s, k) adds k to s.a and
// doubles s.c, returning s.a + s.c; `own` adds 10 * i to its argument's a.
// mutate: first = g(t, 3) = i + 3 + 20, second = g(t, 3) the same (t is
// unchanged), out = first * 1000 + second + t.a * 100000.
// own: s.a = 5 + 10 * i; out = s.a + g(s, 1) = (5 + 10i) + (6 + 10i + 200)
// = 211 + 20i, in every invocation of both workgroups from one argument.
// RUN: python3 %S/regressions/Inputs/run-modes.py --in o.bin=i32:0*4 --out o.out=i32 -- spirv-run-rs k0.spv --entry mutate --global 4 --local 4 --arg 0=buffer:o.bin:o.out --arg 1=i32:3 | FileCheck %s --check-prefix=MUTATE
// RUN: python3 %S/regressions/Inputs/run-modes.py --in o.bin=i32:0*4 --out o.out=i32 -- spirv-run-rs k2.spv --entry mutate --global 4 --local 4 --arg 0=buffer:o.bin:o.out --arg 1=i32:3 | FileCheck %s --check-prefix=MUTATE
// MUTATE: o.out: 23023 124024 225025 326026
// RUN: python3 %S/regressions/Inputs/run-modes.py --in s.bin=u8:5,0,0,0,0,0,32,64,100,0,0,0,0,0,0,0,7,0,0,0,0,0,0,0 \
// RUN:   --in o.bin=i32:0*4 --out o.out=i32 -- spirv-run-rs k0.spv --entry own --global 4 --local 2 --arg 0=bytes:s.bin --arg 1=buffer:o.bin:o.out | FileCheck %s --check-prefix=OWN
// RUN: python3 %S/regressions/Inputs/run-modes.py --in s.bin=u8:5,0,0,0,0,0,32,64,100,0,0,0,0,0,0,0,7,0,0,0,0,0,0,0 \
// RUN:   --in o.bin=i32:0*4 --out o.out=i32 -- spirv-run-rs k2.spv --entry own --global 4 --local 2 --arg 0=bytes:s.bin --arg 1=buffer:o.bin:o.out | FileCheck %s --check-prefix=OWN
// OWN: o.out: 211 231 251 271
//
// Bytes of another size than the struct's: one error.
// RUN: python3 -c "open('short.bin', 'wb').write(bytes(20))"
// RUN: not spirv-run-rs k2.spv --entry k --global 4 --local 4 --arg 0=bytes:short.bin --arg 1=buffer:o.bin --arg 2=i32:3 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: error: {{.*}}argument 0 is a value of 24 bytes, not 20
// RUN: not spirv-run-rs k2.spv --entry k --global 4 --local 4 --arg 0=bytes:missing.bin --arg 1=buffer:o.bin --arg 2=i32:3 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: --arg 0=bytes:missing.bin: cannot read 'missing.bin'
typedef struct { int a; float b; long c; char d; } S;

__attribute__((noinline)) int f(S s, int k) { return s.a * k + (int)s.b + (int)s.c + s.d; }

kernel void k(S s, global int *out, int scale) {
  size_t i = get_global_id(0);
  S t = s;
  t.a += (int)i;
  out[i] = f(t, scale) + f(s, 1);
}

__attribute__((noinline)) int g(S s, int k) {
  s.a += k;
  s.c *= 2;
  return s.a + (int)s.c;
}

kernel void mutate(global int *out, int scale) {
  size_t i = get_global_id(0);
  S t = { (int)i, 1.5f, 10, 3 };
  int first = g(t, scale);
  int second = g(t, scale);
  out[i] = first * 1000 + second + t.a * 100000;
}

kernel void own(S s, global int *out) {
  size_t i = get_global_id(0);
  s.a += 10 * (int)i;
  out[i] = s.a + g(s, 1);
}
