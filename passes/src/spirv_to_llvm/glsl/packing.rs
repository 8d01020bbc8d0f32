//! GLSL.std.450 packing and exponent functions: `PackHalf2x16`,
//! `UnpackHalf2x16`, `PackSnorm4x8`, `UnpackSnorm4x8`, `Ldexp` and
//! `FrexpStruct`. Upstream rejects all of them.
//!
//! Packing reinterprets a vector as an integer with `llvm.bitcast`, which
//! puts component 0 in the least significant bits: what GLSL.std.450
//! requires ("the first component ... in the least significant bits"), and
//! how SPIR-V's `OpBitcast` (lowered to `llvm.bitcast` too) orders
//! components.

use crate::spirv_to_llvm::{
    comparison::IntPredicate,
    util::{emit, first_operand, float_constant, icmp, integer_constant, integer_like},
};
use melior::{
    dialect::llvm,
    ir::{
        OperationRef, Type, Value, ValueLike,
        attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute, StringAttribute},
        r#type::IntegerType,
    },
};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::{element_type, scalar_bit_width, vector_shape},
};

pub(super) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_fn("spirv.GL.PackHalf2x16", pack_half2x16)
        .add_fn("spirv.GL.UnpackHalf2x16", unpack_half2x16)
        .add_fn("spirv.GL.PackSnorm4x8", pack_snorm4x8)
        .add_fn("spirv.GL.UnpackSnorm4x8", unpack_snorm4x8)
        .add_fn("spirv.GL.Ldexp", ldexp)
        .add_fn("spirv.GL.FrexpStruct", frexp_struct);
}

/// `PackHalf2x16`: both components converted to `f16` (`llvm.fptrunc`,
/// rounding to nearest even), then read as one `i32`.
fn pack_half2x16<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let value = first_operand(operands)?;
    let result = rewriter.converted_result_type(op, 0)?;
    let halves = Type::vector(&[2], Type::float16(rewriter.context()));
    let truncated = emit(rewriter, "llvm.fptrunc", &[value], halves)?;
    Ok(vec![emit(rewriter, "llvm.bitcast", &[truncated], result)?])
}

/// `UnpackHalf2x16`: the `i32` read as two `f16`, each extended to `f32`.
fn unpack_half2x16<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let value = first_operand(operands)?;
    let result = rewriter.converted_result_type(op, 0)?;
    let halves = Type::vector(&[2], Type::float16(rewriter.context()));
    let split = emit(rewriter, "llvm.bitcast", &[value], halves)?;
    Ok(vec![emit(rewriter, "llvm.fpext", &[split], result)?])
}

/// `PackSnorm4x8`: each component `round(clamp(c, -1, +1) * 127.0)` as an
/// `i8`, the four read as one `i32`; rounded to nearest even, as Vulkan
/// drivers (lavapipe) and the importer's expansions of the other packings
/// do (GLSL leaves the direction of a tie open).
fn pack_snorm4x8<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let value = first_operand(operands)?;
    let ty = value.r#type();
    let result = rewriter.converted_result_type(op, 0)?;
    let bytes = Type::vector(&[4], IntegerType::new(rewriter.context(), 8).into());
    let minus_one = float_constant(rewriter, ty, -1.0)?;
    let above = emit(rewriter, "llvm.intr.maxnum", &[value, minus_one], ty)?;
    let one = float_constant(rewriter, ty, 1.0)?;
    let clamped = emit(rewriter, "llvm.intr.minnum", &[above, one], ty)?;
    let scale = float_constant(rewriter, ty, 127.0)?;
    let scaled = emit(rewriter, "llvm.fmul", &[clamped, scale], ty)?;
    let rounded = emit(rewriter, "llvm.intr.roundeven", &[scaled], ty)?;
    let fixed = emit(rewriter, "llvm.fptosi", &[rounded], bytes)?;
    Ok(vec![emit(rewriter, "llvm.bitcast", &[fixed], result)?])
}

/// `UnpackSnorm4x8`: the `i32` read as four `i8`, each
/// `clamp(f / 127.0, -1, +1)`.
fn unpack_snorm4x8<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let value = first_operand(operands)?;
    let result = rewriter.converted_result_type(op, 0)?;
    let bytes = Type::vector(&[4], IntegerType::new(rewriter.context(), 8).into());
    let split = emit(rewriter, "llvm.bitcast", &[value], bytes)?;
    let fixed = emit(rewriter, "llvm.sitofp", &[split], result)?;
    let scale = float_constant(rewriter, result, 127.0)?;
    let scaled = emit(rewriter, "llvm.fdiv", &[fixed, scale], result)?;
    let minus_one = float_constant(rewriter, result, -1.0)?;
    let above = emit(rewriter, "llvm.intr.maxnum", &[scaled, minus_one], result)?;
    let one = float_constant(rewriter, result, 1.0)?;
    Ok(vec![emit(rewriter, "llvm.intr.minnum", &[above, one], result)?])
}

