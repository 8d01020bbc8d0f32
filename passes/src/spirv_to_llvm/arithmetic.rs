//! Arithmetic ops (manual: "Arithmetic ops"): all but `spirv.SNegate` are 1:1.

use super::util::integer_constant;
use melior::ir::{OperationRef, Value, ValueLike};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
};

const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.FAdd", to: "llvm.fadd" },
    DirectConversion { from: "spirv.FDiv", to: "llvm.fdiv" },
    DirectConversion { from: "spirv.FMul", to: "llvm.fmul" },
    DirectConversion { from: "spirv.FNegate", to: "llvm.fneg" },
    DirectConversion { from: "spirv.FRem", to: "llvm.frem" },
    DirectConversion { from: "spirv.FSub", to: "llvm.fsub" },
    DirectConversion { from: "spirv.IAdd", to: "llvm.add" },
    DirectConversion { from: "spirv.IMul", to: "llvm.mul" },
    DirectConversion { from: "spirv.ISub", to: "llvm.sub" },
    DirectConversion { from: "spirv.SDiv", to: "llvm.sdiv" },
    DirectConversion { from: "spirv.SRem", to: "llvm.srem" },
    DirectConversion { from: "spirv.UDiv", to: "llvm.udiv" },
    DirectConversion { from: "spirv.UMod", to: "llvm.urem" },
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_direct(DIRECT).add(SNegate);
}

/// `spirv.SNegate %x` is `0 - x`.
struct SNegate;

impl ConversionPattern for SNegate {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.SNegate"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        _op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let ty = operands[0].r#type();
        let zero = integer_constant(rewriter, ty, 0)?;
        Ok(vec![rewriter.create_value("llvm.sub", &[zero, operands[0]], ty, &[])?])
    }
}
