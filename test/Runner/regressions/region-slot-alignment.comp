// Session 17 (h4, fuzz-diff seed 20261731 on an AVX-512 CPU, reduced and
// rewritten): a barrier kernel ended with SIGSEGV in every mode with regions
// (not with coroutines, not with --unchecked). The region storage holds the
// values that cross a barrier and are the same for every invocation twice
// (read copy, then written copy: docs/abi.md, "Barriers"), and the written
// copy started at the read copy's size rounded to 16 bytes. Here that size
// was 80, so a u64vec4 value at offset 32 of the written copy sat at 112
// from a 64-byte aligned storage, and the `vmovaps` that stored it (the
// region pass's store says the vector's alignment, 32) faulted. The copies
// are now rounded to the storage's 64-byte alignment (regions.rs,
// STORAGE_ALIGNMENT). Expected values: Python (the uniform block's `keep` is
// false; the clustered maximum over clusters of one is the value itself).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o k.spv > /dev/null
// RUN: python3 %S/Inputs/run-modes.py --in a.bin=u32:0,2654435761,1013904226,3668339987,2027808452,387276917,3041712678,1401181143,4055616904,2415085369,774553834,3428989595,1788458060,147926525,2802362286,1161830751,3816266512,2175734977,535203442,3189639203,1549107668,4203543429,2563011894,922480359,3576916120,1936384585,295853050,2950288811,1309757276,3964193037,2323661502,683129967,3337565728,1697034193,56502658,2710938419,1070406884,3724842645,2084311110,443779575,3098215336,1457683801,4112119562,2471588027,831056492,3485492253,1844960718,204429183,2858864944,1218333409,3872769170,2232237635,591706100,3246141861,1605610326,4260046087,2619514552,978983017,3633418778,1992887243,352355708,3006791469,1366259934,4020695695 --in u.bin=u32:0*4 --in o.bin=u64:0*72 --out o.out=u64/8 -- \
// RUN:   spirv-run-rs k.spv --workgroups 3 --subgroup-size 8 --buffer 0:0=a.bin --buffer 0:1=o.bin:o.out --buffer 0:2=u.bin | FileCheck %s
// RUN: spirv-run-rs k.spv --workgroups 3 --subgroup-size 8 --buffer 0:0=a.bin --buffer 0:1=o.bin:co.out --buffer 0:2=u.bin --barriers coroutines
// RUN: cmp o.out co.out
// CHECK:      o.out[0]: 6761580548896968782 16561413336824261911 16849643715336265132 6473350171514350871 5320428670132930826 5320428666907503895 9932114685404707432 5248371072869575959
// CHECK-NEXT: o.out[8]: 7914502053472102390 420512272328404247 3014585659758121812 15696722208369126679 5320428670109588658 5320428666907503895 9932114689401587728 13895282357420928279
// CHECK-NEXT: o.out[16]: 9067423557780878718 2726355281542098199 7626271677887456988 6473350171698866283 5320428669811053114 5320428668231407049 9932114685334891799 12742360852814081303
// CHECK-NEXT: o.out[24]: 10220345061486603543 5032198291626745461 12237957694548585751 15696722210369457107 5320428666907503895 5320428669772986161 9932114685334891799 15048203866030497951
// CHECK-NEXT: o.out[32]: 11373266566093450519 7338041300542385661 16849643712975973655 6473350173216610651 5320428666907503895 5320428669474900665 9932114686320544840 7554214085787923975
// CHECK-NEXT: o.out[40]: 12526188072825305558 9643884309458002789 3014585660679759156 15696722208369126679 5320428671027074706 5320428666907503895 9932114686028301296 6401292577476422935
// CHECK-NEXT: o.out[48]: 13679109577134133086 11949727318396874007 7626271678809143484 6473350171514350871 5320428670729020442 5320428666907503895 9932114685998666104 4095449568262728983
// CHECK-NEXT: o.out[56]: 5608659044588126918 14255570327610567959 12237957697206881828 15696722209179349491 5320428670430952322 5320428668855500113 9932114685700613344 12742360855895125695
// CHECK-NEXT: o.out[64]: 6761580548896968782 16561413336824261911 16849643715336265132 6473350171514350871 5320428670132930826 5320428666907503895 9932114685404707432 16201125366634622231
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_KHR_shader_subgroup_clustered : require
layout(local_size_x = 8, local_size_y = 3) in;
layout(set = 0, binding = 0) readonly buffer A { uint a[64]; };
layout(set = 0, binding = 1) buffer O { uint64_t o[]; };
layout(set = 0, binding = 2) uniform U { bool keep; };
struct R { int16_t lo; int16_t hi; u64vec4 v; };
shared u8vec3 bytes[24];
shared uint zeroed[4];
uint64_t first[3] = uint64_t[3](0x1980a5670c9218e1ul, 5ul, 6ul);
R r = R(int16_t(-300), int16_t(-200), u64vec4(0x89d5d4ad07d3a517ul, 2ul, 3ul, 0xab0a26e0f3c2104cul));
void main() {
  uint l = gl_LocalInvocationIndex;
  uint g = gl_WorkGroupID.x * 24u + l;
  for (uint i = l; i < 4u; i += 24u) zeroed[i] = 0u;
  barrier();
  r.v.x |= keep ? r.v.x : (first[0] & min(r.v.w, 0x4db9ad1e35d36a01ul));
  bytes[l] = u8vec3(uint8_t(a[(g + 9u) & 63u]), uint8_t(a[(g + 18u) & 63u]), uint8_t(a[(g + 27u) & 63u])) << (u8vec3(uint8_t(a[l & 63u])) & u8vec3(uint8_t(7)));
  barrier();
  barrier();
  barrier();
  uint m = 0u;
  if (r.lo * r.hi <= int16_t(a[(g + 3u) & 63u])) {
    m = uint(subgroupClusteredMax(int(a[(g + 41u) & 63u]), 1u));
  }
  barrier();
  o[g] = r.v.x ^ uint64_t(m) ^ (uint64_t(bytes[(l + 1u) % 24u].x) << 56);
}
