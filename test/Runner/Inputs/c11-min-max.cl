// atomic_fetch_min/max in their three forms on int, uint, long and ulong,
// global and local: clang-22 leaves every one an import (c11-min-max.test).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
kernel void min_max(global atomic_int *s, global atomic_uint *u, global atomic_long *sl, global atomic_ulong *ul,
                    global const long *in, global long *out) {
    local atomic_int local_min;
    local atomic_ulong local_max;
    size_t i = get_global_id(0);
    long v = in[i];
    if (get_local_id(0) == 0) {
        atomic_init(&local_min, INT_MAX);
        atomic_init(&local_max, 0ul);
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_min(&s[0], (int)v);
    atomic_fetch_max_explicit(&s[1], (int)v, memory_order_relaxed);
    atomic_fetch_min_explicit(&u[0], (uint)v, memory_order_relaxed, memory_scope_device);
    atomic_fetch_max(&u[1], (uint)v);
    atomic_fetch_min_explicit(&sl[0], v, memory_order_seq_cst, memory_scope_device);
    atomic_fetch_max(&sl[1], v);
    atomic_fetch_min(&ul[0], (ulong)v);
    atomic_fetch_max_explicit(&ul[1], (ulong)v, memory_order_acq_rel, memory_scope_device);
    atomic_fetch_min_explicit(&local_min, (int)(v >> 32), memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_max_explicit(&local_max, (ulong)v, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[2 * i] = atomic_load(&local_min);
    out[2 * i + 1] = (long)atomic_load(&local_max);
}
