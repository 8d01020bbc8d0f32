#version 450
// A struct with a matrix member in a row-major array of structs (std140),
// copied whole into a function variable (member by member for Vulkan 1.0,
// OpCopyLogical for 1.2) and stored whole into a row-major struct.
layout(local_size_x = 1) in;
struct T { mat2 m; vec2 v; };
layout(std140, set = 0, binding = 1) uniform U { layout(row_major) T t[2]; mat2 cm; } u;
layout(std430, set = 0, binding = 2) buffer O { vec2 r[4]; layout(row_major) T w; } o;
void main() {
  T x = u.t[1];
  o.r[0] = x.m * x.v;
  o.r[1] = u.cm * vec2(1.0, 2.0);
  o.r[2] = u.t[0].m[1];
  o.w = x;
  o.w.m[0] = vec2(7.0, 8.0);
}
