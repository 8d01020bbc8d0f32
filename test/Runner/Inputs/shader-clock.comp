#version 450
// OpReadClockKHR (GL_ARB_shader_clock, GL_EXT_shader_realtime_clock) in both
// result forms, uint64 and uvec2 (test/Runner/shader-clock.test): each
// invocation reads the clock around a loop and writes the reads.
#extension GL_ARB_shader_clock : require
#extension GL_EXT_shader_realtime_clock : require
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer Out { uint64_t reads[]; };
void main() {
  uint g = gl_GlobalInvocationID.x;
  uint64_t first = clockARB();
  uint sum = 0u;
  for (uint k = 0u; k < 1000u + g; ++k) sum += k * g;
  uvec2 second = clock2x32ARB();
  uint64_t third = clockRealtimeEXT();
  uvec2 fourth = clockRealtime2x32EXT();
  reads[4u * g] = first;
  reads[4u * g + 1u] = packUint2x32(second);
  reads[4u * g + 2u] = third;
  reads[4u * g + 3u] = packUint2x32(fourth) + uint64_t(sum & 0u);
}
