// fuzz-diff finding 12 (session 14, feature sg_lanes), seed 101 with
// `--features sg_lanes,int,vector,control,function,array,shared,shape,
// subgroup,subgroup_sizes,atomic` (before the generator's workgroup shapes
// changed), reduced by the driver and by hand: a barrier, then a loop with
// no barrier, then a constant-trip loop with a barrier was refused on the
// region path ("the regions do not verify: PHI node entries do not match
// predecessors"); no subgroup operation is needed. Cause: `unroll.rs`
// unrolls the barrier loop and runs `simplifycfg`, which merged the first
// barrier's block into the entry and left it branching straight to the
// first loop's header; the region after a barrier starts at its branch's
// target, and the workgroup's dispatch became one more predecessor of a
// block with phis. `split_markers` now also splits a barrier whose branch
// goes to a block with phis. Expected (by hand, and the coroutine path's):
// sh = 1 2 3 4; acc = sh[l+1] = 2 3 4 1; trip 0: sh = 3 acc = 6 9 12 3,
// acc += sh[l+1] -> 11 15 7 7; trip 1: sh = 3 acc + 1 = 34 46 22 22,
// acc += sh[l+1] -> 57 37 29 41.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o k.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:0*4 --out o.out=u32 -- \
// RUN:   spirv-run-rs k.spv --workgroups 1 --buffer 0:0=o.bin:o.out | FileCheck %s
// RUN: spirv-run-rs k.spv --workgroups 1 --buffer 0:0=o.bin:c.out --barriers coroutines
// RUN: cmp o.out c.out
// CHECK: o.out: 57 37 29 41
#version 450
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Out { uint o[]; } outp;
shared uint sh[4];
void main() {
  uint l = gl_LocalInvocationIndex;
  sh[l] = l + 1u;
  barrier();
  uint acc = 0u;
  for (int i = 0; i < 1; i++) {
    acc += sh[(l + 1u) % 4u];
  }
  for (uint k = 0u; k < 2u; k++) {
    barrier();
    sh[l] = acc * 3u + k;
    barrier();
    acc += sh[(l + 1u) % 4u];
  }
  outp.o[l] = acc;
}
