//! Malformed input must give precise errors, never panics.

use super::*;

fn err(text: &str) -> TypeParseError {
    match SpirvType::parse(text) {
        Ok(ty) => panic!("{text:?} parsed as {ty:?}"),
        Err(err) => err,
    }
}

#[test]
fn truncated_input() {
    let full = "!spirv.ptr<!spirv.struct<(f32 [0, NonWritable], !spirv.array<4 x f32, stride=4> [4]), Block>, StorageBuffer>";
    // Every proper prefix (at a char boundary) is an error, never a panic.
    for end in 0..full.len() {
        let prefix = &full[..end];
        assert!(SpirvType::parse(prefix).is_err(), "{prefix:?}");
    }
    assert_eq!(
        err("!spirv.ptr<f32, Function"),
        TypeParseError::UnexpectedEnd {
            offset: 24,
            expected: "`>`"
        }
    );
    assert_eq!(
        err(""),
        TypeParseError::UnexpectedEnd {
            offset: 0,
            expected: "a type"
        }
    );
    assert!(matches!(
        err("(i32) ->"),
        TypeParseError::UnexpectedEnd { .. }
    ));
    assert!(matches!(
        err("tensor<4xf32"),
        TypeParseError::UnexpectedEnd { .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(f32 [0, Location=\"x])>"),
        TypeParseError::UnexpectedEnd { .. }
    ));
}

#[test]
fn unbalanced_brackets() {
    assert_eq!(
        err("!spirv.ptr<f32, Function>>"),
        TypeParseError::TrailingInput {
            offset: 25,
            found: ">".into()
        }
    );
    assert!(matches!(
        err("!spirv.array<4 x f32)"),
        TypeParseError::Expected { offset: 20, .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(f32>"),
        TypeParseError::Expected { offset: 18, .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(f32 [0)>"),
        TypeParseError::Expected { .. }
    ));
    assert!(matches!(
        err("tensor<4xf32)>"),
        TypeParseError::Expected { .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(f32 [0, Location=[1)])>"),
        TypeParseError::Expected { .. }
    ));
    assert!(matches!(err("(i32"), TypeParseError::UnexpectedEnd { .. }));
    assert!(matches!(
        err("i32)"),
        TypeParseError::TrailingInput { offset: 3, .. }
    ));
}

#[test]
fn unknown_keywords() {
    assert_eq!(
        err("!spirv.bogus<i32>"),
        TypeParseError::UnknownSpirvType {
            offset: 0,
            name: "bogus".into()
        }
    );
    // `KHR.coopmatrix` was renamed; MLIR 22 rejects it too.
    assert!(matches!(
        err("!spirv.KHR.coopmatrix<8x8xf32, Subgroup, MatrixA>"),
        TypeParseError::UnknownSpirvType { .. }
    ));
    assert!(matches!(
        err("!spirv.ptr<f32, Bogus>"),
        TypeParseError::InvalidKeyword { offset: 16, .. }
    ));
    assert!(matches!(
        err("!spirv.ptr<f32, function>"),
        TypeParseError::InvalidKeyword { .. }
    ));
    assert!(matches!(
        err(
            "!spirv.image<f32, TileImageDataEXT, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>"
        ),
        TypeParseError::InvalidKeyword { offset: 18, .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(f32 [0, Bogus])>"),
        TypeParseError::InvalidKeyword { .. }
    ));
    assert!(matches!(
        err("!spirv.coopmatrix<8x16xi32, Subgroup, MatrixZ>"),
        TypeParseError::InvalidKeyword { .. }
    ));
    assert_eq!(
        err("float"),
        TypeParseError::UnknownBuiltinType {
            offset: 0,
            name: "float".into()
        }
    );
    assert!(matches!(
        err("!spirv.array<4 x f32, strid=4>"),
        TypeParseError::Expected {
            expected: "`stride`",
            ..
        }
    ));
    let message = err("!spirv.ptr<f32, Bogus>").to_string();
    assert_eq!(
        message,
        "invalid keyword at byte 16: `Bogus` is not a valid StorageClass"
    );
}

#[test]
fn semantic_errors_mirroring_mlir() {
    // "recursive struct reference not nested in struct definition"
    assert_eq!(
        err("!spirv.struct<S>"),
        TypeParseError::DanglingStructRef {
            offset: 14,
            name: "S".into()
        }
    );
    assert!(matches!(
        err("!spirv.struct<A, (!spirv.struct<B>)>"),
        TypeParseError::DanglingStructRef { .. }
    ));
    // "offset specification must be given for all members"
    assert_eq!(
        err("!spirv.struct<(f32 [0], i32)>"),
        TypeParseError::MixedOffsets { offset: 24 }
    );
    assert!(matches!(
        err("!spirv.struct<(f32, i32 [4])>"),
        TypeParseError::MixedOffsets { offset: 15 }
    ));
    // "ArrayStride must be greater than zero"
    assert!(matches!(
        err("!spirv.array<4 x f32, stride=0>"),
        TypeParseError::Invalid { .. }
    ));
    assert!(matches!(
        err("!spirv.rtarray<f32, stride=0>"),
        TypeParseError::Invalid { .. }
    ));
    assert!(matches!(
        err("!spirv.array<4294967296 x i32>"),
        TypeParseError::IntegerOutOfRange { offset: 13, .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(i32 [4294967296])>"),
        TypeParseError::IntegerOutOfRange { .. }
    ));
    assert!(matches!(
        err("i99999999999"),
        TypeParseError::IntegerOutOfRange { .. }
    ));
    assert!(matches!(
        err("vector<f32>"),
        TypeParseError::Expected { .. }
    ));
    assert!(matches!(
        err("!spirv.arm.tensor<i8>"),
        TypeParseError::Expected { .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(f32 [])>"),
        TypeParseError::Expected { .. }
    ));
    assert!(matches!(
        err("!spirv.struct<(f32 [0, Location=])>"),
        TypeParseError::Expected { .. }
    ));
    assert!(matches!(
        err("!spirv.struct<\"quoted\", (i32)>"),
        TypeParseError::Expected { .. }
    ));
}

#[test]
fn binary_garbage() {
    let inputs = [
        "\u{0}\u{1}\u{2}\u{ff}",
        "!\u{0}",
        "!spirv.\u{1F600}",
        "!spirv.ptr<\u{1F600}, Function>",
        "!spirv.struct<(f32 [\u{1F600}])>",
        "tensor<\u{1F600}",
        "i32\u{1F600}",
        "((((((((",
        ">>>>",
        "!spirv.struct<(f32 [0, Location=\u{1F600}",
        "-> -> ->",
        "!",
        "!!",
        "\"",
    ];
    for text in inputs {
        let error = err(text);
        // Errors render without panicking, even mid-character.
        assert!(!error.to_string().is_empty());
    }
    let error = err("!spirv.ptr<\u{1F600}, Function>");
    assert_eq!(
        error,
        TypeParseError::Expected {
            offset: 11,
            expected: "a type",
            found: "\u{1F600}, Function>".into()
        }
    );
    // Pseudo-random bytes, lossily decoded.
    let alphabet = b"!<>(),[]x=? .spirvptrstructarray0123456789\"\xff\x00";
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..2000 {
        let bytes: Vec<u8> = (0..24)
            .map(|_| {
                // xorshift64: deterministic noise without a dependency.
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                alphabet[(state % alphabet.len() as u64) as usize]
            })
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        let _ = SpirvType::parse(&text);
    }
}

#[test]
fn single_byte_mutations_of_valid_types_never_panic() {
    let valid = [
        "!spirv.ptr<!spirv.struct<(f32 [0, NonWritable], !spirv.array<4 x f32, stride=4> [4]), Block>, StorageBuffer>",
        "!spirv.struct<S, (f32, !spirv.ptr<!spirv.struct<S>, StorageBuffer>)>",
        "!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>",
        "!spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>",
        "(i32, vector<4xf32>) -> (!spirv.matrix<3 x vector<3xf32>>, !spirv.arm.tensor<?x2xi8>)",
        "!spirv.struct<(f32 [0, Location=\"x\"]), Block=#spirv.decoration<Block>>",
        "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>",
    ];
    for text in valid {
        assert!(SpirvType::parse(text).is_ok(), "{text}");
        for pos in 0..text.len() {
            for replacement in [
                "", "<", ">", "(", ")", ",", "[", "]", "\"", "x", "?", "0", "!", " ", "\u{0}",
                "\u{e9}",
            ] {
                let mutated = format!("{}{replacement}{}", &text[..pos], &text[pos + 1..]);
                // Ok or Err are both fine; only panics (and hangs) are not.
                let _ = SpirvType::parse(&mutated);
            }
        }
    }
}

#[test]
fn deep_nesting_is_rejected_not_overflowed() {
    let depth = 10_000;
    let text = format!(
        "{}i32{}",
        "!spirv.rtarray<".repeat(depth),
        ">".repeat(depth)
    );
    assert!(matches!(
        err(&text),
        TypeParseError::TooDeep { limit: 128, .. }
    ));
    let text = format!("{}i32{}", "(".repeat(depth), ") -> ()".repeat(depth));
    assert!(matches!(err(&text), TypeParseError::TooDeep { .. }));
    // Foreign type bodies are scanned iteratively, so depth is no problem.
    let text = format!("tensor{}{}", "<".repeat(depth), ">".repeat(depth));
    assert!(SpirvType::parse(&text).is_ok());
    // Within the limit everything works.
    let text = format!("{}i32{}", "!spirv.rtarray<".repeat(100), ">".repeat(100));
    assert_eq!(ty(&text).to_string(), text);
}