/// `Ldexp`: `llvm.intr.ldexp` on scalars. MLIR's `llvm.intr.ldexp` only
/// takes a scalar exponent, so on vectors the same LLVM intrinsic is called
/// by name (`llvm.call_intrinsic "llvm.ldexp.v3f32.v3i32"`).
///
/// The exponent is made an `i32` first: an exponent of another width is
/// legal SPIR-V (`Int64` shaders pass `int64_t`), but LLVM's x86 back end
/// lowers `llvm.ldexp` with an `i64` exponent to `ldexpf(x, (int)e)`, which
/// keeps the low 32 bits: `ldexp(-1.0, -2^32 + 5)` became -32 instead of
/// -0. Clamping to the `i32` range first keeps the result, since no float
/// has an exponent range near 2^31 (the VK-GL-CTS `ldexp_*_int64` scripts).
/// Narrower exponents are sign-extended (they are signed).
fn ldexp<'c, 'r>(
    _op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[x, exponent] = operands else { return Err(MatchFailure::new("expected 2 operands")) };
    let ty = x.r#type();
    let exponent = exponent_as_i32(rewriter, exponent)?;
    let Some((length, _)) = vector_shape(ty) else {
        return Ok(vec![emit(rewriter, "llvm.intr.ldexp", &[x, exponent], ty)?]);
    };
    let float = element_type(ty).to_string();
    let name = format!("llvm.ldexp.v{length}{float}.v{length}i32");
    let context = rewriter.context();
    let attributes = [
        ("intrin", StringAttribute::new(context, &name).into()),
        ("op_bundle_sizes", DenseI32ArrayAttribute::new(context, &[]).into()),
        ("operandSegmentSizes", DenseI32ArrayAttribute::new(context, &[2, 0]).into()),
    ];
    Ok(vec![rewriter.create_value("llvm.call_intrinsic", &[x, exponent], ty, &attributes)?])
}

/// `Ldexp`'s exponent as `i32` (or a vector of them): wider ones clamped to
/// the `i32` range, then truncated; narrower ones sign-extended.
fn exponent_as_i32<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    exponent: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = exponent.r#type();
    let width = scalar_bit_width(ty).ok_or_else(|| MatchFailure::new("the exponent is not an integer"))?;
    let narrow = integer_like(rewriter, ty, 32);
    if width < 32 {
        return emit(rewriter, "llvm.sext", &[exponent], narrow);
    }
    if width == 32 {
        return Ok(exponent);
    }
    let max = integer_constant(rewriter, ty, i64::from(i32::MAX))?;
    let min = integer_constant(rewriter, ty, i64::from(i32::MIN))?;
    let below = emit(rewriter, "llvm.intr.smin", &[exponent, max], ty)?;
    let clamped = emit(rewriter, "llvm.intr.smax", &[below, min], ty)?;
    emit(rewriter, "llvm.trunc", &[clamped], narrow)
}

/// `FrexpStruct`: `{significand, exponent}` computed on the bits
/// ([`frexp_bits`]), whole vectors at once. A `!spirv.struct` without member
/// offsets converts to a packed LLVM struct (as upstream converts it), so
/// the two members are moved into the converted struct with
/// `llvm.insertvalue`.
fn frexp_struct<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let value = first_operand(operands)?;
    let ty = value.r#type();
    let result = rewriter.converted_result_type(op, 0)?;
    let context = rewriter.context();
    // The exponent member is a 32-bit integer per component (the op's
    // verifier enforces it).
    let exponent = integer_like(rewriter, ty, 32);
    let literal = llvm::r#type::r#struct(context, &[ty, exponent], false);
    let packed = llvm::r#type::r#struct(context, &[ty, exponent], true);
    if result != literal && result != packed {
        return Err(MatchFailure::new(format!(
            "the result type converts to '{result}', expected '{literal}' or '{packed}'"
        )));
    }
    let (significand, exponents) = frexp_bits(rewriter, value)?;
    let mut aggregate = emit(rewriter, "llvm.mlir.poison", &[], result)?;
    for (index, part) in [significand, exponents].into_iter().enumerate() {
        let position = DenseI64ArrayAttribute::new(context, &[index as i64]).into();
        aggregate = rewriter.create_value("llvm.insertvalue", &[aggregate, part], result, &[("position", position)])?;
    }
    Ok(vec![aggregate])
}

