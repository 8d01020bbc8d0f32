//! Bitwise ops (manual: "Bitwise ops"): `spirv.BitwiseAnd/Or/Xor` and the
//! `spirv.BitCount` and `spirv.BitReverse` intrinsics are 1:1;
//! `spirv.Not` is a `xor` with all bits set.

use super::util::integer_constant;
use melior::ir::{OperationRef, Value};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
};

const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.BitCount", to: "llvm.intr.ctpop" },
    DirectConversion { from: "spirv.BitReverse", to: "llvm.intr.bitreverse" },
    DirectConversion { from: "spirv.BitwiseAnd", to: "llvm.and" },
    DirectConversion { from: "spirv.BitwiseOr", to: "llvm.or" },
    DirectConversion { from: "spirv.BitwiseXor", to: "llvm.xor" },
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_direct(DIRECT).add_fn("spirv.Not", not);
}

/// `%r = <not> %x` is `%r = llvm.xor %x, all-ones`, the all-ones constant
/// splatted for vectors, as upstream's `NotPattern`. Serves `spirv.Not` and
/// `spirv.LogicalNot` (whose all-ones `i1` is `true`).
pub(super) fn not<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    // Built from the converted type: upstream uses the SPIR-V type here,
    // and fails on signed or unsigned integers (`si32`, `vector<2xui8>`).
    let ty = rewriter.converted_result_type(op, 0)?;
    let operand = *operands.first().ok_or_else(|| MatchFailure::new("expected one operand"))?;
    let mask = integer_constant(rewriter, ty, -1)?;
    Ok(vec![rewriter.create_value("llvm.xor", &[operand, mask], ty, &[])?])
}
