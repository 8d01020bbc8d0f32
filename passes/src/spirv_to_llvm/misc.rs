//! Miscellaneous ops (manual: "Miscellaneous ops with direct conversions"):
//! `spirv.Select` and `spirv.Undef` are 1:1, as upstream (which emits
//! `llvm.mlir.undef`, not `poison`, for `spirv.Undef`). Beyond upstream,
//! which rejects it, `spirv.KHR.AssumeTrue` is `llvm.intr.assume`.

use melior::ir::{OperationRef, Value, attribute::DenseI32ArrayAttribute};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
};

const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.Select", to: "llvm.select" },
    DirectConversion { from: "spirv.Undef", to: "llvm.mlir.undef" },
];

/// Adds the miscellaneous patterns.
pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_direct(DIRECT).add_fn("spirv.KHR.AssumeTrue", assume_true);
}

/// `spirv.KHR.AssumeTrue %c` is `llvm.intr.assume %c`, without operand
/// bundles.
fn assume_true<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let bundles = DenseI32ArrayAttribute::new(rewriter.context(), &[]);
    rewriter.create("llvm.intr.assume", operands, &[], &[("op_bundle_sizes", bundles.into())])?;
    Ok(vec![])
}
