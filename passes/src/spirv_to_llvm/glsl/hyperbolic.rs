//! GLSL.std.450 inverse hyperbolic functions, which LLVM has no intrinsics
//! for, expanded with the formulas the Vulkan precision rules define their
//! accuracy by ("inherited from"):
//!
//! - `asinh(x) = log(x + sqrt(x * x + 1))`
//! - `acosh(x) = log(x + sqrt(x * x - 1))`
//! - `atanh(x) = 0.5 * log((1 + x) / (1 - x))`
//!
//! Upstream rejects the three. (OpenCL requires more accuracy than these
//! formulas give near 0, so `spirv.CL.asinh`, ... call the OpenCL builtins
//! instead, see opencl.rs.)

use crate::spirv_to_llvm::{
    glsl::first_operand_type,
    util::{emit, float_constant},
};
use melior::ir::{OperationRef, Value};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

pub(super) fn populate(patterns: &mut PatternSet) {
    patterns
        .add(InverseHyperbolic { op: ["spirv.GL.Asinh"], function: Function::Asinh })
        .add(InverseHyperbolic { op: ["spirv.GL.Acosh"], function: Function::Acosh })
        .add(InverseHyperbolic { op: ["spirv.GL.Atanh"], function: Function::Atanh });
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Function {
    Asinh,
    Acosh,
    Atanh,
}

struct InverseHyperbolic {
    op: [&'static str; 1],
    function: Function,
}

impl ConversionPattern for InverseHyperbolic {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        _op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let ty = first_operand_type(operands)?;
        let x = operands[0];
        let one = float_constant(rewriter, ty, 1.0)?;
        let result = match self.function {
            Function::Asinh | Function::Acosh => {
                let square = emit(rewriter, "llvm.fmul", &[x, x], ty)?;
                let shift = if self.function == Function::Asinh { "llvm.fadd" } else { "llvm.fsub" };
                let radicand = emit(rewriter, shift, &[square, one], ty)?;
                let root = emit(rewriter, "llvm.intr.sqrt", &[radicand], ty)?;
                let sum = emit(rewriter, "llvm.fadd", &[x, root], ty)?;
                emit(rewriter, "llvm.intr.log", &[sum], ty)?
            }
            Function::Atanh => {
                let numerator = emit(rewriter, "llvm.fadd", &[one, x], ty)?;
                let denominator = emit(rewriter, "llvm.fsub", &[one, x], ty)?;
                let quotient = emit(rewriter, "llvm.fdiv", &[numerator, denominator], ty)?;
                let log = emit(rewriter, "llvm.intr.log", &[quotient], ty)?;
                let half = float_constant(rewriter, ty, 0.5)?;
                emit(rewriter, "llvm.fmul", &[half, log], ty)?
            }
        };
        Ok(vec![result])
    }
}
