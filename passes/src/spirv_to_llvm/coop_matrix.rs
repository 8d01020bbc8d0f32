//! Cooperative matrices (SPV_KHR_cooperative_matrix; manual: "Cooperative
//! matrix ops"). Upstream has no lowering of them.
//!
//! Which invocation of the scope holds which element is the
//! implementation's choice; here every invocation holds the whole matrix
//! (docs/abi.md, "Cooperative matrices"): `!spirv.coopmatrix<R x C x T>`
//! is `vector<(R*C) x T>`, row-major (element `(r, c)` is lane `r*C + c`),
//! so that
//!
//! * `spirv.KHR.CooperativeMatrixLength` is the constant `R*C`, and an
//!   index into the matrix as a composite is a lane;
//! * `spirv.KHR.CooperativeMatrixLoad` / `Store` read / write every
//!   element, one vector access per row (per column when column-major)
//!   through an `i8` GEP: element `(r, c)`
//!   lies `r * stride * P + c * E` bytes past the pointer in a row-major
//!   layout, `c * stride * P + r * E` in a column-major one, where `P` is the
//!   byte stride of the array the pointer points into (the stride counts its
//!   elements; [`array_element_step`]) and `E` the size of the matrix's
//!   component (a matrix of `f16` may be read
//!   through a pointer to `vec4` words). Each invocation of the subgroup
//!   stores the same values (the bounds checks see each row's access);
//! * `spirv.KHR.CooperativeMatrixMulAdd` is `K` steps, each one
//!   multiply and one add on `R*C` lanes: step `k` multiplies column `k` of
//!   A (each lane `(i, j)` getting `A(i, k)`, an `llvm.shufflevector`) by row
//!   `k` of B (lane `(i, j)` getting `B(k, j)`), and adds the product to the
//!   accumulator, which starts as C. Integer operands are first sign- or
//!   zero-extended (or truncated) to the result's width, as the
//!   `ASigned`/`BSigned`/`CSigned` operands say; with `AccSat` each add
//!   saturates (`llvm.intr.sadd.sat` when `ResultSigned`, else
//!   `uadd.sat`). Float operands are extended (or truncated) to the
//!   result's type; the products and sums are plain `llvm.fmul` and
//!   `llvm.fadd`, in order of `k`, without contraction;
//! * `OpSelect` of a matrix is the importer's `__spvabi_select_<n>` call,
//!   an `llvm.select` (control_flow.rs);
//! * element-wise arithmetic, conversions, `spirv.Load` /
//!   `Store` of a function variable, block arguments and constants need
//!   nothing here: they convert as on any vector; `spirv.MatrixTimesScalar`
//!   of a cooperative matrix is matrix.rs's.

use melior::ir::{
    Attribute, OperationRef, Type, Value, ValueLike,
    attribute::{DenseI32ArrayAttribute, IntegerAttribute},
    operation::OperationLike,
    r#type::IntegerType,
};
use spirv_opt_dialects::spirv::{
    attributes::StorageClass,
    types::{FloatKind, SpirvType},
};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::{defining_op, element_type},
};

use super::{
    cast::bfloat16_conversion,
    image_inline::byte_address,
    types::{llvm_alloc_size, read_type_cached},
    util::{emit, i32_constant, integer_constant, printed_attribute, type_attribute},
};

/// Adds the cooperative matrix patterns.
pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_fn("spirv.KHR.CooperativeMatrixLength", length)
        .add_fn("spirv.KHR.CooperativeMatrixLoad", load)
        .add_fn("spirv.KHR.CooperativeMatrixStore", store)
        .add_fn("spirv.KHR.CooperativeMatrixMulAdd", mul_add);
}

/// A cooperative matrix type: its size and component.
#[derive(Clone)]
pub(crate) struct Shape {
    pub(crate) rows: u32,
    pub(crate) columns: u32,
    pub(crate) element: SpirvType,
}

