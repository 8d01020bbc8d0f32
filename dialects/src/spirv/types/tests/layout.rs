//! Layout decisions, checked against what MLIR 22's
//! `mlir-opt --convert-spirv-to-llvm` accepts (OK) and rejects (ERR) for a
//! `spirv.func` argument of the given type.

use super::*;

fn layout(text: &str) -> Option<Layout> {
    ty(text).size_and_alignment()
}

fn natural_offsets(text: &str) -> bool {
    ty(text)
        .as_struct()
        .expect("a struct")
        .has_natural_offsets()
}

#[test]
fn natural_size_and_alignment() {
    let cases = [
        ("i8", 1, 1),
        ("i1", 1, 1),
        ("i16", 2, 2),
        ("f32", 4, 4),
        ("f64", 8, 8),
        ("bf16", 2, 2),
        ("vector<2xf32>", 8, 8),
        ("vector<3xf32>", 12, 16),
        ("vector<4xf32>", 16, 16),
        ("vector<3xi1>", 3, 4),
        ("vector<4xf64>", 32, 32),
        ("!spirv.array<4 x f32>", 16, 4),
        ("!spirv.array<3 x vector<3xf32>>", 36, 16),
        ("!spirv.struct<()>", 0, 1),
        ("!spirv.struct<(i8, i32)>", 8, 4),
        ("!spirv.struct<(f32, vector<3xf32>)>", 32, 16),
        ("!spirv.struct<(vector<3xf32>, f32)>", 16, 16),
        ("!spirv.struct<(f64 [0], i8 [8])>", 16, 8),
    ];
    for (text, size, alignment) in cases {
        assert_eq!(layout(text), Some(Layout { size, alignment }), "{text}");
    }
    for text in [
        "!spirv.ptr<f32, Function>",
        "!spirv.matrix<2 x vector<2xf32>>",
        "!spirv.rtarray<f32>",
        "!spirv.struct<S, (f32)>",
        "!spirv.struct<(f32, !spirv.ptr<f32, Function>)>",
        "index",
        "i4",
    ] {
        assert_eq!(layout(text), None, "{text}");
    }
    // A trailing runtime array has an alignment but no size.
    let unbounded = ty("!spirv.struct<(f32 [0], !spirv.rtarray<f32, stride=4> [4])>")
        .natural_layout()
        .unwrap();
    assert_eq!((unbounded.size, unbounded.alignment), (None, 4));
}

#[test]
fn natural_decoration_fills_in_offsets_and_strides() {
    let natural = ty("!spirv.struct<(i8, !spirv.array<2 x vector<3xf32>>, f32), Block>")
        .natural_layout()
        .unwrap();
    // Struct-level decorations are dropped, as upstream does.
    assert_eq!(
        natural.decorated.to_string(),
        "!spirv.struct<(i8 [0], !spirv.array<2 x vector<3xf32>, stride=12> [16], f32 [40])>"
    );
    assert_eq!(natural.size, Some(48));
}

#[test]
fn struct_offsets_match_upstream() {
    let natural = [
        "!spirv.struct<(i8 [0], i32 [4])>",
        "!spirv.struct<(i8 [0], i8 [1])>",
        "!spirv.struct<(i8 [0], i16 [2])>",
        "!spirv.struct<(f32 [0], !spirv.array<4 x f32, stride=4> [4])>",
        "!spirv.struct<(f32 [0], vector<3xf32> [16])>",
        "!spirv.struct<(f32 [0], vector<2xf32> [8])>",
        "!spirv.struct<(vector<3xf32> [0], f32 [12])>",
        "!spirv.struct<(f32 [0], !spirv.struct<(f64 [0])> [8])>",
        "!spirv.struct<(i1 [0], i32 [4])>",
        "!spirv.struct<(i1 [0], i8 [1])>",
        "!spirv.struct<(vector<4xi1> [0], i8 [4])>",
        "!spirv.struct<(vector<3xi1> [0], i8 [3])>",
        "!spirv.struct<(vector<2xf64> [0], f32 [16])>",
        "!spirv.struct<(f32 [0], vector<4xf64> [32])>",
        "!spirv.struct<(f16 [0], !spirv.array<3 x vector<3xf16>, stride=6> [8])>",
        "!spirv.struct<(!spirv.struct<()> [0], i32 [0])>",
        "!spirv.struct<(i8 [0], !spirv.struct<()> [1], i32 [4])>",
        "!spirv.struct<(!spirv.array<2 x vector<3xf32>, stride=12> [0])>",
        "!spirv.struct<(i8 [0], !spirv.struct<(f64 [0])> [8], i8 [16])>",
        "!spirv.struct<(i8 [0], !spirv.struct<(f64 [0], i8 [8])> [8], i8 [24])>",
        // Natural offsets, but upstream still fails on a nested part: the
        // runtime-array stride, the inner-array size quirk, the struct size.
        "!spirv.struct<(f32 [0], !spirv.rtarray<f32, stride=4> [4])>",
        "!spirv.struct<(!spirv.array<2 x !spirv.array<2 x f32, stride=4>, stride=8> [0])>",
        "!spirv.struct<(!spirv.array<2 x !spirv.struct<(f32 [0], f64 [8])>, stride=16> [0])>",
        // Beyond upstream, which refuses it: a buffer device address (GLSL
        // buffer_reference) is 8 bytes aligned to 8.
        "!spirv.struct<(f32 [0], !spirv.ptr<f32, PhysicalStorageBuffer> [8])>",
    ];
    for text in natural {
        assert!(natural_offsets(text), "{text} should be natural");
        assert!(ty(text).is_naturally_laid_out(), "{text}");
    }
    let unnatural = [
        "!spirv.struct<(i8 [0], i32 [8])>",
        "!spirv.struct<(i8 [0], i32 [1])>",
        "!spirv.struct<(f32 [4])>",
        "!spirv.struct<(f32 [0], !spirv.array<4 x f32> [4])>",
        "!spirv.struct<(f32 [0], vector<3xf32> [4])>",
        "!spirv.struct<(f32 [0], vector<4xf64> [8])>",
        "!spirv.struct<(f16 [0], !spirv.array<3 x vector<3xf16>, stride=6> [2])>",
        "!spirv.struct<(f32 [0], !spirv.struct<(f64)> [8])>",
        "!spirv.struct<(f32 [0], !spirv.rtarray<f32> [4])>",
        "!spirv.struct<(!spirv.array<2 x vector<3xf32>, stride=16> [0])>",
        "!spirv.struct<(i8 [0], !spirv.struct<(f64 [0], i8 [8])> [8], i8 [17])>",
        "!spirv.struct<(f32 [0], !spirv.ptr<f32, PhysicalStorageBuffer> [4])>",
        "!spirv.struct<(f32 [0], !spirv.matrix<2 x vector<2xf32>> [8])>",
        "!spirv.struct<(f32 [0], !spirv.struct<T, (f32 [0])> [4])>",
        // Struct-level decorations and identified structs never match.
        "!spirv.struct<(f32 [0]), Block>",
        "!spirv.struct<(f32 [0], i32 [4]), Block>",
        "!spirv.struct<S, (f32 [0])>",
        // No offsets at all: upstream makes these packed structs instead.
        "!spirv.struct<(i8, i32)>",
        "!spirv.struct<()>",
    ];
    for text in unnatural {
        assert!(!natural_offsets(text), "{text} should not be natural");
    }
}

