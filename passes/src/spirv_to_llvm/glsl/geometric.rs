//! GLSL.std.450 geometric functions (`Length`, `Distance`, `Cross`,
//! `Normalize`, `Reflect`) and `FMix`, expanded with the formulas of the
//! specification. Upstream rejects all of them.
//!
//! A dot product is `llvm.intr.vector.reduce.fadd` of the lane products,
//! without reassociation, so lanes are summed in order as the formula
//! `x[0] * y[0] + x[1] * y[1] + ...` reads; on scalars it is the product.

use crate::spirv_to_llvm::{
    glsl::first_operand_type,
    util::{broadcast, dot, emit, first_operand, float_constant, two_operands},
};
use melior::ir::{Type, Value, ValueLike, attribute::DenseI32ArrayAttribute};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::{element_type, vector_shape},
};

pub(super) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_fn("spirv.GL.Length", length)
        .add_fn("spirv.GL.Distance", distance)
        .add_fn("spirv.GL.Cross", cross)
        .add_fn("spirv.GL.Normalize", normalize)
        .add_fn("spirv.GL.Reflect", reflect)
        .add_fn("spirv.GL.FMix", fmix);
}

/// `length(x) = sqrt(x[0]^2 + x[1]^2 + ...)`; on a scalar, `|x|` (which is
/// `sqrt(x * x)` without its overflow).
fn euclidean_length<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    x: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = x.r#type();
    if vector_shape(ty).is_none() {
        return emit(rewriter, "llvm.intr.fabs", &[x], ty);
    }
    let squares = dot(rewriter, x, x)?;
    emit(rewriter, "llvm.intr.sqrt", &[squares], element_type(ty))
}

/// `Length`: the length of a vector.
fn length<'c, 'r>(
    _op: melior::ir::OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    Ok(vec![euclidean_length(rewriter, x)?])
}

/// `Distance`: `length(p0 - p1)`.
fn distance<'c, 'r>(
    _op: melior::ir::OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (p0, p1) = two_operands(operands)?;
    let difference = emit(rewriter, "llvm.fsub", &[p0, p1], p0.r#type())?;
    Ok(vec![euclidean_length(rewriter, difference)?])
}

/// `Cross`: `x.yzx * y.zxy - x.zxy * y.yzx`, which is, lane by lane, the
/// specification's `x[1] * y[2] - y[1] * x[2]`, `x[2] * y[0] - y[2] * x[0]`,
/// `x[0] * y[1] - y[0] * x[1]`.
fn cross<'c, 'r>(
    _op: melior::ir::OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (x, y) = two_operands(operands)?;
    let ty = x.r#type();
    if vector_shape(ty).map(|(length, _)| length) != Some(3) {
        return Err(MatchFailure::new("the cross product is defined on 3-component vectors only"));
    }
    const YZX: [i32; 3] = [1, 2, 0];
    const ZXY: [i32; 3] = [2, 0, 1];
    let x_yzx = shuffle(rewriter, x, &YZX, ty)?;
    let y_zxy = shuffle(rewriter, y, &ZXY, ty)?;
    let left = emit(rewriter, "llvm.fmul", &[x_yzx, y_zxy], ty)?;
    let x_zxy = shuffle(rewriter, x, &ZXY, ty)?;
    let y_yzx = shuffle(rewriter, y, &YZX, ty)?;
    let right = emit(rewriter, "llvm.fmul", &[x_zxy, y_yzx], ty)?;
    Ok(vec![emit(rewriter, "llvm.fsub", &[left, right], ty)?])
}

/// The lanes `mask` of `vector`, as `llvm.shufflevector %v, %v [mask]`.
fn shuffle<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    vector: Value<'c, 'r>,
    mask: &[i32],
    ty: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let mask = DenseI32ArrayAttribute::new(rewriter.context(), mask).into();
    rewriter.create_value("llvm.shufflevector", &[vector, vector], ty, &[("mask", mask)])
}

/// `Normalize`: `x / length(x)`, the length broadcast to every lane.
fn normalize<'c, 'r>(
    _op: melior::ir::OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let x = first_operand(operands)?;
    let ty = x.r#type();
    let mut length = euclidean_length(rewriter, x)?;
    if vector_shape(ty).is_some() {
        length = broadcast(rewriter, length, ty)?;
    }
    Ok(vec![emit(rewriter, "llvm.fdiv", &[x, length], ty)?])
}

/// `Reflect`: `I - 2 * dot(N, I) * N`.
fn reflect<'c, 'r>(
    _op: melior::ir::OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (incident, normal) = two_operands(operands)?;
    let ty = incident.r#type();
    let element = element_type(ty);
    let dot = dot(rewriter, normal, incident)?;
    let two = float_constant(rewriter, element, 2.0)?;
    let mut scale = emit(rewriter, "llvm.fmul", &[two, dot], element)?;
    if vector_shape(ty).is_some() {
        scale = broadcast(rewriter, scale, ty)?;
    }
    let offset = emit(rewriter, "llvm.fmul", &[scale, normal], ty)?;
    Ok(vec![emit(rewriter, "llvm.fsub", &[incident, offset], ty)?])
}

/// `FMix`: `x * (1 - a) + y * a`, the GLSL.std.450 formula (OpenCL's `mix`
/// has another one, see opencl.rs).
fn fmix<'c, 'r>(
    _op: melior::ir::OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[x, y, a] = operands else { return Err(MatchFailure::new("expected 3 operands")) };
    let ty = first_operand_type(operands)?;
    let one = float_constant(rewriter, ty, 1.0)?;
    let complement = emit(rewriter, "llvm.fsub", &[one, a], ty)?;
    let left = emit(rewriter, "llvm.fmul", &[x, complement], ty)?;
    let right = emit(rewriter, "llvm.fmul", &[y, a], ty)?;
    Ok(vec![emit(rewriter, "llvm.fadd", &[left, right], ty)?])
}
