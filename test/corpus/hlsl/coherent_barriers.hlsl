// A globallycoherent RWStructuredBuffer (Coherent), AllMemoryBarrier-
// WithGroupSync and DeviceMemoryBarrierWithGroupSync between a write and a
// neighbour's read, AllMemoryBarrier and GroupMemoryBarrier without a sync.
// (Arrays of structured or byte-address buffers, with
// NonUniformResourceIndex, glslang 12's HLSL front end does not parse.)
[[vk::binding(0, 0)]] StructuredBuffer<uint> table;
[[vk::binding(1, 0)]] globallycoherent RWStructuredBuffer<uint> exchange;
[[vk::binding(2, 0)]] RWStructuredBuffer<uint> results;

groupshared uint staged[32];

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint3 group : SV_GroupID, uint index : SV_GroupIndex) {
    uint own = table[id.x];
    uint far = table[(id.x * 7) % 64];
    exchange[id.x] = own ^ far;
    staged[index] = own >> 3;
    AllMemoryBarrierWithGroupSync();
    uint left = exchange[group.x * 32 + (index + 31) % 32];
    uint right = staged[(index + 1) % 32];
    DeviceMemoryBarrierWithGroupSync();
    exchange[id.x] = left + right;
    AllMemoryBarrier();
    GroupMemoryBarrier();
    results[id.x * 2] = left * 3 + right;
    results[id.x * 2 + 1] = own - far;
}
