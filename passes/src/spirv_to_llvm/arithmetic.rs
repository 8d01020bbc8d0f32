//! Arithmetic ops (manual: "Arithmetic ops").
//!
//! The manual's table is 1:1 ([`DIRECT`]), as upstream. Beyond upstream,
//! which rejects them:
//! * `spirv.SNegate` is `0 - x`;
//! * `spirv.FMod` and `spirv.SMod` (remainders signed like operand 2) are
//!   the remainder signed like operand 1 (`frem`, `srem`) corrected by one
//!   addition of operand 2, as the SPIRV-LLVM-Translator expands them;
//! * `spirv.Dot` is an ordered `llvm.intr.vector.reduce.fadd` of the lane
//!   products, `spirv.VectorTimesScalar` an `llvm.fmul` by a splat;
//! * the extended ops (`IAddCarry`, `ISubBorrow`, `SMulExtended`,
//!   `UMulExtended`) are in [`extended`], the integer dot products of
//!   `SPV_KHR_integer_dot_product` in [`integer_dot`].
//!
//! The matrix ops (`MatrixTimesScalar`, `MatrixTimesMatrix`,
//! `MatrixTimesVector`, `VectorTimesMatrix`, `Transpose`) are in `matrix.rs`.

mod extended;
mod integer_dot;

use super::{
    comparison::{FloatPredicate, IntPredicate},
    util::{self, broadcast, emit, fcmp, icmp, integer_constant, two_operands},
};
use melior::ir::{OperationRef, Value, ValueLike};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
    ir::{element_type, vector_shape},
};

/// The manual's table.
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
    patterns
        .add_direct(DIRECT)
        .add_fn("spirv.SNegate", snegate)
        .add_fn("spirv.FMod", fmod)
        .add_fn("spirv.SMod", smod)
        .add_fn("spirv.Dot", dot)
        .add_fn("spirv.VectorTimesScalar", vector_times_scalar);
    extended::populate(patterns);
    integer_dot::populate(patterns);
}

/// `spirv.SNegate %x` is `0 - x` (upstream rejects it).
fn snegate<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[x] = operands else { return Err(MatchFailure::new("expected 1 operand")) };
    let ty = x.r#type();
    let zero = integer_constant(rewriter, ty, 0)?;
    Ok(vec![emit(rewriter, "llvm.sub", &[zero, x], ty)?])
}

/// `spirv.FMod x, y`: the remainder of `x / y` signed like `y` when not
/// zero. `r = frem(x, y)` is signed like `x`; where `r` and `y` have
/// opposite signs (`r` differs from `c = copysign(r, y)`, compared ordered),
/// `r + y` is the remainder signed like `y`; elsewhere `c` is (a zero takes
/// the sign of `y`, a NaN stays a NaN). This is the SPIRV-LLVM-Translator's
/// expansion of `OpFMod`.
fn fmod<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (x, y) = two_operands(operands)?;
    let ty = x.r#type();
    let remainder = emit(rewriter, "llvm.frem", &[x, y], ty)?;
    let signed_like_y = emit(rewriter, "llvm.intr.copysign", &[remainder, y], ty)?;
    let fixed = emit(rewriter, "llvm.fadd", &[remainder, y], ty)?;
    let wrong_sign = fcmp(rewriter, FloatPredicate::One, remainder, signed_like_y)?;
    Ok(vec![emit(rewriter, "llvm.select", &[wrong_sign, fixed, signed_like_y], ty)?])
}

/// `spirv.SMod x, y`: the remainder of `x / y` signed like `y` when not
/// zero. `r = srem(x, y)` is signed like `x`; where `x` and `y` have
/// opposite signs (`x ^ y < 0`) and `r != 0`, `r + y` is the remainder
/// signed like `y` (it cannot overflow: `r` and `y` have opposite signs).
/// This is the SPIRV-LLVM-Translator's expansion of `OpSMod`.
fn smod<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (x, y) = two_operands(operands)?;
    let ty = x.r#type();
    let remainder = emit(rewriter, "llvm.srem", &[x, y], ty)?;
    let signs = emit(rewriter, "llvm.xor", &[x, y], ty)?;
    let zero = integer_constant(rewriter, ty, 0)?;
    let opposite_signs = icmp(rewriter, IntPredicate::Slt, signs, zero)?;
    let nonzero = icmp(rewriter, IntPredicate::Ne, remainder, zero)?;
    let wrong_sign = emit(rewriter, "llvm.and", &[opposite_signs, nonzero], opposite_signs.r#type())?;
    let fixed = emit(rewriter, "llvm.add", &[remainder, y], ty)?;
    Ok(vec![emit(rewriter, "llvm.select", &[wrong_sign, fixed, remainder], ty)?])
}

/// `spirv.Dot x, y` (vectors only): [`util::dot`], the ordered
/// `llvm.intr.vector.reduce.fadd(-0.0, x * y)`, deterministic.
fn dot<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (x, y) = two_operands(operands)?;
    Ok(vec![util::dot(rewriter, x, y)?])
}

/// `spirv.VectorTimesScalar v, s`: `v * splat(s)`, the splat built as
/// upstream builds splats (one `llvm.insertelement` per lane).
fn vector_times_scalar<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (vector, scalar) = two_operands(operands)?;
    let ty = vector.r#type();
    if vector_shape(ty).is_none() || element_type(ty) != scalar.r#type() {
        return Err(MatchFailure::new(format!("cannot scale '{ty}' by '{}'", scalar.r#type())));
    }
    let splat = broadcast(rewriter, scalar, ty)?;
    Ok(vec![emit(rewriter, "llvm.fmul", &[vector, splat], ty)?])
}
