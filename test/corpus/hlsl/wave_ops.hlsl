// Wave intrinsics: WaveActiveSum, WavePrefixSum, WaveReadLaneFirst,
// WaveActiveBallot, WaveActiveMax/Min, WaveActiveCountBits,
// WavePrefixCountBits, WaveIsFirstLane, WaveGetLaneIndex/Count, all in
// uniform control flow. Four words per invocation. glslang 12 writes
// WavePrefixSum as an inclusive scan (HLSL: exclusive; DXC writes
// ExclusiveScan): scripts/differential-run's model follows the module.
[[vk::binding(0, 0)]] RWStructuredBuffer<uint4> data;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint v = data[id.x].x & 0xffff;
    uint lane = WaveGetLaneIndex();
    uint sum = WaveActiveSum(v);
    uint prefix = WavePrefixSum(v);
    uint first = WaveReadLaneFirst(v);
    bool odd = (v & 1) != 0;
    uint4 ballot = WaveActiveBallot(odd);
    uint maximum = WaveActiveMax(v);
    uint minimum = WaveActiveMin(v);
    uint oddCount = WaveActiveCountBits(odd);
    uint oddBefore = WavePrefixCountBits(odd);
    data[id.x] = uint4(sum + prefix * 3,
                       first ^ (ballot.x << 16),
                       maximum - minimum + (WaveIsFirstLane() ? 0x100000u : 0u),
                       oddCount | (oddBefore << 8) | (lane << 16) | (WaveGetLaneCount() << 24));
}
