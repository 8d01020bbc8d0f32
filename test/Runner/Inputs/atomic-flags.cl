// OpAtomicFlagTestAndSet / OpAtomicFlagClear (test/Runner/atomic-flags.test).
kernel void flags(global atomic_flag *flags, global atomic_int *winners, global int *cleared) {
  size_t i = get_global_id(0);
  // 64 work-items race for four flags: one wins each.
  if (!atomic_flag_test_and_set(&flags[i % 4]))
    atomic_fetch_add(&winners[i % 4], 1);
  // Flags 4..7 start set: the first four work-items clear them, then set
  // them again and see them clear (each flag has one owner).
  if (i < 4) {
    atomic_flag_clear_explicit(&flags[4 + i], memory_order_release, memory_scope_device);
    cleared[i] = atomic_flag_test_and_set_explicit(&flags[4 + i], memory_order_acquire, memory_scope_device) ? 7 : 3;
  }
}

// A flag in local memory (the kernel ABI's workgroup atomics): one
// work-item of each workgroup finds it clear.
kernel void local_flags(global int *winners) {
  local atomic_flag flag;
  local atomic_int count;
  if (get_local_id(0) == 0) {
    atomic_flag_clear(&flag);
    atomic_store(&count, 0);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (!atomic_flag_test_and_set(&flag))
    atomic_fetch_add(&count, 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    winners[get_group_id(0)] = atomic_load(&count);
}
