// Program-scope pointers initialized with addresses (OpenCL C 2.0): a
// pointer to a whole array (`= table`) and to an element (`= &table[2]`),
// to a struct member, to an element of a 2-D array and of a char array, an
// array of pointers, a struct holding pointers, a pointer to another
// program-scope pointer, pointers to constant-address-space tables (from a
// global pointer and from a constant one), and writes through a pointer
// seen through the array and the reverse. OpenCL C 1.2 has only the
// constant ones. clang-22 writes the addresses as `OpSpecConstantOp
// InBoundsPtrAccessChain %table %0 %BYTES` with a `uchar*` result (LLVM's
// byte GEP), the SPIRV-LLVM-Translator as Bitcast/PtrAccessChain chains.
// (Every struct's member 0 is never named: clang -O0 indexes it with an
// OpConstantNull, which spirv-val refuses. No null pointer in an
// initializer and no composite holding a variable's address itself: clang
// -O0 and the Translator write those as modules spirv-val refuses.)
typedef struct { int unused; int x; int y; } Triple;
constant int squares[6] = {0, 1, 4, 9, 16, 25};
constant int *constant square_at_3 = &squares[3];
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
typedef struct { int unused; global int *ptr; int n; global Triple *triple; } Holder;
global int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
global int grid[2][3] = {{10, 11, 12}, {13, 14, 15}};
global char letters[8] = {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'};
global Triple triples[2] = {{0, 5, 6}, {0, 7, 8}};
global int slots[256];
global int *global whole = table;
global int *global third = &table[2];
global int *global member = &triples[1].y;
global int *global cell = &grid[1][2];
global char *global letter = &letters[3];
global int *global picks[3] = {&table[1], &table[7], &grid[0][1]};
global Holder holder = {0, &table[5], 7, &triples[1]};
global int *global *global indirect = &third;
global int *global slot_base = slots;
global int *global slot_end = &slots[255] + 1;
constant int *global square_ptr = &squares[4];
#endif

kernel void program_scope_pointers(global int *out, global const int *in) {
    size_t i = get_global_id(0);
    int v = in[i];
    out[16 * i + 0] = *square_at_3 + square_at_3[(v & 1) - 1];
    // Each table named here too: the Translator lists in the entry point's
    // interface only the variables the kernel names (spirv-val wants all).
    out[16 * i + 13] = squares[v & 3];
#if __OPENCL_C_VERSION__ >= 200 || defined(__OPENCL_CPP_VERSION__)
    out[16 * i + 1] = whole[v & 7] + *third;
    out[16 * i + 2] = *member + member[-1];
    out[16 * i + 3] = *cell + cell[-(v & 3)];
    out[16 * i + 4] = *letter + letter[v & 3];
    out[16 * i + 5] = *picks[i % 3] + (int)(picks[1] - picks[0]);
    out[16 * i + 6] = holder.ptr[-(v & 3)] * holder.n + holder.triple->x;
    out[16 * i + 7] = **indirect + (*indirect)[1];
    out[16 * i + 8] = *square_ptr + square_ptr[(v & 1)];
    out[16 * i + 9] = (int)(slot_end - slot_base);
    out[16 * i + 14] = table[v & 7] + grid[1][v & 1] + letters[v & 3] + triples[v & 1].x;
    out[16 * i + 10] = (third == &table[2]) + 2 * (holder.triple == &triples[1]) + 4 * (*indirect == third);
    // Writes through a pointer, read through the array, and the reverse:
    // one object (each work-item its own slot; the same values on a rerun).
    slot_base[i] = v * 3;
    out[16 * i + 11] = slots[i];
    slots[i] = v - 5;
    out[16 * i + 12] = slot_base[i];
#endif
}
