// fuzz-diff seed 20261800 (session 17, h4; docs/differential.md, "Known
// faults of the reference"): not a bug of ours but of the reference.
// texelFetch of an arrayed sampled image takes its layer as an integer
// texel coordinate, validated (0 <= l < layers) and not clamped (the
// clamp(RNE(l), 0, layers - 1) is for sampling's float layer only); a layer
// outside fails validation, and with robustImageAccess (which lavapipe has)
// R, G and B are zero. Debian's lavapipe (Mesa 22.3) ignores the layer of a
// fetch from a sampled array view with one layer and returns layer 0's texel
// (with two or more layers it gives zeros, as here). Expected values, by
// hand: texel i of level 0 holds 100 + i, of level 1 200 + i, of the 2-D
// array 300 + i; invocation k reads layer k - 2 (-2 to 5): only k = 2 is in
// bounds; textureLod's float layer is clamped to 0 (1.5 texels in: texel 1).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: glslangValidator -V --target-env vulkan1.2 %s -o fetch.spv > /dev/null
// RUN: python3 -c "import struct; open('a1.bin', 'wb').write(struct.pack('<12I', *range(100, 108), *range(200, 204)))"
// RUN: python3 -c "import struct; open('a2.bin', 'wb').write(struct.pack('<16I', *range(300, 316)))"
// RUN: python3 %S/Inputs/run-modes.py --in o.bin=u32:7*32 --out o.out=u32/4 -- \
// RUN:   spirv-run-rs fetch.spv --workgroups 1 --buffer 0:0=o.bin:o.out \
// RUN:   --image 0:1=a1.bin@R32_UINT,8,levels=2,layers=1 --sampler 0:1=filter=nearest,mipmap=nearest,address=repeat \
// RUN:   --image 0:2=a2.bin@R32_UINT,4,4,layers=1 --sampler 0:2=filter=nearest,mipmap=nearest,address=clamp_to_edge \
// RUN:   | FileCheck %s
// CHECK: o.out[0]: 0 0 0 101
// CHECK-NEXT: o.out[4]: 0 0 0 101
// CHECK-NEXT: o.out[8]: 101 201 306 101
// CHECK-NEXT: o.out[12]: 0 0 0 101
// CHECK-NEXT: o.out[16]: 0 0 0 101
// CHECK-NEXT: o.out[20]: 0 0 0 101
// CHECK-NEXT: o.out[24]: 0 0 0 101
// CHECK-NEXT: o.out[28]: 0 0 0 101
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer O { uint o[]; };
layout(set = 0, binding = 1) uniform usampler1DArray a1;
layout(set = 0, binding = 2) uniform usampler2DArray a2;
void main() {
  uint k = gl_LocalInvocationIndex;
  int layer = int(k) - 2;
  o[4u * k + 0u] = texelFetch(a1, ivec2(1, layer), 0).x;
  o[4u * k + 1u] = texelFetch(a1, ivec2(1, layer), 1).x;
  o[4u * k + 2u] = texelFetch(a2, ivec3(2, 1, layer), 0).x;
  o[4u * k + 3u] = textureLod(a1, vec2(0.1875, float(layer)), 0.0).x;
}
