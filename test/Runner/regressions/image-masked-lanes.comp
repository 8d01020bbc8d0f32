// fuzz-diff (session 10, after subgroups in kernels with barriers), seed
// 20261140, reduced: in a kernel with a barrier and subgroup operations (its
// regions' steps run as vector lanes), a 3x5 workgroup leaves lanes of the
// last subgroup past the workgroup's 15 invocations. The image descriptor
// crossed the barrier in per-invocation storage, where those lanes hold
// nothing, and every lane called the texel read: a masked-off lane passed a
// null descriptor and the process aborted. An image call whose descriptor
// differs between lanes now runs only in active lanes (spmd.rs,
// `emit_image_call`). The shape matters (without the call to fn1 or the
// u16vec3 LLVM keeps the descriptor load after the barrier). Expected, by
// hand: texel 10 of img5 has x = 10, so x17[2] ^= w[222] = 222 and each
// workgroup adds 15 * 222 = 3330 to s[z]; the last lane of each subgroup adds
// its inclusive sum of sv22 = ~5, so s[4] = 30 * (2^32 - 6) mod 2^32 at every
// subgroup size.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o img.spv > /dev/null
// RUN: python3 -c "import struct; open('img.bin', 'wb').write(b''.join(struct.pack('<4H', i, 0, 0, 0) for i in range(28)))"
// RUN: python3 -c "import struct; open('w.bin', 'wb').write(struct.pack('<256I', *range(256)))"
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread \
// RUN:   --in u.bin=u64:5,0,0,0 --in s.bin=u32:0*8 --in p.bin=u32:7 --out s.out=u32 -- \
// RUN:   spirv-run-rs img.spv --workgroups 1,1,2 --buffer 0:0=w.bin --buffer 0:20=s.bin:s.out --buffer 0:4=u.bin \
// RUN:   --image 0:5=img.bin@R16G16B16A16_UINT,28,layers=1 --push-constants p.bin --subgroup-size 1 | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread \
// RUN:   --in u.bin=u64:5,0,0,0 --in s.bin=u32:0*8 --in p.bin=u32:7 --out s.out=u32 -- \
// RUN:   spirv-run-rs img.spv --workgroups 1,1,2 --buffer 0:0=w.bin --buffer 0:20=s.bin:s.out --buffer 0:4=u.bin \
// RUN:   --image 0:5=img.bin@R16G16B16A16_UINT,28,layers=1 --push-constants p.bin --subgroup-size 4 | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread \
// RUN:   --in u.bin=u64:5,0,0,0 --in s.bin=u32:0*8 --in p.bin=u32:7 --out s.out=u32 -- \
// RUN:   spirv-run-rs img.spv --workgroups 1,1,2 --buffer 0:0=w.bin --buffer 0:20=s.bin:s.out --buffer 0:4=u.bin \
// RUN:   --image 0:5=img.bin@R16G16B16A16_UINT,28,layers=1 --push-constants p.bin --subgroup-size 8 | FileCheck %s
// RUN: python3 %S/Inputs/run-modes.py --modes loops,always,always-unchecked,one-thread \
// RUN:   --in u.bin=u64:5,0,0,0 --in s.bin=u32:0*8 --in p.bin=u32:7 --out s.out=u32 -- \
// RUN:   spirv-run-rs img.spv --workgroups 1,1,2 --buffer 0:0=w.bin --buffer 0:20=s.bin:s.out --buffer 0:4=u.bin \
// RUN:   --image 0:5=img.bin@R16G16B16A16_UINT,28,layers=1 --push-constants p.bin --subgroup-size 16 | FileCheck %s
// CHECK: s.out: 3330 3330 0 0 4294967116 0 0 0
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 3, local_size_y = 5, local_size_z = 1) in;
layout(std430, binding = 0) readonly buffer In {
  uint w[256];
} inp;
layout(std430, binding = 20) buffer Sg {
  uint s[8];
} sg;
layout(std140, binding = 4) uniform U {
  u64vec3 u1;
} uni;
layout(binding = 5, rgba16ui) uniform readonly uimage1DArray img5;
layout(push_constant) uniform P {
  uint8_t p0;
} pc;
shared uint sha[4];
bool fn1() {
  uint gid = inp.w[27];
  return (u8vec4(uint8_t(inp.w[217]), uint8_t(inp.w[(gid + 96u) & 255u]), uint8_t(inp.w[(gid + 222u) & 255u]), uint8_t(inp.w[189])) == (u8vec4(pc.p0, u8vec3(uint8_t(inp.w[(gid + 110u) & 255u]), uint8_t(inp.w[(gid + 96u) & 255u]), uint8_t(inp.w[(gid + 28u) & 255u]))) / (u8vec4(uint8_t(inp.w[177]), uint8_t(inp.w[234]), uint8_t(inp.w[(gid + 230u) & 255u]), uint8_t(inp.w[(gid + 166u) & 255u])) | u8vec4(uint8_t(1)))));
}
void main() {
  uint gid = gl_GlobalInvocationID.x + gl_NumWorkGroups.x * gl_WorkGroupSize.x * (gl_GlobalInvocationID.y + gl_NumWorkGroups.y * gl_WorkGroupSize.y * gl_GlobalInvocationID.z);
  uint lid = gl_LocalInvocationIndex;
  bool r12 = fn1();
  uvec4 x17 = uvec4(0u);
  barrier();
  u16vec3 v21 = u16vec3(u16vec2(uint16_t(inp.w[(gid + 86u) & 255u]), uint16_t(inp.w[(gid + 125u) & 255u])), uint16_t(inp.w[(gid + 178u) & 255u])).yzx;
  uint sv22 = (~uint((uni.u1.x << (9223372036854775808ul & 63ul))));
  uint sr24 = subgroupExclusiveAdd(sv22) + sv22;
  if (gl_SubgroupInvocationID == subgroupMax(gl_SubgroupInvocationID)) atomicAdd(sg.s[4], sr24);
  x17[(imageLoad(img5, ivec2(int(inp.w[10] % 28u), int(gid % 1u))).x & 3u)] ^= inp.w[222];
  atomicAdd(sg.s[gl_WorkGroupID.z], x17.x + x17.y + x17.z + x17.w);
}
