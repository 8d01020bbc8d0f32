// row_major and column_major matrices in a structured buffer (float4x4,
// float3x3), mul in every operand order, transpose, determinant, matrix
// times scalar, a float4x3 built per invocation.
struct Transforms {
    row_major float4x4 rows;
    column_major float4x4 columns;
    row_major float3x3 small;
    float pad;
};

[[vk::binding(0, 0)]] StructuredBuffer<Transforms> transforms;
[[vk::binding(1, 0)]] StructuredBuffer<float4> points;
[[vk::binding(2, 0)]] RWStructuredBuffer<float4> results;

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Transforms t = transforms[id.x / 4];
    float4 p = points[id.x];
    float4 a = mul(t.rows, p);
    float4 b = mul(p, t.columns);
    float4 c = mul(transpose(t.rows), p) - mul(p, t.rows);  // zero
    float3 d = mul(t.small, p.xyz) + mul(p.xyz, t.small) * 2.0;
    float4x3 m = float4x3(p.xyz, p.yzw, p.zwx, p.wxy);
    float3 e = mul(float4(1, 2, 3, 4), m);
    float det = determinant(t.small);
    results[id.x * 4 + 0] = a;
    results[id.x * 4 + 1] = b + c;
    results[id.x * 4 + 2] = float4(d, det);
    results[id.x * 4 + 3] = float4(e, t.rows[1][2] + t.columns[2][1] + t.small[0][2]);
}
