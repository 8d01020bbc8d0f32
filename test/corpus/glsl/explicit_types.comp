#version 450
// target-env: vulkan1.2
// GL_EXT_shader_explicit_arithmetic_types: 8-, 16- and 64-bit integers and
// 16- and 64-bit floats as scalars, vectors and matrices, every conversion
// between them, in storage and in arithmetic.
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 32) in;
layout(std430, binding = 0) readonly buffer In { uint words[]; };
layout(std430, binding = 1) writeonly buffer Ints { i8vec4 b8[64]; u16vec4 b16[64]; i64vec2 b64[64]; uint64_t packed64[64]; };
layout(std430, binding = 2) writeonly buffer Floats { f16vec4 h[64]; f64vec2 d[64]; f16mat2 hm[64]; f64mat3x2 dm[64]; float f[64]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint w = words[i];
    uint v = words[i + 64];
    int8_t  s8 = int8_t(w);
    uint8_t u8 = uint8_t(w >> 8);
    int16_t s16 = int16_t(w >> 4);
    uint16_t u16 = uint16_t(v);
    int64_t s64 = int64_t(int(w)) * int64_t(int(v));
    uint64_t u64 = uint64_t(w) << 32 | uint64_t(v);
    // integer conversions: truncation, sign and zero extension, 8 <-> 16 <-> 64
    b8[i] = i8vec4(s16, u16, int8_t(s64 >> 40), int8_t(u8) + s8);
    b16[i] = u16vec4(s8, u8, uint16_t(s64), uint16_t(u64 >> 48)) * uint16_t(3) + u16vec4(s16);
    b64[i] = i64vec2(s8, s16) * i64vec2(u64 >> 7) + i64vec2(u8, u16);
    packed64[i] = pack64(u16vec4(u16, uint16_t(s16), uint16_t(u8), uint16_t(s8))) ^ pack64(unpack32(u64));
    // float conversions, exact for these magnitudes: integers of 8 and 16
    // bits to half and double, half to double and back, double to int16
    float16_t hs = float16_t(s8) * float16_t(0.25) + float16_t(u8);
    float64_t ds = float64_t(s64) * 0.5LF + float64_t(u16);
    f16vec2 hv = f16vec2(s8, u8) + f16vec2(hs);
    h[i] = f16vec4(hv, float16_t(ds * 0.0LF + float64_t(s16) * 0.125LF), float16_t(float64_t(hs)));
    d[i] = f64vec2(float64_t(hv.x) * float64_t(u64 >> 12), float64_t(int16_t(ds / 281474976710656.0LF)));
    // small integers: the products and sums are exact in half, however
    // the implementation contracts them
    f16vec2 small = f16vec2(s8 >> 4, u8 >> 4);
    f16mat2 m = f16mat2(small, small.yx * float16_t(0.5));
    hm[i] = m * transpose(m) + f16mat2(float16_t(1.0));
    f64mat3x2 dmat = f64mat3x2(f64vec2(s8, u8), f64vec2(s16, u16), f64vec2(ds, 1.0LF));
    dm[i] = dmat * 2.0LF + f64mat3x2(f64vec2(hs), f64vec2(0.5LF), f64vec2(-1.0LF));
    f[i] = float(u64vec2(u64).x >> 40) + float(int8_t(-1)) + float(i16vec2(s16).y) + float(uint8_t(0xffu));
}
