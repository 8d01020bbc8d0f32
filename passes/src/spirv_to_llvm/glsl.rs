//! GLSL extended instruction set (manual: "GLSL extended instruction set"):
//! `spirv.GL.*` ops to LLVM intrinsics, directly (the table [`DIRECT`]) or
//! expanded into a few LLVM ops where LLVM has no single intrinsic with the
//! GLSL.std.450 meaning. Every op applies to scalars and vectors alike.
//!
//! Upstream lowers the twelve ops of the manual's table plus
//! `InverseSqrt`, `Tan` and `Tanh` (to `llvm.intr.tan`/`llvm.intr.tanh` in
//! MLIR 22, not the manual's expansions); the others here are beyond
//! upstream. Expansions follow the formulas GLSL.std.450 gives (the Vulkan
//! precision rules let `Asinh`, `Acosh`, `Atanh`, `Length`, ... be computed
//! by exactly those formulas).

mod geometric;
mod hyperbolic;
mod packing;

use super::{
    comparison::{FloatPredicate, IntPredicate},
    util::{emit, fcmp, first_operand, float_constant, icmp, integer_constant},
};
use melior::ir::{OperationRef, Type, Value, ValueLike, attribute::BoolAttribute};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
    ir::scalar_bit_width,
};

/// The 1:1 mappings: the manual's table, then what upstream 22 adds (`Tan`,
/// `Tanh`), then ops upstream rejects whose LLVM intrinsic has exactly the
/// GLSL.std.450 meaning.
const DIRECT: &[DirectConversion] = &[
    // The manual's table (upstream).
    DirectConversion { from: "spirv.GL.Ceil", to: "llvm.intr.ceil" },
    DirectConversion { from: "spirv.GL.Cos", to: "llvm.intr.cos" },
    DirectConversion { from: "spirv.GL.Exp", to: "llvm.intr.exp" },
    DirectConversion { from: "spirv.GL.FAbs", to: "llvm.intr.fabs" },
    DirectConversion { from: "spirv.GL.Floor", to: "llvm.intr.floor" },
    DirectConversion { from: "spirv.GL.FMax", to: "llvm.intr.maxnum" },
    DirectConversion { from: "spirv.GL.FMin", to: "llvm.intr.minnum" },
    DirectConversion { from: "spirv.GL.Log", to: "llvm.intr.log" },
    DirectConversion { from: "spirv.GL.Sin", to: "llvm.intr.sin" },
    DirectConversion { from: "spirv.GL.Sqrt", to: "llvm.intr.sqrt" },
    DirectConversion { from: "spirv.GL.SMax", to: "llvm.intr.smax" },
    DirectConversion { from: "spirv.GL.SMin", to: "llvm.intr.smin" },
    // Upstream 22, beyond the manual.
    DirectConversion { from: "spirv.GL.Tan", to: "llvm.intr.tan" },
    DirectConversion { from: "spirv.GL.Tanh", to: "llvm.intr.tanh" },
    // Beyond upstream.
    DirectConversion { from: "spirv.GL.Acos", to: "llvm.intr.acos" },
    DirectConversion { from: "spirv.GL.Asin", to: "llvm.intr.asin" },
    DirectConversion { from: "spirv.GL.Atan", to: "llvm.intr.atan" },
    DirectConversion { from: "spirv.GL.Cosh", to: "llvm.intr.cosh" },
    DirectConversion { from: "spirv.GL.Sinh", to: "llvm.intr.sinh" },
    DirectConversion { from: "spirv.GL.Exp2", to: "llvm.intr.exp2" },
    DirectConversion { from: "spirv.GL.Log2", to: "llvm.intr.log2" },
    DirectConversion { from: "spirv.GL.Pow", to: "llvm.intr.pow" },
    DirectConversion { from: "spirv.GL.Fma", to: "llvm.intr.fma" },
    // GLSL leaves the direction of halfway cases to the implementation;
    // `llvm.round` rounds them away from zero.
    DirectConversion { from: "spirv.GL.Round", to: "llvm.intr.round" },
    DirectConversion { from: "spirv.GL.RoundEven", to: "llvm.intr.roundeven" },
    DirectConversion { from: "spirv.GL.UMax", to: "llvm.intr.umax" },
    DirectConversion { from: "spirv.GL.UMin", to: "llvm.intr.umin" },
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_direct(DIRECT)
        .add_fn("spirv.GL.InverseSqrt", inverse_sqrt)
        .add_fn("spirv.GL.SAbs", integer_abs)
        .add(Clamp { op: ["spirv.GL.FClamp"], max: "llvm.intr.maxnum", min: "llvm.intr.minnum" })
        .add(Clamp { op: ["spirv.GL.SClamp"], max: "llvm.intr.smax", min: "llvm.intr.smin" })
        .add(Clamp { op: ["spirv.GL.UClamp"], max: "llvm.intr.umax", min: "llvm.intr.umin" })
        .add_fn("spirv.GL.FSign", fsign)
        .add_fn("spirv.GL.SSign", ssign)
        .add_fn("spirv.GL.Fract", fract)
        .add_fn("spirv.GL.FindILsb", find_ilsb)
        .add_fn("spirv.GL.FindUMsb", find_umsb)
        .add_fn("spirv.GL.FindSMsb", find_smsb);
    geometric::populate(patterns);
    hyperbolic::populate(patterns);
    packing::populate(patterns);
}

