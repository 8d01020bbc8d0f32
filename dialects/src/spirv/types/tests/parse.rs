//! Parsing every type kind from `mlir-opt`'s printed form.

use super::*;
use crate::spirv::attributes::{
    CooperativeMatrixUseKHR, Decoration, Dim, ImageArrayedInfo, ImageDepthInfo, ImageFormat,
    ImageSamplerUseInfo, ImageSamplingInfo, Scope, StorageClass,
};

#[test]
fn builtin_scalars_and_vectors() {
    let cases = [
        ("i32", SpirvType::int(32)),
        ("i1", SpirvType::int(1)),
        (
            "si8",
            SpirvType::Integer {
                width: 8,
                signedness: Signedness::Signed,
            },
        ),
        (
            "ui16",
            SpirvType::Integer {
                width: 16,
                signedness: Signedness::Unsigned,
            },
        ),
        ("f16", SpirvType::Float(FloatKind::F16)),
        ("bf16", SpirvType::Float(FloatKind::BF16)),
        ("f32", SpirvType::Float(FloatKind::F32)),
        ("f64", SpirvType::Float(FloatKind::F64)),
        ("index", SpirvType::Index),
        ("none", SpirvType::Void),
        (
            "vector<4xf32>",
            SpirvType::vector(4, SpirvType::Float(FloatKind::F32)),
        ),
        (
            "vector<4xsi8>",
            SpirvType::vector(
                4,
                SpirvType::Integer {
                    width: 8,
                    signedness: Signedness::Signed,
                },
            ),
        ),
        ("vector<2xi1>", SpirvType::vector(2, SpirvType::int(1))),
    ];
    for (text, expected) in cases {
        assert_eq!(parse_round_trip(text), expected, "{text}");
    }
}

#[test]
fn scalar_helpers() {
    let v = ty("vector<3xui16>");
    assert!(v.is_vector() && !v.is_integer() && v.is_int_or_int_vector());
    assert_eq!(v.bit_width(), Some(16));
    assert_eq!(v.vector_count(), Some(3));
    assert_eq!(
        **v.element_type().unwrap(),
        SpirvType::Integer {
            width: 16,
            signedness: Signedness::Unsigned
        }
    );
    assert!(v.scalar_type().is_integer());
    assert!(ty("i1").is_bool() && ty("vector<4xi1>").is_bool_or_bool_vector());
    assert!(!ty("ui1").is_bool());
    assert!(ty("bf16").is_float() && ty("bf16").is_scalar());
    assert_eq!(ty("bf16").bit_width(), Some(16));
    assert!(ty("vector<2xf64>").is_float_or_float_vector());
    assert_eq!(ty("f64").bit_width(), Some(64));
    assert_eq!(ty("index").bit_width(), None);
    assert_eq!(ty("!spirv.ptr<f32, Function>").bit_width(), None);
}

#[test]
fn pointers() {
    let p = parse_round_trip("!spirv.ptr<f32, Function>");
    assert_eq!(p.storage_class(), Some(StorageClass::Function));
    assert_eq!(**p.pointee().unwrap(), SpirvType::Float(FloatKind::F32));
    let p = parse_round_trip("!spirv.ptr<i32, PhysicalStorageBuffer>");
    assert_eq!(p.storage_class(), Some(StorageClass::PhysicalStorageBuffer));
    let p = parse_round_trip("!spirv.ptr<!spirv.rtarray<f32>, Generic>");
    assert!(matches!(
        **p.pointee().unwrap(),
        SpirvType::RuntimeArray { stride: None, .. }
    ));
    parse_round_trip("!spirv.ptr<!spirv.arm.tensor<2xf32>, UniformConstant>");
}

