// glslang-flags: --hlsl-enable-16bit-types
// Native 16-bit floats (DXC's -enable-16bit-types): half scalars and
// vectors in a structured buffer and in arithmetic, conversions to and from
// 32 bits. glslang 12's HLSL front end takes no float16_t/int16_t/uint16_t,
// converts no 16-bit integer (min16int with this flag) to any other type
// and no integer to half but through float: integers stay 32-bit here. Small integers in the halves: every
// operation is exact.
struct Sample {
    half value;
    half weight;
    half2 pair;
    half4 colour;
};

[[vk::binding(0, 0)]] RWStructuredBuffer<Sample> samples;
[[vk::binding(1, 0)]] RWStructuredBuffer<float> sums;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Sample s = samples[id.x];
    half scaled = s.value * s.weight + s.pair.x;
    int rounded = (int)floor(scaled * (half)0.5);
    s.value = scaled;
    s.pair = half2((half)(float)rounded, (half)(float)id.x) - s.pair.yx;
    // glslang 12 gives the intrinsics (abs, max...) of halves float
    // results, which do not convert back: plain arithmetic on half4.
    s.colour = s.colour * s.colour.wzyx - (s.colour + s.colour);
    samples[id.x] = s;
    sums[id.x] = (float)scaled + (float)dot(s.colour, s.colour.wzyx) + (float)rounded * 0.25;
}
