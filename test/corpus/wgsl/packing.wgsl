// The pack and unpack built-ins (4x8snorm/unorm, 2x16snorm/unorm/float,
// 4xI8/4xU8 and their clamping forms), dot4I8Packed and dot4U8Packed.
@group(0) @binding(0) var<storage, read> floats: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> words: array<u32>;
@group(0) @binding(2) var<storage, read_write> packed: array<u32>;
@group(0) @binding(3) var<storage, read_write> unpacked: array<vec4<f32>>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    let f = floats[i];
    let a = words[i * 2u];
    let b = words[i * 2u + 1u];
    let o = i * 10u;
    packed[o + 0u] = pack4x8snorm(f);
    packed[o + 1u] = pack4x8unorm(f);
    packed[o + 2u] = pack2x16snorm(f.xy);
    packed[o + 3u] = pack2x16unorm(f.zw);
    packed[o + 4u] = pack2x16float(f.xy * 100.0);
    packed[o + 5u] = pack4xI8(unpack4xI8(a) + vec4<i32>(1));
    packed[o + 6u] = pack4xU8Clamp(unpack4xU8(b) * vec4<u32>(2u));
    packed[o + 7u] = pack4xI8Clamp(unpack4xI8(a) * vec4<i32>(3));
    packed[o + 8u] = bitcast<u32>(dot4I8Packed(a, b));
    packed[o + 9u] = dot4U8Packed(a, b);
    unpacked[i * 3u] = unpack4x8snorm(a) + unpack4x8unorm(b);
    unpacked[i * 3u + 1u] = vec4<f32>(unpack2x16snorm(a), unpack2x16unorm(b));
    // Halves of finite values: exponents 0x00..0x1d.
    unpacked[i * 3u + 2u] = vec4<f32>(unpack2x16float(a & 0x77ff77ffu), unpack2x16float(b & 0x77ff77ffu));
}
