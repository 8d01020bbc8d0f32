//! Relational instructions on floats that the MLIR 22 dialect has no op
//! for, as the dialect ops that mean the same (docs/import.md):
//! `OpSignBitSet` and `OpIsNormal` read the float's bits (`spirv.Bitcast` to
//! the integer of its width), `OpLessOrGreater` is `spirv.FOrdNotEqual`
//! (ordered and unequal: less or greater), `OpUnordered` is the negation of
//! `spirv.Ordered`.

use melior::ir::{Location, Type, Value, ValueLike, attribute::IntegerAttribute};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// Opcodes handled here.
pub(super) mod opcode {
    pub const IS_NORMAL: u16 = 159;
    pub const SIGN_BIT_SET: u16 = 160;
    pub const LESS_OR_GREATER: u16 = 161;
    pub const UNORDERED: u16 = 163;
}

impl<'c, 'w> Importer<'c, 'w> {
    /// One of the instructions of [`opcode`].
    pub(super) fn relational<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let bool_type = self.mlir_type(inst, self.word(inst, 0)?)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let x = self.value(state, inst, self.word(inst, 2)?)?;
        let value = match inst.opcode {
            opcode::LESS_OR_GREATER | opcode::UNORDERED => {
                let y = self.value(state, inst, self.word(inst, 3)?)?;
                if inst.opcode == opcode::LESS_OR_GREATER {
                    self.emit(state, inst, location, "spirv.FOrdNotEqual", &[x, y], &[], Some(bool_type))?
                } else {
                    let ordered = self.emit(state, inst, location, "spirv.Ordered", &[x, y], &[], Some(bool_type))?;
                    self.emit(state, inst, location, "spirv.LogicalNot", &[ordered], &[], Some(bool_type))?
                }
            }
            _ => {
                let (bits_type, width, mantissa) = self.bits_type(inst, x.r#type())?;
                let bits = self.emit(state, inst, location, "spirv.Bitcast", &[x], &[], Some(bits_type))?;
                if inst.opcode == opcode::SIGN_BIT_SET {
                    let zero = self.integer_splat(state, inst, location, bits_type, 0)?;
                    self.emit(state, inst, location, "spirv.SLessThan", &[bits, zero], &[], Some(bool_type))?
                } else {
                    // Normal: the exponent field neither all zeros (zero,
                    // subnormal) nor all ones (infinity, NaN).
                    let all_ones = ((1i64 << (width - 1 - mantissa)) - 1) << mantissa;
                    let mask = self.integer_splat(state, inst, location, bits_type, all_ones)?;
                    let zero = self.integer_splat(state, inst, location, bits_type, 0)?;
                    let exponent =
                        self.emit(state, inst, location, "spirv.BitwiseAnd", &[bits, mask], &[], Some(bits_type))?;
                    let nonzero =
                        self.emit(state, inst, location, "spirv.INotEqual", &[exponent, zero], &[], Some(bool_type))?;
                    let finite =
                        self.emit(state, inst, location, "spirv.INotEqual", &[exponent, mask], &[], Some(bool_type))?;
                    self.emit(state, inst, location, "spirv.LogicalAnd", &[nonzero, finite], &[], Some(bool_type))?
                }
            }
        };
        self.define_value(state, inst, id, value)
    }

    /// The integer type of the bits of float type `ty` (lane for lane), its
    /// width and the float's mantissa bits.
    pub(super) fn bits_type(&self, inst: &Inst<'_>, ty: Type<'c>) -> Result<(Type<'c>, u32, u32)> {
        let model = SpirvType::parse(&ty.to_string()).map_err(|_| inst.error(ErrorKind::Invalid(format!("{ty}"))))?;
        let (width, mantissa) = match model.scalar_type().to_string().as_str() {
            "f16" => (16, 10),
            "bf16" => (16, 7),
            "f32" => (32, 23),
            "f64" => (64, 52),
            other => return Err(inst.error(ErrorKind::Invalid(format!("a float operand, not {other}")))),
        };
        let text = match model.vector_count() {
            Some(count) => format!("vector<{count}xi{width}>"),
            None => format!("i{width}"),
        };
        let bits = self.parse_type(&text).ok_or_else(|| inst.error(ErrorKind::Invalid(text)))?;
        Ok((bits, width, mantissa))
    }

    /// A `spirv.Constant` of integer type `ty` (a scalar, or a vector splat).
    pub(super) fn integer_splat<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        ty: Type<'c>,
        value: i64,
    ) -> Result<Value<'c, 'b>> {
        let attribute = if ty.to_string().starts_with("vector<") {
            self.attribute(inst, &format!("dense<{value}> : {ty}"))?
        } else {
            IntegerAttribute::new(ty, value).into()
        };
        self.emit(state, inst, location, "spirv.Constant", &[], &[(self.id("value"), attribute)], Some(ty))
    }
}
