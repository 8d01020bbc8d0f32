//! Specialization: fixing the values of `spirv.SpecConstant`s by `SpecId`
//! before the conversion, as a Vulkan pipeline's specialization info does
//! (`spirv-opt-rs --spec ID=VALUE`). The conversion and the kernel ABI then
//! see the new values everywhere: in the code, in `WorkgroupSize`.

use std::collections::HashMap;

use melior::{
    Context,
    ir::{
        Attribute, AttributeLike, OperationRef,
        attribute::{FloatAttribute, IntegerAttribute},
        operation::OperationLike,
    },
};
use spirv_opt_rs::surgery;
use thiserror::Error;

/// A value given for a specialization constant: the importer's, which
/// applies the values before types are built (`deserialize_with`).
pub use spirv_opt_dialects::spirv::deserialize::SpecValue;

/// Why a specialization was refused.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SpecializeError {
    /// `ID=VALUE` could not be read.
    #[error("'{0}' is not ID=VALUE (VALUE an integer, a float, true or false)")]
    Syntax(String),
    /// No specialization constant has that id.
    #[error("the module has no specialization constant with SpecId {0}")]
    UnknownId(u32),
    /// The value does not fit the constant's type.
    #[error("SpecId {id} is a constant of type {ty}: {value} does not fit it")]
    Mismatch {
        /// The SpecId.
        id: u32,
        /// The constant's type.
        ty: String,
        /// The value given.
        value: SpecValue,
    },
}

/// Reads `ID=VALUE`.
pub fn parse_spec(text: &str) -> Result<(u32, SpecValue), SpecializeError> {
    let syntax = || SpecializeError::Syntax(text.to_owned());
    let (id, value) = text.split_once('=').ok_or_else(syntax)?;
    let id: u32 = id.trim().parse().map_err(|_| syntax())?;
    let value = value.trim();
    let value = match value {
        "true" => SpecValue::Bool(true),
        "false" => SpecValue::Bool(false),
        _ => {
            let (negative, digits) = match value.strip_prefix('-') {
                Some(rest) => (true, rest),
                None => (false, value),
            };
            let integer = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                Some(hex) => i128::from_str_radix(hex, 16).ok(),
                None => digits.parse::<i128>().ok(),
            };
            match integer {
                Some(integer) => SpecValue::Integer(if negative { -integer } else { integer }),
                None => SpecValue::Float(value.parse::<f64>().map_err(|_| syntax())?),
            }
        }
    };
    Ok((id, value))
}

/// Sets the default value of the `spirv.SpecConstant` with each given
/// `SpecId`, in every `spirv.module` nested in `module`.
///
/// # Errors
///
/// An id no constant has, or a value that does not fit the constant's type
/// (an integer out of its range, a float for an integer, a number for a
/// boolean); then nothing was changed.
pub fn specialize<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    values: &[(u32, SpecValue)],
) -> Result<(), SpecializeError> {
    if values.is_empty() {
        return Ok(());
    }
    let mut by_id: HashMap<u32, Vec<OperationRef<'c, '_>>> = HashMap::new();
    for op in surgery::nested_ops(module, &mut |op| op.name().as_string_ref().as_str() == Ok("spirv.SpecConstant")) {
        if let Ok(id) = op.attribute("spec_id")
            && let Ok(id) = IntegerAttribute::try_from(id)
            && let Ok(id) = u32::try_from(id.value())
        {
            by_id.entry(id).or_default().push(op);
        }
    }
    let mut changes = Vec::new();
    for &(id, value) in values {
        let ops = by_id.get(&id).ok_or(SpecializeError::UnknownId(id))?;
        for op in ops {
            let current = op.attribute("default_value").map_err(|_| SpecializeError::UnknownId(id))?;
            changes.push((*op, new_default(context, id, current, value)?));
        }
    }
    for (op, attribute) in changes {
        surgery::set_attribute(op, "default_value", attribute);
    }
    Ok(())
}

