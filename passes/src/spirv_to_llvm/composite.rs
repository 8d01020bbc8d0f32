//! Composite ops (manual: "Composite ops"): extraction and insertion in
//! vectors (`llvm.extractelement` / `llvm.insertelement`) and in structs,
//! arrays and matrices (`llvm.extractvalue` / `llvm.insertvalue`),
//! construction, shuffles and dynamic vector indexing.

use super::{
    types::{element_as_scalars, explicit_layout, read_type_cached, stride_padding},
    util::{i32_constant, integer_array},
};
use melior::ir::{
    Attribute, OperationRef, Type, TypeLike, Value, ValueLike,
    attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute},
    operation::OperationLike,
};
use spirv_opt_dialects::spirv::types::SpirvType;
use melior::dialect::llvm;
use spirv_opt_rs::{
    conversion::{ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
    ir::vector_shape,
};

/// Dynamic vector indexing is LLVM's element access with an SSA index;
/// the operands are in the same order. Upstream has no lowering for either.
const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.VectorExtractDynamic", to: "llvm.extractelement" },
    DirectConversion { from: "spirv.VectorInsertDynamic", to: "llvm.insertelement" },
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_direct(DIRECT)
        .add_fn("spirv.CompositeExtract", composite_extract)
        .add_fn("spirv.CompositeInsert", composite_insert)
        .add_fn("spirv.CompositeConstruct", composite_construct)
        .add_fn("spirv.VectorShuffle", vector_shuffle);
}

/// Where a `spirv.CompositeExtract` / `spirv.CompositeInsert` index path
/// leads: through aggregates only (`lane` is `None`), or through aggregates
/// (`prefix`, possibly empty) into a vector and then one of its lanes.
struct Path<'c> {
    /// LLVM positions in structs, arrays and matrices: a member of an
    /// explicitly laid out struct is its field (types.rs), an element of an
    /// array padded to its stride is field 0 of that element.
    prefix: Vec<i64>,
    /// The vector lane at the end of the path, with the (converted) type of
    /// that vector.
    lane: Option<(i64, Type<'c>)>,
    /// When the path ends at a vector stored as `!llvm.array<N x T>` (in an
    /// explicitly laid out struct, or an array at a scalar stride): the
    /// vector and array types, for the conversion between them.
    stored_as_array: Option<(Type<'c>, Type<'c>)>,
}

