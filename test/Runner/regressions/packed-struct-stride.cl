// An __attribute__((packed)) struct (OpDecorate CPacked) with the OpenCL
// client API was lowered to an unpacked LLVM struct: {char, int, short} took
// 12 bytes instead of 7, so p[i] for i > 0 and every write through it landed
// at the wrong address (found by session 17's sweep of decorations; the
// corpus' packed_structs.cl compares more of them with PoCL). Four 7-byte
// records (tag, count, delta) = (i, 1000 + i, -i), as bytes; each work-item
// writes tag * 1000 + count + delta and sets its record's count to 7 * i.
// Expected: Python's struct.pack('<bih') of the same records.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O0 -c %s -o k0.spv
// RUN: clang-22 --target=spirv64 -cl-std=CL2.0 -O2 -c %s -o k2.spv
// RUN: python3 %S/Inputs/run-modes.py --in p.bin=u8:0,232,3,0,0,0,0,1,233,3,0,0,255,255,2,234,3,0,0,254,255,3,235,3,0,0,253,255 \
// RUN:   --in o.bin=i32:0*4 --out p.out=u8 --out o.out=i32 -- spirv-run-rs k0.spv --global 4 --local 4 --arg 0=buffer:p.bin:p.out --arg 1=buffer:o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in p.bin=u8:0,232,3,0,0,0,0,1,233,3,0,0,255,255,2,234,3,0,0,254,255,3,235,3,0,0,253,255 \
// RUN:   --in o.bin=i32:0*4 --out p.out=u8 --out o.out=i32 -- spirv-run-rs k2.spv --global 4 --local 4 --arg 0=buffer:p.bin:p.out --arg 1=buffer:o.bin:o.out | FileCheck %s
// CHECK: p.out: 0 0 0 0 0 0 0 1 7 0 0 0 255 255 2 14 0 0 0 254 255 3 21 0 0 0 253 255
// CHECK: o.out: 1000 2000 3000 4000
typedef struct __attribute__((packed)) {
  char tag;
  int count;
  short delta;
} record;

__kernel void k(__global record *p, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = p[i].tag * 1000 + p[i].count + p[i].delta;
  p[i].count = (int)i * 7;
}
