#version 450
// Float conversions of specialization constants across 16, 32 and 64 bits,
// which glslang writes as OpSpecConstantOp FConvert (allowed with Shader)
// (test/Runner/spec-constant-capabilities.test).
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = 1) in;
layout(constant_id = 0) const float x = 1.5;
layout(constant_id = 1) const float16_t hx = float16_t(2.5);
layout(constant_id = 2) const double dx = 0.1;
const float16_t h = float16_t(x);
const double d = double(x);
const float fh = float(hx);
const float fd = float(dx);
layout(std430, binding = 0) buffer B { float f[4]; };
void main() { f[0] = float(h); f[1] = float(d); f[2] = fh; f[3] = fd; }
