// WGSL subgroups (naga 30 takes them without `enable subgroups`, which it
// refuses, and has no subgroupElect): subgroupAdd, subgroupExclusiveAdd,
// subgroupInclusiveMul, subgroupMax/Min, subgroupAnd/Or/Xor,
// subgroupBallot, subgroupBroadcastFirst, subgroupBroadcast,
// subgroupShuffle/ShuffleXor, subgroupAll/Any, subgroup_invocation_id
// and subgroup_size; each result
// packed into words checked against the subgroup model.
// wgsl-to-spv-flags: --spirv-version 1.3

@group(0) @binding(0) var<storage, read_write> data: array<vec4<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>,
        @builtin(subgroup_invocation_id) lane: u32,
        @builtin(subgroup_size) size: u32) {
    let v = data[id.x].x & 0xffffu;
    let odd = (v & 1u) == 1u;
    let sum = subgroupAdd(v);
    let before = subgroupExclusiveAdd(v);
    let product = subgroupInclusiveMul((v & 1u) + 1u);
    let spread = subgroupMax(v) - subgroupMin(v);
    let bits = subgroupAnd(v | 0xff00u) ^ subgroupOr(v & 0xffu) ^ subgroupXor(v);
    let ballot = subgroupBallot(odd);
    let first = subgroupBroadcastFirst(v);
    let second = subgroupBroadcast(v, 1u);
    let mirrored = subgroupShuffle(v, size - 1u - lane);
    let neighbour = subgroupShuffleXor(v, 1u);
    let votes = select(0u, 1u, subgroupAll(v < 0x8000u)) | select(0u, 2u, subgroupAny(odd))
                | select(0u, 4u, lane == 0u);
    data[id.x] = vec4<u32>(sum + before * 3u + product * 7u,
                           spread ^ (bits << 16u),
                           ballot.x ^ first ^ (second << 8u) ^ (mirrored << 12u),
                           neighbour | (votes << 16u) | (lane << 20u) | (size << 26u));
}