impl<'c> Path<'c> {
    /// Walks `indices` into `composite_type` (a SPIR-V type): a vector can
    /// only be the last level, since its lanes are scalars.
    fn of(
        rewriter: &ConversionRewriter<'c, '_, '_>,
        composite_type: Type<'c>,
        indices: &[i64],
    ) -> Result<Self, MatchFailure> {
        if indices.is_empty() {
            return Err(MatchFailure::new("no index"));
        }
        // The composite must have an LLVM type (not, say, an ARM tensor).
        let converted = rewriter.convert_type(composite_type)?;
        if composite_type.is_vector() {
            let [lane] = indices else {
                return Err(MatchFailure::new("a vector lane has no members to index"));
            };
            return Ok(Self { prefix: Vec::new(), lane: Some((*lane, converted)), stored_as_array: None });
        }
        let model = read_type_cached(rewriter, composite_type)?;
        let mut container: &SpirvType = &model;
        let mut prefix = Vec::with_capacity(indices.len());
        let mut in_array_storage = false;
        for (position, &index) in indices.iter().enumerate() {
            let last = position + 1 == indices.len();
            let out_of_range = || MatchFailure::new(format!("index {index} is out of range for {container}"));
            match container {
                SpirvType::Vector { .. } => {
                    if !last {
                        return Err(MatchFailure::new("a vector lane has no members to index"));
                    }
                    if in_array_storage {
                        // A lane of a 3-vector stored as an array is an array element.
                        prefix.push(index);
                        return Ok(Self { prefix, lane: None, stored_as_array: None });
                    }
                    let vector = rebuild(rewriter, container)?;
                    return Ok(Self { prefix, lane: Some((index, vector)), stored_as_array: None });
                }
                SpirvType::Struct(st) => {
                    let member = usize::try_from(index).map_err(|_| out_of_range())?;
                    let layout = explicit_layout(st).map_err(MatchFailure::new)?;
                    let field = match &layout {
                        Some(layout) => layout.field_of_member.get(member).copied(),
                        None => Some(member),
                    }
                    .ok_or_else(out_of_range)?;
                    prefix.push(field as i64);
                    in_array_storage = layout.as_ref().is_some_and(|layout| layout.member_as_array(member));
                    container = st.members.get(member).map(|member| &*member.ty).ok_or_else(out_of_range)?;
                }
                SpirvType::Array { element, stride, .. } | SpirvType::RuntimeArray { element, stride } => {
                    prefix.push(index);
                    if stride_padding(element, *stride).is_some() {
                        prefix.push(0);
                    }
                    // A 3-vector at a scalar stride is stored as an array.
                    in_array_storage = element_as_scalars(element, *stride);
                    container = element;
                }
                SpirvType::Matrix { column_type, .. } => {
                    prefix.push(index);
                    in_array_storage = false;
                    container = column_type;
                }
                // Element `index` of a cooperative matrix is a lane of its
                // vector (coop_matrix.rs); it is never a member of another
                // composite.
                SpirvType::CooperativeMatrix { .. } => {
                    if !last || position != 0 {
                        return Err(MatchFailure::new("a cooperative matrix's element has no members to index"));
                    }
                    return Ok(Self { prefix, lane: Some((index, converted)), stored_as_array: None });
                }
                other => return Err(MatchFailure::new(format!("cannot index into {other}"))),
            }
        }
        let stored_as_array = if in_array_storage {
            let vector = rebuild(rewriter, container)?;
            let SpirvType::Vector { count, element } = container else {
                return Err(MatchFailure::new("only a vector is stored as an array"));
            };
            let element = rebuild(rewriter, element)?;
            Some((vector, llvm::r#type::array(element, *count)))
        } else {
            None
        };
        Ok(Self { prefix, lane: None, stored_as_array })
    }
}

/// The LLVM type of the SPIR-V type `model`.
fn rebuild<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, model: &SpirvType) -> Result<Type<'c>, MatchFailure> {
    let ty = Type::parse(rewriter.context(), &model.to_string())
        .ok_or_else(|| MatchFailure::new(format!("cannot rebuild the type {model}")))?;
    rewriter.convert_type(ty)
}

/// A vector as the array it is stored as, lane by lane.
fn vector_to_array<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    vector: Value<'c, 'r>,
    array_type: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let (length, element) = vector_shape(vector.r#type()).ok_or_else(|| MatchFailure::new("not a vector"))?;
    let mut array = rewriter.create_value("llvm.mlir.poison", &[], array_type, &[])?;
    for lane in 0..length as i64 {
        let index = i32_constant(rewriter, lane)?;
        let scalar = rewriter.create_value("llvm.extractelement", &[vector, index], element, &[])?;
        let position = position(rewriter, &[lane]);
        array = rewriter.create_value("llvm.insertvalue", &[array, scalar], array_type, &[("position", position)])?;
    }
    Ok(array)
}

/// An array stored for a vector, as that vector.
fn array_to_vector<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    array: Value<'c, 'r>,
    vector_type: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let (length, element) = vector_shape(vector_type).ok_or_else(|| MatchFailure::new("not a vector"))?;
    let mut vector = rewriter.create_value("llvm.mlir.poison", &[], vector_type, &[])?;
    for lane in 0..length as i64 {
        let position = position(rewriter, &[lane]);
        let scalar = rewriter.create_value("llvm.extractvalue", &[array], element, &[("position", position)])?;
        vector = insert_lane(rewriter, vector, scalar, lane)?;
    }
    Ok(vector)
}

fn position<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, indices: &[i64]) -> Attribute<'c> {
    DenseI64ArrayAttribute::new(rewriter.context(), indices).into()
}