/// The [`Shape`] of `ty`, if it is a cooperative matrix type.
pub(crate) fn shape(rewriter: &ConversionRewriter<'_, '_, '_>, ty: Type<'_>) -> Result<Option<Shape>, MatchFailure> {
    Ok(match &*read_type_cached(rewriter, ty)? {
        SpirvType::CooperativeMatrix { element, rows, columns, .. } => {
            Some(Shape { rows: *rows, columns: *columns, element: (**element).clone() })
        }
        _ => None,
    })
}

fn required_shape(rewriter: &ConversionRewriter<'_, '_, '_>, ty: Type<'_>) -> Result<Shape, MatchFailure> {
    shape(rewriter, ty)?.ok_or_else(|| MatchFailure::new(format!("{ty} is not a cooperative matrix type")))
}

/// The byte size of a scalar or vector of scalars.
fn byte_size(ty: &SpirvType) -> Result<u64, MatchFailure> {
    let bits = match ty {
        SpirvType::Vector { count, element } => element.bit_width().map(|bits| bits * count),
        other => other.bit_width(),
    };
    match bits {
        Some(bits) if bits % 8 == 0 && bits > 0 => Ok(u64::from(bits / 8)),
        _ => Err(MatchFailure::new(format!("{ty} has no byte size (a scalar or vector of bytes is needed)"))),
    }
}

/// The bytes one unit of a load's or store's `Stride` steps: the stride
/// of the array `pointer` (an original SPIR-V value) points into, which
/// SPIR-V counts the Stride in. That is the `ArrayStride` of the array the
/// last access chain into it indexed (a `vec3` array of std430 at 16, not
/// the vector's 12 bytes), LLVM's room for the element in an array without
/// one (Workgroup and Function arrays: a `vec3` takes 16 there too); a
/// pointer to an array itself steps by that array's elements. A pointer of
/// another origin (a function parameter) steps by its pointee's room in
/// the layout of its storage class: the size in a buffer, LLVM's room
/// elsewhere.
fn array_element_step(rewriter: &ConversionRewriter<'_, '_, '_>, pointer: Value<'_, '_>) -> Result<u64, MatchFailure> {
    let (storage_class, pointee) = match &*read_type_cached(rewriter, pointer.r#type())? {
        SpirvType::Pointer { pointee, storage_class } => (*storage_class, (**pointee).clone()),
        other => return Err(MatchFailure::new(format!("{other} is not a pointer"))),
    };
    let in_array = |element: &SpirvType, stride: Option<u32>| match stride {
        Some(stride) if stride > 0 => Ok(u64::from(stride)),
        _ => llvm_alloc_size(element).ok_or_else(|| MatchFailure::new(format!("{element} has no size"))),
    };
    if let SpirvType::Array { element, stride, .. } | SpirvType::RuntimeArray { element, stride } = &pointee {
        return in_array(element, *stride);
    }
    if let Some(chain) = defining_op(pointer)
        && matches!(
            chain.name().as_string_ref().as_str(),
            Ok("spirv.AccessChain" | "spirv.InBoundsAccessChain")
        )
    {
        let operands: Vec<Value<'_, '_>> = chain.operands().collect();
        if let [base, indices @ ..] = operands.as_slice()
            && let SpirvType::Pointer { pointee: base_pointee, .. } = &*read_type_cached(rewriter, base.r#type())?
            && let Some(container) = container_of_last_index(base_pointee, indices)
            && let SpirvType::Array { element, stride, .. } | SpirvType::RuntimeArray { element, stride } = container
        {
            return in_array(element, *stride);
        }
    }
    let buffer = matches!(
        storage_class,
        StorageClass::StorageBuffer | StorageClass::Uniform | StorageClass::PushConstant | StorageClass::PhysicalStorageBuffer
    );
    let size = if buffer { byte_size(&pointee).ok() } else { llvm_alloc_size(&pointee) };
    size.ok_or_else(|| MatchFailure::new(format!("{pointee} has no byte size (a scalar or vector of bytes is needed)")))
}

/// The composite the last of the access chain's `indices` into `base`
/// indexes: the type after all but the last step (a struct member by its
/// index's constant value).
fn container_of_last_index<'t>(base: &'t SpirvType, indices: &[Value<'_, '_>]) -> Option<&'t SpirvType> {
    let mut current = base;
    for &index in &indices[..indices.len().checked_sub(1)?] {
        current = match current {
            SpirvType::Array { element, .. } | SpirvType::RuntimeArray { element, .. } => element,
            SpirvType::Vector { element, .. } => element,
            SpirvType::Matrix { column_type, .. } => column_type,
            SpirvType::Struct(st) => {
                let constant = defining_op(index)?;
                if constant.name().as_string_ref().as_str() != Ok("spirv.Constant") {
                    return None;
                }
                let member = IntegerAttribute::try_from(constant.attribute("value").ok()?).ok()?.value();
                st.members.get(usize::try_from(member).ok()?)?.ty.as_ref()
            }
            _ => return None,
        };
    }
    Some(current)
}

