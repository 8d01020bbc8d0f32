// [numthreads(4, 4, 2)] in a 3-D dispatch: SV_DispatchThreadID,
// SV_GroupID, SV_GroupThreadID, SV_GroupIndex; min16 types (relaxed
// precision: results kept small so that 32-bit arithmetic gives the same),
// a switch, nested loops with break and continue.
[[vk::binding(0, 0)]] RWStructuredBuffer<uint4> ids;
[[vk::binding(1, 0)]] StructuredBuffer<int> seeds;

[numthreads(4, 4, 2)]
void main(uint3 global : SV_DispatchThreadID, uint3 group : SV_GroupID,
          uint3 local : SV_GroupThreadID, uint index : SV_GroupIndex) {
    uint cell = global.x + global.y * 8 + global.z * 64;
    min16int seed = (min16int)(seeds[cell] & 63);
    min16uint acc = 0;
    for (min16int i = 0; i < 8; i++) {
        if (i == seed % 8)
            continue;
        for (min16int j = 0; j < 8; j++) {
            if (j > i)
                break;
            acc += (min16uint)(i * j + seed);
        }
    }
    min16float half_seed = (min16float)seed * 0.5;
    uint kind;
    switch (seed % 4) {
    case 0: kind = 10; break;
    case 1:
    case 2: kind = 20 + (uint)seed; break;
    default: kind = (uint)(half_seed * 2.0); break;
    }
    ids[cell] = uint4(global.x | (global.y << 8) | (global.z << 16),
                        group.x | (group.y << 8) | (group.z << 16),
                        local.x | (local.y << 8) | (local.z << 16) | (index << 24),
                        (uint)acc + (kind << 16));
}