/// `spirv.CompositeExtract`: `llvm.extractelement` with an `i32` constant
/// lane from a vector, `llvm.extractvalue` with the index path from a
/// struct, array or matrix, as upstream. A path that ends in a vector nested
/// in an aggregate (e.g. `[3, 1]` into `!spirv.array<4 x vector<2xf32>>`)
/// is an `llvm.extractvalue` of the vector then an `llvm.extractelement`;
/// upstream builds an invalid `llvm.extractvalue` there (and crashes).
fn composite_extract<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result_type = rewriter.converted_result_type(op, 0)?;
    let composite_type = op.operand(0).map_err(|_| MatchFailure::new("no composite operand"))?.r#type();
    let path = Path::of(rewriter, composite_type, &integer_array(op, "indices")?)?;
    let composite = operands[0];
    let value = match path.lane {
        None => match path.stored_as_array {
            None => {
                let position = position(rewriter, &path.prefix);
                rewriter.create_value("llvm.extractvalue", &[composite], result_type, &[("position", position)])?
            }
            Some((vector_type, array_type)) => {
                let position = position(rewriter, &path.prefix);
                let array =
                    rewriter.create_value("llvm.extractvalue", &[composite], array_type, &[("position", position)])?;
                array_to_vector(rewriter, array, vector_type)?
            }
        },
        Some((lane, vector_type)) => {
            let vector = if path.prefix.is_empty() {
                composite
            } else {
                let position = position(rewriter, &path.prefix);
                rewriter.create_value("llvm.extractvalue", &[composite], vector_type, &[("position", position)])?
            };
            let lane = i32_constant(rewriter, lane)?;
            rewriter.create_value("llvm.extractelement", &[vector, lane], result_type, &[])?
        }
    };
    Ok(vec![value])
}

/// `spirv.CompositeInsert`: `llvm.insertelement` with an `i32` constant lane
/// into a vector, `llvm.insertvalue` with the index path into a struct,
/// array or matrix, as upstream. A path that ends in a vector nested in an
/// aggregate extracts that vector, inserts the lane and inserts the vector
/// back (upstream builds an invalid `llvm.insertvalue` there).
fn composite_insert<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result_type = rewriter.converted_result_type(op, 0)?;
    let composite_type = op.operand(1).map_err(|_| MatchFailure::new("no composite operand"))?.r#type();
    let path = Path::of(rewriter, composite_type, &integer_array(op, "indices")?)?;
    let (object, composite) = (operands[0], operands[1]);
    let value = match path.lane {
        None => {
            let object = match path.stored_as_array {
                Some((_, array_type)) => vector_to_array(rewriter, object, array_type)?,
                None => object,
            };
            let position = position(rewriter, &path.prefix);
            rewriter.create_value(
                "llvm.insertvalue",
                &[composite, object],
                result_type,
                &[("position", position)],
            )?
        }
        Some((lane, _)) if path.prefix.is_empty() => {
            let lane = i32_constant(rewriter, lane)?;
            rewriter.create_value("llvm.insertelement", &[composite, object, lane], result_type, &[])?
        }
        Some((lane, vector_type)) => {
            let position = position(rewriter, &path.prefix);
            let vector =
                rewriter.create_value("llvm.extractvalue", &[composite], vector_type, &[("position", position)])?;
            let lane = i32_constant(rewriter, lane)?;
            let vector = rewriter.create_value("llvm.insertelement", &[vector, object, lane], vector_type, &[])?;
            rewriter.create_value(
                "llvm.insertvalue",
                &[composite, vector],
                result_type,
                &[("position", position)],
            )?
        }
    };
    Ok(vec![value])
}