/// The converted type of the op's only operand (every op of this family has
/// its result typed like its first operand, unless said otherwise).
pub(super) fn first_operand_type<'c>(operands: &[Value<'c, '_>]) -> Result<Type<'c>, MatchFailure> {
    operands.first().map(|value| value.r#type()).ok_or_else(|| MatchFailure::new("expected an operand"))
}

/// A bit-counting intrinsic (`llvm.intr.ctlz`, `llvm.intr.cttz`) defined
/// for zero (`is_zero_poison = false`).
fn count_bits<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    name: &str,
    value: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let poison = BoolAttribute::new(rewriter.context(), false).into();
    rewriter.create_value(name, &[value], value.r#type(), &[("is_zero_poison", poison)])
}

/// The bit width of the elements of an integer (vector) type.
fn integer_width(ty: Type<'_>) -> Result<i64, MatchFailure> {
    scalar_bit_width(ty).map(i64::from).ok_or_else(|| MatchFailure::new(format!("'{ty}' is not an integer type")))
}

/// `1 / sqrt(x)`, as upstream lowers `spirv.GL.InverseSqrt` (and as
/// `spirv.CL.rsqrt` is lowered).
pub(super) fn inverse_sqrt<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let ty = first_operand_type(operands)?;
    let one = float_constant(rewriter, ty, 1.0)?;
    let sqrt = emit(rewriter, "llvm.intr.sqrt", operands, ty)?;
    Ok(vec![emit(rewriter, "llvm.fdiv", &[one, sqrt], ty)?])
}

/// `llvm.intr.abs` with `is_int_min_poison = false`: the absolute value of
/// the most negative integer is itself, as GLSL and OpenCL require.
pub(super) fn integer_abs<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let ty = first_operand_type(operands)?;
    let poison = BoolAttribute::new(rewriter.context(), false).into();
    Ok(vec![rewriter.create_value("llvm.intr.abs", operands, ty, &[("is_int_min_poison", poison)])?])
}

/// `clamp(x, lo, hi)` is `min(max(x, lo), hi)`, as GLSL.std.450 defines
/// `FClamp`, `SClamp` and `UClamp`.
struct Clamp {
    op: [&'static str; 1],
    max: &'static str,
    min: &'static str,
}

impl ConversionPattern for Clamp {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        _op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let &[x, lo, hi] = operands else { return Err(MatchFailure::new("expected 3 operands")) };
        let ty = x.r#type();
        let above = emit(rewriter, self.max, &[x, lo], ty)?;
        Ok(vec![emit(rewriter, self.min, &[above, hi], ty)?])
    }
}

/// `FSign`: `x != 0 ? copysign(1.0, x) : x`, with an ordered comparison so
/// that zeros and NaNs are returned as they are.
fn fsign<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    let ty = x.r#type();
    let zero = float_constant(rewriter, ty, 0.0)?;
    let nonzero = fcmp(rewriter, FloatPredicate::One, x, zero)?;
    let one = float_constant(rewriter, ty, 1.0)?;
    let unit = emit(rewriter, "llvm.intr.copysign", &[one, x], ty)?;
    Ok(vec![emit(rewriter, "llvm.select", &[nonzero, unit, x], ty)?])
}

/// `SSign`: `smax(smin(x, 1), -1)`, which is -1, 0 or 1.
fn ssign<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    let ty = x.r#type();
    let one = integer_constant(rewriter, ty, 1)?;
    let at_most_one = emit(rewriter, "llvm.intr.smin", &[x, one], ty)?;
    let minus_one = integer_constant(rewriter, ty, -1)?;
    Ok(vec![emit(rewriter, "llvm.intr.smax", &[at_most_one, minus_one], ty)?])
}

/// `Fract`: `x - floor(x)`, the GLSL.std.450 definition (which also gives
/// `fract(±0) = +0` and `fract(±Inf) = NaN`).
fn fract<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    let ty = x.r#type();
    let floor = emit(rewriter, "llvm.intr.floor", &[x], ty)?;
    Ok(vec![emit(rewriter, "llvm.fsub", &[x, floor], ty)?])
}

/// `FindILsb`: `x == 0 ? -1 : cttz(x)`.
fn find_ilsb<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    let ty = x.r#type();
    let trailing = count_bits(rewriter, "llvm.intr.cttz", x)?;
    let zero = integer_constant(rewriter, ty, 0)?;
    let is_zero = icmp(rewriter, IntPredicate::Eq, x, zero)?;
    let minus_one = integer_constant(rewriter, ty, -1)?;
    Ok(vec![emit(rewriter, "llvm.select", &[is_zero, minus_one, trailing], ty)?])
}

/// `FindUMsb`: `(width - 1) - ctlz(x)`, which is -1 for 0.
fn find_umsb<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    let ty = x.r#type();
    let top = integer_width(ty)? - 1;
    let leading = count_bits(rewriter, "llvm.intr.ctlz", x)?;
    let top = integer_constant(rewriter, ty, top)?;
    Ok(vec![emit(rewriter, "llvm.sub", &[top, leading], ty)?])
}

/// `FindSMsb`: the most significant bit that differs from the sign bit:
/// `FindUMsb(x ^ (x >> (width - 1)))` with an arithmetic shift, which is -1
/// for 0 and -1.
fn find_smsb<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    let ty = x.r#type();
    let top = integer_width(ty)? - 1;
    let top = integer_constant(rewriter, ty, top)?;
    let sign = emit(rewriter, "llvm.ashr", &[x, top], ty)?;
    let magnitude = emit(rewriter, "llvm.xor", &[x, sign], ty)?;
    let leading = count_bits(rewriter, "llvm.intr.ctlz", magnitude)?;
    Ok(vec![emit(rewriter, "llvm.sub", &[top, leading], ty)?])
}
