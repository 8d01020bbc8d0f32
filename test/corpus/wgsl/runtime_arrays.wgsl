// Structs ending in runtime arrays, arrayLength of two of them, select on
// vectors and scalars, a loop with continuing, vec3 members (16-byte
// alignment) inside an array of structs.
// As large as an Item (32 bytes): the buffer is records of 32 bytes.
struct Header {
    scale: f32,
    limit: f32,
    unused: f32,
    bias: f32,
    extra: vec2<u32>,
}

struct Item {
    position: vec3<f32>,
    weight: f32,
    tag: vec2<u32>,
}

struct Items {
    header: Header,
    items: array<Item>,
}

struct Words {
    total: atomic<u32>,
    words: array<u32>,
}

@group(0) @binding(0) var<storage, read_write> items: Items;
@group(0) @binding(1) var<storage, read_write> words: Words;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let n = arrayLength(&items.items);
    let m = arrayLength(&words.words);
    let i = id.x;
    if (i >= n) {
        return;
    }
    var item = items.items[i];
    let big = item.position > vec3<f32>(0.0);
    item.position = select(-item.position, item.position * items.header.scale, big);
    var k = 0u;
    var acc = 0u;
    loop {
        if (k >= 4u) {
            break;
        }
        acc += words.words[(i * 4u + k) % m];
        continuing {
            k += 1u;
        }
    }
    item.tag = select(item.tag.yx, item.tag, vec2<bool>(acc % 2u == 0u, i % 3u == 0u));
    item.weight = select(item.weight + items.header.bias, f32(n * 1000u + m), i == 0u);
    item.tag.x += items.header.extra.y;
    items.items[i] = item;
    atomicAdd(&words.total, acc & 0xffu);
}
