#version 450
// Storage cube images (issue 18; docs/abi.md "Images"): a cube read face by
// face, a cube array written at its second cube's faces and updated by an
// atomic at the first's, size queries, and a face outside each image
// (reads give zero, writes are dropped).
layout(local_size_x = 4, local_size_y = 4) in;
layout(set = 0, binding = 0, rgba32f) uniform readonly imageCube src;
layout(set = 0, binding = 1, r32ui) uniform uimageCubeArray dst;
layout(set = 0, binding = 2) buffer Out { ivec4 sizes; uint old[96]; vec4 outside[16]; };
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  uint i = gl_LocalInvocationIndex;
  for (int face = 0; face < 6; face++) {
    vec4 t = imageLoad(src, ivec3(p, face));
    imageStore(dst, ivec3(p, 6 + face), uvec4(uint(t.x) + uint(t.w) * 1000u));
    old[i * 6u + uint(face)] = imageAtomicAdd(dst, ivec3(p, face), uint(face + 1));
  }
  // Faces past each image: a read gives zero, a write is dropped.
  outside[i] = imageLoad(src, ivec3(p, 6 + int(i % 2u)));
  imageStore(dst, ivec3(p, 12), uvec4(77u));
  if (i == 0u) {
    sizes = ivec4(imageSize(src), imageSize(dst).xy + imageSize(dst).z * ivec2(100));
  }
}
