//! Matrices in explicitly laid out blocks, and values whose dialect type
//! differs from their SPIR-V type.
//!
//! A matrix member with a `MatrixStride` other than its column's natural
//! size (std140's `mat2`: columns 16 bytes apart), or decorated `RowMajor`,
//! has no LLVM lowering as a `!spirv.matrix`. The importer gives such a
//! member a *stand-in* type with the same bytes (`types.rs`):
//!
//! - column-major: `!spirv.array<C x vector<R x T>, stride=S>`, the columns;
//! - row-major: `!spirv.struct<(!spirv.array<R x vector<C x T>, stride=S>
//!   [0, RowMajor])>`, the rows, wrapped in a struct whose `RowMajor` member
//!   says that they are rows (so that every type holding it says so).
//!
//! Access chains into a row-major stand-in swap the column and row indices
//! (element `[c][r]` is row r's component c); a chain that stops at a column
//! has no pointer (the column is strided in memory), so the importer keeps
//! it as a *column pointer*, loaded and stored component by component.
//! Loads, stores, extracts, constructs and `OpCopyLogical` convert between a
//! stand-in and the matrix it stands for ([`Importer::adapt`]), as between
//! an OpenCL 16-component vector and the array it is behind pointers.

use std::sync::Arc;

use melior::ir::{Location, Type, Value, ValueLike, operation::OperationBuilder};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::{
    attributes::Decoration,
    types::{DecorationInfo, DecorationValue, SpirvType, StructMember, StructType},
};

/// The stand-in of a struct member of type `ty` (a matrix, or arrays of
/// matrices) with `decorations`; `None` when the matrix lowers as it is
/// (column-major at its natural stride) or the member holds no matrix.
pub(super) fn matrix_stand_in(ty: &Arc<SpirvType>, decorations: &[DecorationInfo]) -> Option<Arc<SpirvType>> {
    let stride = decorations.iter().find(|info| info.decoration == Decoration::MatrixStride).and_then(|info| {
        match info.value {
            Some(DecorationValue::Integer(stride)) => u32::try_from(stride).ok(),
            _ => None,
        }
    })?;
    let row_major = decorations.iter().any(|info| info.decoration == Decoration::RowMajor);
    stand_in(ty, stride, row_major)
}

fn stand_in(ty: &Arc<SpirvType>, stride: u32, row_major: bool) -> Option<Arc<SpirvType>> {
    Some(Arc::new(match ty.as_ref() {
        SpirvType::Array { count, element, stride: array_stride } => {
            SpirvType::Array { count: *count, element: stand_in(element, stride, row_major)?, stride: *array_stride }
        }
        SpirvType::RuntimeArray { element, stride: array_stride } => {
            SpirvType::RuntimeArray { element: stand_in(element, stride, row_major)?, stride: *array_stride }
        }
        SpirvType::Matrix { columns, column_type } => {
            let SpirvType::Vector { count: rows, element } = column_type.as_ref() else { return None };
            let scalar = scalar_bytes(element)?;
            // The stride LLVM gives the columns of the `!llvm.array` of
            // column vectors a matrix lowers to: a 3-row column takes the
            // room of 4 rows. A 3-row matrix at `MatrixStride` 12 (scalar
            // block layout) gets the stand-in, whose stride lowers exactly.
            let natural = if *rows == 3 { 4 * scalar } else { rows * scalar };
            if !row_major && stride == natural {
                return None;
            }
            if row_major {
                let row = Arc::new(SpirvType::Vector { count: *columns, element: Arc::clone(element) });
                let rows = Arc::new(SpirvType::Array { count: *rows, element: row, stride: Some(stride) });
                let member = StructMember {
                    ty: rows,
                    offset: Some(0),
                    decorations: vec![DecorationInfo { decoration: Decoration::RowMajor, value: None }],
                };
                SpirvType::Struct(StructType { identifier: None, members: vec![member], decorations: Vec::new() })
            } else {
                SpirvType::Array { count: *columns, element: Arc::clone(column_type), stride: Some(stride) }
            }
        }
        _ => return None,
    }))
}

/// Whether `ty` is a matrix, or arrays of matrices.
fn holds_matrix(ty: &SpirvType) -> bool {
    match ty {
        SpirvType::Array { element, .. } | SpirvType::RuntimeArray { element, .. } => holds_matrix(element),
        SpirvType::Matrix { .. } => true,
        _ => false,
    }
}

