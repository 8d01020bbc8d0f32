//! Matrix ops (`SPIRVMatrixOps.td`): `MatrixTimesScalar`,
//! `MatrixTimesVector`, `VectorTimesMatrix`, `MatrixTimesMatrix` and
//! `Transpose`. Upstream rejects all of them (it has no lowering of
//! `!spirv.matrix`).
//!
//! A `!spirv.matrix<C x vector<R x T>>` is `!llvm.array<C x vector<R x T>>`
//! (see `types.rs`): column `c` is `llvm.extractvalue [c]`. The ops are
//! expanded with plain `llvm.fmul` / `llvm.fadd` in a fixed order, without
//! fast-math flags, so the result is the one of the formula as written:
//!
//! * `M * s`: each column times a splat of `s`;
//! * `M * v` (`v` has C lanes): `((col0 * v[0] + col1 * v[1]) + col2 * v[2])
//!   + ...`, each `v[c]` splat to R lanes by an `llvm.shufflevector`;
//! * `v * M` (`v` has R lanes): lane `c` is `dot(v, col_c)`, the ordered
//!   `llvm.intr.vector.reduce.fadd` from `-0.0` of `util::dot`;
//! * `L * Rm`: column `j` is `L * Rm.col_j`, as `M * v`;
//! * `transpose(M)`: lane `c` of result column `r` is lane `r` of column `c`,
//!   moved by `llvm.extractelement` / `llvm.insertelement`.
//!
//! `MatrixTimesScalar` also takes a cooperative matrix, one vector
//! (coop_matrix.rs): the vector times a splat of the scalar.

use super::{
    types::read_type_cached,
    util::{broadcast, dot, emit, i32_constant, two_operands},
};
use melior::ir::{
    Attribute, OperationRef, Type, Value, ValueLike,
    attribute::{DenseI32ArrayAttribute, DenseI64ArrayAttribute},
    operation::OperationLike,
};
use spirv_opt_dialects::spirv::types::SpirvType;
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::element_type,
};

/// Adds the matrix op patterns.
pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_fn("spirv.MatrixTimesScalar", matrix_times_scalar)
        .add_fn("spirv.MatrixTimesVector", matrix_times_vector)
        .add_fn("spirv.VectorTimesMatrix", vector_times_matrix)
        .add_fn("spirv.MatrixTimesMatrix", matrix_times_matrix)
        .add_fn("spirv.Transpose", transpose);
}

/// The shape of a lowered matrix: its number of columns, the LLVM type of a
/// column (`vector<R x T>`) and of the whole matrix (`!llvm.array`).
#[derive(Clone, Copy)]
struct Shape<'c> {
    columns: u32,
    rows: u32,
    column: Type<'c>,
    matrix: Type<'c>,
}

/// The [`Shape`] of the SPIR-V matrix type `ty`, or why it is not a matrix
/// of floats.
fn shape<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, ty: Type<'c>) -> Result<Shape<'c>, MatchFailure> {
    let model = read_type_cached(rewriter, ty)?;
    let SpirvType::Matrix { columns, column_type } = &*model else {
        return Err(MatchFailure::new(format!("{ty} is not a !spirv.matrix")));
    };
    let SpirvType::Vector { count, element } = &**column_type else {
        return Err(MatchFailure::new(format!("the columns of {ty} are not vectors")));
    };
    if !matches!(**element, SpirvType::Float(_)) {
        return Err(MatchFailure::new(format!("the matrix ops are defined on floats only, not on {ty}")));
    }
    let matrix = rewriter.convert_type(ty)?;
    let column_text = column_type.to_string();
    let column = Type::parse(rewriter.context(), &column_text)
        .ok_or_else(|| MatchFailure::new(format!("cannot parse column type '{column_text}'")))?;
    Ok(Shape { columns: *columns, rows: *count, column: rewriter.convert_type(column)?, matrix })
}

/// The shape of operand `index` of `op`, a matrix.
fn operand_shape<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    op: OperationRef<'c, '_>,
    index: usize,
) -> Result<Shape<'c>, MatchFailure> {
    let operand = op.operand(index).map_err(|_| MatchFailure::new(format!("missing operand #{index}")))?;
    shape(rewriter, operand.r#type())
}

/// The shape of the result of `op`, a matrix.
fn result_shape<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, op: OperationRef<'c, '_>) -> Result<Shape<'c>, MatchFailure> {
    let result = op.result(0).map_err(|_| MatchFailure::new("missing result"))?;
    shape(rewriter, result.r#type())
}

fn position<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, index: u32) -> Attribute<'c> {
    DenseI64ArrayAttribute::new(rewriter.context(), &[i64::from(index)]).into()
}

/// Column `index` of `matrix`: `llvm.extractvalue [index]`.
fn column<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    matrix: Value<'c, 'r>,
    index: u32,
    shape: Shape<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let position = position(rewriter, index);
    rewriter.create_value("llvm.extractvalue", &[matrix], shape.column, &[("position", position)])
}

/// The matrix of `shape` whose columns are `columns`: `llvm.mlir.poison`
/// then one `llvm.insertvalue` per column.
fn assemble<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    columns: &[Value<'c, 'r>],
    shape: Shape<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let mut matrix = rewriter.create_value("llvm.mlir.poison", &[], shape.matrix, &[])?;
    for (index, &column) in (0..).zip(columns) {
        let position = position(rewriter, index);
        matrix = rewriter.create_value("llvm.insertvalue", &[matrix, column], shape.matrix, &[("position", position)])?;
    }
    Ok(matrix)
}

/// The columns of `matrix`, in order.
fn columns<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    matrix: Value<'c, 'r>,
    shape: Shape<'c>,
) -> Result<Vec<Value<'c, 'r>>, MatchFailure> {
    (0..shape.columns).map(|index| column(rewriter, matrix, index, shape)).collect()
}