/// The attribute of `value` in the type of `current`.
fn new_default<'c>(
    context: &'c Context,
    id: u32,
    current: Attribute<'c>,
    value: SpecValue,
) -> Result<Attribute<'c>, SpecializeError> {
    let ty = current.r#type();
    let mismatch = || SpecializeError::Mismatch { id, ty: ty.to_string(), value };
    let text = if IntegerAttribute::try_from(current).is_ok() {
        let width = melior::ir::r#type::IntegerType::try_from(ty).map(|integer| integer.width()).map_err(|_| mismatch())?;
        match (width, value) {
            (1, SpecValue::Bool(flag)) => flag.to_string(),
            (1, _) | (_, SpecValue::Bool(_) | SpecValue::Float(_)) => return Err(mismatch()),
            (width, SpecValue::Integer(integer)) => {
                // Either the signed or the unsigned reading must fit: SPIR-V
                // integers have no sign of their own.
                let bits = i128::from(width.min(64));
                let fits = integer >= -(1i128 << (bits - 1)) && integer < (1i128 << bits);
                if !fits {
                    return Err(mismatch());
                }
                let unsigned = if integer < 0 { integer + (1i128 << bits) } else { integer };
                let signed = if unsigned >= 1i128 << (bits - 1) { unsigned - (1i128 << bits) } else { unsigned };
                format!("{signed} : {ty}")
            }
        }
    } else if FloatAttribute::try_from(current).is_ok() {
        match value {
            SpecValue::Float(number) if !number.is_finite() => {
                format!("{} : {ty}", non_finite_bits(number, &ty.to_string()).ok_or_else(mismatch)?)
            }
            SpecValue::Float(number) => format!("{} : {ty}", float_literal(number)),
            SpecValue::Integer(integer) => format!("{} : {ty}", float_literal(integer as f64)),
            SpecValue::Bool(_) => return Err(mismatch()),
        }
    } else {
        return Err(mismatch());
    };
    Attribute::parse(context, &text).ok_or_else(mismatch)
}

/// `number` as MLIR's float literal: in exponent form (exact, any
/// magnitude) with the decimal point MLIR's parser requires (`1.0e-6`, not
/// Rust's `1e-6`). Infinities and NaN have no such literal: refused with the
/// others that do not fit.
fn float_literal(number: f64) -> String {
    let text = format!("{number:e}");
    match text.split_once('e') {
        Some((mantissa, exponent)) if !mantissa.contains('.') => format!("{mantissa}.0e{exponent}"),
        _ => text,
    }
}

/// An infinity or NaN as the hexadecimal bits MLIR takes for a float of
/// type `ty` (no decimal literal spells them).
fn non_finite_bits(number: f64, ty: &str) -> Option<String> {
    let (infinity, nan, width) = match ty {
        "f16" => (0x7c00u64, 0x7e00u64, 16),
        "bf16" => (0x7f80, 0x7fc0, 16),
        "f32" => (0x7f80_0000, 0x7fc0_0000, 32),
        "f64" => (0x7ff0_0000_0000_0000, 0x7ff8_0000_0000_0000, 64),
        _ => return None,
    };
    let bits = if number.is_nan() {
        nan
    } else if number < 0.0 {
        infinity | 1 << (width - 1)
    } else {
        infinity
    };
    Some(format!("0x{bits:0digits$X}", digits = (width / 4) as usize))
}

#[cfg(test)]
mod tests {
    use super::{SpecValue, SpecializeError, float_literal, non_finite_bits, parse_spec};

    #[test]
    fn float_literals_have_a_decimal_point() {
        assert_eq!(float_literal(1e-6), "1.0e-6");
        assert_eq!(float_literal(70000.0), "7.0e4");
        assert_eq!(float_literal(-2.25), "-2.25e0");
        assert_eq!(float_literal(0.0), "0.0e0");
        assert_eq!(float_literal(0.5), "5.0e-1");
        assert_eq!(float_literal(1.0), "1.0e0");
        assert_eq!(non_finite_bits(f64::INFINITY, "f32").as_deref(), Some("0x7F800000"));
        assert_eq!(non_finite_bits(f64::NEG_INFINITY, "f16").as_deref(), Some("0xFC00"));
        assert_eq!(non_finite_bits(f64::NAN, "f64").as_deref(), Some("0x7FF8000000000000"));
    }

    #[test]
    fn reads_id_and_value() {
        assert_eq!(parse_spec("0=64"), Ok((0, SpecValue::Integer(64))));
        assert_eq!(parse_spec("3=-1"), Ok((3, SpecValue::Integer(-1))));
        assert_eq!(parse_spec("3=0xff"), Ok((3, SpecValue::Integer(255))));
        assert_eq!(parse_spec("4=0.25"), Ok((4, SpecValue::Float(0.25))));
        assert_eq!(parse_spec("5=true"), Ok((5, SpecValue::Bool(true))));
        assert_eq!(parse_spec("x=1"), Err(SpecializeError::Syntax("x=1".into())));
        assert_eq!(parse_spec("1"), Err(SpecializeError::Syntax("1".into())));
        assert_eq!(parse_spec("1=yes"), Err(SpecializeError::Syntax("1=yes".into())));
    }
}
