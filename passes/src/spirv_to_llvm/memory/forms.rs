//! The memory form and the value form of a type ([`Form`]), where they
//! differ ([`forms_differ`]): a bool is an `i8` (0 or 1) in memory and an
//! `i1` in SSA values; under `PointerLayout::Module` (a `Physical32`
//! module) a pointer is an `i32` in memory and an `!llvm.ptr` in values.
//! Loads convert what they read to the value form, stores and variable
//! initializers what they write to the memory form: `llvm.trunc` and
//! `llvm.zext` for bools, `llvm.ptrtoint` (truncating the address to 32
//! bits) and `llvm.inttoptr` (zero-extending it back) for pointers, and the
//! same for vectors of them, member by member and element by element for
//! the aggregates holding them.

use super::super::types::{Form, TypeLowering, explicit_layout, forms_differ};
use melior::ir::{Value, attribute::DenseI64ArrayAttribute};
use spirv_opt_dialects::spirv::types::SpirvType;
use spirv_opt_rs::{conversion::ConversionRewriter, error::MatchFailure};

/// `value`, of SPIR-V type `model` in the other form, converted to `to`;
/// `value` itself when the two forms of `model` are the same.
pub(super) fn convert<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    lowering: &TypeLowering<'_, 'c>,
    model: &SpirvType,
    value: Value<'c, 'r>,
    to: Form,
) -> Result<Value<'c, 'r>, MatchFailure> {
    if !forms_differ(model, lowering.options) {
        return Ok(value);
    }
    let lower = |ty: &SpirvType, form| {
        lowering.lower_as(ty, form).map_err(|reason| MatchFailure::new(format!("cannot convert type '{ty}': {reason}")))
    };
    let from = match to {
        Form::Value => Form::Memory,
        Form::Memory => Form::Value,
    };
    let target = lower(model, to)?;
    // The parts to convert: (SPIR-V type, LLVM field or element index).
    let parts: Vec<(&SpirvType, i64)> = match model {
        SpirvType::Integer { .. } | SpirvType::Pointer { .. } | SpirvType::Vector { .. } => {
            let scalar = match model {
                SpirvType::Vector { element, .. } => element.as_ref(),
                scalar => scalar,
            };
            let cast = match (scalar, to) {
                (SpirvType::Pointer { .. }, Form::Memory) => "llvm.ptrtoint",
                (SpirvType::Pointer { .. }, Form::Value) => "llvm.inttoptr",
                (_, Form::Memory) => "llvm.zext",
                (_, Form::Value) => "llvm.trunc",
            };
            return rewriter.create_value(cast, &[value], target, &[]);
        }
        SpirvType::Array { count, element, .. } => {
            (0..i64::from(*count)).map(|index| (element.as_ref(), index)).collect()
        }
        SpirvType::Struct(st) => {
            let layout = explicit_layout(st).map_err(MatchFailure::new)?;
            st.members
                .iter()
                .enumerate()
                .map(|(index, member)| {
                    let field =
                        layout.as_ref().map_or(Some(index), |layout| layout.field_of_member.get(index).copied());
                    let field = field.and_then(|field| i64::try_from(field).ok());
                    field
                        .map(|field| (member.ty.as_ref(), field))
                        .ok_or_else(|| MatchFailure::new("struct index out of range"))
                })
                .collect::<Result<_, _>>()?
        }
        other => {
            return Err(MatchFailure::new(format!("a value of type {other} cannot be loaded or stored whole")));
        }
    };
    let mut converted = rewriter.create_value("llvm.mlir.undef", &[], target, &[])?;
    for (ty, field) in parts {
        let position = DenseI64ArrayAttribute::new(rewriter.context(), &[field]);
        let part =
            rewriter.create_value("llvm.extractvalue", &[value], lower(ty, from)?, &[("position", position.into())])?;
        let part = convert(rewriter, lowering, ty, part, to)?;
        converted =
            rewriter.create_value("llvm.insertvalue", &[converted, part], target, &[("position", position.into())])?;
    }
    Ok(converted)
}
