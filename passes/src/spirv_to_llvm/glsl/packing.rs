//! GLSL.std.450 packing and exponent functions: `PackHalf2x16`,
//! `UnpackHalf2x16`, `PackSnorm4x8`, `UnpackSnorm4x8`, `Ldexp` and
//! `FrexpStruct`. Upstream rejects all of them.
//!
//! Packing reinterprets a vector as an integer with `llvm.bitcast`, which
//! puts component 0 in the least significant bits: what GLSL.std.450
//! requires ("the first component ... in the least significant bits"), and
//! how SPIR-V's `OpBitcast` (lowered to `llvm.bitcast` too) orders
//! components.

use crate::spirv_to_llvm::util::{emit, first_operand, float_constant, i32_constant, integer_constant, integer_like};
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

/// `FrexpStruct`: `llvm.intr.frexp`, which returns `{significand, exponent}`
/// as a literal struct. A `!spirv.struct` without member offsets converts
/// to a packed LLVM struct (as upstream converts it), so the two members are
/// then moved into the converted struct with `llvm.insertvalue`. Vectors go
/// lane by lane: LLVM 22's x86 back end crashes on a vector `llvm.frexp`
/// (`<4 x double>`, `<8 x half>`...).
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
    let i32: Type<'c> = IntegerType::new(context, 32).into();
    let shape = vector_shape(ty);
    let exponent = match shape {
        Some((length, _)) => Type::vector(&[length], i32),
        None => i32,
    };
    let literal = llvm::r#type::r#struct(context, &[ty, exponent], false);
    let packed = llvm::r#type::r#struct(context, &[ty, exponent], true);
    if result != literal && result != packed {
        return Err(MatchFailure::new(format!(
            "the result type converts to '{result}', expected '{literal}' or '{packed}'"
        )));
    }
    let member = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, parts: Value<'c, 'r>, index: i64, ty: Type<'c>| {
        let position = DenseI64ArrayAttribute::new(context, &[index]).into();
        rewriter.create_value("llvm.extractvalue", &[parts], ty, &[("position", position)])
    };
    let (significand, exponents) = match shape {
        None => {
            let parts = emit(rewriter, "llvm.intr.frexp", &[value], literal)?;
            if result == literal {
                return Ok(vec![parts]);
            }
            (member(rewriter, parts, 0, ty)?, member(rewriter, parts, 1, i32)?)
        }
        Some((length, element)) => {
            let lane_parts = llvm::r#type::r#struct(context, &[element, i32], false);
            let mut significand = rewriter.create_value("llvm.mlir.poison", &[], ty, &[])?;
            let mut exponents = rewriter.create_value("llvm.mlir.poison", &[], exponent, &[])?;
            for lane in 0..length {
                let index = i32_constant(rewriter, lane as i64)?;
                let scalar = rewriter.create_value("llvm.extractelement", &[value, index], element, &[])?;
                let parts = emit(rewriter, "llvm.intr.frexp", &[scalar], lane_parts)?;
                let lane_significand = member(rewriter, parts, 0, element)?;
                let lane_exponent = member(rewriter, parts, 1, i32)?;
                significand =
                    rewriter.create_value("llvm.insertelement", &[significand, lane_significand, index], ty, &[])?;
                exponents =
                    rewriter.create_value("llvm.insertelement", &[exponents, lane_exponent, index], exponent, &[])?;
            }
            (significand, exponents)
        }
    };
    let mut aggregate = emit(rewriter, "llvm.mlir.poison", &[], result)?;
    for (index, part) in [significand, exponents].into_iter().enumerate() {
        let position = DenseI64ArrayAttribute::new(context, &[index as i64]).into();
        aggregate = rewriter.create_value("llvm.insertvalue", &[aggregate, part], result, &[("position", position)])?;
    }
    Ok(vec![aggregate])
}
