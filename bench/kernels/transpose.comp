// out = transpose(in) for an n x n float matrix, through a 16x16 tile of
// shared memory (a padded row, against bank conflicts on GPUs): rows read
// and written whole, one barrier.
#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, set = 0, binding = 0) readonly buffer In { float a[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Out { float b[]; };
layout(push_constant) uniform Size { uint n; };
shared float tile[16][17];
void main() {
  uvec2 l = gl_LocalInvocationID.xy;
  uvec2 group = gl_WorkGroupID.xy * 16u;
  tile[l.y][l.x] = a[(group.y + l.y) * n + group.x + l.x];
  barrier();
  b[(group.x + l.y) * n + group.y + l.x] = tile[l.x][l.y];
}
