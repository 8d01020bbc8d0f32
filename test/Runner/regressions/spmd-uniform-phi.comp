// SPMD uniformity of phis (spmd.rs find_varying, Cfg::divergent_joins): a
// phi of uniform values stays one scalar for all lanes where every active
// lane came by the same edge, and is per lane where lanes may arrive by
// different edges. Per invocation i (8 of them), with k a push constant:
// u: a branch on k (uniform) between two loads, a uniform phi;
// v: a branch on i (varying) between two loads, a varying phi of uniform
//    values; w: inside `if (i < 5)`, a branch on k again (uniform within the
//    lanes there) plus u; n: a loop over j that lanes leave at j = i, the
//    last d[6 + j] loaded (the exit's phi is per lane).
// d = 11 22 33 44 55 66 1 2 3 ...: k = 5: u 11, v 33 (odd i) or 44, w 66
// for i < 5 else 0, n = i; k = 2: u 22, w 88 for i < 5.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o k.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in d.bin=u32:11,22,33,44,55,66,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --in o.bin=u32:0*32 --in k5.bin=u32:5 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs k.spv --workgroups 1 --buffer 0:0=d.bin --buffer 0:1=o.bin:o.out --push-constants k5.bin | FileCheck %s --check-prefix=K5
// K5:      o.out[0]: 11 44 66 0
// K5-NEXT: o.out[4]: 11 33 66 1
// K5-NEXT: o.out[8]: 11 44 66 2
// K5-NEXT: o.out[12]: 11 33 66 3
// K5-NEXT: o.out[16]: 11 44 66 4
// K5-NEXT: o.out[20]: 11 33 0 5
// K5-NEXT: o.out[24]: 11 44 0 6
// K5-NEXT: o.out[28]: 11 33 0 7
// RUN: python3 %S/Inputs/run-modes.py --in d.bin=u32:11,22,33,44,55,66,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 --in o.bin=u32:0*32 --in k2.bin=u32:2 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs k.spv --workgroups 1 --buffer 0:0=d.bin --buffer 0:1=o.bin:o.out --push-constants k2.bin | FileCheck %s --check-prefix=K2
// K2:      o.out[0]: 22 44 88 0
// K2-NEXT: o.out[4]: 22 33 88 1
// K2-NEXT: o.out[8]: 22 44 88 2
// K2-NEXT: o.out[12]: 22 33 88 3
// K2-NEXT: o.out[16]: 22 44 88 4
// K2-NEXT: o.out[20]: 22 33 0 5
// K2-NEXT: o.out[24]: 22 44 0 6
// K2-NEXT: o.out[28]: 22 33 0 7
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer D { uint d[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
layout(push_constant) uniform P { uint k; };
void main() {
    uint i = gl_LocalInvocationID.x;
    uint u;
    if (k > 3) { u = d[0]; } else { u = d[1]; }
    uint v;
    if ((i & 1u) == 1u) { v = d[2]; } else { v = d[3]; }
    uint w = 0;
    if (i < 5) {
        if (k > 3) { w = d[4]; } else { w = d[5]; }
        w += u;
    }
    uint n = 0;
    for (uint j = 0; j < 16; j++) {
        if (j >= i) { break; }
        n = d[6 + j];
    }
    o[4 * i] = u;
    o[4 * i + 1] = v;
    o[4 * i + 2] = w;
    o[4 * i + 3] = n;
}
