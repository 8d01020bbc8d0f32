// fuzz-diff finding 05, docs/differential.md (issue 17): 8- and 16-bit integers in workgroup memory
// over several rounds of write / barrier / read / barrier (the barrier
// coroutine frames keep the private values across each barrier): a shared
// uint8_t, u8vec2 and u16vec2 array each, 8-bit vector arithmetic (min, *,
// + of a splat, a swizzled read) and 16-bit shifts and wrapping multiplies
// between the rounds, two workgroups of 32. The finding's stale u8vec2 value
// was the reference's fault (spec-select-vector.comp); this pins the
// narrow shared-memory rounds it was thought to break. Expected values:
// lavapipe's, equal to a by-hand model (GLSL's wrapping arithmetic) of the
// program; the glslang binary and its spirv-opt -O form, every mode.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o shared.spv > /dev/null
// RUN: spirv-opt -O shared.spv -o shared-O.spv
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:0x9E3779B9,0x85EBCA6B --in o.bin=u32:0*192 --out o.out=u32/12 -- \
// RUN:   spirv-run-rs shared.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:0x9E3779B9,0x85EBCA6B --in o.bin=u32:0*192 --out o.out=u32/12 -- \
// RUN:   spirv-run-rs shared-O.spv --workgroups 2 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out | FileCheck %s
// CHECK:      o.out[0]: 0 33056 1707091460 0 42791 520131037 0 52307 1010844143 0 33025 2621495867
// CHECK-NEXT: o.out[12]: 0 33104 473972912 72 24796 3632292526 0 20224 3158326056 0 62829 2432759644
// CHECK-NEXT: o.out[24]: 0 42605 536904399 0 385 1333849382 13 41330 2747307560 72 61937 474003379
// CHECK-NEXT: o.out[36]: 1 35281 880836958 0 79 1442858863 5 20609 3158362728 0 41638 2583707243
// CHECK-NEXT: o.out[48]: 0 0 1958741613 42 28070 922767776 13 4615 1958763889 13 32896 2621479811
// CHECK-NEXT: o.out[60]: 0 38774 473981403 13 52171 1010848459 0 53249 4152392918 13 20609 3586190309
// CHECK-NEXT: o.out[72]: 42 52043 536905860 0 33153 1824583425 0 0 2147531048 0 15034 2621467827
// CHECK-NEXT: o.out[84]: 0 1946 343959006 0 79 2147491432 72 6988 3569362201 13 257 3569412822
// CHECK-NEXT: o.out[96]: 42 5068 2655059435 0 28895 2445307892 3 58998 3632320179 0 5671 474004907
// CHECK-NEXT: o.out[108]: 0 497 155246023 0 128 297825260 5 6731 3569387894 0 61503 1191229720
// CHECK-NEXT: o.out[120]: 0 52043 222301087 72 0 2583749047 0 33923 3678462795 13 24705 578849801
// CHECK-NEXT: o.out[132]: 1 62965 2684403029 0 10023 1421908686 0 61824 788540456 0 9837 2520811051
// CHECK-NEXT: o.out[144]: 16 52171 4164979979 0 53432 3380628614 0 52171 3946850475 1 19403 2621493171
// CHECK-NEXT: o.out[156]: 0 607 1354820545 0 385 1577086307 13 39570 1174463955 13 42646 3158364424
// CHECK-NEXT: o.out[168]: 0 32832 1572872469 72 37819 2621449635 0 0 331412305 1 14337 1895864132
// CHECK-NEXT: o.out[180]: 0 32847 2684358685 37 48059 4106266993 13 56448 2621453927 0 32768 3158343539
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };
shared uint8_t s8[32];
shared u8vec2 v8[32];
shared u16vec2 v16[32];
void main() {
  uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
  uint x = (g + 1u) * a[0] ^ (a[1] >> (g & 15u));
  s8[l] = uint8_t(x);
  v8[l] = u8vec2(uint8_t(x >> 8), uint8_t(x >> 16));
  v16[l] = u16vec2(uint16_t(x), uint16_t(x >> 16));
  barrier();
  uint8_t t = s8[(l + 5u) & 31u];
  u8vec2 p = v8[(l + 12u) & 31u];
  u16vec2 q = v16[(l + 3u) & 31u];
  barrier();
  for (uint r = 0u; r < 3u; r++) {
    s8[l] = t * uint8_t(37) + uint8_t(r);
    v8[l] = min(p, u8vec2(uint8_t(200), uint8_t(128))) * (u8vec2(uint8_t(128), uint8_t(79)) * p) + u8vec2(t);
    v16[l] = (q << u16vec2(uint16_t(r + 1u))) ^ u16vec2(p);
    barrier();
    t = s8[(l + 7u * r + 1u) & 31u] / (s8[l] | uint8_t(1));
    p = v8[(l + 24u) & 31u] + v8[(l + r) & 31u].yx;
    q = v16[(l + 11u) & 31u] * u16vec2(uint16_t(3), uint16_t(40000));
    barrier();
  }
  o[3u * g] = uint(t);
  o[3u * g + 1u] = uint(p.x) | uint(p.y) << 8;
  o[3u * g + 2u] = uint(q.x) | uint(q.y) << 16;
}
