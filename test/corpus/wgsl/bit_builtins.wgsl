// Bit built-ins (countOneBits, countLeadingZeros, countTrailingZeros,
// firstLeadingBit signed and unsigned, firstTrailingBit, reverseBits,
// extractBits signed and unsigned, insertBits), on scalars and vectors;
// WGSL's defined integer division and remainder (by zero: x / 0 == x,
// x % 0 == 0; i32 MIN / -1 == MIN) as naga writes it (a select of the
// divisor), shifts by run-time amounts. WGSL defines a shift by the amount
// modulo the width, but naga 30 writes the amount unmasked, and SPIR-V
// leaves a shift by the width or more undefined (ours and lavapipe give
// different values, each allowed): the amounts are masked here.
@group(0) @binding(0) var<storage, read> inputs: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read_write> results: array<u32>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    let a = inputs[i].x;
    let b = inputs[i].y;
    let sa = bitcast<i32>(a);
    let o = i * 16u;
    results[o + 0u] = countOneBits(a) | (countLeadingZeros(a) << 8u) | (countTrailingZeros(a) << 16u);
    results[o + 1u] = firstLeadingBit(a);
    results[o + 2u] = bitcast<u32>(firstLeadingBit(sa));
    results[o + 3u] = firstTrailingBit(a);
    results[o + 4u] = reverseBits(a);
    results[o + 5u] = extractBits(a, b & 31u, (b >> 5u) & 31u);
    results[o + 6u] = bitcast<u32>(extractBits(sa, b & 15u, (b >> 8u) & 15u));
    results[o + 7u] = insertBits(a, b, (b >> 10u) & 15u, (b >> 16u) & 15u);
    let v = vec4<u32>(a, b, a ^ b, a & b);
    let c = countOneBits(v) + reverseBits(v) % vec4<u32>(7u);
    results[o + 8u] = c.x + c.y * 3u + c.z * 5u + c.w * 7u;
    let d = select(b, 0u, b % 4u == 0u);  // a zero divisor for one in four
    results[o + 9u] = a / d;
    results[o + 10u] = a % d;
    let sd = select(bitcast<i32>(b), 0, b % 4u == 0u);
    results[o + 11u] = bitcast<u32>(sa / sd);
    results[o + 12u] = bitcast<u32>(sa % sd);
    let minimum = select(sa, i32(-2147483647 - 1), i % 8u == 1u);
    let minus_one = select(sd, -1, i % 8u == 1u);
    results[o + 13u] = bitcast<u32>(minimum / minus_one) ^ bitcast<u32>(minimum % minus_one);
    results[o + 14u] = (a << (b & 31u)) ^ (a >> ((b + 3u) & 31u));
    results[o + 15u] = bitcast<u32>(sa >> ((b ^ 7u) & 31u));
}
