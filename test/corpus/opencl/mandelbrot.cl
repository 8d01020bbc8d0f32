// Escape-time Mandelbrot.
__kernel void mandelbrot(__global uint *out, uint width, uint height, uint max_iter) {
  uint px = get_global_id(0), py = get_global_id(1);
  float cx = -2.0f + px * (3.0f / width), cy = -1.5f + py * (3.0f / height);
  float zx = 0.0f, zy = 0.0f;
  uint i = 0;
  for (; i < max_iter; ++i) {
    if (zx * zx + zy * zy > 4.0f) break;
    float t = zx * zx - zy * zy + cx;
    zy = 2.0f * zx * zy + cy;
    zx = t;
  }
  out[py * width + px] = i;
}
