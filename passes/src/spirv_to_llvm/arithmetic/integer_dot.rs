//! The integer dot products of `SPV_KHR_integer_dot_product`: `SDot`,
//! `UDot`, `SUDot` and their saturating-accumulate forms `SDotAccSat`,
//! `UDotAccSat`, `SUDotAccSat`. Upstream rejects all six.
//!
//! The components of the operands are sign- or zero-extended to the result
//! width (`llvm.sext` / `llvm.zext`, skipped when the widths are equal),
//! multiplied lane by lane (`llvm.mul`) and summed
//! (`llvm.intr.vector.reduce.add`): the result is the low-order bits of the
//! exact dot product, as the specification requires, since wrapping
//! arithmetic is exact modulo 2^N. The `AccSat` forms then add the
//! accumulator with `llvm.intr.sadd.sat` (`SDotAccSat`, `SUDotAccSat`: a
//! signed saturating addition) or `llvm.intr.uadd.sat` (`UDotAccSat`); the
//! specification leaves an overflow before that final addition undefined.
//!
//! Operands given as `i32` with `<PackedVectorFormat4x8Bit>` are four 8-bit
//! components, the lowest-numbered in the lowest-order byte: they are
//! `llvm.bitcast` to `vector<4xi8>`. Which lane a byte lands in depends on
//! the target's byte order, but both operands are split alike and a dot
//! product sums over all lane pairs, so the result does not.

use crate::spirv_to_llvm::util::{emit, printed_attribute};
use melior::ir::{OperationRef, Type, Value, ValueLike, r#type::IntegerType};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::{scalar_bit_width, vector_shape},
};

/// The printed form of the only packed vector format.
const PACKED_4X8: &str = "#spirv.packed_vector_format<PackedVectorFormat4x8Bit>";

/// How the components of an operand are extended to the result width.
#[derive(Debug, Clone, Copy)]
enum Extension {
    Signed,
    Unsigned,
}

impl Extension {
    fn op_name(self) -> &'static str {
        match self {
            Self::Signed => "llvm.sext",
            Self::Unsigned => "llvm.zext",
        }
    }
}

pub(super) fn populate(patterns: &mut PatternSet) {
    use Extension::{Signed, Unsigned};
    let dot = |op, lhs, rhs, saturation| IntegerDot { op: [op], lhs, rhs, saturation };
    patterns
        .add(dot("spirv.SDot", Signed, Signed, None))
        .add(dot("spirv.UDot", Unsigned, Unsigned, None))
        .add(dot("spirv.SUDot", Signed, Unsigned, None))
        .add(dot("spirv.SDotAccSat", Signed, Signed, Some("llvm.intr.sadd.sat")))
        .add(dot("spirv.UDotAccSat", Unsigned, Unsigned, Some("llvm.intr.uadd.sat")))
        .add(dot("spirv.SUDotAccSat", Signed, Unsigned, Some("llvm.intr.sadd.sat")));
}

/// An integer dot product: how each operand is extended, and the
/// saturating addition of the accumulator for the `AccSat` forms.
struct IntegerDot {
    op: [&'static str; 1],
    lhs: Extension,
    rhs: Extension,
    saturation: Option<&'static str>,
}

impl IntegerDot {
    /// The operand as a vector of components: itself, or its bytes when it
    /// is a packed `i32`.
    fn components<'c, 'r>(
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        value: Value<'c, 'r>,
        packed: bool,
    ) -> Result<Value<'c, 'r>, MatchFailure> {
        if !packed {
            return Ok(value);
        }
        let bytes = Type::vector(&[4], IntegerType::new(rewriter.context(), 8).into());
        emit(rewriter, "llvm.bitcast", &[value], bytes)
    }

    /// `components` extended to `width` bits per lane.
    fn extend<'c, 'r>(
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        components: Value<'c, 'r>,
        extension: Extension,
        width: u32,
    ) -> Result<Value<'c, 'r>, MatchFailure> {
        let ty = components.r#type();
        let (length, _) = vector_shape(ty).ok_or_else(|| MatchFailure::new(format!("'{ty}' is not a vector")))?;
        if scalar_bit_width(ty) == Some(width) {
            return Ok(components);
        }
        let wide = Type::vector(&[length], IntegerType::new(rewriter.context(), width).into());
        emit(rewriter, extension.op_name(), &[components], wide)
    }
}

impl ConversionPattern for IntegerDot {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let (lhs, rhs, accumulator) = match (operands, self.saturation) {
            (&[lhs, rhs], None) => (lhs, rhs, None),
            (&[lhs, rhs, accumulator], Some(_)) => (lhs, rhs, Some(accumulator)),
            _ => return Err(MatchFailure::new(format!("unexpected number of operands: {}", operands.len()))),
        };
        let result_type = rewriter.converted_result_type(op, 0)?;
        let width = scalar_bit_width(result_type)
            .ok_or_else(|| MatchFailure::new(format!("'{result_type}' is not an integer type")))?;
        let format = printed_attribute(op, "format");
        let packed = match (vector_shape(lhs.r#type()), format.as_deref()) {
            (Some(_), None) => false,
            (None, Some(PACKED_4X8)) if scalar_bit_width(lhs.r#type()) == Some(32) => true,
            (_, Some(format)) => {
                return Err(MatchFailure::new(format!(
                    "unsupported packed vector format {format} for operands of type '{}'",
                    lhs.r#type()
                )));
            }
            (None, None) => return Err(MatchFailure::new("scalar operands without a packed vector format")),
        };

        let lhs = Self::components(rewriter, lhs, packed)?;
        let lhs = Self::extend(rewriter, lhs, self.lhs, width)?;
        let rhs = Self::components(rewriter, rhs, packed)?;
        let rhs = Self::extend(rewriter, rhs, self.rhs, width)?;
        let products = emit(rewriter, "llvm.mul", &[lhs, rhs], lhs.r#type())?;
        let dot = emit(rewriter, "llvm.intr.vector.reduce.add", &[products], result_type)?;
        let result = match (accumulator, self.saturation) {
            (Some(accumulator), Some(saturation)) => emit(rewriter, saturation, &[accumulator, dot], result_type)?,
            _ => dot,
        };
        Ok(vec![result])
    }
}