/// `frexp` of a float or vector of floats (`f16`, `f32`, `f64`) in integer
/// arithmetic on its bits: `(m, e)` with `x = m * 2^e` and `0.5 <= |m| < 1`;
/// zeros, infinities and NaNs give `(x, 0)` (GLSL.std.450 and OpenCL leave
/// the exponent of the last two undefined or 0). A subnormal is scaled by
/// `2^(M + 2)` first (exact, and normal after), its exponent corrected.
/// Not `llvm.intr.frexp`: LLVM 22 crashes on vector `llvm.frexp`, in the x86
/// back end (vectors it must split) and in `VectorCombine` (a permute of
/// one the SLP vectorizer formed from scalar calls), so none may reach it.
pub(crate) fn frexp_bits<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    value: Value<'c, 'r>,
) -> Result<(Value<'c, 'r>, Value<'c, 'r>), MatchFailure> {
    let ty = value.r#type();
    let width = scalar_bit_width(element_type(ty)).ok_or_else(|| MatchFailure::new(format!("frexp of '{ty}'")))?;
    // (mantissa bits, exponent bias) of the IEEE format.
    let (mantissa, bias): (i64, i64) = match width {
        16 => (10, 15),
        32 => (23, 127),
        64 => (52, 1023),
        _ => return Err(MatchFailure::new(format!("frexp of '{ty}' (16-, 32- and 64-bit floats are supported)"))),
    };
    let bits_type = integer_like(rewriter, ty, width);
    let exponent_type = integer_like(rewriter, ty, 32);
    let field = (1i64 << (width as i64 - 1 - mantissa)) - 1;
    let bits = emit(rewriter, "llvm.bitcast", &[value], bits_type)?;
    let magnitude_mask = integer_constant(rewriter, bits_type, i64::MAX >> (64 - width))?;
    let magnitude = emit(rewriter, "llvm.and", &[bits, magnitude_mask], bits_type)?;
    let zero = integer_constant(rewriter, bits_type, 0)?;
    let smallest_normal = integer_constant(rewriter, bits_type, 1i64 << mantissa)?;
    let is_subnormal = icmp(rewriter, IntPredicate::Ult, magnitude, smallest_normal)?;
    let is_zero = icmp(rewriter, IntPredicate::Eq, magnitude, zero)?;
    let scale = float_constant(rewriter, ty, f64::from(2u32).powi(mantissa as i32 + 2))?;
    let scaled = emit(rewriter, "llvm.fmul", &[value, scale], ty)?;
    let normal = emit(rewriter, "llvm.select", &[is_subnormal, scaled, value], ty)?;
    let normal_bits = emit(rewriter, "llvm.bitcast", &[normal], bits_type)?;
    let shift = integer_constant(rewriter, bits_type, mantissa)?;
    let shifted = emit(rewriter, "llvm.lshr", &[normal_bits, shift], bits_type)?;
    let field_mask = integer_constant(rewriter, bits_type, field)?;
    let biased = emit(rewriter, "llvm.and", &[shifted, field_mask], bits_type)?;
    let is_special = icmp(rewriter, IntPredicate::Eq, biased, field_mask)?;
    let is_special = emit(rewriter, "llvm.or", &[is_special, is_zero], integer_like(rewriter, ty, 1))?;
    // The significand: the exponent field set to bias - 1 (an exponent of -1).
    let clear = integer_constant(rewriter, bits_type, !(field << mantissa))?;
    let cleared = emit(rewriter, "llvm.and", &[normal_bits, clear], bits_type)?;
    let half = integer_constant(rewriter, bits_type, (bias - 1) << mantissa)?;
    let significand_bits = emit(rewriter, "llvm.or", &[cleared, half], bits_type)?;
    let significand = emit(rewriter, "llvm.bitcast", &[significand_bits], ty)?;
    let significand = emit(rewriter, "llvm.select", &[is_special, value, significand], ty)?;
    // The exponent: field - (bias - 1), less the subnormal's scale.
    let biased = match width {
        64 => emit(rewriter, "llvm.trunc", &[biased], exponent_type)?,
        16 => emit(rewriter, "llvm.zext", &[biased], exponent_type)?,
        _ => biased,
    };
    let unbias = integer_constant(rewriter, exponent_type, bias - 1)?;
    let exponent = emit(rewriter, "llvm.sub", &[biased, unbias], exponent_type)?;
    let correction = integer_constant(rewriter, exponent_type, mantissa + 2)?;
    let corrected = emit(rewriter, "llvm.sub", &[exponent, correction], exponent_type)?;
    let exponent = emit(rewriter, "llvm.select", &[is_subnormal, corrected, exponent], exponent_type)?;
    let no_exponent = integer_constant(rewriter, exponent_type, 0)?;
    let exponent = emit(rewriter, "llvm.select", &[is_special, no_exponent, exponent], exponent_type)?;
    Ok((significand, exponent))
}
