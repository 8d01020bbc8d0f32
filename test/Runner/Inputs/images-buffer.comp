#version 450
#extension GL_EXT_samplerless_texture_functions : require
// Texel buffers: a storage texel buffer of 10 rgba32f texels updated in
// place, a uniform texel buffer whose format the shader leaves unknown,
// an r16f storage texel buffer written by the even invocations; 12
// invocations, so two of them run past the first buffer.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, rgba32f) uniform imageBuffer texels;
layout(set = 0, binding = 1) uniform utextureBuffer fetched;
layout(set = 0, binding = 2, r16f) uniform imageBuffer halves;
layout(set = 0, binding = 3) buffer Out { uvec4 u[]; };

void main() {
  int i = int(gl_GlobalInvocationID.x);
  vec4 t = imageLoad(texels, i);
  imageStore(texels, i, t * 0.5 + 1.0);
  u[i] = texelFetch(fetched, i);
  // Odd invocations skip the write (with --spmd, masked-off lanes).
  if ((i & 1) == 0) {
    imageStore(halves, i, vec4(imageLoad(halves, i).x * 3.0));
  }
  if (i == 0) {
    u[16] = uvec4(imageSize(texels), textureSize(fetched), imageSize(halves), 0);
  }
}