/// `spirv.KHR.CooperativeMatrixLength`: the number of elements.
fn length<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let matrix = type_attribute(op, "cooperative_matrix_type")?;
    let shape = required_shape(rewriter, matrix)?;
    let ty = rewriter.converted_result_type(op, 0)?;
    Ok(vec![integer_constant(rewriter, ty, i64::from(shape.rows * shape.columns))?])
}

/// Where the elements of a load or store lie: the byte offset of element
/// `(r, c)` is `r * line + c * element` (row-major) or `c * line + r *
/// element` (column-major), `line` the stride times the pointee's size.
struct Addressing<'c, 'r> {
    base: Value<'c, 'r>,
    line: Value<'c, 'r>,
    element: u64,
    column_major: bool,
    i64_type: Type<'c>,
}

impl<'c, 'r> Addressing<'c, 'r> {
    fn new(
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
        shape: &Shape,
    ) -> Result<Self, MatchFailure> {
        let pointer = op.operand(0).map_err(|_| MatchFailure::new("missing pointer"))?;
        let pointee = array_element_step(rewriter, pointer)?;
        let layout = printed_attribute(op, "matrix_layout").unwrap_or_default();
        let column_major = layout.contains("ColumnMajor");
        let base = operands[0];
        let stride = *operands.last().ok_or_else(|| MatchFailure::new("missing stride"))?;
        let i64_type: Type<'c> = IntegerType::new(rewriter.context(), 64).into();
        let stride = match IntegerType::try_from(stride.r#type()).map(|ty| ty.width()) {
            Ok(64) => stride,
            Ok(_) => emit(rewriter, "llvm.zext", &[stride], i64_type)?,
            Err(_) => return Err(MatchFailure::new("the stride is not an integer")),
        };
        let size = integer_constant(rewriter, i64_type, pointee as i64)?;
        let line = emit(rewriter, "llvm.mul", &[stride, size], i64_type)?;
        Ok(Self { base, line, element: byte_size(&shape.element)?, column_major, i64_type })
    }

    /// The number of lines (rows, or columns when column-major) and the
    /// elements of each.
    fn lines(&self, shape: &Shape) -> (u32, u32) {
        if self.column_major { (shape.columns, shape.rows) } else { (shape.rows, shape.columns) }
    }

    /// The lane of element `at` of line `line`.
    fn lane(&self, shape: &Shape, line: u32, at: u32) -> u32 {
        let (row, column) = if self.column_major { (at, line) } else { (line, at) };
        row * shape.columns + column
    }

    /// The pointer to the start of line `line`.
    fn pointer(&self, rewriter: &mut ConversionRewriter<'c, 'r, '_>, line: u32) -> Result<Value<'c, 'r>, MatchFailure> {
        let index = integer_constant(rewriter, self.i64_type, i64::from(line))?;
        let offset = emit(rewriter, "llvm.mul", &[self.line, index], self.i64_type)?;
        byte_address(rewriter, self.base, offset)
    }

