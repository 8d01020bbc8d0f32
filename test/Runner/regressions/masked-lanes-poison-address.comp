// fuzz-diff finding 09 (session 10), seed 20261130 at --subgroup-size 4,
// reduced: in a kernel with barriers run as vectorized region steps, a
// step whose lanes are not all invocations (a workgroup of 1, 3 or 5 run
// 4 lanes wide) lost its stores: every output word 0. Cause: the SPMD
// vectorizer chooses a masked load/store (consecutive lanes) or a
// gather/scatter by comparing the lanes' addresses, and the lanes off the
// mask hold poison there (a pointer the step loaded from the
// per-invocation storage with a masked load); a branch on that comparison
// is undefined behaviour, and LLVM deleted the paths after it (here the
// region's stores of values crossing the barrier, so the next step read
// nothing). The addresses are now frozen and only the lanes on the mask
// compared (spmd.rs, `consecutive`). Sizes 8 and 16 happened to compile
// as meant; all four are pinned.
// Expected (GLSL's meaning, by hand from w[i] = 10 i + 3): o[2g] = w[g] + 1;
// o[2g + 1] = subgroupAdd(w[g]) over the invocation's subgroup (S
// consecutive local indices of its workgroup; the last one partial).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o k.spv > /dev/null
// RUN: python3 -c "import struct; open('w.bin','wb').write(struct.pack('<16I', *[10 * i + 3 for i in range(16)]))"
// Workgroups of one invocation: every subgroup is that invocation.
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*4 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=1 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 1 | FileCheck --check-prefix=ONE %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*4 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=1 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 4 | FileCheck --check-prefix=ONE %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*4 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=1 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 8 | FileCheck --check-prefix=ONE %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*4 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=1 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 16 | FileCheck --check-prefix=ONE %s
// ONE: o.out: 4 3 14 13
// Workgroups of 3.
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*12 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=3 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 1 | FileCheck --check-prefix=THREE1 %s
// THREE1: o.out: 4 3 14 13 24 23 34 33 44 43 54 53
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*12 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=3 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 4 | FileCheck --check-prefix=THREE %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*12 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=3 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 8 | FileCheck --check-prefix=THREE %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*12 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=3 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 16 | FileCheck --check-prefix=THREE %s
// THREE: o.out: 4 39 14 39 24 39 34 129 44 129 54 129
// Workgroups of 5: at S = 4 a full step and one with a single lane.
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*20 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=5 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 4 | FileCheck --check-prefix=FIVE4 %s
// FIVE4: o.out: 4 72 14 72 24 72 34 72 44 43 54 272 64 272 74 272 84 272 94 93
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*20 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=5 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 8 | FileCheck --check-prefix=FIVE %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread --in o.bin=u32:0*20 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --spec 0=5 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin:o.out --subgroup-size 16 | FileCheck --check-prefix=FIVE %s
// FIVE: o.out: 4 115 14 115 24 115 34 115 44 115 54 365 64 365 74 365 84 365 94 365
// The steps run as lanes, as wide as the subgroup.
// RUN: spirv-run-rs k.spv --spec 0=3 --workgroups 2 --buffer 0:0=w.bin --buffer 0:1=o.bin --subgroup-size 4 --time 2>&1 | FileCheck --check-prefix=TIME %s
// TIME: 4 invocations at once (SPMD)
// TIME: barriers as regions (2 regions
// TIME: subgroups of 4
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x_id = 0) in;
layout(std430, binding = 0) readonly buffer In { uint w[]; } inp;
layout(std430, binding = 1) buffer Out { uint o[]; } outp;
shared uint sha[4];
ivec4 g = ivec4(-3);
ivec2 f() { uint k = inp.w[6]; return g.xx & ivec2(int(inp.w[7]), int(inp.w[(k + 1u) & 15u])); }
void main() {
  uint gid = gl_GlobalInvocationID.x;
  uint lid = gl_LocalInvocationIndex;
  for (uint i = lid; i < 4u; i += 8u) sha[i] = 0u;
  barrier();
  for (int i = 0; i < 5; i++) { ivec2 r = f(); }
  outp.o[gid * 2u] = inp.w[gid & 15u] + 1u;
  outp.o[gid * 2u + 1u] = subgroupAdd(inp.w[gid & 15u]);
}
