#version 450
// target-env: vulkan1.2
// GL_EXT_null_initializer: shared variables (a scalar, an array, a struct)
// and function variables initialized with `= {}`: OpConstantNull
// initializers on Workgroup variables (VK_KHR_zero_initialize_workgroup_memory,
// core in Vulkan 1.3) and on Function variables.
#extension GL_EXT_null_initializer : require
layout(local_size_x = 64) in;
struct Pair { uint a; float b; uvec2 c; };
shared uint counter = {};
shared uint zeroed[64] = {};
shared Pair pair = {};
layout(std430, binding = 0) readonly buffer In { uint values[]; };
layout(std430, binding = 1) writeonly buffer Out { uvec4 outs[]; };
uint pick(uint x) {
    uint table[4] = {};
    table[x % 4u] = x;
    return table[0] + table[3] * 2u;
}
void main() {
    uint i = gl_LocalInvocationIndex;
    uint g = gl_GlobalInvocationID.x;
    Pair local_pair = {};
    uint z = zeroed[(i * 5u) % 64u] + pair.a + uint(pair.b) + pair.c.x + pair.c.y;
    barrier();
    atomicAdd(counter, values[g] & 0xffu);
    if (i == 3u) pair.c.y = 7u;
    local_pair.c.x = values[g] >> 24;
    barrier();
    outs[g] = uvec4(z + local_pair.a, counter + pair.c.y, local_pair.c.x + uint(local_pair.b), pick(values[g]));
}