    /// The attributes of each access: the element's alignment, and
    /// `volatile_` when the op's memory operand says `Volatile`.
    fn attributes(&self, op: OperationRef<'c, 'r>, rewriter: &ConversionRewriter<'c, 'r, '_>) -> Vec<(&'static str, Attribute<'c>)> {
        let alignment = IntegerAttribute::new(IntegerType::new(rewriter.context(), 64).into(), self.element as i64);
        let mut attributes = vec![("alignment", alignment.into())];
        if printed_attribute(op, "memory_operand").is_some_and(|access| access.contains("Volatile")) {
            attributes.push(("volatile_", Attribute::unit(rewriter.context())));
        }
        attributes
    }
}

/// `spirv.KHR.CooperativeMatrixLoad`: one vector load per row (column).
fn load<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let result = op.result(0).map_err(|_| MatchFailure::new("missing result"))?;
    let shape = required_shape(rewriter, result.r#type())?;
    let ty = rewriter.converted_result_type(op, 0)?;
    let element = element_type(ty);
    let addressing = Addressing::new(op, operands, rewriter, &shape)?;
    let attributes = addressing.attributes(op, rewriter);
    let (lines, length) = addressing.lines(&shape);
    let line_type = Type::vector(&[u64::from(length)], element);
    let mut matrix = rewriter.create_value("llvm.mlir.poison", &[], ty, &[])?;
    for line in 0..lines {
        let pointer = addressing.pointer(rewriter, line)?;
        let values = rewriter.create_value("llvm.load", &[pointer], line_type, &attributes)?;
        for at in 0..length {
            let index = i32_constant(rewriter, i64::from(at))?;
            let value = rewriter.create_value("llvm.extractelement", &[values, index], element, &[])?;
            let lane = i32_constant(rewriter, i64::from(addressing.lane(&shape, line, at)))?;
            matrix = rewriter.create_value("llvm.insertelement", &[matrix, value, lane], ty, &[])?;
        }
    }
    Ok(vec![matrix])
}

/// `spirv.KHR.CooperativeMatrixStore`: one vector store per row (column).
fn store<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let object = op.operand(1).map_err(|_| MatchFailure::new("missing object"))?;
    let shape = required_shape(rewriter, object.r#type())?;
    let matrix = operands[1];
    let element = element_type(matrix.r#type());
    let addressing = Addressing::new(op, operands, rewriter, &shape)?;
    let attributes = addressing.attributes(op, rewriter);
    let (lines, length) = addressing.lines(&shape);
    let line_type = Type::vector(&[u64::from(length)], element);
    for line in 0..lines {
        let mut values = rewriter.create_value("llvm.mlir.poison", &[], line_type, &[])?;
        for at in 0..length {
            let lane = i32_constant(rewriter, i64::from(addressing.lane(&shape, line, at)))?;
            let value = rewriter.create_value("llvm.extractelement", &[matrix, lane], element, &[])?;
            let index = i32_constant(rewriter, i64::from(at))?;
            values = rewriter.create_value("llvm.insertelement", &[values, value, index], line_type, &[])?;
        }
        let pointer = addressing.pointer(rewriter, line)?;
        rewriter.create("llvm.store", &[values, pointer], &[], &attributes)?;
    }
    Ok(vec![])
}

/// `matrix` (of `from` elements) with its elements made `to`: integers
/// sign- or zero-extended (`signed`) or truncated, floats extended or
/// truncated.
fn convert_elements<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    matrix: Value<'c, 'r>,
    from: &SpirvType,
    to: &SpirvType,
    to_type: Type<'c>,
    signed: bool,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let (Some(from_bits), Some(to_bits)) = (from.bit_width(), to.bit_width()) else {
        return Err(MatchFailure::new(format!("{from} or {to} has no width")));
    };
    let float = matches!(to, SpirvType::Float(_));
    if float != matches!(from, SpirvType::Float(_)) {
        return Err(MatchFailure::new(format!("a multiply-add mixing {from} and {to}")));
    }
    if matches!(from, SpirvType::Float(FloatKind::BF16)) != matches!(to, SpirvType::Float(FloatKind::BF16)) {
        // bfloat16 on the bits (cast.rs): no libcall, rounded to nearest even.
        return bfloat16_conversion(rewriter, matrix, to_type);
    }
    let name = match (float, from_bits.cmp(&to_bits)) {
        (_, std::cmp::Ordering::Equal) if from == to => return Ok(matrix),
        (true, std::cmp::Ordering::Less) => "llvm.fpext",
        (true, std::cmp::Ordering::Greater) => "llvm.fptrunc",
        (true, std::cmp::Ordering::Equal) => {
            return Err(MatchFailure::new(format!("a multiply-add of {from} into {to}")));
        }
        (false, std::cmp::Ordering::Equal) => return Ok(matrix),
        (false, std::cmp::Ordering::Less) if signed => "llvm.sext",
        (false, std::cmp::Ordering::Less) => "llvm.zext",
        (false, std::cmp::Ordering::Greater) => "llvm.trunc",
    };
    emit(rewriter, name, &[matrix], to_type)
}

