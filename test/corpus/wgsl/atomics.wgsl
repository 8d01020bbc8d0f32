// Every WGSL atomic on storage and workgroup memory (u32 and i32):
// atomicAdd/Sub/Max/Min/And/Or/Xor/Exchange/CompareExchangeWeak, and
// atomicLoad/atomicStore. Each final value is independent of the
// invocations' order (an exchange of one value by all, a compare-exchange
// exactly one invocation wins, counted).
struct Counters {
    sum: atomic<u32>,
    difference: atomic<i32>,
    maximum: atomic<i32>,
    minimum: atomic<u32>,
    both: atomic<u32>,
    either: atomic<u32>,
    toggled: atomic<u32>,
    swaps: atomic<u32>,
    swaps_seen: atomic<u32>,
    winner: atomic<u32>,
    winners: atomic<u32>,
    stored: atomic<u32>,
}

@group(0) @binding(0) var<storage, read_write> counters: Counters;
@group(0) @binding(1) var<storage, read> inputs: array<u32>;
@group(0) @binding(2) var<storage, read_write> per_group: array<u32>;

var<workgroup> local_sum: atomic<u32>;
var<workgroup> local_max: atomic<i32>;
var<workgroup> slot: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>,
        @builtin(local_invocation_index) index: u32,
        @builtin(workgroup_id) group: vec3<u32>) {
    let v = inputs[id.x];
    if (index == 0u) {
        atomicStore(&slot, 0xffffffffu);
    }
    workgroupBarrier();
    atomicAdd(&counters.sum, v & 0xffffu);
    atomicSub(&counters.difference, i32(v & 0xffu));
    atomicMax(&counters.maximum, bitcast<i32>(v));
    atomicMin(&counters.minimum, v);
    atomicAnd(&counters.both, v | 0x0f0f0f0fu);
    atomicOr(&counters.either, v & 0x01010101u);
    atomicXor(&counters.toggled, v);
    let old = atomicExchange(&counters.swaps, 0xabcu);
    atomicAdd(&counters.swaps_seen, select(0u, 1u, old == 0xabcu));
    let result = atomicCompareExchangeWeak(&counters.winner, 0u, 77u);
    atomicAdd(&counters.winners, select(0u, 1u, result.exchanged && result.old_value == 0u));
    atomicAdd(&local_sum, v >> 16u);
    atomicMax(&local_max, bitcast<i32>(v) >> 4u);
    atomicMin(&slot, index ^ 21u);
    workgroupBarrier();
    if (index == 0u) {
        per_group[group.x * 3u] = atomicLoad(&local_sum);
        per_group[group.x * 3u + 1u] = bitcast<u32>(atomicLoad(&local_max));
        per_group[group.x * 3u + 2u] = atomicLoad(&slot);
        atomicStore(&counters.stored, 12345u);
    }
}
