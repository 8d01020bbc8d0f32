#version 450
// E5B9G9R9_UFLOAT_PACK32 (test/Runner/image-shared-exponent.test): every
// texel fetched, and sampled linearly halfway between texels i and i + 1.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) uniform sampler2D image;
layout(set = 0, binding = 1) writeonly buffer Out { vec4 o[]; };
void main() {
  int i = int(gl_GlobalInvocationID.x);
  o[2 * i] = texelFetch(image, ivec2(i, 0), 0);
  o[2 * i + 1] = textureLod(image, vec2((float(i) + 1.0) / 16.0, 0.5), 0.0);
}