#[test]
fn array_strides_match_upstream() {
    let convertible = [
        "!spirv.array<4 x f32>",
        "!spirv.array<4 x f32, stride=4>",
        "!spirv.array<4 x vector<3xf32>, stride=12>",
        "!spirv.array<4 x i8, stride=1>",
        "!spirv.array<4 x vector<2xf16>, stride=4>",
        "!spirv.array<2 x f64, stride=8>",
        // getSizeInBytes(array) = (element size + stride) * count, so these
        // odd-looking strides are the ones upstream accepts.
        "!spirv.array<4 x !spirv.array<2 x f32, stride=4>, stride=16>",
        "!spirv.array<4 x !spirv.array<2 x f32>, stride=8>",
        "!spirv.array<2 x !spirv.array<2 x vector<3xf32>>, stride=24>",
        "!spirv.array<2 x !spirv.array<2 x vector<3xf32>, stride=12>, stride=48>",
        "!spirv.array<4 x !spirv.struct<(f32)>>",
        "!spirv.rtarray<f32>",
    ];
    for text in convertible {
        assert!(ty(text).has_convertible_stride(), "{text} should convert");
    }
    let rejected = [
        "!spirv.array<4 x f32, stride=8>",
        "!spirv.array<4 x f32, stride=2>",
        "!spirv.array<4 x vector<3xf32>, stride=16>",
        "!spirv.array<4 x i1, stride=1>",
        "!spirv.array<4 x vector<4xi1>, stride=4>",
        "!spirv.array<4 x !spirv.array<2 x f32, stride=4>, stride=8>",
        "!spirv.array<4 x !spirv.struct<(f32 [0])>, stride=4>",
        "!spirv.array<4 x !spirv.struct<(f32)>, stride=4>",
        "!spirv.array<4 x !spirv.ptr<f32, Function>, stride=8>",
        "!spirv.rtarray<f32, stride=4>",
        "!spirv.rtarray<f32, stride=8>",
    ];
    for text in rejected {
        assert!(
            !ty(text).has_convertible_stride(),
            "{text} should be rejected"
        );
    }
}

#[test]
fn size_in_bytes_mirrors_upstream_quirks() {
    assert_eq!(ty("i32").size_in_bytes(), Some(4));
    assert_eq!(ty("i1").size_in_bytes(), None);
    assert_eq!(ty("vector<3xf32>").size_in_bytes(), Some(12));
    assert_eq!(ty("vector<3xi1>").size_in_bytes(), None);
    assert_eq!(ty("!spirv.array<2 x f32>").size_in_bytes(), Some(8));
    assert_eq!(
        ty("!spirv.array<2 x f32, stride=4>").size_in_bytes(),
        Some(16)
    );
    assert_eq!(ty("!spirv.struct<(f32 [0])>").size_in_bytes(), None);
    assert_eq!(ty("!spirv.ptr<f32, Function>").size_in_bytes(), None);
    // Overflow gives `None`, not a panic.
    let huge =
        "!spirv.array<4294967295 x !spirv.array<4294967295 x !spirv.array<4294967295 x f64>>>";
    assert_eq!(ty(huge).size_in_bytes(), None);
    assert_eq!(ty(huge).size_and_alignment(), None);
}