fn scalar_bytes(ty: &SpirvType) -> Option<u32> {
    match ty.to_string().as_str() {
        "f16" => Some(2),
        "f32" => Some(4),
        "f64" => Some(8),
        _ => None,
    }
}

/// The rows of a row-major stand-in `ty`: the row array's type, the number
/// of rows.
pub(super) fn row_major_rows(ty: &SpirvType) -> Option<(&Arc<SpirvType>, u32)> {
    let SpirvType::Struct(structure) = ty else { return None };
    let [member] = structure.members.as_slice() else { return None };
    if !member.decorations.iter().any(|info| info.decoration == Decoration::RowMajor) {
        return None;
    }
    match member.ty.as_ref() {
        SpirvType::Array { count, element, .. } if matches!(element.as_ref(), SpirvType::Vector { .. }) => {
            Some((&member.ty, *count))
        }
        _ => None,
    }
}

impl<'c, 'w> Importer<'c, 'w> {
    /// `value` as type `target` when the two are the same data in different
    /// dialect types: a matrix and its stand-in (either way), an 8- or
    /// 16-component vector and the array standing for it, and arrays and
    /// structs of those (element by element). `None` when they are not.
    pub(super) fn adapt<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        target: Type<'c>,
    ) -> Result<Option<Value<'c, 'b>>> {
        let from = value.r#type();
        if from == target {
            return Ok(Some(value));
        }
        let (Ok(source), Ok(goal)) = (SpirvType::parse(&from.to_string()), SpirvType::parse(&target.to_string())) else {
            return Ok(None);
        };
        let invalid = |text: &str| inst.error(ErrorKind::Invalid(format!("no dialect type {text}")));
        // Component (or column) types on each side, and where each target
        // component comes from: a path of indices into the source.
        let mut parts: Vec<(Vec<u32>, String)> = Vec::new();
        match (&source, &goal) {
            (SpirvType::Vector { count, element }, SpirvType::Array { count: n, element: e, .. })
            | (SpirvType::Array { count, element, .. }, SpirvType::Vector { count: n, element: e })
                if count == n && element == e && *count > 4 =>
            {
                parts.extend((0..*count).map(|lane| (vec![lane], element.to_string())));
            }
            (SpirvType::Array { count, element, .. }, SpirvType::Matrix { columns, column_type })
            | (SpirvType::Matrix { columns, column_type }, SpirvType::Array { count, element, .. })
                if count == columns && element == column_type =>
            {
                parts.extend((0..*count).map(|column| (vec![column], column_type.to_string())));
            }
            (SpirvType::Array { count, .. }, SpirvType::Array { count: n, element, .. }) if count == n => {
                parts.extend((0..*count).map(|index| (vec![index], element.to_string())));
            }
            _ => {
                if let Some(value) = self.adapt_transposed(state, inst, location, value, &source, &goal, target)? {
                    return Ok(Some(value));
                }
                match (&source, &goal) {
                    (SpirvType::Struct(a), SpirvType::Struct(b)) if a.members.len() == b.members.len() => {
                        parts.extend(b.members.iter().enumerate().map(|(index, member)| {
                            (vec![index as u32], member.ty.to_string())
                        }));
                    }
                    _ => return Ok(None),
                }
            }
        }
        let mut values = Vec::new();
        for (path, part_type) in parts {
            let part_type = self.parse_type(&part_type).ok_or_else(|| invalid(&part_type))?;
            let source_type = source_part_type(&source, path[0]).ok_or_else(|| invalid("source part"))?;
            let source_type = self.parse_type(&source_type).ok_or_else(|| invalid(&source_type))?;
            let part = self.extract_lane(state, inst, location, value, path[0], source_type)?;
            let Some(part) = self.adapt(state, inst, location, part, part_type)? else { return Ok(None) };
            values.push(part);
        }
        Ok(Some(self.emit(state, inst, location, "spirv.CompositeConstruct", &values, &[], Some(target))?))
    }

    /// A row-major stand-in as its matrix, or a matrix as a row-major
    /// stand-in: component `[c][r]` of the matrix is `[0][r][c]` of the
    /// stand-in.
    #[allow(clippy::too_many_arguments)]
    fn adapt_transposed<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        source: &SpirvType,
        goal: &SpirvType,
        target: Type<'c>,
    ) -> Result<Option<Value<'c, 'b>>> {
        let invalid = |text: String| inst.error(ErrorKind::Invalid(format!("no dialect type {text}")));
        let (matrix, stand_in, to_matrix) = match (row_major_rows(source), row_major_rows(goal)) {
            (Some(_), None) => (goal, source, true),
            (None, Some(_)) => (source, goal, false),
            _ => return Ok(None),
        };
        let SpirvType::Matrix { columns, column_type } = matrix else { return Ok(None) };
        let Some((rows_type, rows)) = row_major_rows(stand_in) else { return Ok(None) };
        let Some(SpirvType::Vector { count, element }) = rows_type.element_type().map(AsRef::as_ref) else {
            return Ok(None);
        };
        if *count != *columns || column_type.vector_count() != Some(rows) {
            return Ok(None);
        }
        let scalar = self.parse_type(&element.to_string()).ok_or_else(|| invalid(element.to_string()))?;
        let column = self.parse_type(&column_type.to_string()).ok_or_else(|| invalid(column_type.to_string()))?;
        let row_text = format!("vector<{columns}x{element}>");
        let row = self.parse_type(&row_text).ok_or_else(|| invalid(row_text))?;
        let rows_mlir = self.parse_type(&rows_type.to_string()).ok_or_else(|| invalid(rows_type.to_string()))?;
        if to_matrix {
            let mut built = Vec::new();
            for c in 0..*columns {
                let mut lanes = Vec::new();
                for r in 0..rows {
                    lanes.push(self.extract_path(state, inst, location, value, &[0, r, c], scalar)?);
                }
                built.push(self.emit(state, inst, location, "spirv.CompositeConstruct", &lanes, &[], Some(column))?);
            }
            Ok(Some(self.emit(state, inst, location, "spirv.CompositeConstruct", &built, &[], Some(target))?))
        } else {
            let mut built = Vec::new();
            for r in 0..rows {
                let mut lanes = Vec::new();
                for c in 0..*columns {
                    lanes.push(self.extract_path(state, inst, location, value, &[c, r], scalar)?);
                }
                built.push(self.emit(state, inst, location, "spirv.CompositeConstruct", &lanes, &[], Some(row))?);
            }
            let array = self.emit(state, inst, location, "spirv.CompositeConstruct", &built, &[], Some(rows_mlir))?;
            Ok(Some(self.emit(state, inst, location, "spirv.CompositeConstruct", &[array], &[], Some(target))?))
        }
    }

    /// `OpAccessChain` (or `OpInBoundsAccessChain`) whose base holds a
    /// stand-in (a struct with explicit layout): the chain built on the
    /// dialect types, its result type walked from them (a pointer to a
    /// matrix is a pointer to its stand-in), the column and row indices into
    /// a row-major matrix swapped, a chain stopping at such a column kept as
    /// a column pointer. Returns false for the other chains (`table_op`
    /// builds them).
    pub(super) fn stand_in_access_chain<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<bool> {
        // Most chains meet no stand-in: only a chain to a matrix, or any
        // chain of a module with row-major stand-ins, is walked.
        let declared = self.word(inst, 0)?;
        let to_matrix = matches!(
            self.type_models.get(&declared).map(AsRef::as_ref),
            Some(SpirvType::Pointer { pointee, .. }) if holds_matrix(pointee)
        );
        if !to_matrix && !self.row_major_stand_ins {
            return Ok(false);
        }
        let base = self.value(state, inst, self.word(inst, 2)?)?;
        let base_text = base.r#type().to_string();
        if !base_text.contains("stride=") {
            return Ok(false);
        }
        let Ok(SpirvType::Pointer { pointee, storage_class }) = SpirvType::parse(&base_text) else { return Ok(false) };
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let ids = &inst.words[3..];
        let mut indices = Vec::new();
        let mut ty = pointee;
        let mut at = 0;
        let mut column = None;
        let mut swapped = false;
        while at < ids.len() {
            let index = self.value(state, inst, ids[at])?;
            if let Some((rows, _)) = row_major_rows(&ty) {
                swapped = true;
                // [column][row] of a row-major matrix: [0][row][column].
                let rows = Arc::clone(rows);
                let zero = self.integer_constant(state, inst, location, 32, 0)?;
                indices.push(zero);
                match ids.get(at + 1) {
                    Some(&row) => {
                        indices.push(self.value(state, inst, row)?);
                        indices.push(index);
                        ty = rows
                            .element_type()
                            .and_then(|row| row.element_type())
                            .cloned()
                            .ok_or_else(|| inst.error(ErrorKind::Invalid("a row-major matrix's rows".into())))?;
                        at += 2;
                        continue;
                    }
                    None => {
                        // A column: no pointer; the matrix's, and the index.
                        indices.pop();
                        column = Some(index);
                        at += 1;
                        continue;
                    }
                }
            }
            let next = match ty.as_ref() {
                SpirvType::Struct(structure) => {
                    let member = self.constant_u32(ids[at]).and_then(|member| structure.members.get(member as usize));
                    member.map(|member| Arc::clone(&member.ty))
                }
                other => other.element_type().cloned(),
            };
            // A chain this walk does not follow: the table's (which reports
            // what is wrong with it).
            let Some(next) = next else { return Ok(false) };
            ty = next;
            indices.push(index);
            at += 1;
        }
        let result_text = format!("!spirv.ptr<{ty}, {storage_class}>");
        let Some(result_type) = self.parse_type(&result_text) else { return Ok(false) };
        if !swapped && result_type == self.mlir_type(inst, self.word(inst, 0)?)? {
            // Nothing stands in along this chain: the table's op, as before.
            return Ok(false);
        }
        let mut operands = vec![base];
        operands.extend(indices);
        let chain = if operands.len() == 1 {
            base
        } else {
            let chain = OperationBuilder::new("spirv.AccessChain", location)
                .add_operands(&operands)
                .add_results(&[result_type])
                .build();
            self.append(inst, state.current(), chain)?.result(0).map_err(inst.invalid())?.into()
        };
        match column {
            Some(column) => {
                state.columns.insert(id, (chain, column));
            }
            None => self.define_value(state, inst, id, chain)?,
        }
        Ok(true)
    }

    /// `OpCompositeExtract` from a value holding stand-ins: the indices
    /// walked on the dialect type (a row-major matrix's column and row
    /// swapped, its column gathered), the result converted to the declared
    /// type; `OpCompositeConstruct` of such a type: each constituent
    /// converted to its member's type. Returns false for the others.
    pub(super) fn stand_in_composite<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<bool> {
        const CONSTRUCT: u16 = 80;
        let result_type = self.mlir_type(inst, self.word(inst, 0)?)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        let invalid = |what: String| inst.error(ErrorKind::Invalid(what));
        if inst.opcode == CONSTRUCT {
            let text = result_type.to_string();
            if !text.contains("stride=") {
                return Ok(false);
            }
            let model = SpirvType::parse(&text).map_err(|_| invalid(text.clone()))?;
            let mut parts = Vec::new();
            for (index, &part) in inst.words[2..].iter().enumerate() {
                let value = self.value(state, inst, part)?;
                let member = match &model {
                    SpirvType::Struct(structure) => structure.members.get(index).map(|member| member.ty.to_string()),
                    other => other.element_type().map(ToString::to_string),
                };
                let member = member.and_then(|member| self.parse_type(&member));
                parts.push(match member {
                    Some(member) => self.adapt(state, inst, location, value, member)?.unwrap_or(value),
                    None => value,
                });
            }
            let value = self.emit(state, inst, location, "spirv.CompositeConstruct", &parts, &[], Some(result_type))?;
            self.define_value(state, inst, id, value)?;
            return Ok(true);
        }
        let composite = self.value(state, inst, self.word(inst, 2)?)?;
        let text = composite.r#type().to_string();
        if !text.contains("stride=") {
            return Ok(false);
        }
        let mut ty = Arc::new(SpirvType::parse(&text).map_err(|_| invalid(text.clone()))?);
        let literals = &inst.words[3..];
        let mut path = Vec::new();
        let mut at = 0;
        let mut column = None;
        while at < literals.len() {
            let index = literals[at];
            if let Some((rows, count)) = row_major_rows(&ty) {
                let rows = Arc::clone(rows);
                match literals.get(at + 1) {
                    Some(&row) => {
                        path.extend([0, row, index]);
                        ty = rows
                            .element_type()
                            .and_then(|row| row.element_type())
                            .cloned()
                            .ok_or_else(|| invalid("a row-major matrix's rows".into()))?;
                        at += 2;
                    }
                    None => {
                        column = Some((index, count, rows));
                        at += 1;
                    }
                }
                continue;
            }
            let next = match ty.as_ref() {
                SpirvType::Struct(structure) => structure.members.get(index as usize).map(|member| Arc::clone(&member.ty)),
                other => other.element_type().cloned(),
            };
            ty = next.ok_or_else(|| invalid(format!("OpCompositeExtract index {index} into {ty}")))?;
            path.push(index);
            at += 1;
        }
        let value = match column {
            Some((index, rows, rows_type)) => {
                let scalar = rows_type
                    .element_type()
                    .map(|row| row.scalar_type().to_string())
                    .and_then(|scalar| self.parse_type(&scalar))
                    .ok_or_else(|| invalid("a row-major matrix's component type".into()))?;
                let mut lanes = Vec::new();
                for row in 0..rows {
                    let mut lane_path = path.clone();
                    lane_path.extend([0, row, index]);
                    lanes.push(self.extract_path(state, inst, location, composite, &lane_path, scalar)?);
                }
                self.emit(state, inst, location, "spirv.CompositeConstruct", &lanes, &[], Some(result_type))?
            }
            None => {
                let text = ty.to_string();
                let actual = self.parse_type(&text).ok_or_else(|| invalid(text))?;
                let part = self.extract_path(state, inst, location, composite, &path, actual)?;
                self.adapt(state, inst, location, part, result_type)?.ok_or_else(|| {
                    invalid(format!("OpCompositeExtract of a {actual} as a {result_type}"))
                })?
            }
        };
        self.define_value(state, inst, id, value)?;
        Ok(true)
    }

    /// `OpLoad`/`OpStore` through a column pointer (a column of a row-major
    /// matrix, strided in memory): component by component.
    pub(super) fn column_access<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        matrix: Value<'c, 'b>,
        column: Value<'c, 'b>,
    ) -> Result<()> {
        let invalid = |what: String| inst.error(ErrorKind::Invalid(what));
        let Ok(SpirvType::Pointer { pointee, storage_class }) = SpirvType::parse(&matrix.r#type().to_string()) else {
            return Err(invalid("a column pointer without its matrix".into()));
        };
        let (rows_type, rows) =
            row_major_rows(&pointee).ok_or_else(|| invalid("a column pointer without its matrix".into()))?;
        let scalar = rows_type
            .element_type()
            .map(|row| row.scalar_type().to_string())
            .ok_or_else(|| invalid("a row-major matrix's component type".into()))?;
        let scalar_type = self.parse_type(&scalar).ok_or_else(|| invalid(scalar.clone()))?;
        let text = format!("!spirv.ptr<{scalar}, {storage_class}>");
        let pointer_type = self.parse_type(&text).ok_or_else(|| invalid(text))?;
        let zero = self.integer_constant(state, inst, location, 32, 0)?;
        let stored = if inst.opcode == super::memory_operands::opcode::STORE {
            Some(self.value(state, inst, self.word(inst, 1)?)?)
        } else {
            None
        };
        let mut lanes = Vec::new();
        for row in 0..rows {
            let row_index = self.integer_constant(state, inst, location, 32, i64::from(row))?;
            let element = OperationBuilder::new("spirv.AccessChain", location)
                .add_operands(&[matrix, zero, row_index, column])
                .add_results(&[pointer_type])
                .build();
            let element: Value<'c, 'b> =
                self.append(inst, state.current(), element)?.result(0).map_err(inst.invalid())?.into();
            match stored {
                Some(vector) => {
                    let lane = self.extract_lane(state, inst, location, vector, row, scalar_type)?;
                    let store = OperationBuilder::new("spirv.Store", location).add_operands(&[element, lane]).build();
                    self.append(inst, state.current(), store)?;
                }
                None => lanes.push(self.emit(state, inst, location, "spirv.Load", &[element], &[], Some(scalar_type))?),
            }
        }
        if stored.is_none() {
            let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
            let vector = self.emit(state, inst, location, "spirv.CompositeConstruct", &lanes, &[], Some(ty))?;
            self.define_value(state, inst, self.word(inst, 1)?, vector)?;
        }
        Ok(())
    }

    /// `spirv.CompositeExtract` at the indices `path`.
    pub(super) fn extract_path<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        composite: Value<'c, 'b>,
        path: &[u32],
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let indices: Vec<_> = path.iter().map(|&index| self.i32_attribute(index)).collect();
        let indices = melior::ir::attribute::ArrayAttribute::new(self.context, &indices).into();
        self.emit(state, inst, location, "spirv.CompositeExtract", &[composite], &[(self.id("indices"), indices)], Some(ty))
    }
}

/// The printed type of part `index` of a composite type.
fn source_part_type(ty: &SpirvType, index: u32) -> Option<String> {
    match ty {
        SpirvType::Struct(structure) => structure.members.get(index as usize).map(|member| member.ty.to_string()),
        other => other.element_type().map(ToString::to_string),
    }
}
