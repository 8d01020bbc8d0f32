// Pointers whose object cannot be traced (made from an integer, or one of
// two buffers): checked against every object the kernel reaches
// (test/Runner/bounds.test).
kernel void k(global uint *a, global uint *b, uint n) {
  size_t i = get_global_id(0);
  // pointer through an integer: the root cannot be traced
  ulong addr = (ulong)a + (ulong)i * 4000;
  global uint *p = (global uint *)addr;
  b[i] = *p + 1;
  *p = 9;
  global uint *q = (i & 1) ? a : b;   // two roots
  q[i * 100] = 5;
  b[i + 4] = q[0];
}