/// `spirv.CompositeConstruct`, which upstream does not lower: from
/// `llvm.mlir.poison`, one `llvm.insertelement` per lane for a vector (the
/// lanes of vector constituents are extracted one by one), one
/// `llvm.insertvalue` per member for a struct, array or matrix.
fn composite_construct<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result_type = rewriter.converted_result_type(op, 0)?;
    let Some((length, _)) = vector_shape(result_type) else {
        let spirv_type = op.result(0).map_err(|_| MatchFailure::new("no result"))?.r#type();
        let mut result = rewriter.create_value("llvm.mlir.poison", &[], result_type, &[])?;
        for (index, &constituent) in operands.iter().enumerate() {
            // Members at their fields, padded array elements in field 0,
            // 3-vectors stored as arrays converted.
            let path = Path::of(rewriter, spirv_type, &[index as i64])?;
            let constituent = match path.stored_as_array {
                Some((_, array_type)) => vector_to_array(rewriter, constituent, array_type)?,
                None => constituent,
            };
            let position = position(rewriter, &path.prefix);
            result = rewriter.create_value(
                "llvm.insertvalue",
                &[result, constituent],
                result_type,
                &[("position", position)],
            )?;
        }
        return Ok(vec![result]);
    };
    // A cooperative matrix from its one constituent: every element holds it.
    let spirv_type = op.result(0).map_err(|_| MatchFailure::new("no result"))?.r#type();
    if let [scalar] = operands
        && length > 1
        && super::coop_matrix::shape(rewriter, spirv_type)?.is_some()
    {
        let poison = rewriter.create_value("llvm.mlir.poison", &[], result_type, &[])?;
        let first = insert_lane(rewriter, poison, *scalar, 0)?;
        let mask = DenseI32ArrayAttribute::new(rewriter.context(), &vec![0; length as usize]).into();
        return Ok(vec![rewriter.create_value("llvm.shufflevector", &[first, first], result_type, &[("mask", mask)])?]);
    }
    let lanes: u64 =
        operands.iter().map(|operand| vector_shape(operand.r#type()).map_or(1, |(count, _)| count)).sum();
    if lanes != length {
        return Err(MatchFailure::new(format!("the constituents have {lanes} lanes, the result {length}")));
    }
    let mut result = rewriter.create_value("llvm.mlir.poison", &[], result_type, &[])?;
    let mut lane = 0;
    for &constituent in operands {
        match vector_shape(constituent.r#type()) {
            None => {
                result = insert_lane(rewriter, result, constituent, lane)?;
                lane += 1;
            }
            Some((count, element)) => {
                for index in 0..count {
                    let index = i32_constant(rewriter, index as i64)?;
                    let scalar =
                        rewriter.create_value("llvm.extractelement", &[constituent, index], element, &[])?;
                    result = insert_lane(rewriter, result, scalar, lane)?;
                    lane += 1;
                }
            }
        }
    }
    Ok(vec![result])
}

/// `llvm.insertelement` of `scalar` at the constant `lane` of `vector`.
fn insert_lane<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    vector: Value<'c, 'r>,
    scalar: Value<'c, 'r>,
    lane: i64,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let index = i32_constant(rewriter, lane)?;
    rewriter.create_value("llvm.insertelement", &[vector, scalar, index], vector.r#type(), &[])
}

/// `spirv.VectorShuffle`, as upstream: `llvm.shufflevector` with the
/// components as mask when both vectors have the same length (the undefined
/// component `0xFFFFFFFF` is LLVM's `-1`, a poison lane), else, since
/// `llvm.shufflevector` needs operands of one type, a chain of
/// `llvm.extractelement` / `llvm.insertelement` into `llvm.mlir.poison`
/// that leaves undefined components poison.
fn vector_shuffle<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result_type = rewriter.converted_result_type(op, 0)?;
    let components = integer_array(op, "components")?;
    let (vector1, vector2) = (operands[0], operands[1]);
    let not_vector = || MatchFailure::new("spirv.VectorShuffle on a non-vector");
    let (length1, _) = vector_shape(vector1.r#type()).ok_or_else(not_vector)?;
    let (length2, _) = vector_shape(vector2.r#type()).ok_or_else(not_vector)?;
    let (_, element) = vector_shape(result_type).ok_or_else(not_vector)?;
    if length1 == length2 {
        let mask: Vec<i32> = components.iter().map(|&component| component as i32).collect();
        let mask = DenseI32ArrayAttribute::new(rewriter.context(), &mask).into();
        let shuffle =
            rewriter.create_value("llvm.shufflevector", &[vector1, vector2], result_type, &[("mask", mask)])?;
        return Ok(vec![shuffle]);
    }
    let length1 = length1 as i64;
    let mut result = rewriter.create_value("llvm.mlir.poison", &[], result_type, &[])?;
    for (lane, &component) in components.iter().enumerate() {
        if component == -1 {
            continue;
        }
        let (source, index) =
            if component >= length1 { (vector2, component - length1) } else { (vector1, component) };
        let lane = i32_constant(rewriter, lane as i64)?;
        let index = i32_constant(rewriter, index)?;
        let scalar = rewriter.create_value("llvm.extractelement", &[source, index], element, &[])?;
        result = rewriter.create_value("llvm.insertelement", &[result, scalar, lane], result_type, &[])?;
    }
    Ok(vec![result])
}
