// OpenCL C 2.0 atomics with explicit memory orders and scopes on global
// and local memory, a float add by compare-exchange, atomic_load/store with
// acquire/release, fences, a program-scope array,
// generic pointers cast back with to_global/to_local/to_private, and the
// work-group collectives. OpenCL C 1.2 builds the 1.2 equivalents.
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
global int program_table[4] = {3, 1, 4, 1};

int classify(generic int *p) {
    return (to_global(p) != NULL ? 1 : 0) | (to_local(p) != NULL ? 2 : 0) | (to_private(p) != NULL ? 4 : 0);
}

void float_add(volatile global atomic_uint *target, float value) {
    uint expected = atomic_load_explicit(target, memory_order_relaxed, memory_scope_device);
    while (!atomic_compare_exchange_strong_explicit(target, &expected, as_uint(as_float(expected) + value),
                                                 memory_order_acq_rel, memory_order_relaxed, memory_scope_device))
        ;
}

kernel void c11_atomics(global atomic_uint *acc, global int *out, global const int *in) {
    local atomic_int local_sum;
    local atomic_uint local_max;
    local int scratch[64];
    size_t i = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    int v = in[i];
    if (l == 0) {
        atomic_init(&local_sum, 0);
        atomic_init(&local_max, 0u);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&local_sum, v, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_max_explicit(&local_max, (uint)v, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_add_explicit(&acc[0], 1u, memory_order_relaxed, memory_scope_device);
    atomic_fetch_or_explicit(&acc[1], 1u << (v & 31), memory_order_release, memory_scope_device);
    atomic_fetch_and_explicit(&acc[2], ~(1u << (v & 31)), memory_order_acquire, memory_scope_device);
    atomic_fetch_xor_explicit(&acc[3], (uint)v, memory_order_seq_cst, memory_scope_all_svm_devices);
    atomic_fetch_min_explicit(&acc[4], (uint)v, memory_order_relaxed, memory_scope_device);
    atomic_fetch_sub(&acc[5], (uint)(v & 0xff));
    float_add(&acc[6], (float)(v & 0xfff));
    // only invocation 0 finds its own index there
    uint expected = (uint)i;
    atomic_compare_exchange_strong_explicit(&acc[7], &expected, 1000u, memory_order_acq_rel, memory_order_acquire,
                                            memory_scope_device);
    scratch[l] = v;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int priv = v ^ 0x55;
    out[8 * i + 0] = classify((generic int *)out) | classify(&scratch[l]) << 4 | classify(&priv) << 8;
    out[8 * i + 1] = *(generic int *)&scratch[(l + 1) % n] + program_table[l & 3];
    out[8 * i + 2] = work_group_reduce_add(v & 0xffff);
    out[8 * i + 3] = work_group_scan_inclusive_max(v);
    out[8 * i + 4] = work_group_scan_exclusive_add(v & 0xff);
    out[8 * i + 5] = work_group_broadcast(v, 5) + (int)work_group_any(v == 7) + 2 * (int)work_group_all(v != 7);
    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[8 * i + 6] = atomic_load_explicit(&local_sum, memory_order_acquire, memory_scope_work_group);
    out[8 * i + 7] = (int)atomic_load(&local_max);
}

#else
kernel void c11_atomics(global uint *acc, global int *out, global const int *in) {
    size_t i = get_global_id(0);
    int v = in[i];
    atomic_add(&acc[0], 1u);
    atomic_or(&acc[1], 1u << (v & 31));
    atomic_and(&acc[2], ~(1u << (v & 31)));
    atomic_xor(&acc[3], (uint)v);
    atomic_min(&acc[4], (uint)v);
    atomic_sub(&acc[5], (uint)(v & 0xff));
    atomic_cmpxchg(&acc[7], (uint)i, 1000u);
    out[8 * i] = v;
}
#endif
