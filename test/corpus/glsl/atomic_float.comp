#version 450
// target-env: vulkan1.2
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Acc {
    float fsum; float fmin; float fmax; float fcount;
    double dsum; double dmin; double dmax;
    float16_t hsum; float16_t hmin; float16_t hmax; float16_t hpad;
    float wsum[8];
    double wd[8];
    float wmin[8];
};
layout(std430, binding = 1) readonly buffer In { float data[]; };
shared float s_sum;
shared double s_d;
shared float s_min;
shared float16_t s_h;
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint g = gl_WorkGroupID.x;
    if (gl_LocalInvocationIndex == 0) { s_sum = 0.0; s_d = 0.0; s_min = 1e30; s_h = float16_t(0.0); }
    barrier();
    float v = data[i];
    atomicAdd(fsum, v);
    atomicMin(fmin, v);
    atomicMax(fmax, v);
    atomicAdd(fcount, 1.0);
    atomicAdd(dsum, double(v) * 0.25);
    atomicMin(dmin, double(v) - 0.5);
    atomicMax(dmax, double(v) + 0.5);
    atomicAdd(hsum, float16_t(0.5));
    atomicMin(hmin, float16_t(v * 0.125));
    atomicMax(hmax, float16_t(v * 0.125));
    atomicAdd(s_sum, v);
    atomicAdd(s_d, double(v) * 0.5);
    atomicMin(s_min, v);
    atomicAdd(s_h, float16_t(1.0));
    barrier();
    if (gl_LocalInvocationIndex == 0) {
        wsum[g] = s_sum;
        wd[g] = s_d + double(s_h);
        wmin[g] = atomicExchange(s_min, 0.0);
    }
}