/// `matrix * vector`, the matrix given by its `columns` (C columns of
/// `shape.rows` lanes) and `vector` of C lanes: `col0 * splat(v[0])`, then
/// `+ col_c * splat(v[c])` for each next column, in column order.
fn times_vector<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    columns: &[Value<'c, 'r>],
    shape: Shape<'c>,
    vector: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = shape.column;
    let mut sum = None;
    for (index, &column) in (0..).zip(columns) {
        // Lane `index` of `vector` in each of the R lanes of a column.
        let lanes = vec![index; shape.rows as usize];
        let mask = DenseI32ArrayAttribute::new(rewriter.context(), &lanes).into();
        let splat = rewriter.create_value("llvm.shufflevector", &[vector, vector], ty, &[("mask", mask)])?;
        let product = emit(rewriter, "llvm.fmul", &[column, splat], ty)?;
        sum = Some(match sum {
            None => product,
            Some(sum) => emit(rewriter, "llvm.fadd", &[sum, product], ty)?,
        });
    }
    sum.ok_or_else(|| MatchFailure::new("a matrix without columns"))
}

/// `spirv.MatrixTimesScalar m, s`: each column times a splat of `s` (built
/// once, as `spirv.VectorTimesScalar` builds it).
fn matrix_times_scalar<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (matrix, scalar) = two_operands(operands)?;
    // A cooperative matrix is one vector (coop_matrix.rs): times a splat.
    let operand_type = op.operand(0).map_err(|_| MatchFailure::new("missing operand #0"))?.r#type();
    if super::coop_matrix::shape(rewriter, operand_type)?.is_some() {
        let ty = matrix.r#type();
        let splat = broadcast(rewriter, scalar, ty)?;
        return Ok(vec![emit(rewriter, "llvm.fmul", &[matrix, splat], ty)?]);
    }
    let shape = operand_shape(rewriter, op, 0)?;
    let splat = broadcast(rewriter, scalar, shape.column)?;
    let mut columns = Vec::with_capacity(shape.columns as usize);
    for index in 0..shape.columns {
        let column = column(rewriter, matrix, index, shape)?;
        columns.push(emit(rewriter, "llvm.fmul", &[column, splat], shape.column)?);
    }
    Ok(vec![assemble(rewriter, &columns, shape)?])
}

/// `spirv.MatrixTimesVector m, v`: see [`times_vector`].
fn matrix_times_vector<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (matrix, vector) = two_operands(operands)?;
    let shape = operand_shape(rewriter, op, 0)?;
    let columns = columns(rewriter, matrix, shape)?;
    Ok(vec![times_vector(rewriter, &columns, shape, vector)?])
}

/// `spirv.VectorTimesMatrix v, m`: lane `c` of the result is
/// `dot(v, column c)`, inserted into a poison vector in column order.
fn vector_times_matrix<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (vector, matrix) = two_operands(operands)?;
    let shape = operand_shape(rewriter, op, 1)?;
    let result_type = rewriter.converted_result_type(op, 0)?;
    let mut result = rewriter.create_value("llvm.mlir.poison", &[], result_type, &[])?;
    for index in 0..shape.columns {
        let column = column(rewriter, matrix, index, shape)?;
        let lane_value = dot(rewriter, vector, column)?;
        let lane = i32_constant(rewriter, i64::from(index))?;
        result = emit(rewriter, "llvm.insertelement", &[result, lane_value, lane], result_type)?;
    }
    Ok(vec![result])
}

/// `spirv.MatrixTimesMatrix l, r`: column `j` of the result is `l` times
/// column `j` of `r` (see [`times_vector`]).
fn matrix_times_matrix<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let (left, right) = two_operands(operands)?;
    let left_shape = operand_shape(rewriter, op, 0)?;
    let right_shape = operand_shape(rewriter, op, 1)?;
    let result = result_shape(rewriter, op)?;
    // The columns of `l` are extracted once, before the products.
    let left_columns = columns(rewriter, left, left_shape)?;
    let mut result_columns = Vec::with_capacity(result.columns as usize);
    for index in 0..right_shape.columns {
        let right_column = column(rewriter, right, index, right_shape)?;
        result_columns.push(times_vector(rewriter, &left_columns, left_shape, right_column)?);
    }
    let columns = result_columns;
    Ok(vec![assemble(rewriter, &columns, result)?])
}

/// `spirv.Transpose m` (C columns of R lanes): R columns of C lanes, lane
/// `c` of column `r` being lane `r` of column `c` of `m`. The result
/// columns are built lane by lane from poison, in order.
fn transpose<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[matrix] = operands else { return Err(MatchFailure::new("expected 1 operand")) };
    let shape = operand_shape(rewriter, op, 0)?;
    let result = result_shape(rewriter, op)?;
    let element = element_type(shape.column);
    let sources = columns(rewriter, matrix, shape)?;
    // One `i32` lane constant per index, shared by all the lane moves.
    let lanes = (0..shape.rows.max(shape.columns))
        .map(|index| i32_constant(rewriter, i64::from(index)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut targets = Vec::with_capacity(result.columns as usize);
    for row in 0..shape.rows as usize {
        let mut target = rewriter.create_value("llvm.mlir.poison", &[], result.column, &[])?;
        for (index, &source) in sources.iter().enumerate() {
            let value = emit(rewriter, "llvm.extractelement", &[source, lanes[row]], element)?;
            target = emit(rewriter, "llvm.insertelement", &[target, value, lanes[index]], result.column)?;
        }
        targets.push(target);
    }
    let columns = targets;
    Ok(vec![assemble(rewriter, &columns, result)?])
}
