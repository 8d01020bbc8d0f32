// Out-of-bounds accesses of every kind of memory a kernel has: each load
// gives zero, each store is discarded (test/Runner/bounds.test).
typedef struct { uint first, second; } pair;

kernel void bounds(global uint *a, global uint *out, local uint *scratch, pair by_value) {
  uint i = get_local_id(0);
  out[i * 4 + 0] = a[i * 1000];          // a: 4 elements
  a[i + 100000] = 7;
  scratch[i] = i + 1;                    // scratch: 4 elements
  scratch[i + 100000] = 9;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i * 4 + 1] = scratch[i * 3];
  uint loc[4] = {1, 2, 3, 4};
  volatile uint index = i * 3;
  out[i * 4 + 2] = loc[index];
  const uint *field = (const uint *)&by_value;
  out[i * 4 + 3] = field[i * 1000];      // by_value: 8 bytes
  out[i + 1000000] = 1;
}
