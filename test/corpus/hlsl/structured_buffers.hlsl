// StructuredBuffer / RWStructuredBuffer of structs (std430-like layout:
// float3 then float share 16 bytes), a loop with continue and break,
// SV_DispatchThreadID. Each record is integrated for up to `steps` steps,
// stopping when it leaves the box.
struct Particle {
    float3 position;
    float mass;
    float2 velocity;
    uint id;
    int flags;
};

[[vk::binding(0, 0)]] StructuredBuffer<Particle> particles;
[[vk::binding(1, 0)]] RWStructuredBuffer<Particle> moved;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Particle p = particles[id.x];
    uint taken = 0;
    for (int step = 0; step < 16; step++) {
        if ((step & 3) == (int)(p.id & 3))
            continue;  // every fourth step skipped, which one by id
        p.position.xy += p.velocity * 0.5;
        p.position.z -= p.mass;
        taken++;
        if (abs(p.position.x) > 200.0 || abs(p.position.y) > 200.0)
            break;
    }
    p.flags = (p.flags << 8) | (int)taken;
    p.id = p.id * 3 + id.x;
    p.mass = p.mass * 2.0;
    moved[id.x] = p;
}
