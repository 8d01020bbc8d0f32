//! Stores of whole arrays and structs whose explicit layout has padding:
//! an `OpStore` or `OpCopyMemory` writes the members and elements the
//! layout places, never the bytes between them (SPIR-V 2.18.2: an explicit
//! layout gives offsets to members and elements only; lavapipe leaves the
//! other bytes as they were). An `llvm.store` of the lowered type would
//! write the padding fields (types.rs' `[N x i8]` after a padded array
//! element and between the members of an explicitly laid out struct) with
//! whatever the stored value holds there, and LLVM may turn a load and
//! store of an aggregate into a `memcpy` of all its bytes. Such a store is
//! split into one store per member or element, recursively, down to parts
//! without padding.

use super::super::types::{
    Field, Form, TypeLowering, byte_size, explicit_layout, scalar_alignment, stride_padding,
};
use melior::ir::{
    Attribute, Identifier, Type, Value, ValueLike,
    attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, IntegerAttribute, TypeAttribute},
    operation::OperationBuilder,
    r#type::IntegerType,
};
use spirv_opt_dialects::spirv::types::SpirvType;
use spirv_opt_rs::{conversion::ConversionRewriter, error::MatchFailure};

/// Whether a value of `ty` in memory has bytes its layout leaves to no
/// member or element: the room a padded array stride leaves after each
/// element, the gaps between the members of a struct with offsets (explicit
/// padding fields, or gaps LLVM's own layout leaves), inside them or inside
/// the elements of an array.
pub(super) fn has_padding(ty: &SpirvType) -> bool {
    match ty {
        SpirvType::Array { element, stride, .. } => stride_padding(element, *stride).is_some() || has_padding(element),
        SpirvType::Struct(st) if st.has_offsets() => {
            st.members.iter().any(|member| has_padding(&member.ty))
                || st.members.windows(2).any(|pair| {
                    match (pair[0].offset, byte_size(&pair[0].ty), pair[1].offset) {
                        (Some(at), Some(size), Some(next)) => u64::from(at) + size < u64::from(next),
                        // Without a size the gap is unknown: split.
                        _ => true,
                    }
                })
        }
        SpirvType::Struct(st) => st.members.iter().any(|member| has_padding(&member.ty)),
        _ => false,
    }
}

/// One part of a padded aggregate: its model, its LLVM type, and the
/// `llvm.extractvalue` position / `llvm.getelementptr` indices (after the
/// leading 0) that reach it.
struct Part<'m, 'c> {
    model: &'m SpirvType,
    ty: Type<'c>,
    path: Vec<i32>,
}

/// The parts of `model` (which [`has_padding`]) a store writes: each
/// element of an array (field 0 of a padded one), each member of a struct.
fn parts<'m, 'c>(lowering: &TypeLowering<'_, 'c>, model: &'m SpirvType) -> Result<Vec<Part<'m, 'c>>, String> {
    let index = |value: usize| i32::try_from(value).map_err(|_| "too many parts to store one by one".to_owned());
    match model {
        SpirvType::Array { count, element, stride } => {
            let ty = lowering.unpadded_array_element(element, *stride, Form::Memory)?;
            let padded = stride_padding(element, *stride).is_some();
            (0..*count as usize)
                .map(|position| {
                    let mut path = vec![index(position)?];
                    if padded {
                        path.push(0);
                    }
                    Ok(Part { model: element, ty, path })
                })
                .collect()
        }
        SpirvType::Struct(st) => match explicit_layout(st)? {
            Some(layout) => layout
                .fields
                .iter()
                .enumerate()
                .filter_map(|(field, kind)| match *kind {
                    Field::Padding(_) => None,
                    Field::Member { index: member, as_array } => Some((field, member, as_array)),
                })
                .map(|(field, member, as_array)| {
                    let member_model = &*st.members[member].ty;
                    let ty = match (member_model, as_array) {
                        (SpirvType::Vector { count, element }, true) => melior::dialect::llvm::r#type::array(
                            lowering.lower_in_memory(element)?,
                            *count,
                        ),
                        _ => lowering.lower_in_memory(member_model)?,
                    };
                    Ok(Part { model: member_model, ty, path: vec![index(field)?] })
                })
                .collect(),
            None => st
                .members
                .iter()
                .enumerate()
                .map(|(member, m)| Ok(Part { model: &m.ty, ty: lowering.lower_in_memory(&m.ty)?, path: vec![index(member)?] }))
                .collect(),
        },
        other => Err(format!("{other} has no parts to store one by one")),
    }
}

/// Stores `value` (the memory form of a value of `model`, LLVM type `ty`)
/// at `pointer`, writing only the bytes `model`'s layout gives a member or
/// element. `attributes` are the memory access's (`volatile_`,
/// `nontemporal`, `alignment`): a part keeps the flags and takes the
/// alignment of its largest scalar, which every Vulkan layout gives it.
pub(super) fn store_without_padding<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    lowering: &TypeLowering<'_, 'c>,
    model: &SpirvType,
    ty: Type<'c>,
    value: Value<'c, 'r>,
    pointer: Value<'c, 'r>,
    attributes: &[(&'static str, Attribute<'c>)],
) -> Result<(), MatchFailure> {
    if !has_padding(model) {
        rewriter.create("llvm.store", &[value, pointer], &[], attributes)?;
        return Ok(());
    }
    let context = rewriter.context();
    let flags: Vec<_> = attributes.iter().filter(|(name, _)| *name != "alignment").copied().collect();
    for part in parts(lowering, model).map_err(MatchFailure::new)? {
        let position: Vec<i64> = part.path.iter().map(|&index| i64::from(index)).collect();
        let position = DenseI64ArrayAttribute::new(context, &position).into();
        let element = rewriter.create_value("llvm.extractvalue", &[value], part.ty, &[("position", position)])?;
        let mut raw = vec![0];
        raw.extend(&part.path);
        let gep_attributes = [
            (Identifier::new(context, "elem_type"), TypeAttribute::new(ty).into()),
            (Identifier::new(context, "rawConstantIndices"), DenseI32ArrayAttribute::new(context, &raw).into()),
        ];
        let gep = OperationBuilder::new("llvm.getelementptr", rewriter.location())
            .add_operands(&[pointer])
            .add_results(&[pointer.r#type()])
            .add_attributes(&gep_attributes)
            .build()?;
        let address: Value<'c, 'r> = rewriter.insert(gep).result(0)?.into();
        let mut part_attributes = flags.clone();
        let alignment = scalar_alignment(part.model).unwrap_or(1).max(1);
        let alignment = i64::try_from(alignment).map_err(|_| MatchFailure::new("alignment out of range"))?;
        part_attributes.push(("alignment", IntegerAttribute::new(IntegerType::new(context, 64).into(), alignment).into()));
        store_without_padding(rewriter, lowering, part.model, part.ty, element, address, &part_attributes)?;
    }
    Ok(())
}
