// target-env: vulkan1.2
// glslang-flags: -gVS
// Debug information as compilers emit it for debuggers: -gVS makes every
// function, variable, scope and line a NonSemantic.Shader.DebugInfo.100
// instruction (and OpString/OpSource/OpLine), and debugPrintfEXT a
// NonSemantic.DebugPrintf instruction; SPIR-V lets consumers ignore both
// (issue 16: NonSemantic sets handled or ignored as their specs allow).
#version 450
#extension GL_EXT_debug_printf : require
layout(local_size_x = 32) in;
struct Pair { uint lo; uint hi; };
layout(std430, set = 0, binding = 0) buffer Data { uint v[]; } data;
layout(std430, set = 0, binding = 1) buffer Pairs { Pair p[]; } pairs;
uint mix3(uint x, uint k) {
  uint y = x * 0x9e3779b9u + k;
  return y ^ (y >> 15);
}
Pair split(uint x) { return Pair(x & 0xffffu, x >> 16); }
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = data.v[i];
  debugPrintfEXT("invocation %u reads %u\n", i, x);
  for (uint k = 0u; k < (x & 7u); ++k) {
    x = mix3(x, k);
    if ((x & 3u) == 0u) {
      debugPrintfEXT("k=%u\n", k);
      break;
    }
  }
  data.v[i] = x;
  pairs.p[i] = split(x);
}
