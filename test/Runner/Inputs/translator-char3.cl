// A 3-component vector of narrow integers in private memory, as the
// SPIRV-LLVM-Translator writes it at -O0: the value widened to 4 components
// by an OpVectorShuffle whose 4th index is 0xFFFFFFFF (undefined), stored
// through a <4 x T> pointer to the variable, loaded back as <3 x T>.
__kernel void narrow3(__global const int3 *in, __global int *out) {
  uint g = get_global_id(0);
  char3 c = convert_char3(in[g]);
  short3 s = convert_short3(in[g]);
  out[4 * g] = c.s0;
  out[4 * g + 1] = c.s1;
  out[4 * g + 2] = c.s2;
  out[4 * g + 3] = s.s2;
}
