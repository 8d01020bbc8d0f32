// fuzz-diff finding 09 (open; docs/differential.md, docs/notes.md session 10): reduced by
// line deletion from seed 20261130 (the test command's seeds). Wrong output words when a
// kernel with barriers runs its regions' steps 4 lanes wide; right at 1, 8 and 16.
// Reproduce: set SUBGROUPS_WITH_BARRIERS = True in scripts/fuzz-diff, run
//   scripts/fuzz-diff --seed 20261130 --count 1 --modes sg4 --keep DIR
// then put this shader in place of DIR/seed-*/prog.comp (same buffers) and compare
//   spirv-run-rs ... --subgroup-size 4   against   ... --subgroup-size 1
// (the --workgroups, --buffer, --push-constants and --spec arguments of DIR/seed-*/repro.sh).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_KHR_shader_subgroup_arithmetic : require
struct S0 {
  i16vec4 f0;
  ivec3 f1;
  u8vec2 f2;
  uvec4 f3;
};
struct S1 {
  int16_t f0;
};
layout(std430, binding = 0) readonly buffer In {
  uint w[256];
  u8vec2 m0;
  int8_t m1;
  uint m2;
} inp;
layout(std430, binding = 1) buffer Out {
  uint o[];
} outp;
struct R {
  ivec2 r0;
};
layout(std430, binding = 2) buffer Rec {
  R r[];
} rec;
layout(std430, binding = 3) buffer At {
  uint a[4];
} at;
layout(std430, binding = 20) buffer Sg {
  uint s[8];
} sg;
layout(std140, binding = 4) uniform U {
  i16vec3 u0;
} uni;
layout(push_constant) uniform P {
  uint n;
} pc;
shared uint sha[4];
bool g0 = false;
ivec4 g1 = ivec4((-3));
ivec2 fn0() {
  uint gid = inp.w[186];
  return (g1.xx & (ivec3(int(inp.w[247]), int(inp.w[(gid + 164u) & 255u]), int(inp.w[44])).zx >> (ivec2(968854621) & ivec2(31))));
}
uint16_t fn1() {
  uint gid = inp.w[194];
  if (bvec2(((inp.w[(gid + 35u) & 255u] & 1048576u) != 0u), ((inp.w[88] & 1u) != 0u)).x) {
    return (u16vec4(uint16_t(inp.w[(gid + 63u) & 255u]), uint16_t(inp.w[(gid + 81u) & 255u]), uint16_t(inp.w[(gid + 69u) & 255u]), uint16_t(inp.w[186])).xwy + u16vec3(uint16_t(32767), uint16_t(32768), uint16_t(5))).z;
  }
}
uint64_t fn2(in uint16_t fn2_p0) {
  int i3 = 0;
  do {
  } while (i3 < 2);
  for (int i5 = 0; i5 < 0; i5++) {
  }
  return uint64_t((max(uni.u0.y, uni.u0.y) ^ uni.u0.y));
}
void main() {
  uint gid = gl_GlobalInvocationID.x + gl_NumWorkGroups.x * gl_WorkGroupSize.x * (gl_GlobalInvocationID.y + gl_NumWorkGroups.y * gl_WorkGroupSize.y * gl_GlobalInvocationID.z);
  uint lid = gl_LocalInvocationIndex;
  uint ob = gid * 24u;
  {
  }
  for (uint i = lid; i < 4u; i += 8u) sha[i] = 0u;
  barrier();
  int i7 = 0;
  while (i7 < int(5u & 7u)) {
    i7++;
    switch (g1.y & 7) {
      {
        {
        }
      }
      {
      }
      default:
      {
        ivec2 r9 = fn0();
        if (((((int8_t(inp.w[(gid + 251u) & 255u]) & int8_t(127)) % ((int8_t(inp.w[217]) & int8_t(127)) | int8_t(1))) << (inp.m1 & int8_t(7))) < (((g0 ? inp.m1 : int8_t(1)) >> int8_t(1)) / (inp.m1 | int8_t(1))))) {
        }
      }
    }
  }
  {
  }
  S0 v14 = S0(i16vec4(int16_t(inp.w[221]), int16_t(inp.w[(gid + 100u) & 255u]), int16_t(inp.w[253]), int16_t(inp.w[(gid + 10u) & 255u])), mix(ivec3(int(inp.w[(gid + 125u) & 255u]), int(inp.w[202]), int(inp.w[(gid + 141u) & 255u])), ivec3(int(inp.w[(gid + 47u) & 255u]), int(inp.w[102]), int(inp.w[(gid + 213u) & 255u])), bvec3(((inp.w[(gid + 113u) & 255u] & 8192u) != 0u), ((inp.w[(gid + 223u) & 255u] & 1073741824u) != 0u), ((inp.w[165] & 134217728u) != 0u))), (-inp.m0), uvec4(inp.w[25], inp.w[210], inp.w[17], inp.w[(gid + 31u) & 255u]));
  if (g0) {
  }
  {
    uint64_t e17 = (((inp.w[(gid + 138u) & 255u] & 64u) != 0u) ? ((int64_t((uint64_t(inp.w[(gid + 186u) & 255u]) << 32) | uint64_t(inp.w[21])) != int64_t((uint64_t(inp.w[(gid + 178u) & 255u]) << 32) | uint64_t(inp.w[125]))) ? uint64_t((uint64_t(inp.w[(gid + 90u) & 255u]) << 32) | uint64_t(inp.w[47])) : uint64_t((uint64_t(inp.w[204]) << 32) | uint64_t(inp.w[120]))) : uint64_t((true ? inp.m1 : int8_t(inp.w[123]))));
    outp.o[ob + 3u] = uint(e17);
  }
  {
    uint sv18 = clamp(uint(sign(1)), min(uint((inp.m2 >> (v14.f3.w & 31u))), v14.f3.x), max(uint((inp.m2 >> (v14.f3.w & 31u))), v14.f3.x));
    uint sr20 = subgroupOr(sv18);
  }
  if ((clamp(max(1183964420u, 154718540u), min(inp.w[(gid + 168u) & 255u], (v14.f3[(v14.f3.w & 3u)] * 2578920869u)), max(inp.w[(gid + 168u) & 255u], (v14.f3[(v14.f3.w & 3u)] * 2578920869u))) < uvec3(inp.w[(gid + 41u) & 255u], inp.w[170], inp.w[7])[(inp.w[(gid + 254u) & 255u] % 3u)])) {
    switch ((true ? inp.w[(gid + 192u) & 255u] : uint(int((floor(float(int(v14.f3.y & 63u) - 32)) - min(float(int((~v14.f3.z) & 63u) - 32), float(int(6u & 63u) - 32)))))) & 7u) {
      {
      }
      {
      }
    }
  }
  {
  }
  {
  }
  {
  }
  {
  }
  {
  }
  {
  }
}
