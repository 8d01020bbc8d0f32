// Typed buffers (Buffer<uint>, RWBuffer<float4>: texel buffers in SPIR-V),
// GetDimensions of a structured buffer (OpArrayLength) and of a typed one
// (an image size query), ConstantBuffer<T>, Interlocked* on groupshared
// memory, [unroll] and [loop], asdouble and double arithmetic.
struct Settings {
    float gain;
    uint mask;
    double bias;
};

[[vk::binding(0, 0)]] ConstantBuffer<Settings> settings;
[[vk::binding(1, 0)]] Buffer<uint> lookup;           // R32_UINT texel buffer
[[vk::binding(2, 0)]] RWBuffer<float4> colours;      // R32G32B32A32_SFLOAT
[[vk::binding(3, 0)]] RWStructuredBuffer<uint2> words;

groupshared uint histogram[8];
groupshared uint total;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
    uint count, stride, texels;
    words.GetDimensions(count, stride);
    colours.GetDimensions(texels);
    if (index < 8)
        histogram[index] = 0;
    if (index == 0)
        total = 0;
    GroupMemoryBarrierWithGroupSync();
    uint2 w = words[id.x];
    uint key = lookup[w.x & 15] & settings.mask;
    uint previous;
    InterlockedAdd(histogram[key & 7], 1, previous);
    InterlockedMax(total, w.y >> 8);
    GroupMemoryBarrierWithGroupSync();
    float4 c = colours[id.x];
    [unroll] for (int k = 0; k < 4; k++)
        c[k] = c[k] * settings.gain + (float)histogram[k];
    uint steps = 0;
    [loop] while (steps < (w.x & 7))
        steps++;
    colours[id.x] = c;
    double d = asdouble(w.x & 0x3fffffffu, 0x40000000u) * 0.5 + settings.bias;
    words[id.x] = uint2(count | (stride << 8) | (texels << 16) | (steps << 28),
                        ((uint)(d > 2.5) << 31) | (total & 0x0ff00000u)
                        | (histogram[index & 7] << 12));
}
