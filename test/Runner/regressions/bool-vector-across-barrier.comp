// fuzz-diff, session 14's open item (issue 19): the `spirv-opt -O` binaries
// of `sg_lanes` seeds 308 and 309 were refused at subgroup sizes above one
// ("the SPMD vectorizer declined it (... a vector of elements narrower than
// a byte in memory (packed bits))"). Reduced by the driver to a `bvec3`
// live across a barrier, then rewritten by hand: on the region path a
// value live across a barrier is kept in per-invocation storage as it is,
// here a `<3 x i1>`, which LLVM packs into bits in memory, and the
// vectorizer loaded and stored vectors only component by component. Now
// each lane loads (stores) the integer of all the vector's bits and takes
// (puts) component c at bit c (`spmd.rs`, `packed_bits`). GLSL's own
// binary keeps the bools as bytes and ran before; both are checked, at
// subgroups of 1, 4, 8 and 16 and as coroutines, against a Python model.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.1 %s -o plain.spv > /dev/null
// RUN: spirv-opt -O plain.spv -o opt.spv
// RUN: python3 %S/Inputs/bool-vector-across-barrier.py spirv-run-rs plain.spv opt.spv | FileCheck %s
// CHECK-COUNT-10: 32 of 32 right
// CHECK-NOT: wrong
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(set = 0, binding = 1) readonly buffer In { uint w[]; };
shared uint sh[16];
void main() {
  uint l = gl_LocalInvocationID.x;
  uint x = w[gl_GlobalInvocationID.x];
  bvec3 b = bvec3((x & 1u) != 0u, (x & 2u) != 0u, x % 3u == 0u);
  sh[l] = x >> 8;
  barrier();
  bvec3 c = not(b);
  if (sh[(l + 1u) % 16u] % 2u == 0u) c.y = b.x;
  barrier();
  uint bits = uint(c.x) | uint(c.y) << 1 | uint(c.z) << 2 | uint(b.z) << 3;
  o[gl_GlobalInvocationID.x] = bits + 16u * subgroupAdd(bits);
}
