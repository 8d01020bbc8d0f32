// A 2-D dispatch of 8x8 workgroups transposing a 32x32 matrix of u32
// through workgroup memory: workgroup_id, local_invocation_id,
// num_workgroups, a 2-D workgroup array, a switch, a function with a
// pointer parameter, a uniform buffer struct.
struct Params {
    width: u32,
    salt: u32,
    mode: vec2<u32>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> source: array<u32>;
@group(0) @binding(2) var<storage, read_write> destination: array<u32>;

var<workgroup> tile: array<array<u32, 9>, 8>;

fn mix_in(value: ptr<function, u32>, salt: u32) {
    *value = (*value ^ salt) * 2654435761u;
}

@compute @workgroup_size(8, 8)
fn main(@builtin(workgroup_id) group: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
    let x = group.x * 8u + local.x;
    let y = group.y * 8u + local.y;
    var v = source[y * params.width + x];
    switch (params.mode.x + local.x % 3u) {
        case 0u, 1u: {
            mix_in(&v, params.salt);
        }
        case 2u: {
            v = ~v;
        }
        default: {
            v = v + groups.x * 1000u + groups.y;
        }
    }
    tile[local.y][local.x] = v;
    workgroupBarrier();
    let tx = group.y * 8u + local.x;
    let ty = group.x * 8u + local.y;
    destination[ty * params.width + tx] = tile[local.x][local.y];
}
