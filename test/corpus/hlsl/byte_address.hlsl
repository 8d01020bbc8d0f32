// ByteAddressBuffer Load/Load2/Load4 at computed byte offsets,
// RWByteAddressBuffer Store/Store2/Store4 and the Interlocked* family on
// words of it (results into a second region), all invocations contending.
[[vk::binding(0, 0)]] ByteAddressBuffer source;
[[vk::binding(1, 0)]] RWByteAddressBuffer target;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    uint4 q = source.Load4(i * 16);
    uint2 pair = source.Load2(i * 8 + 4);
    uint one = source.Load((i * 12) & ~3u);
    // Region 1: 64 records of 32 bytes from byte 256.
    uint base = 256 + i * 32;
    target.Store4(base, q.wzyx ^ one);
    target.Store2(base + 16, pair + q.xy);
    target.Store(base + 24, countbits(one));
    target.Store(base + 28, one >> (i & 31));
    // Region 0: 12 words, each updated by every invocation, each final
    // value independent of the invocations' order.
    uint old;
    target.InterlockedAdd(0, q.x & 0xff, old);
    target.InterlockedMax(4, q.y);
    target.InterlockedMin(8, q.y);
    target.InterlockedOr(12, 1u << (i & 31));
    target.InterlockedAnd(16, ~(1u << (i & 15)));
    target.InterlockedXor(20, q.z);
    // A uint comparator: glslang 12 keeps an int literal's type, which
    // spirv-val rejects.
    uint was;
    target.InterlockedCompareExchange(24, 0u, 77u, was);  // one wins
    target.InterlockedAdd(44, was == 0 ? 1u : 0u);
    // 1u: glslang 12 writes InterlockedAdd(28, 1, old) as an OpAtomicIAdd
    // of an int value into a uint, which spirv-val rejects.
    target.InterlockedAdd(28, 1u, old);
    target.InterlockedAdd(32, old < 64 ? 1u : 0u);  // every old is below 64
    target.InterlockedExchange(36, 0x5a00u, was);
    target.InterlockedMax(40, was);  // 0 for the first, 0x5a00 for the others
}
