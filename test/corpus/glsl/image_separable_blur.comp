#version 450
// target-env: vulkan1.1
// A separable 5x5 binomial blur of an rgba8 image in one pass: each 16x16
// workgroup loads its tile and a 2-texel apron (edges clamped) into shared
// memory, blurs the rows into a second shared array, and after a barrier
// blurs the columns and writes the tile. The image (45x27) is no multiple
// of the tile: the last workgroups' invocations outside load the apron but
// write nothing.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dst;

const int R = 2;
const int T = 16 + 2 * R;
const float weights[5] = float[](0.0625, 0.25, 0.375, 0.25, 0.0625);
shared vec4 tile[T][T];
shared vec4 rows[T][16];

void main() {
  ivec2 size = imageSize(src);
  ivec2 origin = ivec2(gl_WorkGroupID.xy) * 16 - R;
  ivec2 l = ivec2(gl_LocalInvocationID.xy);
  // The tile and its apron: 20x20 texels loaded by 16x16 invocations.
  for (int y = l.y; y < T; y += 16) {
    for (int x = l.x; x < T; x += 16) {
      tile[y][x] = imageLoad(src, clamp(origin + ivec2(x, y), ivec2(0), size - 1));
    }
  }
  barrier();
  // Rows: every line of the tile (apron lines included), the tile's columns.
  for (int y = l.y; y < T; y += 16) {
    vec4 sum = vec4(0.0);
    for (int k = 0; k < 5; k++) {
      sum += weights[k] * tile[y][l.x + k];
    }
    rows[y][l.x] = sum;
  }
  barrier();
  vec4 sum = vec4(0.0);
  for (int k = 0; k < 5; k++) {
    sum += weights[k] * rows[l.y + k][l.x];
  }
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (all(lessThan(p, size))) {
    imageStore(dst, p, sum);
  }
}