/// `spirv.KHR.CooperativeMatrixMulAdd a, b, c`: see the module's
/// documentation.
fn mul_add<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[a, b, c] = operands else {
        return Err(MatchFailure::new("a multiply-add takes three operands"));
    };
    let shapes = (0..3)
        .map(|index| {
            let operand = op.operand(index).map_err(|_| MatchFailure::new("missing operand"))?;
            required_shape(rewriter, operand.r#type())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let result = op.result(0).map_err(|_| MatchFailure::new("missing result"))?;
    let result_shape = required_shape(rewriter, result.r#type())?;
    let (m, k, n) = (shapes[0].rows, shapes[0].columns, shapes[1].columns);
    if shapes[1].rows != k || (shapes[2].rows, shapes[2].columns) != (m, n) || (result_shape.rows, result_shape.columns) != (m, n) {
        return Err(MatchFailure::new("a multiply-add of mismatched shapes"));
    }
    let flags = printed_attribute(op, "matrix_operands").unwrap_or_default();
    let flag = |name: &str| flags.contains(name);
    let ty = rewriter.converted_result_type(op, 0)?;
    let element = element_type(ty);
    let float = matches!(result_shape.element, SpirvType::Float(_));
    // A and B with the result's element type, each of its own shape.
    let a_type = Type::vector(&[u64::from(m * k)], element);
    let b_type = Type::vector(&[u64::from(k * n)], element);
    let bf16 = matches!(result_shape.element, SpirvType::Float(FloatKind::BF16));
    let a = if bf16 { a } else { convert_elements(rewriter, a, &shapes[0].element, &result_shape.element, a_type, flag("ASigned"))? };
    let b = if bf16 { b } else { convert_elements(rewriter, b, &shapes[1].element, &result_shape.element, b_type, flag("BSigned"))? };
    let mut sum =
        if bf16 { c } else { convert_elements(rewriter, c, &shapes[2].element, &result_shape.element, ty, flag("CSigned"))? };
    if matches!(result_shape.element, SpirvType::Float(FloatKind::BF16)) {
        return Ok(vec![bfloat16_mul_add(rewriter, [a, b, c], &shapes, (m, k, n), ty)?]);
    }
    let (multiply, add) = if float {
        ("llvm.fmul", "llvm.fadd")
    } else if flag("AccSat") {
        ("llvm.mul", if flag("ResultSigned") { "llvm.intr.sadd.sat" } else { "llvm.intr.uadd.sat" })
    } else {
        ("llvm.mul", "llvm.add")
    };
    for step in 0..k {
        let (a_column, b_row) = step_operands(rewriter, a, b, (m, k, n), step, ty)?;
        let product = emit(rewriter, multiply, &[a_column, b_row], ty)?;
        sum = emit(rewriter, add, &[sum, product], ty)?;
    }
    Ok(vec![sum])
}

/// Step `step` of a multiply-add's operands on `M*N` lanes of `ty`: column
/// `step` of A over each row (lane `(i, j)` gets `A(i, step)`) and row
/// `step` of B over each column (lane `(i, j)` gets `B(step, j)`).
fn step_operands<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    a: Value<'c, 'r>,
    b: Value<'c, 'r>,
    (m, k, n): (u32, u32, u32),
    step: u32,
    ty: Type<'c>,
) -> Result<(Value<'c, 'r>, Value<'c, 'r>), MatchFailure> {
    let column: Vec<i32> = (0..m).flat_map(|row| std::iter::repeat_n((row * k + step) as i32, n as usize)).collect();
    let row: Vec<i32> = (0..m).flat_map(|_| (0..n).map(move |column| (step * n + column) as i32)).collect();
    let column_mask = DenseI32ArrayAttribute::new(rewriter.context(), &column).into();
    let row_mask = DenseI32ArrayAttribute::new(rewriter.context(), &row).into();
    let a_column = rewriter.create_value("llvm.shufflevector", &[a, a], ty, &[("mask", column_mask)])?;
    let b_row = rewriter.create_value("llvm.shufflevector", &[b, b], ty, &[("mask", row_mask)])?;
    Ok((a_column, b_row))
}

/// A multiply-add into bfloat16 as bfloat16 arithmetic: the operands
/// widened to `f32` (exactly), then for each `k` the product rounded to
/// bfloat16 and added to the accumulator, the sum rounded (each rounding
/// to nearest even on the bits: cast.rs, no libcall), as
/// SPV_EXT_bfloat16_arithmetic's `OpFMul` and `OpFAdd` compute.
fn bfloat16_mul_add<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    [a, b, c]: [Value<'c, 'r>; 3],
    shapes: &[Shape],
    (m, k, n): (u32, u32, u32),
    ty: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let f32_type = Type::float32(rewriter.context());
    let wide = |count: u32| Type::vector(&[u64::from(count)], f32_type);
    let widen = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, value: Value<'c, 'r>, shape: &Shape, count: u32| {
        let to = wide(count);
        match shape.element {
            SpirvType::Float(FloatKind::BF16) => bfloat16_conversion(rewriter, value, to),
            SpirvType::Float(FloatKind::F32) => Ok(value),
            SpirvType::Float(_) => emit(rewriter, if shape.element.bit_width() < Some(32) { "llvm.fpext" } else { "llvm.fptrunc" }, &[value], to),
            _ => Err(MatchFailure::new(format!("a bfloat16 multiply-add of {}", shape.element))),
        }
    };
    let a = widen(rewriter, a, &shapes[0], m * k)?;
    let b = widen(rewriter, b, &shapes[1], k * n)?;
    let lanes = wide(m * n);
    let round = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, value: Value<'c, 'r>| {
        let narrow = bfloat16_conversion(rewriter, value, ty)?;
        bfloat16_conversion(rewriter, narrow, lanes)
    };
    let mut sum = widen(rewriter, c, &shapes[2], m * n)?;
    for step in 0..k {
        let (a_column, b_row) = step_operands(rewriter, a, b, (m, k, n), step, lanes)?;
        let product = emit(rewriter, "llvm.fmul", &[a_column, b_row], lanes)?;
        let product = round(rewriter, product)?;
        let exact = emit(rewriter, "llvm.fadd", &[sum, product], lanes)?;
        sum = round(rewriter, exact)?;
    }
    bfloat16_conversion(rewriter, sum, ty)
}
