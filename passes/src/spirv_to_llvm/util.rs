//! Helpers shared by the families: constants, broadcasts, attribute readers.

use super::comparison::{FloatPredicate, IntPredicate};
use melior::ir::{
    Attribute, OperationRef, Type, Value, ValueLike,
    attribute::{
        DenseElementsAttribute, FlatSymbolRefAttribute, FloatAttribute, IntegerAttribute,
        TypeAttribute,
    },
    operation::OperationLike,
    r#type::IntegerType,
};
use spirv_opt_rs::{
    conversion::ConversionRewriter,
    error::MatchFailure,
    ir::{element_type, vector_shape},
};

/// `llvm.mlir.constant` of integer type `ty` (or a splat of a vector of
/// integers) holding `value`.
pub(crate) fn integer_constant<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ty: Type<'c>,
    value: i64,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let element = element_type(ty);
    let scalar: Attribute<'c> = IntegerAttribute::new(element, value).into();
    constant(rewriter, ty, scalar)
}

/// `llvm.mlir.constant` of float type `ty` (or a splat of a vector of floats).
pub(crate) fn float_constant<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ty: Type<'c>,
    value: f64,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let element = element_type(ty);
    let scalar: Attribute<'c> = FloatAttribute::new(rewriter.context(), element, value).into();
    constant(rewriter, ty, scalar)
}

/// `llvm.mlir.constant` of `ty` with `scalar` as value, splatted for vectors.
fn constant<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ty: Type<'c>,
    scalar: Attribute<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let value = if vector_shape(ty).is_some() { DenseElementsAttribute::splat(ty, scalar).into() } else { scalar };
    rewriter.create_value("llvm.mlir.constant", &[], ty, &[("value", value)])
}

/// An `i32` constant, as LLVM vector lane indices are.
pub(crate) fn i32_constant<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    value: i64,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let i32_type = IntegerType::new(rewriter.context(), 32).into();
    integer_constant(rewriter, i32_type, value)
}

/// A vector of type `vector` whose lanes all hold the scalar `value`, built
/// as upstream does: `llvm.mlir.poison` then one `llvm.insertelement` per lane.
pub(crate) fn broadcast<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    value: Value<'c, 'r>,
    vector: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let (length, _) = vector_shape(vector).ok_or_else(|| MatchFailure::new("broadcast to a non-vector type"))?;
    let mut result = rewriter.create_value("llvm.mlir.poison", &[], vector, &[])?;
    for lane in 0..length {
        let index = i32_constant(rewriter, lane as i64)?;
        result = rewriter.create_value("llvm.insertelement", &[result, value, index], vector, &[])?;
    }
    Ok(result)
}

/// The attribute `name` of `op`, as a match failure when it is missing.
pub(crate) fn attribute<'c>(op: OperationRef<'c, '_>, name: &str) -> Result<Attribute<'c>, MatchFailure> {
    op.attribute(name).map_err(|_| MatchFailure::new(format!("missing attribute '{name}'")))
}

/// The type held by the type attribute `name` of `op`.
pub(crate) fn type_attribute<'c>(op: OperationRef<'c, '_>, name: &str) -> Result<Type<'c>, MatchFailure> {
    let attribute = attribute(op, name)?;
    TypeAttribute::try_from(attribute)
        .map(|attribute| attribute.value())
        .map_err(|_| MatchFailure::new(format!("attribute '{name}' is not a type")))
}

/// The printed form of attribute `name` of `op`, if present. SPIR-V enum
/// attributes have no C API accessor, so they are read from this text.
pub(crate) fn printed_attribute(op: OperationRef<'_, '_>, name: &str) -> Option<String> {
    op.attribute(name).ok().map(|attribute| attribute.to_string())
}


/// The integers of the array attribute `name` of `op` (an `I32ArrayAttr`
/// such as the indices of `spirv.CompositeExtract`), as `i64`s.
pub(crate) fn integer_array(op: OperationRef<'_, '_>, name: &str) -> Result<Vec<i64>, MatchFailure> {
    let array = melior::ir::attribute::ArrayAttribute::try_from(attribute(op, name)?)
        .map_err(|_| MatchFailure::new(format!("attribute '{name}' is not an array")))?;
    (0..array.len())
        .map(|index| {
            array
                .element(index)
                .ok()
                .and_then(|element| IntegerAttribute::try_from(element).ok())
                .map(|element| element.value())
                .ok_or_else(|| MatchFailure::new(format!("attribute '{name}' holds a non-integer")))
        })
        .collect()
}


