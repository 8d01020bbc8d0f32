// A private struct larger than 256 copy units, copied whole: clang emits
// OpCopyMemorySized of its 2400 bytes.
typedef struct { int v[600]; } Big;

__attribute__((noinline)) int pick(Big b, int k) {
    b.v[k] += 1000;
    return b.v[k] + b.v[599 - k];
}

__kernel void copy_big(__global const int *in, __global int *out) {
    int id = get_global_id(0);
    Big a;
    for (int i = 0; i < 600; i++) a.v[i] = in[i] * 3 + id;
    Big c = a;
    a.v[id] = -1;
    out[id] = pick(c, id) + a.v[id] + c.v[id];
}