#[test]
fn arrays_and_runtime_arrays() {
    let a = parse_round_trip("!spirv.array<4 x f32>");
    assert_eq!(
        a,
        SpirvType::Array {
            count: 4,
            element: Arc::new(SpirvType::Float(FloatKind::F32)),
            stride: None
        }
    );
    let a = parse_round_trip("!spirv.array<4 x f32, stride=4>");
    assert!(matches!(
        a,
        SpirvType::Array {
            count: 4,
            stride: Some(4),
            ..
        }
    ));
    let nested =
        parse_round_trip("!spirv.array<2 x !spirv.array<3 x vector<2xi64>, stride=16>, stride=48>");
    let SpirvType::Array {
        element, stride, ..
    } = &nested
    else {
        panic!("not an array: {nested:?}")
    };
    assert_eq!(*stride, Some(48));
    assert!(matches!(
        **element,
        SpirvType::Array {
            count: 3,
            stride: Some(16),
            ..
        }
    ));

    assert_eq!(
        parse_round_trip("!spirv.rtarray<i32, stride=4>"),
        SpirvType::RuntimeArray {
            element: Arc::new(SpirvType::int(32)),
            stride: Some(4)
        }
    );
    assert!(matches!(
        parse_round_trip("!spirv.rtarray<i32>"),
        SpirvType::RuntimeArray { stride: None, .. }
    ));
    // MLIR accepts these spellings and prints them in the canonical form.
    assert_eq!(
        ty("!spirv.array<4xvector<4xf32>>").to_string(),
        "!spirv.array<4 x vector<4xf32>>"
    );
    assert_eq!(
        ty("!spirv.array< 4x f32 , stride = 4 >").to_string(),
        "!spirv.array<4 x f32, stride=4>"
    );
}

#[test]
fn literal_structs_with_offsets_and_decorations() {
    let p = parse_round_trip(
        "!spirv.ptr<!spirv.struct<(f32 [0], !spirv.array<4 x f32, stride=4> [4])>, StorageBuffer>",
    );
    let st = p.pointee().unwrap().as_struct().unwrap().clone();
    assert!(!st.is_identified() && st.has_offsets() && !st.has_member_decorations());
    assert_eq!(st.members.len(), 2);
    assert_eq!(st.members[0].offset, Some(0));
    assert_eq!(st.members[1].offset, Some(4));
    assert!(matches!(
        *st.members[1].ty,
        SpirvType::Array {
            stride: Some(4),
            ..
        }
    ));

    let st = parse_round_trip(
        "!spirv.struct<(f32 [0, NonWritable], i32 [4, NonWritable, NonReadable])>",
    );
    let st = st.as_struct().unwrap();
    assert!(st.has_member_decorations());
    assert_eq!(
        st.members[1].decorations,
        [
            DecorationInfo::unit(Decoration::NonWritable),
            DecorationInfo::unit(Decoration::NonReadable)
        ]
    );

    let st = parse_round_trip("!spirv.struct<(f32 [NonWritable], i32)>");
    let st = st.as_struct().unwrap();
    assert!(!st.has_offsets() && st.has_member_decorations());
    assert_eq!(st.members[1].decorations, []);

    let st = parse_round_trip("!spirv.struct<(f32 [0, Location=1], i32 [4, SpecId=3])>");
    assert_eq!(
        st.as_struct().unwrap().members[1].decorations,
        [DecorationInfo {
            decoration: Decoration::SpecId,
            value: Some(DecorationValue::Integer(3))
        }]
    );
    // MLIR prints member decorations sorted by decoration value.
    parse_round_trip("!spirv.struct<(f32 [0, NonWritable, Alignment=4])>");

    assert_eq!(
        parse_round_trip("!spirv.struct<(i8, i32)>"),
        SpirvType::Struct(StructType::literal(vec![
            StructMember::new(SpirvType::int(8)),
            StructMember::new(SpirvType::int(32)),
        ]))
    );
    assert_eq!(
        parse_round_trip("!spirv.struct<(i8 [0], i32 [4])>"),
        SpirvType::Struct(StructType::literal(vec![
            StructMember::with_offset(SpirvType::int(8), 0),
            StructMember::with_offset(SpirvType::int(32), 4),
        ]))
    );
    assert_eq!(
        parse_round_trip("!spirv.struct<()>"),
        SpirvType::Struct(StructType::literal(vec![]))
    );
}

