#version 450
// target-env: vulkan1.3
// GL_EXT_spirv_intrinsics: raw opcodes for instructions glslang 12 has no
// GLSL for: integer dot products (SPV_KHR_integer_dot_product) and a
// GLSL.std.450 instruction by number. (OpExpectKHR and OpAssumeTrueKHR the
// same way run right, checked by hand, but lavapipe's Mesa refuses
// SPV_KHR_expect_assume, so they are not here.)
#extension GL_EXT_spirv_intrinsics : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 64) in;

// OpSDot (4450), OpUDot (4451), OpSUDot (4452), OpSDotAccSat (4453),
// OpUDotAccSat (4454), OpSUDotAccSat (4455). Capabilities DotProduct (6019),
// DotProductInputAll (6016), DotProductInput4x8Bit (6017),
// DotProductInput4x8BitPacked (6018).
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016], id = 4450)
int sdot(ivec4 a, ivec4 b);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016], id = 4451)
uint udot(uvec4 a, uvec4 b);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016], id = 4452)
int sudot(ivec4 a, uvec4 b);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6017], id = 4450)
int16_t sdot8(i8vec4 a, i8vec4 b);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6017], id = 4453)
int8_t sdot8_sat(i8vec4 a, i8vec4 b, int8_t acc);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6017], id = 4454)
uint8_t udot8_sat(u8vec4 a, u8vec4 b, uint8_t acc);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6017], id = 4455)
int16_t sudot8_sat(i8vec4 a, u8vec4 b, int16_t acc);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016], id = 4453)
int sdot_sat(ivec4 a, ivec4 b, int acc);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6016], id = 4454)
uint udot_sat(uvec4 a, uvec4 b, uint acc);
// Packed forms: a literal PackedVectorFormat4x8Bit (0) after the operands.
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018], id = 4450)
int sdot_packed(uint a, uint b, spirv_literal int format);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018], id = 4452)
int sudot_packed(uint a, uint b, spirv_literal int format);
spirv_instruction(extensions = ["SPV_KHR_integer_dot_product"], capabilities = [6019, 6018], id = 4454)
uint udot_packed_sat(uint a, uint b, uint acc, spirv_literal int format);

// GLSL.std.450 FindILsb (73) by number.
spirv_instruction(set = "GLSL.std.450", id = 73)
int lsb(int value);

layout(std430, binding = 0) readonly buffer In { uvec4 words[]; };
layout(std430, binding = 1) writeonly buffer Out { ivec4 results[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uvec4 w = words[i];
    ivec4 a = ivec4(w) >> 20;           // 12-bit signed values
    uvec4 b = w & 0xfffu;
    i8vec4 a8 = i8vec4(unpack8(w.x));
    u8vec4 b8 = unpack8(w.y);
    i8vec4 c8 = i8vec4(unpack8(w.z));
    results[4 * i + 0] = ivec4(sdot(a, ivec4(b)), int(udot(b, b >> 2)), sudot(a, b), int(sdot8(a8, c8)));
    // The AccSat forms: the dot product must fit the result type (else the
    // result is undefined); only the final accumulation saturates.
    i8vec4 s8 = a8 >> int8_t(6);        // [-2, 1]
    u8vec4 t8 = b8 >> uint8_t(5);       // [0, 7]
    results[4 * i + 1] = ivec4(int(sdot8_sat(s8, c8 >> int8_t(5), int8_t(w.w))),
                               int(udot8_sat(t8, t8, uint8_t(w.w >> 8))),
                               int(sudot8_sat(a8 >> int8_t(2), b8, int16_t(w.w >> 16))),
                               sdot_sat(a << 4, ivec4(b), int(w.w)));
    results[4 * i + 2] = ivec4(int(udot_sat(b << 2, b << 2, w.w)), sdot_packed(w.x, w.z, 0),
                               sudot_packed(w.x, w.y, 0), int(udot_packed_sat(w.y, w.z, w.w | 0xfffc0000u, 0)));
    results[4 * i + 3] = ivec4(int(w.w & 7u), int(w.x > w.y) + 2 * int(w.z > w.w), lsb(int(w.x)), lsb(0));
}
