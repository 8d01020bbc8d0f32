#version 450
// target-env: vulkan1.2
// GL_EXT_nonuniform_qualifier: arrays of storage and uniform buffers indexed
// by a per-invocation (non-uniform) index, unsized descriptor arrays, the
// length of a runtime array in a non-uniformly chosen buffer, atomics on it.
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint count; uint values[]; } data[4];
layout(std140, binding = 1) uniform Scale { uvec4 factor; } scale[3];
layout(std430, binding = 2) writeonly buffer Out { uvec4 outs[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint which = (i * 7u) % 4u;                 // differs between neighbours
    uint u = (i >> 1) % 3u;
    uint n = data[nonuniformEXT(which)].values.length();
    uint half_n = n / 2u;
    // reads from the first half, atomic updates of the second: no races
    uint x = data[nonuniformEXT(which)].values[i % half_n];
    uvec4 f = scale[nonuniformEXT(u)].factor;
    atomicAdd(data[nonuniformEXT(which)].count, 1u);
    uint m = data[nonuniformEXT((which + 1u) % 4u)].values.length() / 2u;
    atomicAdd(data[nonuniformEXT((which + 1u) % 4u)].values[m + (i + 5u) % m], f.x);
    outs[i] = uvec4(x * f.y + f.z, n, f.w, which);
}
