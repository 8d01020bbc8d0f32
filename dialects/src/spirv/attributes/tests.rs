//! Tests of the enum attribute models. Printed forms are copied from
//! `mlir-opt --mlir-print-op-generic` (MLIR 22) output.

use super::*;

/// Checks that every case of a value enum round-trips through its name, its
/// value and all accepted attribute spellings.
fn check_value_enum<T>(all: &[T], name: fn(T) -> &'static str, value: fn(T) -> u32)
where
    T: SpirvEnumAttr + PartialEq + std::fmt::Debug + std::fmt::Display,
{
    for &case in all {
        let keyword = name(case);
        assert_eq!(case.to_string(), keyword);
        assert_eq!(T::from_keyword(keyword), Ok(case));
        assert_eq!(<T as SpirvEnumAttr>::from_value(value(case)), Ok(case));
        assert_eq!(SpirvEnumAttr::value(case), value(case));
        for text in [
            format!("#spirv.{}<{keyword}>", T::MNEMONIC),
            format!("<{keyword}>"),
            format!("\"{keyword}\""),
            format!("  {keyword} "),
        ] {
            assert_eq!(T::parse_attr(&text), Ok(case), "{text}");
        }
    }
    // Values are unique, so `from_value` is a bijection on the cases.
    let mut values: Vec<u32> = all.iter().map(|&c| value(c)).collect();
    values.sort_unstable();
    values.dedup();
    assert_eq!(values.len(), all.len(), "{} has duplicate values", T::NAME);
    assert!(matches!(
        T::parse_attr("NotACase"),
        Err(AttrParseError::UnknownCase { .. })
    ));
    assert!(matches!(
        T::parse_attr("#spirv.not_this_mnemonic<X>"),
        Err(AttrParseError::WrongMnemonic { .. })
    ));
}

macro_rules! check_value_enums {
    ($($ty:ident),+ $(,)?) => {
        $(check_value_enum::<$ty>($ty::ALL, $ty::name, $ty::value);)+
    };
}

#[test]
fn every_value_enum_round_trips() {
    check_value_enums!(
        StorageClass,
        Scope,
        ExecutionModel,
        ExecutionMode,
        GroupOperation,
        LinkageType,
        Decoration,
        AddressingModel,
        MemoryModel,
        Dim,
        ImageDepthInfo,
        ImageArrayedInfo,
        ImageSamplingInfo,
        ImageSamplerUseInfo,
        ImageFormat,
        CooperativeMatrixUseKHR,
    );
}

#[test]
fn storage_class_values_match_spirv() {
    assert_eq!(StorageClass::ALL.len(), 24);
    let expected = [
        (StorageClass::UniformConstant, 0),
        (StorageClass::Input, 1),
        (StorageClass::Uniform, 2),
        (StorageClass::Output, 3),
        (StorageClass::Workgroup, 4),
        (StorageClass::CrossWorkgroup, 5),
        (StorageClass::Private, 6),
        (StorageClass::Function, 7),
        (StorageClass::Generic, 8),
        (StorageClass::PushConstant, 9),
        (StorageClass::AtomicCounter, 10),
        (StorageClass::Image, 11),
        (StorageClass::StorageBuffer, 12),
        (StorageClass::CallableDataKHR, 5328),
        (StorageClass::IncomingCallableDataKHR, 5329),
        (StorageClass::RayPayloadKHR, 5338),
        (StorageClass::HitAttributeKHR, 5339),
        (StorageClass::IncomingRayPayloadKHR, 5342),
        (StorageClass::ShaderRecordBufferKHR, 5343),
        (StorageClass::PhysicalStorageBuffer, 5349),
        (StorageClass::TaskPayloadWorkgroupEXT, 5402),
        (StorageClass::CodeSectionINTEL, 5605),
        (StorageClass::DeviceOnlyINTEL, 5936),
        (StorageClass::HostOnlyINTEL, 5937),
    ];
    for (class, value) in expected {
        assert_eq!(class.value(), value, "{class}");
    }
}

#[test]
fn spot_check_values_from_the_spirv_spec() {
    assert_eq!(Scope::Workgroup.value(), 2);
    assert_eq!(Scope::Subgroup.value(), 3);
    assert_eq!(ExecutionMode::LocalSize.value(), 17);
    assert_eq!(ExecutionMode::ContractionOff.value(), 31);
    assert_eq!(ExecutionMode::VecTypeHint.value(), 30);
    assert_eq!(ExecutionModel::GLCompute.value(), 5);
    assert_eq!(ExecutionModel::Kernel.value(), 6);
    assert_eq!(GroupOperation::Reduce.value(), 0);
    assert_eq!(GroupOperation::ExclusiveScan.value(), 2);
    assert_eq!(LinkageType::Import.value(), 1);
    assert_eq!(LinkageType::LinkOnceODR.value(), 2);
    assert_eq!(Decoration::Offset.value(), 35);
    assert_eq!(Decoration::NonWritable.value(), 24);
    assert_eq!(Decoration::Location.value(), 30);
    assert_eq!(MemoryModel::GLSL450.value(), 1);
    assert_eq!(Dim::Dim2D.value(), 1);
    assert_eq!(ImageFormat::Rgba8.value(), 4);
    assert_eq!(CooperativeMatrixUseKHR::MatrixAcc.value(), 2);
    assert_eq!(StorageClass::from_value(6), Some(StorageClass::Private));
    assert_eq!(StorageClass::from_value(13), None);
    assert_eq!(
        StorageClass::try_from(13),
        Err(AttrParseError::UnknownValue {
            enum_name: "StorageClass",
            value: 13
        })
    );
    assert_eq!(u32::from(Scope::Device), 1);
}

#[test]
fn parses_forms_printed_by_mlir_opt() {
    // `"spirv.GlobalVariable"() <{..., type = !spirv.ptr<f32, Private>}>`
    assert_eq!(StorageClass::parse("Private"), Ok(StorageClass::Private));
    assert_eq!(
        "#spirv.storage_class<Function>".parse(),
        Ok(StorageClass::Function)
    );
    // `"spirv.ControlBarrier"() <{execution_scope = #spirv.scope<Workgroup>, ...`
    assert_eq!(
        Scope::parse("#spirv.scope<Workgroup>"),
        Ok(Scope::Workgroup)
    );
    // `#spirv.linkage_attributes<..., linkage_type = <Import>>`
    assert_eq!(LinkageType::parse("<Import>"), Ok(LinkageType::Import));
    assert_eq!(
        ExecutionMode::parse("#spirv.execution_mode<LocalSize>"),
        Ok(ExecutionMode::LocalSize)
    );
    assert_eq!(
        ExecutionModel::parse("#spirv.execution_model<GLCompute>"),
        Ok(ExecutionModel::GLCompute)
    );
    assert_eq!(
        GroupOperation::parse("#spirv.group_operation<Reduce>"),
        Ok(GroupOperation::Reduce)
    );
    assert_eq!(
        Decoration::parse("#spirv.decoration<Aliased>"),
        Ok(Decoration::Aliased)
    );
    assert_eq!(
        AddressingModel::parse("#spirv.addressing_model<Logical>"),
        Ok(AddressingModel::Logical)
    );
    assert_eq!(
        MemoryModel::parse("#spirv.memory_model<GLSL450>"),
        Ok(MemoryModel::GLSL450)
    );
    assert_eq!(
        ImageFormat::parse("#spirv.image_format<Rgba8>"),
        Ok(ImageFormat::Rgba8)
    );
    assert_eq!(Dim::parse("#spirv.dim<Dim2D>"), Ok(Dim::Dim2D));
    assert_eq!(
        CooperativeMatrixUseKHR::parse("#spirv.coop_matrix_use_khr<MatrixA>"),
        Ok(CooperativeMatrixUseKHR::MatrixA)
    );
}

#[test]
fn bit_enums_parse_and_print_like_mlir() {
    let aligned = MemoryAccess::parse("#spirv.memory_access<Aligned>").unwrap();
    assert_eq!(aligned.value(), 2);
    assert!(aligned.contains(MemoryAccessFlag::Aligned));
    assert!(!aligned.contains(MemoryAccessFlag::Volatile));

    let both = MemoryAccess::parse("#spirv.memory_access<Volatile|Aligned>").unwrap();
    assert_eq!(both, MemoryAccessFlag::Volatile | MemoryAccessFlag::Aligned);
    assert_eq!(both.value(), 3);
    assert_eq!(both.to_string(), "Volatile|Aligned");
    // MLIR trims around `|` and prints in declaration order, not input order.
    assert_eq!(MemoryAccess::parse("Aligned | Volatile"), Ok(both));
    assert_eq!(MemoryAccess::parse("\"Volatile|Aligned\""), Ok(both));

    let none = MemoryAccess::parse("#spirv.memory_access<None>").unwrap();
    assert!(none.is_none());
    assert_eq!(none, MemoryAccess::NONE);
    assert_eq!(none.to_string(), "None");
    // `None` is only special as the whole text, as in MLIR's symbolize.
    assert!(MemoryAccess::parse("None|Volatile").is_err());
    assert!(MemoryAccess::parse("Volatile|").is_err());

    let semantics =
        MemorySemantics::parse("#spirv.memory_semantics<Acquire|UniformMemory>").unwrap();
    assert_eq!(semantics.value(), 2 | 64);
    assert_eq!(
        semantics.flags().collect::<Vec<_>>(),
        [
            MemorySemanticsFlag::Acquire,
            MemorySemanticsFlag::UniformMemory
        ]
    );
    assert_eq!(
        MemorySemantics::parse("#spirv.memory_semantics<None>"),
        Ok(MemorySemantics::NONE)
    );

    let control = FunctionControl::parse("#spirv.function_control<DontInline|Pure>").unwrap();
    assert_eq!(control.value(), 2 | 4);
    assert_eq!(control.to_string(), "DontInline|Pure");
    assert_eq!(FunctionControl::parse("None"), Ok(FunctionControl::NONE));
    assert_eq!(FunctionControlFlag::OptNoneINTEL.value(), 65536);

    assert_eq!(
        LoopControl::parse("#spirv.loop_control<Unroll>").map(LoopControl::value),
        Ok(1)
    );
    // LoopControl's INTEL bits are declared out of numeric order; printing
    // follows declaration order like MLIR's stringify.
    let intel = LoopControlFlag::MaxConcurrencyINTEL | LoopControlFlag::LoopCoalesceINTEL;
    assert_eq!(intel.to_string(), "LoopCoalesceINTEL|MaxConcurrencyINTEL");
    assert_eq!(
        SelectionControl::parse("#spirv.selection_control<Flatten>").map(SelectionControl::value),
        Ok(1)
    );
}

#[test]
fn bit_enum_values_and_sets() {
    let expected = [
        (MemoryAccessFlag::Volatile, 1),
        (MemoryAccessFlag::Aligned, 2),
        (MemoryAccessFlag::Nontemporal, 4),
        (MemoryAccessFlag::MakePointerAvailable, 8),
        (MemoryAccessFlag::MakePointerVisible, 16),
        (MemoryAccessFlag::NonPrivatePointer, 32),
        (MemoryAccessFlag::AliasScopeINTELMask, 65536),
        (MemoryAccessFlag::NoAliasINTELMask, 131072),
    ];
    assert_eq!(MemoryAccessFlag::ALL.len(), expected.len());
    for (flag, value) in expected {
        assert_eq!(flag.value(), value);
        assert_eq!(MemoryAccessFlag::from_value(value), Some(flag));
        assert_eq!(MemoryAccessFlag::from_name(flag.name()), Some(flag));
        assert_eq!(MemoryAccess::from(flag).to_string(), flag.name());
    }
    assert_eq!(
        MemoryAccess::from_value(3).map(MemoryAccess::value),
        Some(3)
    );
    assert_eq!(MemoryAccess::from_value(64), None);
    assert!(matches!(
        <MemoryAccess as SpirvEnumAttr>::from_value(64),
        Err(AttrParseError::UnknownValue { value: 64, .. })
    ));
    let set: MemoryAccess = [MemoryAccessFlag::Volatile, MemoryAccessFlag::Nontemporal]
        .into_iter()
        .collect();
    assert_eq!(set.value(), 5);
    assert_eq!(set.without(MemoryAccessFlag::Volatile).value(), 4);
    for flag in MemorySemanticsFlag::ALL {
        assert_eq!(
            MemorySemantics::parse(flag.name()).map(|s| s.value()),
            Ok(flag.value())
        );
    }
    for flag in FunctionControlFlag::ALL {
        assert_eq!(
            FunctionControl::parse(flag.name()).map(|s| s.value()),
            Ok(flag.value())
        );
    }
    for flag in LoopControlFlag::ALL {
        assert_eq!(
            LoopControl::parse(flag.name()).map(|s| s.value()),
            Ok(flag.value())
        );
    }
    for flag in SelectionControlFlag::ALL {
        assert_eq!(
            SelectionControl::parse(flag.name()).map(|s| s.value()),
            Ok(flag.value())
        );
    }
}

#[test]
fn malformed_attributes_are_errors() {
    assert_eq!(
        StorageClass::parse(""),
        Err(AttrParseError::Empty {
            enum_name: "StorageClass"
        })
    );
    assert!(matches!(
        StorageClass::parse("#spirv.storage_class<>"),
        Err(AttrParseError::Empty { .. })
    ));
    assert!(matches!(
        StorageClass::parse("#spirv.scope<Workgroup>"),
        Err(AttrParseError::WrongMnemonic { .. })
    ));
    for text in [
        "#spirv.storage_class<Function",
        "#spirv.storage_class",
        "<Function",
        "\"Function",
        "<<Function>>",
        "Function>",
        "Func,tion",
    ] {
        assert!(
            matches!(
                StorageClass::parse(text),
                Err(AttrParseError::Malformed { .. })
            ),
            "{text}"
        );
    }
    // Case-sensitive, like MLIR.
    assert!(matches!(
        StorageClass::parse("function"),
        Err(AttrParseError::UnknownCase { .. })
    ));
    assert!(matches!(
        MemoryAccess::parse("Volatile|Bogus"),
        Err(AttrParseError::UnknownCase { found, .. }) if found == "Bogus"
    ));
    // Garbage never panics.
    for text in [
        "\u{0}\u{1}\u{ff}",
        "#spirv.",
        "#",
        "<",
        ">",
        "\"",
        "#spirv.storage_class<\u{1F600}>",
    ] {
        assert!(StorageClass::parse(text).is_err(), "{text:?}");
        assert!(MemoryAccess::parse(text).is_err(), "{text:?}");
    }
}

#[test]
fn errors_render_readably() {
    let err = StorageClass::parse("Bogus").unwrap_err();
    assert_eq!(err.to_string(), "`Bogus` is not a valid StorageClass");
    let err = StorageClass::parse("#spirv.scope<Device>").unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected `#spirv.storage_class<...>`, found `#spirv.scope<Device>`"
    );
}
