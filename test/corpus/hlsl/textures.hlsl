// Textures as HLSL has them: a Texture2D and a separate SamplerState
// (SampleLevel with nearest and with linear filtering, Load of a mip
// level, GetDimensions with levels), RWTexture2D<float4> written and read
// ([] and Load), RWTexture2D<uint> with InterlockedAdd/InterlockedMax,
// a texture array (Texture2DArray.Load).
[[vk::binding(0, 0)]] Texture2D<float4> picture;          // 8x8, 2 levels
[[vk::binding(1, 0)]] SamplerState nearestClamp;
[[vk::binding(2, 0)]] SamplerState linearClamp;
[[vk::binding(3, 0)]] RWTexture2D<float4> canvas;         // 8x8 rgba32f
[[vk::binding(4, 0)]] RWTexture2D<uint> counts;            // 4x4 r32ui
[[vk::binding(5, 0)]] Texture2DArray<float4> layers;      // 4x4, 3 layers
[[vk::binding(6, 0)]] RWStructuredBuffer<float4> results;

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
    uint width, height, levels;
    picture.GetDimensions(0, width, height, levels);
    float2 size = float2(width, height);
    // Texel centres (nearest) and midpoints between texels (linear: equal
    // weights, exact in any filtering precision).
    float2 centre = (float2(id.xy) + 0.5) / size;
    float2 between = (float2(id.xy) + 1.0) / size;
    float4 a = picture.SampleLevel(nearestClamp, centre, 0);
    float4 b = picture.SampleLevel(linearClamp, between, 0);
    float4 c = picture.Load(int3(id.xy / 2, 1));
    float4 d = layers.Load(int4(id.xy % 4, id.x % 3, 0));
    float4 old = canvas[id.xy];
    canvas[id.xy] = old * 0.5 + a;
    InterlockedAdd(counts[id.xy % 4], (uint)(a.x * 255.0 + 0.5));
    InterlockedMax(counts[id.xy / 2 % 4], index);
    results[index * 4 + 0] = b;
    results[index * 4 + 1] = c;
    results[index * 4 + 2] = d;
    results[index * 4 + 3] = float4(width, height, levels, old.y);
}
