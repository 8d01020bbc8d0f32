// cbuffer packing: a float3 followed by a float in one register, a float2
// that cannot straddle a 16-byte boundary, arrays with one element per
// register, row_major and column_major matrices, a struct member.
struct Light {
    float3 direction;
    float intensity;
};

[[vk::binding(0, 0)]] cbuffer Params {
    float3 offset;     // 0
    float scale;       // 12
    float2 shift;      // 16
    float bias;        // 24
    uint count;        // 28
    float weights[4];  // 32, 48, 64, 80 (each in its own register)
    row_major float2x3 rowMatrix;     // 96: two rows of 3, stride 16
    column_major float3x2 colMatrix;  // 128: two columns of 3, stride 16
    Light light;                      // 160
};
[[vk::binding(1, 0)]] StructuredBuffer<float4> inputs;
[[vk::binding(2, 0)]] RWStructuredBuffer<float4> outputs;

[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 v = inputs[id.x];
    float3 p = v.xyz * scale + offset;
    float w = 0;
    for (uint k = 0; k < min(count, 4u); k++)
        w += weights[k] * v[k];
    float2 a = mul(rowMatrix, p);           // float2x3 * float3
    float2 b = mul(p, colMatrix);           // float3 * float3x2
    float lit = max(dot(normalize(p + 1000.0), light.direction), 0.0) * light.intensity;
    outputs[id.x] = float4(a + shift, b.x + bias + w, b.y + lit);
}
