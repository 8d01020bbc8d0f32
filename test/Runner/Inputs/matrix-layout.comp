#version 450
// Matrices in blocks: row-major (MatrixStride 16) loaded whole, by column,
// by element, stored whole and by column; column-major at std140 stride 16
// (mat2); a row-major mat2x3; nested strided arrays of scalars and vectors.
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer B {
  layout(row_major) mat3 rm;
  mat3 cm;
  layout(row_major) mat2x3 rm23;
  float nested[2][3];
  vec2 vs[3][2];
} b;
layout(std140, set = 0, binding = 1) uniform U { layout(row_major) mat2 um; float ua[3][2]; } u;
layout(std430, set = 0, binding = 2) buffer O { vec3 r[6]; float f[8]; layout(row_major) mat3 w; } o;
void main() {
  o.r[0] = b.rm * vec3(1.0, 2.0, 3.0);
  o.r[1] = b.rm[1];
  o.r[2] = vec3(b.rm[2][0], b.rm[0][2], b.cm[1][2]);
  o.r[3] = b.cm * vec3(1.0, 10.0, 100.0);
  o.r[4] = b.rm23 * vec2(1.0, 2.0);
  o.r[5] = vec3(u.um * vec2(1.0, 2.0), u.ua[2][1]);
  o.f[0] = b.nested[1][2]; o.f[1] = b.vs[2][1].y; o.f[2] = b.nested[0][1];
  o.w = b.cm;
  o.w[0][1] = 99.0;
}
