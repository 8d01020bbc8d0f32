// Pointers round-tripped through 32-bit integers (test/Runner/physical32-window.test):
// in a Physical32 module (spirv32) `(uint)p` keeps the low 32 bits of the
// address and `(T *)u` zero-extends them, exact only when every object lies
// below 4 GiB. Each result reads an object through a pointer rebuilt from a
// uint: a buffer, a __local array (and a __local argument), a private
// array (in an out-of-line helper too), a program-scope __global array, a
// __constant table, a struct passed by value. With -DBARRIER the __local
// values read are a neighbour's, written before a barrier.

// ADDR: the integer the addresses go through; PoCL's 64-bit device (the
// expected values) builds with -DADDR=ulong, where the round trip is exact.
#ifndef ADDR
#define ADDR uint
#endif

typedef struct { int a; int b; } pair;

__constant int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__global int shared_g[4] = {10, 20, 30, 40};

// Out of line: the private array's address comes in as a pointer, goes
// through a uint and back.
__attribute__((noinline)) int through_uint(int *p, int i) {
    ADDR u = (ADDR)p;
    int *q = (int *)(u + (ADDR)i * 4u);
    return *q;
}

__attribute__((noinline)) void store_through_uint(int *p, int v) {
    ADDR u = (ADDR)p;
    *(int *)u = v;
}

kernel void k(global int *out, global const int *in, local int *scratch, pair by_value) {
    size_t gid = get_global_id(0);
    size_t lid = get_local_id(0);
    size_t n = get_local_size(0);
    local int tile[64];

    // A buffer: this item's input.
    ADDR ub = (ADDR)(in + gid);
    int a = *(global const int *)ub;

    // __local memory written through a rebuilt pointer.
    ADDR ul = (ADDR)&tile[lid];
    *(local int *)ul = a * 2;
    ADDR us = (ADDR)(scratch + lid);
    *(local int *)us = a + 100;
#ifdef BARRIER
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t other = (lid + 1) % n;
#else
    size_t other = lid;
#endif
    int l = *(local int *)(ADDR)&tile[other];
    int s = *(local int *)(ADDR)(scratch + other);

    // A private array, read out of line.
    int priv[4];
    for (int i = 0; i < 4; i++) priv[i] = (int)gid * 10 + i;
    store_through_uint(&priv[1], a + 7);
    int p = through_uint(priv, 1) + through_uint(priv, 3);

    // A program-scope global and a constant table.
    ADDR ug = (ADDR)&shared_g[gid % 4];
    int g = *(global int *)ug;
    ADDR uc = (ADDR)&table[gid % 8];
    int c = *(constant int *)uc;

    // A struct passed by value: its member's address.
    int v = *(int *)(ADDR)&by_value.b + by_value.a;

    global int *o = (global int *)((ADDR)out + (ADDR)gid * 28u);
    o[0] = a;
    o[1] = l;
    o[2] = s;
    o[3] = p;
    o[4] = g;
    o[5] = c;
    o[6] = v;
}
