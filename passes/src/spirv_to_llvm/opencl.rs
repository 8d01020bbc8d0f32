//! OpenCL extended instruction set (`spirv.CL.*`), which upstream does not
//! lower at all: to the LLVM intrinsic with the OpenCL meaning where there
//! is one (the table [`DIRECT`]), to a short expansion of the OpenCL
//! definition (`rsqrt`, `mix`, `s_abs`), and otherwise to a call of the
//! OpenCL builtin `__spirv_ocl_{name}` of the SPIRV-LLVM-Translator's naming
//! scheme (seed 000), declared `memory(none)` as the translator does.

use crate::spirv_to_llvm::{
    builtin_call::{Builtin, BuiltinKind, Sign, call_builtin},
    glsl::{first_operand_type, integer_abs, inverse_sqrt},
    util::emit,
};
use melior::ir::{OperationRef, Value, ValueLike};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
};

/// The ops whose LLVM intrinsic has exactly the OpenCL meaning (`fmax` and
/// `fmin` return the other operand when one is a NaN, as `maxnum` and
/// `minnum` do; `round` rounds halfway cases away from zero, as
/// `llvm.round`; `rint` rounds to nearest even, as `llvm.rint` in the
/// default rounding mode).
const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.CL.acos", to: "llvm.intr.acos" },
    DirectConversion { from: "spirv.CL.asin", to: "llvm.intr.asin" },
    DirectConversion { from: "spirv.CL.atan", to: "llvm.intr.atan" },
    DirectConversion { from: "spirv.CL.atan2", to: "llvm.intr.atan2" },
    DirectConversion { from: "spirv.CL.ceil", to: "llvm.intr.ceil" },
    DirectConversion { from: "spirv.CL.cos", to: "llvm.intr.cos" },
    DirectConversion { from: "spirv.CL.cosh", to: "llvm.intr.cosh" },
    DirectConversion { from: "spirv.CL.exp", to: "llvm.intr.exp" },
    DirectConversion { from: "spirv.CL.fabs", to: "llvm.intr.fabs" },
    DirectConversion { from: "spirv.CL.floor", to: "llvm.intr.floor" },
    DirectConversion { from: "spirv.CL.fma", to: "llvm.intr.fma" },
    DirectConversion { from: "spirv.CL.fmax", to: "llvm.intr.maxnum" },
    DirectConversion { from: "spirv.CL.fmin", to: "llvm.intr.minnum" },
    DirectConversion { from: "spirv.CL.log", to: "llvm.intr.log" },
    DirectConversion { from: "spirv.CL.pow", to: "llvm.intr.pow" },
    DirectConversion { from: "spirv.CL.rint", to: "llvm.intr.rint" },
    DirectConversion { from: "spirv.CL.round", to: "llvm.intr.round" },
    DirectConversion { from: "spirv.CL.sin", to: "llvm.intr.sin" },
    DirectConversion { from: "spirv.CL.sinh", to: "llvm.intr.sinh" },
    DirectConversion { from: "spirv.CL.sqrt", to: "llvm.intr.sqrt" },
    DirectConversion { from: "spirv.CL.tan", to: "llvm.intr.tan" },
    DirectConversion { from: "spirv.CL.tanh", to: "llvm.intr.tanh" },
    DirectConversion { from: "spirv.CL.s_max", to: "llvm.intr.smax" },
    DirectConversion { from: "spirv.CL.s_min", to: "llvm.intr.smin" },
    DirectConversion { from: "spirv.CL.u_max", to: "llvm.intr.umax" },
    DirectConversion { from: "spirv.CL.u_min", to: "llvm.intr.umin" },
];

/// The ops LLVM has no intrinsic for, and whose OpenCL accuracy the obvious
/// formulas miss (`asinh(x) = log(x + sqrt(x * x + 1))` is 0 for tiny `x`,
/// for one): calls to the OpenCL builtins.
const BUILTINS: &[OpenClBuiltin] = &[
    OpenClBuiltin { op: ["spirv.CL.asinh"], builtin: "__spirv_ocl_asinh" },
    OpenClBuiltin { op: ["spirv.CL.acosh"], builtin: "__spirv_ocl_acosh" },
    OpenClBuiltin { op: ["spirv.CL.atanh"], builtin: "__spirv_ocl_atanh" },
    OpenClBuiltin { op: ["spirv.CL.erf"], builtin: "__spirv_ocl_erf" },
];

/// The builtins (unmangled names) these patterns call.
pub(crate) fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|builtin| builtin.builtin)
}

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_direct(DIRECT)
        .add_fn("spirv.CL.rsqrt", inverse_sqrt)
        .add_fn("spirv.CL.s_abs", integer_abs)
        .add_fn("spirv.CL.mix", mix)
        .add_fn("spirv.CL.printf", printf);
    for builtin in BUILTINS {
        patterns.add(*builtin);
    }
}

/// `mix(x, y, a) = x + (y - x) * a`, the OpenCL definition (GLSL's `FMix`
/// uses another formula).
fn mix<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[x, y, a] = operands else { return Err(MatchFailure::new("expected 3 operands")) };
    let ty = first_operand_type(operands)?;
    let difference = emit(rewriter, "llvm.fsub", &[y, x], ty)?;
    let scaled = emit(rewriter, "llvm.fmul", &[difference, a], ty)?;
    Ok(vec![emit(rewriter, "llvm.fadd", &[x, scaled], ty)?])
}

/// An op lowered to a call of the OpenCL builtin taking its operands and
/// returning its result type.
#[derive(Debug, Clone, Copy)]
struct OpenClBuiltin {
    op: [&'static str; 1],
    builtin: &'static str,
}

impl ConversionPattern for OpenClBuiltin {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let result = rewriter.converted_result_type(op, 0)?;
        let params: Vec<_> = operands.iter().map(|operand| (operand.r#type(), Sign::Signed)).collect();
        let builtin = Builtin { name: self.builtin, params: &params, result: Some(result), kind: BuiltinKind::Pure };
        call_builtin(rewriter, &builtin, operands)
    }
}

/// `spirv.CL.printf` is not lowered: its builtin takes its format string as
/// a `constant char *`, whose mangling needs the pointee type and the SPIR
/// address space of the format pointer, and is variadic.
fn printf<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    _rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    Err(MatchFailure::new(
        "printf is not lowered yet: calling the variadic '__spirv_ocl_printf' builtin is not implemented",
    ))
}
