// Program-scope variables of OpenCL C 2.0: global variables with and without
// initializers (scalars, arrays, structs), constant-address-space tables of
// structs, a static local of a function; the kernel attributes
// reqd_work_group_size, work_group_size_hint, vec_type_hint. OpenCL C 1.2
// has only the constant tables. (Pointers initialized with addresses:
// program_scope_pointers.cl.)
// (member 0 never named: clang -O0 indexes it with an OpConstantNull, which spirv-val refuses)
typedef struct { int unused; int count; float scale; short tag[3]; } Info;
constant int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
constant Info info_table[2] = {{0, 4, 0.5f, {1, 2, 3}}, {0, 9, -2.0f, {7, 8, 9}}};
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
global int counters[4];
global int seeded[4] = {10, 20, 30, 40};
global Info state = {0, 1, 1.5f, {4, 5, 6}};
global float weight = 0.25f;

int next_ticket(void) {
    static global int tickets = 100;
    return atomic_add(&tickets, 1);
}
#endif

__attribute__((reqd_work_group_size(64, 1, 1)))
__attribute__((vec_type_hint(float4)))
kernel void program_scope(global int *out, global const int *in) {
    size_t i = get_global_id(0);
    int v = in[i];
    Info info = info_table[i & 1];
    out[8 * i + 0] = primes[v & 7] * info.count + info.tag[v % 3 < 0 ? -(v % 3) : v % 3];
    out[8 * i + 1] = (int)(info.scale * (float)v);
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
    atomic_add(&counters[v & 3], 1);
    out[8 * i + 2] = seeded[i & 3] + seeded[2] + state.tag[i % 3];
    out[8 * i + 3] = (int)(weight * (float)v) + state.count;
    int ticket = next_ticket();
    // >= 100 only: program-scope variables keep their values from one launch
    // of the program to the next (a reference may run it twice)
    out[8 * i + 4] = ticket >= 100;
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    if (i == 0) {
        state.scale = 7.0f;   // a member no work-item reads
    }
#endif
}

__attribute__((work_group_size_hint(32, 1, 1)))
kernel void read_counters(global int *out) {
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
    size_t i = get_global_id(0);
    if (i < 4) out[i] = counters[i];
#else
    out[get_global_id(0)] = primes[get_global_id(0) & 7];
#endif
}