#[test]
fn struct_level_decorations_and_values() {
    let st = parse_round_trip("!spirv.struct<(!spirv.array<4 x f32, stride=8> [0]), Block>");
    assert_eq!(
        st.as_struct().unwrap().decorations,
        [DecorationInfo::unit(Decoration::Block)]
    );
    let st = parse_round_trip("!spirv.struct<(f32), Block, Location=2>");
    assert_eq!(
        st.as_struct().unwrap().decorations[1].value,
        Some(DecorationValue::Integer(2))
    );
    // MLIR stores an arbitrary attribute as the decoration value.
    let values = [
        (
            "!spirv.struct<(f32 [0, Location=-1])>",
            DecorationValue::Integer(-1),
        ),
        (
            "!spirv.struct<(f32 [0, Location=true])>",
            DecorationValue::Bool(true),
        ),
        (
            "!spirv.struct<(f32 [0, Location=\"x\"])>",
            DecorationValue::Other("\"x\"".into()),
        ),
        (
            "!spirv.struct<(f32 [0, Location=[1, 2]])>",
            DecorationValue::Other("[1, 2]".into()),
        ),
        (
            "!spirv.struct<(f32 [0, Location=1.500000e+00])>",
            DecorationValue::Other("1.500000e+00".into()),
        ),
    ];
    for (text, value) in values {
        let st = parse_round_trip(text);
        assert_eq!(
            st.as_struct().unwrap().members[0].decorations[0].value,
            Some(value)
        );
    }
    let st = parse_round_trip("!spirv.struct<(f32 [0, Location]), Block=#spirv.decoration<Block>>");
    assert_eq!(
        st.as_struct().unwrap().decorations[0].value,
        Some(DecorationValue::Other("#spirv.decoration<Block>".into()))
    );
}

#[test]
fn identified_and_recursive_structs() {
    let s =
        parse_round_trip("!spirv.struct<S, (f32, !spirv.ptr<!spirv.struct<S>, StorageBuffer>)>");
    let st = s.as_struct().unwrap();
    assert_eq!(st.identifier.as_deref(), Some("S"));
    assert_eq!(
        **st.members[1].ty.pointee().unwrap(),
        SpirvType::StructRef("S".into())
    );

    let s = parse_round_trip(
        "!spirv.struct<A, (!spirv.ptr<!spirv.struct<B, (!spirv.ptr<!spirv.struct<A>, Function>, i32)>, Function>)>",
    );
    let b = s.as_struct().unwrap().members[0]
        .ty
        .pointee()
        .unwrap()
        .clone();
    let b = b.as_struct().unwrap();
    assert_eq!(b.identifier.as_deref(), Some("B"));
    assert_eq!(
        **b.members[0].ty.pointee().unwrap(),
        SpirvType::StructRef("A".into())
    );

    // Identifiers may contain `.`, `$` and digits.
    let s = parse_round_trip("!spirv.struct<a.b$c_1, (f32)>");
    assert_eq!(
        s.as_struct().unwrap().identifier.as_deref(),
        Some("a.b$c_1")
    );
    let s = parse_round_trip("!spirv.struct<S2, ()>");
    assert!(s.as_struct().unwrap().members.is_empty());
    // MLIR even accepts a struct directly containing itself.
    parse_round_trip("!spirv.struct<S, (!spirv.struct<S>)>");
    parse_round_trip("!spirv.struct<S, (f32 [0]), Block, Location=1>");
    parse_round_trip(
        "!spirv.ptr<!spirv.struct<S, (!spirv.ptr<!spirv.struct<S>, Function>)>, Function>",
    );
    // Sibling uses of one identified struct are printed in full each time.
    parse_round_trip("!spirv.struct<(!spirv.struct<T, (i32)>, !spirv.struct<T, (i32)>)>");
}

#[test]
fn images_and_sampled_images() {
    let image = parse_round_trip(
        "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, SamplerUnknown, Unknown>",
    );
    assert_eq!(
        image,
        SpirvType::Image(ImageType {
            element: Arc::new(SpirvType::Float(FloatKind::F32)),
            dim: Dim::Dim2D,
            depth: ImageDepthInfo::NoDepth,
            arrayed: ImageArrayedInfo::NonArrayed,
            sampling: ImageSamplingInfo::SingleSampled,
            sampler_use: ImageSamplerUseInfo::SamplerUnknown,
            format: ImageFormat::Unknown,
        })
    );
    let image = parse_round_trip(
        "!spirv.image<i32, Cube, IsDepth, Arrayed, MultiSampled, NeedSampler, Rgba32f>",
    );
    let SpirvType::Image(image) = image else {
        panic!()
    };
    assert_eq!(
        (
            image.dim,
            image.depth,
            image.arrayed,
            image.sampling,
            image.sampler_use,
            image.format
        ),
        (
            Dim::Cube,
            ImageDepthInfo::IsDepth,
            ImageArrayedInfo::Arrayed,
            ImageSamplingInfo::MultiSampled,
            ImageSamplerUseInfo::NeedSampler,
            ImageFormat::Rgba32f
        )
    );
    parse_round_trip(
        "!spirv.image<ui32, Rect, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>",
    );
    parse_round_trip(
        "!spirv.image<f32, SubpassData, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown>",
    );

    let sampled = parse_round_trip(
        "!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Rgba8>>",
    );
    let SpirvType::SampledImage(inner) = sampled else {
        panic!()
    };
    assert!(matches!(&*inner, SpirvType::Image(image) if image.format == ImageFormat::Rgba8));
    // Not defined by MLIR 22, accepted for forward compatibility.
    assert_eq!(parse_round_trip("!spirv.sampler"), SpirvType::Sampler);
}

