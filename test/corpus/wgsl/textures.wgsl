// Textures as WGSL has them: texture_2d and a separate sampler
// (textureSampleLevel nearest and linear, textureGather), textureLoad of a
// mip level, textureDimensions, textureNumLevels, textureNumLayers of a
// texture_2d_array, a write-only rgba8unorm storage texture
// (textureStore), a read_write r32uint storage texture.
@group(0) @binding(0) var picture: texture_2d<f32>;           // 8x8, 2 levels
@group(0) @binding(1) var nearest_clamp: sampler;
@group(0) @binding(2) var linear_clamp: sampler;
@group(0) @binding(3) var layers: texture_2d_array<f32>;       // 4x4, 3 layers
@group(0) @binding(4) var painted: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(5) var tally: texture_storage_2d<r32uint, read_write>;
@group(0) @binding(6) var<storage, read_write> results: array<vec4<f32>>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>,
        @builtin(local_invocation_index) index: u32) {
    let size = vec2<f32>(textureDimensions(picture));
    let centre = (vec2<f32>(id.xy) + 0.5) / size;
    let between = (vec2<f32>(id.xy) + 1.0) / size;
    let a = textureSampleLevel(picture, nearest_clamp, centre, 0.0);
    let b = textureSampleLevel(picture, linear_clamp, between, 0.0);
    let g = textureGather(1, picture, nearest_clamp, between);
    let c = textureLoad(picture, id.xy / 2u, 1);
    let d = textureLoad(layers, id.xy % 4u, id.x % 3u, 0);
    textureStore(painted, id.xy, vec4<f32>(a.zyx, 1.0 - a.w));
    if (index < 16u) {
        // Each texel read and written by one invocation.
        let texel = vec2<u32>(index % 4u, index / 4u);
        let t = textureLoad(tally, texel);
        textureStore(tally, texel, t * vec4<u32>(3u) + vec4<u32>(index * 7u, 0u, 0u, 0u));
    }
    let level1 = textureDimensions(picture, 1);
    results[index * 5u + 0u] = b;
    results[index * 5u + 1u] = c;
    results[index * 5u + 2u] = d;
    results[index * 5u + 3u] = g;
    results[index * 5u + 4u] = vec4<f32>(f32(textureNumLevels(picture)), f32(textureNumLayers(layers)),
                                         f32(level1.x * 10u + level1.y), f32(textureDimensions(layers).x));
}
