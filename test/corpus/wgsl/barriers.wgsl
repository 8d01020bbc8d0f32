// workgroupBarrier, storageBarrier and workgroupUniformLoad: a workgroup
// builds a histogram in workgroup memory, one invocation picks a bucket,
// every invocation reads the pick uniformly and writes through storage
// memory that a neighbour reads after a storageBarrier.
@group(0) @binding(0) var<storage, read> inputs: array<u32>;
@group(0) @binding(1) var<storage, read_write> scratch: array<u32>;
@group(0) @binding(2) var<storage, read_write> outputs: array<u32>;

var<workgroup> buckets: array<atomic<u32>, 16>;
var<workgroup> chosen: u32;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>,
        @builtin(local_invocation_index) index: u32,
        @builtin(workgroup_id) group: vec3<u32>) {
    let v = inputs[id.x];
    if (index < 16u) {
        atomicStore(&buckets[index], 0u);
    }
    workgroupBarrier();
    atomicAdd(&buckets[v % 16u], 1u);
    workgroupBarrier();
    if (index == 0u) {
        var best = 0u;
        for (var b = 1u; b < 16u; b++) {
            if (atomicLoad(&buckets[b]) > atomicLoad(&buckets[best])) {
                best = b;
            }
        }
        chosen = best;
    }
    let pick = workgroupUniformLoad(&chosen);
    scratch[id.x] = v * 3u + pick;
    storageBarrier();
    workgroupBarrier();
    let neighbour = scratch[group.x * 64u + (index + 1u) % 64u];
    outputs[id.x] = neighbour ^ (atomicLoad(&buckets[index % 16u]) << 24u);
}
