// Escape-time Mandelbrot over [-2, 1] x [-1.5, 1.5]: iterations per pixel.
#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(push_constant) uniform P { uint width; uint height; uint max_iter; } p;
layout(std430, set = 0, binding = 0) writeonly buffer Out { uint iterations[]; };
void main() {
  uvec2 pixel = gl_GlobalInvocationID.xy;
  vec2 c = vec2(-2.0, -1.5) + vec2(pixel) * vec2(3.0 / float(p.width), 3.0 / float(p.height));
  vec2 z = vec2(0.0);
  uint i = 0u;
  for (; i < p.max_iter; ++i) {
    if (dot(z, z) > 4.0) break;
    z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;
  }
  iterations[pixel.y * p.width + pixel.x] = i;
}
