#version 450
// target-env: vulkan1.1
// The packed unsigned-float storage format B10G11R11_UFLOAT (r11f_g11f_b10f):
// each texel read (11- and 10-bit floats, subnormals, infinities and NaNs
// among the random bits), kept, and written back scaled and shifted so
// that values round, go negative (to zero) and overflow (to infinity).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r11f_g11f_b10f) uniform image2D packed;
layout(set = 0, binding = 1) buffer Out { vec4 read[]; };
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 texel = imageLoad(packed, p);
    read[p.y * 16 + p.x] = texel;
    float k = float(p.x - 4) * 0.37;
    imageStore(packed, p, vec4(texel.rgb * vec3(1.5, 300.0, 0.001) + vec3(k, -k, k * 1000.0), 1.0));
}
