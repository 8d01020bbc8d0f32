// Escape-time Mandelbrot (mandelbrot.comp in OpenCL C).
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void mandelbrot(__global uint *iterations, uint width, uint height, uint max_iter) {
  uint px = get_global_id(0), py = get_global_id(1);
  float2 c = (float2)(-2.0f, -1.5f) + (float2)((float)px, (float)py) * (float2)(3.0f / (float)width, 3.0f / (float)height);
  float2 z = (float2)(0.0f, 0.0f);
  uint i = 0;
  for (; i < max_iter; ++i) {
    if (dot(z, z) > 4.0f) break;
    z = (float2)(z.x * z.x - z.y * z.y, 2.0f * z.x * z.y) + c;
  }
  iterations[py * width + px] = i;
}
