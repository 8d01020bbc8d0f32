// Functions with out and inout parameters, a static array (private, with
// dynamic indexing), while and do-while loops, early return, the ternary
// operator on vectors, integer min/max/clamp/abs and float lerp/saturate.
[[vk::binding(0, 0)]] RWStructuredBuffer<int> data;

static const int table[8] = { 3, -1, 4, -1, 5, -9, 2, 6 };

void split(int v, out int high, inout int low) {
    high = v >> 16;
    low += v & 0xffff;
}

int collatz(int start) {
    int n = abs(start % 1000) + 1;
    int steps = 0;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
        if (steps > 200)
            return -1;
    }
    return steps;
}

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int v = data[id.x];
    int high, low = 7;
    split(v, high, low);
    int local[8];
    for (int k = 0; k < 8; k++)
        local[k] = table[(k + v) & 7] * (k + 1);
    int i = 0, best = -100;
    do {
        best = max(best, local[i]);
        i++;
    } while (i < 8 && local[i] != 5);
    int3 pick = (v & 1) ? int3(1, 2, 3) : int3(-4, -5, -6);
    float t = saturate((float)(v & 15) / 8.0);  // eighths: lerp is exact
    int blended = (int)lerp(-100.0, 100.0, t);
    data[id.x] = clamp(high, -1000, 1000) + low * 3 + best * 5 + collatz(v) * 7
                 + pick.x + pick.y * pick.z + blended * 11;
}
