// groupshared memory and GroupMemoryBarrierWithGroupSync in a 2-D
// workgroup ([numthreads(8, 8, 1)]): a tree reduction by SV_GroupIndex of
// sums and maxima, then each invocation reads a neighbour's value through
// shared memory (a transposed tile).
[[vk::binding(0, 0)]] StructuredBuffer<int> values;
[[vk::binding(1, 0)]] RWStructuredBuffer<int> sums;
[[vk::binding(2, 0)]] RWStructuredBuffer<int> tiles;

groupshared int partial[64];
groupshared int largest[64];
groupshared int tile[8][8];

[numthreads(8, 8, 1)]
void main(uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID, uint index : SV_GroupIndex) {
    uint groupIndex = group.y * 4 + group.x;
    int v = values[groupIndex * 64 + index];
    partial[index] = v;
    largest[index] = v;
    tile[local.y][local.x] = v;
    GroupMemoryBarrierWithGroupSync();
    for (uint stride = 32; stride > 0; stride >>= 1) {
        if (index < stride) {
            partial[index] += partial[index + stride];
            largest[index] = max(largest[index], largest[index + stride]);
        }
        GroupMemoryBarrierWithGroupSync();
    }
    if (index == 0) {
        sums[groupIndex * 2] = partial[0];
        sums[groupIndex * 2 + 1] = largest[0];
    }
    tiles[groupIndex * 64 + index] = tile[local.x][local.y] - partial[0];
}