/// The symbol named by the flat symbol reference attribute `name` of `op`.
pub(crate) fn symbol_reference(op: OperationRef<'_, '_>, name: &str) -> Result<String, MatchFailure> {
    // Read through `string_value`, not melior's `value()`, which panics on
    // a name that is not UTF-8 (a fuzzed `@"eotr\87\E1point"`).
    let reference = attribute(op, name)?;
    FlatSymbolRefAttribute::try_from(reference)
        .ok()
        .and_then(|_| spirv_opt_rs::ir::string_value(reference))
        .ok_or_else(|| MatchFailure::new(format!("attribute '{name}' is not a symbol reference")))
}

/// The name of `op`, e.g. `spirv.GlobalVariable`.
pub(crate) fn op_name(op: OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().unwrap_or("<invalid>").to_owned()
}

/// `ty` with its elements replaced by `element`: a vector of the same length
/// for a vector `ty`, else `element` itself (e.g. the `i1` results of a
/// comparison, or the `bf16` of an `f32` conversion).
pub(crate) fn with_element_type<'c>(ty: Type<'c>, element: Type<'c>) -> Type<'c> {
    match vector_shape(ty) {
        Some((length, _)) => Type::vector(&[length], element),
        None => element,
    }
}

/// Creates the single-result op `name` with no attributes.
pub(crate) fn emit<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    name: &str,
    operands: &[Value<'c, 'r>],
    ty: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    rewriter.create_value(name, operands, ty, &[])
}

/// The first operand, of an op with at least one.
pub(crate) fn first_operand<'c, 'r>(operands: &[Value<'c, 'r>]) -> Result<Value<'c, 'r>, MatchFailure> {
    operands.first().copied().ok_or_else(|| MatchFailure::new("expected an operand"))
}

/// The two operands of a binary op.
pub(crate) fn two_operands<'c, 'r>(
    operands: &[Value<'c, 'r>],
) -> Result<(Value<'c, 'r>, Value<'c, 'r>), MatchFailure> {
    match operands {
        &[lhs, rhs] => Ok((lhs, rhs)),
        _ => Err(MatchFailure::new(format!("expected 2 operands, got {}", operands.len()))),
    }
}

/// `iN` with `bits` bits, or a vector of them of the shape of `like`.
pub(crate) fn integer_like<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, like: Type<'c>, bits: u32) -> Type<'c> {
    let integer: Type<'c> = IntegerType::new(rewriter.context(), bits).into();
    match vector_shape(like) {
        Some((length, _)) => Type::vector(&[length], integer),
        None => integer,
    }
}

/// An `llvm.icmp` or `llvm.fcmp` `predicate` attribute.
fn predicate_attribute<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, value: i64) -> Attribute<'c> {
    IntegerAttribute::new(IntegerType::new(rewriter.context(), 64).into(), value).into()
}

/// `llvm.icmp` with `predicate`: `i1`, or a vector of `i1`.
pub(super) fn icmp<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    predicate: IntPredicate,
    lhs: Value<'c, 'r>,
    rhs: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = integer_like(rewriter, lhs.r#type(), 1);
    let predicate = predicate_attribute(rewriter, predicate as i64);
    rewriter.create_value("llvm.icmp", &[lhs, rhs], ty, &[("predicate", predicate)])
}

/// `llvm.fcmp` with `predicate`: `i1`, or a vector of `i1`.
pub(super) fn fcmp<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    predicate: FloatPredicate,
    lhs: Value<'c, 'r>,
    rhs: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = integer_like(rewriter, lhs.r#type(), 1);
    let predicate = predicate_attribute(rewriter, predicate as i64);
    rewriter.create_value("llvm.fcmp", &[lhs, rhs], ty, &[("predicate", predicate)])
}

/// `dot(x, y)`, a scalar of the element type: `llvm.fmul` of the lanes then
/// `llvm.intr.vector.reduce.fadd` from `-0.0` (the identity of `fadd`: a sum
/// of `-0.0` products stays `-0.0`). Without `reassoc` the reduction is
/// ordered, `((-0.0 + p0) + p1) + ...`, as the formula
/// `x[0] * y[0] + x[1] * y[1] + ...` reads. On scalars it is the product.
/// Shared by the GLSL geometric functions and the matrix ops.
pub(crate) fn dot<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    x: Value<'c, 'r>,
    y: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = x.r#type();
    let products = emit(rewriter, "llvm.fmul", &[x, y], ty)?;
    if vector_shape(ty).is_none() {
        return Ok(products);
    }
    let element = element_type(ty);
    let start = float_constant(rewriter, element, -0.0)?;
    emit(rewriter, "llvm.intr.vector.reduce.fadd", &[start, products], element)
}
