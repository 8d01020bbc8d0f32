// HLSL's Vulkan attributes: [[vk::push_constant]] on a ConstantBuffer,
// [[vk::constant_id(N)]] specialization constants (uint, float, bool; set
// by the run and left at their defaults), a barrier between them,
// [[vk::binding]] in set 0.
struct Push {
    float scale;
    uint offset;
    uint limit;
};

[[vk::push_constant]] ConstantBuffer<Push> push;
[[vk::constant_id(1)]] const uint factor = 4;
[[vk::constant_id(2)]] const float shift = 0.5;
[[vk::constant_id(3)]] const bool doubled = false;
[[vk::constant_id(4)]] const int untouched = -3;

[[vk::binding(0, 0)]] RWStructuredBuffer<float> values;
[[vk::binding(1, 0)]] RWStructuredBuffer<uint> words;

groupshared float stage[64];

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
    float v = values[id.x] * push.scale + shift;
    if (doubled)
        v = v * 2.0;
    stage[index] = v;
    GroupMemoryBarrierWithGroupSync();
    values[id.x] = stage[(index + factor) % 64];
    uint w = (id.x + push.offset) * factor;
    words[id.x] = min(w, push.limit) + (uint)untouched;
}
