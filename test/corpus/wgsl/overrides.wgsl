// Pipeline-overridable constants: with defaults, one with an id, one
// derived from others, and two the build overrides (the flags line).
// naga resolves overrides when it writes SPIR-V (it emits no
// specialization constants): the values are the compiler's.
// wgsl-to-spv-flags: --override scale=3.5,17=9
override scale: f32 = 1.0;
@id(17) override steps: u32 = 4u;
override offset: i32 = -7;
override doubled: u32 = steps * 2u;
override enabled: bool = true;

@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<storage, read_write> counts: array<i32>;

var<workgroup> tile: array<f32, doubled>;

@compute @workgroup_size(doubled)
fn main(@builtin(global_invocation_id) id: vec3<u32>,
        @builtin(local_invocation_index) index: u32) {
    var v = data[id.x];
    for (var k = 0u; k < steps; k++) {
        v = v * 0.5 + scale;
    }
    tile[index] = v;
    workgroupBarrier();
    let other = tile[(index + 1u) % doubled];
    if (enabled) {
        data[id.x] = v + other;
    }
    counts[id.x] = offset + i32(doubled) * 100 + i32(index);
}
