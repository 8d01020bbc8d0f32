#version 450
// target-env: vulkan1.2
// GL_EXT_control_flow_attributes: every loop control glslang writes (Unroll,
// DontUnroll, MinIterations|MaxIterations, IterationMultiple|PartialCount,
// DependencyInfinite, DependencyLength: SPIR-V 1.4 controls with literal
// operands) and the selection controls Flatten and DontFlatten, on an if
// and a switch.
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer In { ivec4 a[]; };
layout(std430, binding = 1) writeonly buffer Out { ivec4 o[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    ivec4 v = a[i];
    int acc = 0;
    [[unroll]] for (int k = 0; k < 4; k++) acc += v[k] >> k;
    [[dont_unroll]] for (int k = 0; k < (v.w & 7); k++) acc ^= k;
    [[min_iterations(2), max_iterations(16)]] for (int k = 0; k < 2 + (v.x & 7); k++) acc += k;
    [[iteration_multiple(2), peeled_count(1), partial_count(2)]] for (int k = 0; k < 2 * (v.y & 3); k++) acc += k * 3;
    [[dependency_infinite]] for (int k = 0; k < 3; k++) acc += k;
    [[dependency_length(2)]] for (int k = 0; k < 3; k++) acc -= k;
    [[flatten]] if (v.x > 0) acc += 1; else acc -= 1;
    [[dont_flatten]] if (v.y > 0) acc += 2;
    [[flatten]] switch (v.z & 3) { case 0: acc += 5; break; case 1: acc *= 3; break; default: acc -= 7; }
    o[i] = ivec4(acc, v.x & 7, v.y & 3, v.w & 7);
}
