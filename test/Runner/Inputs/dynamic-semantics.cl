// Atomics whose memory order is a kernel argument: clang -O0 computes the
// semantics at run time.
kernel void k(global atomic_int *a, global int *out, int order, int scope) {
  out[0] = atomic_fetch_add_explicit(a, 5, (memory_order)order);
  out[1] = atomic_fetch_add_explicit(a, 7, memory_order_relaxed, (memory_scope)scope);
  out[2] = atomic_load_explicit(a, (memory_order)order == memory_order_release ? memory_order_relaxed : (memory_order)order);
  atomic_store_explicit(a + 1, 42, memory_order_relaxed == (memory_order)order ? memory_order_relaxed : memory_order_release);
}
