// firstbithigh (signed and unsigned), firstbitlow, countbits, reversebits,
// asuint/asfloat/asint, f32tof16/f16tof32, and integer division and
// remainder by zero: undefined values, but the program lives (the select
// keeps the result defined).
[[vk::binding(0, 0)]] RWStructuredBuffer<uint> words;
[[vk::binding(1, 0)]] RWStructuredBuffer<uint> results;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    uint a = words[i * 2];
    uint b = words[i * 2 + 1];
    int sa = asint(a);
    uint o = i * 12;
    results[o + 0] = firstbithigh(a);
    results[o + 1] = firstbithigh(sa);
    results[o + 2] = firstbitlow(a);
    results[o + 3] = countbits(a) + countbits(b) * 64;
    results[o + 4] = reversebits(a);
    float f = asfloat((a & 0x3fffffff) | 0x40000000);  // finite, in [2, 4)
    results[o + 5] = asuint(f * 0.5);
    uint h = f32tof16(f - 3.0);
    results[o + 6] = h | (asuint(f16tof32(h)) & 0xffff0000);
    uint d = b % 4 == 0 ? 0 : b;       // a zero divisor for one in four
    uint q = a / d;
    uint r = a % d;
    results[o + 7] = d == 0 ? 0xdead : q;
    results[o + 8] = d == 0 ? 0xbeef : r;
    int sd = d == 0 ? 0 : (int)(b | 1);
    int sq = sa / sd;
    results[o + 9] = sd == 0 ? 0x5eed : asuint(sq);
    results[o + 10] = asuint(sa >> (b & 31)) ^ (a << (b & 7));
    results[o + 11] = (a >> 24) | ((a & 0xff) << 24) | (uint)firstbithigh(-1) ;
}
