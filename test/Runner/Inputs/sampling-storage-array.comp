#version 450
// sampling.test: a descriptor array of storage images: element 1 is
// written from element 0 (2x + 1).
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, r32f) uniform image1D imgs[2];
void main() {
  int i = int(gl_GlobalInvocationID.x);
  float v = imageLoad(imgs[0], i).x;
  imageStore(imgs[1], i, vec4(v * 2.0 + 1.0));
}
