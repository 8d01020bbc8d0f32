// 8-, 16- and 64-bit integers.
__kernel void widths(__global char *c, __global uchar *uc, __global short *s, __global ushort *us,
                     __global long *l, __global ulong *ul) {
  size_t i = get_global_id(0);
  c[i] = (char)(c[i] * 3 - 7);
  uc[i] = (uchar)(uc[i] >> 1) ^ 0x5a;
  s[i] = (short)(s[i] * s[i]);
  us[i] = (ushort)(us[i] + 1000);
  l[i] = l[i] * 6364136223846793005L + 1442695040888963407L;
  ul[i] = (ul[i] >> 13) | (ul[i] << 51);
}
