// enable f16: half scalars, vectors and a matrix in storage, conversions
// to and from f32, f16 arithmetic and built-ins; values kept where f16
// arithmetic is exact or within a half's precision.
enable f16;

struct Record {
    value: f16,
    scale: f16,
    pair: vec2<f16>,
    quad: vec4<f16>,
}

@group(0) @binding(0) var<storage, read_write> records: array<Record>;
@group(0) @binding(1) var<storage, read_write> wide: array<f32>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var r = records[id.x];
    let m = mat2x2<f16>(r.pair, r.quad.zw);
    let product = m * r.quad.xy;
    r.value = r.value * r.scale + 1.0h;
    r.pair = product;
    r.quad = abs(r.quad) + vec4<f16>(min(r.value, 8.0h), max(r.scale, -8.0h), floor(r.pair.x), f16(id.x));
    records[id.x] = r;
    wide[id.x] = f32(r.value) + f32(dot(r.quad, vec4<f16>(1.0h)));
}