#[test]
fn matrices_and_tensors() {
    let m = parse_round_trip("!spirv.matrix<3 x vector<3xf32>>");
    assert_eq!(
        m,
        SpirvType::Matrix {
            columns: 3,
            column_type: Arc::new(SpirvType::vector(3, SpirvType::Float(FloatKind::F32)))
        }
    );
    assert_eq!(m.element_type().and_then(|c| c.vector_count()), Some(3));
    parse_round_trip("!spirv.matrix<4 x vector<4xf16>>");

    let c = parse_round_trip("!spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>");
    assert_eq!(
        c,
        SpirvType::CooperativeMatrix {
            element: Arc::new(SpirvType::int(32)),
            rows: 8,
            columns: 16,
            scope: Scope::Subgroup,
            use_: CooperativeMatrixUseKHR::MatrixA,
        }
    );
    parse_round_trip("!spirv.coopmatrix<16x8xf16, Workgroup, MatrixAcc>");
    parse_round_trip("!spirv.coopmatrix<16x8xbf16, Workgroup, MatrixB>");
    // MLIR 22 accepts (and prints) vector elements here.
    parse_round_trip("!spirv.coopmatrix<8x16xvector<2xf32>, Subgroup, MatrixA>");
    assert_eq!(ty("!spirv.coopmatrix<8 x 16 x i32, Subgroup, MatrixA>"), c);

    let t = parse_round_trip("!spirv.arm.tensor<2x3xf32>");
    assert!(matches!(&t, SpirvType::TensorArm { shape, .. } if shape == &[Some(2), Some(3)]));
    let t = parse_round_trip("!spirv.arm.tensor<?x?xf32>");
    assert!(matches!(&t, SpirvType::TensorArm { shape, .. } if shape == &[None, None]));
}

#[test]
fn function_types() {
    let f = parse_round_trip("(!spirv.ptr<f32, Function>) -> i32");
    let SpirvType::Function { inputs, results } = &f else {
        panic!()
    };
    assert_eq!(inputs.len(), 1);
    assert_eq!(*results, [Arc::new(SpirvType::int(32))]);
    assert_eq!(
        parse_round_trip("() -> ()"),
        SpirvType::Function {
            inputs: vec![],
            results: vec![]
        }
    );
    parse_round_trip("(i32) -> (i32, f32)");
    parse_round_trip("(i32) -> ((i32) -> i32)");
    parse_round_trip("((i32) -> i32) -> none");
}

#[test]
fn foreign_types_are_kept_verbatim() {
    for text in [
        "tensor<4xf32>",
        "memref<4xf32>",
        "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>",
        "memref<4xf32, strided<[2], offset: ?>>",
        "tensor<4xf32, \"enc\">",
        "!llvm.ptr",
        "!llvm.struct<\"n\", (i32, ptr)>",
        "f80",
        "tf32",
        "f8E4M3FN",
        "complex<f32>",
        "tuple<i32, f32>",
        "vector<[4]xf32>",
        "vector<2x2xf32>",
    ] {
        assert_eq!(
            parse_round_trip(text),
            SpirvType::Other(text.into()),
            "{text}"
        );
    }
    // Inside SPIR-V types too (MLIR would reject most of these there).
    let p = parse_round_trip("!spirv.ptr<tensor<4xf32>, Function>");
    assert_eq!(
        **p.pointee().unwrap(),
        SpirvType::Other("tensor<4xf32>".into())
    );
}

#[test]
fn whitespace_is_tolerated_like_mlir() {
    assert_eq!(
        ty(" !spirv.struct<( f32 [ 0 , NonWritable ] ) , Block > ").to_string(),
        "!spirv.struct<(f32 [0, NonWritable]), Block>"
    );
    assert_eq!(
        ty("!spirv.ptr<i32,Function>").to_string(),
        "!spirv.ptr<i32, Function>"
    );
    assert_eq!(ty("(i32)->i32").to_string(), "(i32) -> i32");
}
