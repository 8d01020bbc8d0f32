//! Shift ops (manual: "Shift ops"): `spirv.ShiftLeftLogical`,
//! `spirv.ShiftRightArithmetic` and `spirv.ShiftRightLogical` are `llvm.shl`,
//! `llvm.ashr` and `llvm.lshr`, once the shift amount has the width of the
//! base.

use melior::ir::{OperationRef, Type, Value, ValueLike, operation::OperationLike, r#type::IntegerType};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::{element_type, scalar_bit_width},
};

/// SPIR-V shift op, LLVM shift op.
const SHIFTS: &[(&str, &str)] = &[
    ("spirv.ShiftLeftLogical", "llvm.shl"),
    ("spirv.ShiftRightArithmetic", "llvm.ashr"),
    ("spirv.ShiftRightLogical", "llvm.lshr"),
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    for &(from, to) in SHIFTS {
        patterns.add(Shift { names: [from], to });
    }
}

/// `%r = <shift> %base, %shift` is `%r = <llvm shift> %base, %shift'`, where
/// `%shift'` is `%shift` at the width of `%base`:
/// - same width: `%shift` itself;
/// - narrower: `llvm.zext` if `%shift` is of an unsigned type, `llvm.sext`
///   otherwise, as upstream. SPIR-V reads the shift amount as unsigned, but
///   the two only differ on amounts with their top bit set, which are at
///   least 128, beyond any base width, so the result is undefined anyway;
/// - wider: `llvm.trunc`. Upstream rejects this case; amounts that truncation
///   changes are at least the base width, for which SPIR-V leaves the result
///   undefined, so truncating keeps every defined result.
struct Shift {
    names: [&'static str; 1],
    to: &'static str,
}

impl ConversionPattern for Shift {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn name(&self) -> &str {
        self.to
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let &[base, shift] = operands else {
            return Err(MatchFailure::new("expected a base and a shift operand"));
        };
        let ty = rewriter.converted_result_type(op, 0)?;
        let shift_type = op
            .operand(1)
            .map_err(|_| MatchFailure::new("expected a shift operand"))?
            .r#type();
        let width = |ty: Type<'c>| {
            scalar_bit_width(ty).ok_or_else(|| MatchFailure::new(format!("expected integers, got '{ty}'")))
        };
        let (base_width, shift_width) = (width(ty)?, width(shift_type)?);
        let shift = if shift_width == base_width {
            shift
        } else {
            let cast = if shift_width > base_width {
                "llvm.trunc"
            } else if is_unsigned(shift_type) {
                "llvm.zext"
            } else {
                "llvm.sext"
            };
            rewriter.create_value(cast, &[shift], ty, &[])?
        };
        Ok(vec![rewriter.create_value(self.to, &[base, shift], ty, &[])?])
    }
}

/// Whether `ty` is an unsigned integer type (`ui32`) or a vector of them.
fn is_unsigned(ty: Type<'_>) -> bool {
    IntegerType::try_from(element_type(ty)).is_ok_and(|integer| integer.is_unsigned())
}

