#version 450
// A storage texel buffer of R64_SINT (test/Runner/images-int64.test): each
// invocation takes the minimum with -i * 2^40; loads past the end give 0.
#extension GL_EXT_shader_image_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, r64i) uniform i64imageBuffer tb;
layout(set = 0, binding = 1) buffer W { int64_t w[8]; };
void main() {
  int i = int(gl_LocalInvocationIndex);
  w[i] = imageAtomicMin(tb, i, -int64_t(i) << 40);
  w[4 + i] = imageLoad(tb, i + 4).x;
}
