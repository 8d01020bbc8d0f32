#version 450
// Integer conversions of specialization constants as glslang writes them
// (OpSpecConstantOp UConvert and SConvert), and float arithmetic on one,
// which GLSL allows only in a function (test/Runner/spec-constant-capabilities.test).
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(constant_id = 0) const uint u = 5u;
layout(constant_id = 1) const int n = -3;
layout(constant_id = 2) const float x = 1.5;
const uint64_t wide = uint64_t(u);
const uint16_t low = uint16_t(u);
const int64_t swide = int64_t(n);
layout(std430, binding = 0) buffer B { uint64_t w[2]; uint r; float f[2]; };
void main() {
    w[0] = wide;
    w[1] = uint64_t(swide);
    r = uint(low);
    f[0] = x * 2.0;
    f[1] = float(n);
}
