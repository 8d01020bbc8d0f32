#version 450
// target-env: vulkan1.2
// Matrices in blocks as the importer lays them out with stand-ins: row-major
// mat4s (whole, by column) in a buffer, a row-major and a std140 column-major
// mat2 in a uniform block; .length() of two runtime arrays (OpArrayLength);
// determinants; Unorm/Snorm packing (GLSL.std.450 expansions).
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) readonly buffer In { layout(row_major) mat4 rm[16]; mat3x2 cm[]; } inb;
layout(std140, set = 0, binding = 1) uniform U { layout(row_major) mat2 um; mat2 cm2; } u;
layout(std430, set = 0, binding = 2) buffer Out { vec4 r[]; } o;
layout(std430, set = 0, binding = 3) buffer P { uint p[]; } p;
void main() {
  uint i = gl_GlobalInvocationID.x;
  mat4 m = inb.rm[i];
  o.r[4 * i] = m * vec4(1.0, 2.0, 3.0, 4.0);
  o.r[4 * i + 1] = inb.rm[i][2] + inb.cm[i][1].xyxy;
  o.r[4 * i + 2] = vec4(u.um * vec2(float(i), 1.0), u.cm2[1]);
  o.r[4 * i + 3] = vec4(float(o.r.length()), float(inb.cm.length()), determinant(mat3(m)), determinant(m));
  p.p[2 * i] = packUnorm4x8(m[0] * 0.25);
  p.p[2 * i + 1] = packSnorm2x16(m[1].xy * 0.25);
}
