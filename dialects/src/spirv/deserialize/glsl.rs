//! GLSL.std.450 instructions the MLIR 22 dialect has no op for, each
//! expanded at import into dialect ops that compute its definition
//! (GLSL.std.450 specification, GLSL 4.60 section 8): packing and unpacking
//! (`PackUnorm4x8`, `PackSnorm2x16`, `PackUnorm2x16`, `UnpackUnorm4x8`,
//! `UnpackSnorm2x16`, `UnpackUnorm2x16`, `PackDouble2x32`,
//! `UnpackDouble2x32`), `Modf`/`ModfStruct`, the pointer form of `Frexp`,
//! `Refract`, `Determinant` and `MatrixInverse`. The dialect's ops cover
//! every step exactly, so no builtin is needed (docs/import.md).

use melior::ir::{Location, Type, Value, ValueLike, attribute::ArrayAttribute, operation::OperationBuilder};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

const DETERMINANT: u32 = 33;
const MATRIX_INVERSE: u32 = 34;
const MODF: u32 = 35;
const MODF_STRUCT: u32 = 36;
const FREXP: u32 = 51;
const PACK_UNORM_4X8: u32 = 55;
const PACK_SNORM_2X16: u32 = 56;
const PACK_UNORM_2X16: u32 = 57;
const PACK_DOUBLE_2X32: u32 = 59;
const UNPACK_SNORM_2X16: u32 = 60;
const UNPACK_UNORM_2X16: u32 = 61;
const UNPACK_UNORM_4X8: u32 = 64;
const UNPACK_DOUBLE_2X32: u32 = 65;
const REFRACT: u32 = 72;

/// How a packing instruction maps floats to fixed point: the lanes, the
/// integer width of one, whether signed.
struct Fixed {
    lanes: u32,
    bits: u32,
    signed: bool,
}

impl Fixed {
    fn of(number: u32) -> Option<Self> {
        Some(match number {
            PACK_UNORM_4X8 | UNPACK_UNORM_4X8 => Self { lanes: 4, bits: 8, signed: false },
            PACK_SNORM_2X16 | UNPACK_SNORM_2X16 => Self { lanes: 2, bits: 16, signed: true },
            PACK_UNORM_2X16 | UNPACK_UNORM_2X16 => Self { lanes: 2, bits: 16, signed: false },
            _ => return None,
        })
    }

    /// 255, 127, 65535, 32767: the scale between [0, 1] (or [-1, 1]) and
    /// the integers.
    fn scale(&self) -> f64 {
        ((1u64 << (self.bits - u32::from(self.signed))) - 1) as f64
    }
}

impl<'c, 'w> Importer<'c, 'w> {
    /// The instructions of this module; returns false for the others.
    pub(super) fn glsl_definition<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        number: u32,
        location: Location<'c>,
    ) -> Result<bool> {
        let arity = match number {
            MODF | FREXP => 2,
            REFRACT => 3,
            DETERMINANT | MATRIX_INVERSE | MODF_STRUCT | PACK_UNORM_4X8 | PACK_SNORM_2X16 | PACK_UNORM_2X16
            | PACK_DOUBLE_2X32 | UNPACK_SNORM_2X16 | UNPACK_UNORM_2X16 | UNPACK_UNORM_4X8 | UNPACK_DOUBLE_2X32 => 1,
            _ => return Ok(false),
        };
        let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
        let id = self.word(inst, 1)?;
        self.check_bound(inst, id)?;
        if inst.words.len() != 4 + arity {
            return Err(
                inst.error(ErrorKind::Malformed(format!("GLSL.std.450 instruction {number} takes {arity} operands")))
            );
        }
        let mut x = Vec::new();
        for &operand in &inst.words[4..] {
            x.push(self.value(state, inst, operand)?);
        }
        let value = match number {
            PACK_DOUBLE_2X32 | UNPACK_DOUBLE_2X32 => {
                // The 64 bits as two 32-bit words, low word first (lane 0).
                self.emit(state, inst, location, "spirv.Bitcast", &x, &[], Some(ty))?
            }
            PACK_UNORM_4X8 | PACK_SNORM_2X16 | PACK_UNORM_2X16 => {
                let fixed = Fixed::of(number).ok_or_else(|| inst.error(ErrorKind::Invalid("packing".into())))?;
                self.pack(state, inst, location, x[0], &fixed, ty)?
            }
            UNPACK_UNORM_4X8 | UNPACK_SNORM_2X16 | UNPACK_UNORM_2X16 => {
                let fixed = Fixed::of(number).ok_or_else(|| inst.error(ErrorKind::Invalid("unpacking".into())))?;
                self.unpack(state, inst, location, x[0], &fixed, ty)?
            }
            MODF | MODF_STRUCT => {
                let float = x[0].r#type();
                let (fraction, whole) = self.modf(state, inst, location, x[0])?;
                if number == MODF {
                    self.store(state, inst, location, x[1], whole)?;
                    fraction
                } else {
                    if ty.to_string() != format!("!spirv.struct<({float}, {float})>") {
                        return Err(inst.error(ErrorKind::Invalid(format!("ModfStruct of {float} giving {ty}"))));
                    }
                    self.emit(state, inst, location, "spirv.CompositeConstruct", &[fraction, whole], &[], Some(ty))?
                }
            }
            FREXP => {
                // FrexpStruct, then the exponent stored through the pointer.
                let exponent_type = SpirvType::parse(&x[1].r#type().to_string())
                    .ok()
                    .and_then(|pointer| pointer.pointee().map(|pointee| pointee.to_string()))
                    .and_then(|text| self.parse_type(&text))
                    .ok_or_else(|| inst.error(ErrorKind::Invalid("Frexp's second operand is not a pointer".into())))?;
                let text = format!("!spirv.struct<({ty}, {exponent_type})>");
                let pair = self.parse_type(&text).ok_or_else(|| inst.error(ErrorKind::Invalid(text)))?;
                let both = self.emit(state, inst, location, "spirv.GL.FrexpStruct", &x[..1], &[], Some(pair))?;
                let significand = self.extract(state, inst, location, both, &[0], ty)?;
                let exponent = self.extract(state, inst, location, both, &[1], exponent_type)?;
                self.store(state, inst, location, x[1], exponent)?;
                significand
            }
            REFRACT => self.refract(state, inst, location, &x, ty)?,
            _ => {
                let matrix = self.matrix_elements(state, inst, location, x[0])?;
                if number == DETERMINANT {
                    determinant(self, state, inst, location, &matrix, ty)?
                } else {
                    self.inverse(state, inst, location, &matrix, ty)?
                }
            }
        };
        self.define_value(state, inst, id, value)?;
        Ok(true)
    }

    /// `spirv.Store` of `value` through `pointer`.
    pub(super) fn store<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        pointer: Value<'c, 'b>,
        value: Value<'c, 'b>,
    ) -> Result<()> {
        let store = OperationBuilder::new("spirv.Store", location).add_operands(&[pointer, value]).build();
        self.append(inst, state.current(), store)?;
        Ok(())
    }

    /// `spirv.CompositeExtract` at `indices`.
    fn extract<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        composite: Value<'c, 'b>,
        indices: &[u32],
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let indices: Vec<_> = indices.iter().map(|&index| self.i32_attribute(index)).collect();
        let indices = ArrayAttribute::new(self.context, &indices).into();
        self.emit(state, inst, location, "spirv.CompositeExtract", &[composite], &[(self.id("indices"), indices)], Some(ty))
    }

    /// `PackUnorm4x8` and its siblings: each lane clamped to [0, 1] (or
    /// [-1, 1]), scaled, rounded to nearest even (as Vulkan drivers do; GLSL
    /// leaves the direction of a tie open), converted to a `bits`-bit integer
    /// lane, the lanes read as one `i32` (lane 0 in the low bits).
    fn pack<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        vector: Value<'c, 'b>,
        fixed: &Fixed,
        result: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let ty = vector.r#type();
        let low = self.float_splat(state, inst, location, ty, if fixed.signed { -1.0 } else { 0.0 })?;
        let high = self.float_splat(state, inst, location, ty, 1.0)?;
        let scale = self.float_splat(state, inst, location, ty, fixed.scale())?;
        let clamped = self.emit(state, inst, location, "spirv.GL.FClamp", &[vector, low, high], &[], Some(ty))?;
        let scaled = self.emit(state, inst, location, "spirv.FMul", &[clamped, scale], &[], Some(ty))?;
        let rounded = self.emit(state, inst, location, "spirv.GL.RoundEven", &[scaled], &[], Some(ty))?;
        let text = format!("vector<{}xi{}>", fixed.lanes, fixed.bits);
        let lanes = self.parse_type(&text).ok_or_else(|| inst.error(ErrorKind::Invalid(text)))?;
        let convert = if fixed.signed { "spirv.ConvertFToS" } else { "spirv.ConvertFToU" };
        let integers = self.emit(state, inst, location, convert, &[rounded], &[], Some(lanes))?;
        self.emit(state, inst, location, "spirv.Bitcast", &[integers], &[], Some(result))
    }

    /// `UnpackUnorm4x8` and its siblings: the `i32` read as `bits`-bit
    /// lanes, each divided by the scale (and clamped to [-1, 1] when signed:
    /// the most negative integer would give less than -1).
    fn unpack<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        packed: Value<'c, 'b>,
        fixed: &Fixed,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let text = format!("vector<{}xi{}>", fixed.lanes, fixed.bits);
        let lanes = self.parse_type(&text).ok_or_else(|| inst.error(ErrorKind::Invalid(text)))?;
        let integers = self.emit(state, inst, location, "spirv.Bitcast", &[packed], &[], Some(lanes))?;
        let convert = if fixed.signed { "spirv.ConvertSToF" } else { "spirv.ConvertUToF" };
        let floats = self.emit(state, inst, location, convert, &[integers], &[], Some(ty))?;
        let scale = self.float_splat(state, inst, location, ty, fixed.scale())?;
        let scaled = self.emit(state, inst, location, "spirv.FDiv", &[floats, scale], &[], Some(ty))?;
        if !fixed.signed {
            return Ok(scaled);
        }
        let low = self.float_splat(state, inst, location, ty, -1.0)?;
        let high = self.float_splat(state, inst, location, ty, 1.0)?;
        self.emit(state, inst, location, "spirv.GL.FClamp", &[scaled, low, high], &[], Some(ty))
    }

    /// `modf(x)`: (fraction, whole number), both with the sign of x: the
    /// whole number `floor(|x|)`, the fraction `|x| - floor(|x|)`, 0 for an
    /// infinite x, a NaN for a NaN (C's `modf`, which lavapipe follows).
    fn modf<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        x: Value<'c, 'b>,
    ) -> Result<(Value<'c, 'b>, Value<'c, 'b>)> {
        let ty = x.r#type();
        let bool_type = self.bool_type_like(inst, ty)?;
        let magnitude = self.emit(state, inst, location, "spirv.GL.FAbs", &[x], &[], Some(ty))?;
        let floor = self.emit(state, inst, location, "spirv.GL.Floor", &[magnitude], &[], Some(ty))?;
        let fraction = self.emit(state, inst, location, "spirv.FSub", &[magnitude, floor], &[], Some(ty))?;
        let infinite = self.emit(state, inst, location, "spirv.IsInf", &[magnitude], &[], Some(bool_type))?;
        let zero = self.float_splat(state, inst, location, ty, 0.0)?;
        let fraction =
            self.emit(state, inst, location, "spirv.Select", &[infinite, zero, fraction], &[], Some(ty))?;
        // The sign of x, from its bits (-0.0 included).
        let (bits_type, _, _) = self.bits_type(inst, ty)?;
        let bits = self.emit(state, inst, location, "spirv.Bitcast", &[x], &[], Some(bits_type))?;
        let integer_zero = self.integer_splat(state, inst, location, bits_type, 0)?;
        let negative =
            self.emit(state, inst, location, "spirv.SLessThan", &[bits, integer_zero], &[], Some(bool_type))?;
        let signed = |this: &mut Self, state: &mut FunctionState<'c, 'b, 'w>, value: Value<'c, 'b>| {
            let flipped = this.emit(state, inst, location, "spirv.FNegate", &[value], &[], Some(ty))?;
            this.emit(state, inst, location, "spirv.Select", &[negative, flipped, value], &[], Some(ty))
        };
        let fraction = signed(self, state, fraction)?;
        let whole = signed(self, state, floor)?;
        Ok((fraction, whole))
    }

    /// `Refract(I, N, eta)`: k = 1 - eta² (1 - dot(N, I)²); 0 when k < 0,
    /// else eta I - (eta dot(N, I) + sqrt(k)) N.
    fn refract<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        x: &[Value<'c, 'b>],
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let (incident, normal, eta) = (x[0], x[1], x[2]);
        let scalar = self.scalar_type(inst, ty)?;
        let vector = scalar != ty;
        let dot = if vector {
            self.emit(state, inst, location, "spirv.Dot", &[normal, incident], &[], Some(scalar))?
        } else {
            self.emit(state, inst, location, "spirv.FMul", &[normal, incident], &[], Some(scalar))?
        };
        let one = self.float_splat(state, inst, location, scalar, 1.0)?;
        let dot2 = self.emit(state, inst, location, "spirv.FMul", &[dot, dot], &[], Some(scalar))?;
        let rest = self.emit(state, inst, location, "spirv.FSub", &[one, dot2], &[], Some(scalar))?;
        let eta2 = self.emit(state, inst, location, "spirv.FMul", &[eta, eta], &[], Some(scalar))?;
        let product = self.emit(state, inst, location, "spirv.FMul", &[eta2, rest], &[], Some(scalar))?;
        let k = self.emit(state, inst, location, "spirv.FSub", &[one, product], &[], Some(scalar))?;
        let root = self.emit(state, inst, location, "spirv.GL.Sqrt", &[k], &[], Some(scalar))?;
        let eta_dot = self.emit(state, inst, location, "spirv.FMul", &[eta, dot], &[], Some(scalar))?;
        let factor = self.emit(state, inst, location, "spirv.FAdd", &[eta_dot, root], &[], Some(scalar))?;
        let scale = if vector { "spirv.VectorTimesScalar" } else { "spirv.FMul" };
        let along = self.emit(state, inst, location, scale, &[incident, eta], &[], Some(ty))?;
        let across = self.emit(state, inst, location, scale, &[normal, factor], &[], Some(ty))?;
        let refracted = self.emit(state, inst, location, "spirv.FSub", &[along, across], &[], Some(ty))?;
        let zero = self.float_splat(state, inst, location, scalar, 0.0)?;
        let total = self.emit(
            state,
            inst,
            location,
            "spirv.FOrdLessThan",
            &[k, zero],
            &[],
            Some(melior::ir::r#type::IntegerType::new(self.context, 1).into()),
        )?;
        let zeros = self.float_splat(state, inst, location, ty, 0.0)?;
        self.emit(state, inst, location, "spirv.Select", &[total, zeros, refracted], &[], Some(ty))
    }

    /// The elements of a square matrix, `[column][row]`, and their type.
    fn matrix_elements<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        matrix: Value<'c, 'b>,
    ) -> Result<Matrix<'c, 'b>> {
        let ty = matrix.r#type();
        let not_square = || inst.error(ErrorKind::Invalid(format!("Determinant/MatrixInverse of {ty}: not a square matrix")));
        let (size, element) = match SpirvType::parse(&ty.to_string()) {
            Ok(SpirvType::Matrix { columns, column_type }) if column_type.vector_count() == Some(columns) => {
                (columns, column_type.scalar_type().to_string())
            }
            _ => return Err(not_square()),
        };
        let element = self.parse_type(&element).ok_or_else(not_square)?;
        let mut columns = Vec::new();
        for column in 0..size {
            let mut rows = Vec::new();
            for row in 0..size {
                rows.push(self.extract(state, inst, location, matrix, &[column, row], element)?);
            }
            columns.push(rows);
        }
        Ok(Matrix { columns, element, ty })
    }

    /// `MatrixInverse`: the adjugate divided by the determinant (the
    /// cofactor of element (row j, column i) over det, at (row i, column j)).
    fn inverse<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        matrix: &Matrix<'c, 'b>,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let size = matrix.columns.len();
        let element = matrix.element;
        let det = determinant(self, state, inst, location, matrix, element)?;
        let one = self.float_splat(state, inst, location, element, 1.0)?;
        let reciprocal = self.emit(state, inst, location, "spirv.FDiv", &[one, det], &[], Some(element))?;
        let column_text = format!("vector<{size}x{element}>");
        let column_type = self.parse_type(&column_text).ok_or_else(|| inst.error(ErrorKind::Invalid(column_text)))?;
        let mut columns = Vec::new();
        for column in 0..size {
            let mut rows = Vec::new();
            for row in 0..size {
                // inverse[column][row] = cofactor(row = column, column = row) / det.
                let minor = matrix.minor(row, column);
                let mut value = determinant(self, state, inst, location, &minor, element)?;
                if (row + column) % 2 == 1 {
                    value = self.emit(state, inst, location, "spirv.FNegate", &[value], &[], Some(element))?;
                }
                rows.push(self.emit(state, inst, location, "spirv.FMul", &[value, reciprocal], &[], Some(element))?);
            }
            columns.push(self.emit(state, inst, location, "spirv.CompositeConstruct", &rows, &[], Some(column_type))?);
        }
        if matrix.ty != ty {
            return Err(inst.error(ErrorKind::Invalid(format!("MatrixInverse of {} giving {ty}", matrix.ty))));
        }
        self.emit(state, inst, location, "spirv.CompositeConstruct", &columns, &[], Some(ty))
    }
}

/// A square matrix's elements as values, `columns[column][row]`.
struct Matrix<'c, 'b> {
    columns: Vec<Vec<Value<'c, 'b>>>,
    element: Type<'c>,
    ty: Type<'c>,
}

impl<'c, 'b> Matrix<'c, 'b> {
    /// The matrix without column `column` and row `row`.
    fn minor(&self, column: usize, row: usize) -> Self {
        let columns = self
            .columns
            .iter()
            .enumerate()
            .filter(|(index, _)| *index != column)
            .map(|(_, rows)| rows.iter().enumerate().filter(|(index, _)| *index != row).map(|(_, value)| *value).collect())
            .collect();
        Self { columns, element: self.element, ty: self.ty }
    }
}

/// The determinant by cofactor expansion along the first column (the
/// textbook formula; 2x2 is `a d - b c`).
fn determinant<'c, 'b, 'w>(
    importer: &mut Importer<'c, 'w>,
    state: &mut FunctionState<'c, 'b, 'w>,
    inst: &Inst<'w>,
    location: Location<'c>,
    matrix: &Matrix<'c, 'b>,
    ty: Type<'c>,
) -> Result<Value<'c, 'b>> {
    let m = &matrix.columns;
    let element = matrix.element;
    if ty != element {
        return Err(inst.error(ErrorKind::Invalid(format!("Determinant of a {} matrix giving {ty}", element))));
    }
    match m.len() {
        1 => Ok(m[0][0]),
        2 => {
            let ad = importer.emit(state, inst, location, "spirv.FMul", &[m[0][0], m[1][1]], &[], Some(element))?;
            let cb = importer.emit(state, inst, location, "spirv.FMul", &[m[1][0], m[0][1]], &[], Some(element))?;
            importer.emit(state, inst, location, "spirv.FSub", &[ad, cb], &[], Some(element))
        }
        _ => {
            let mut sum: Option<Value<'c, 'b>> = None;
            for (row, &first) in m[0].iter().enumerate() {
                let minor = matrix.minor(0, row);
                let cofactor = determinant(importer, state, inst, location, &minor, element)?;
                let term = importer.emit(state, inst, location, "spirv.FMul", &[first, cofactor], &[], Some(element))?;
                sum = Some(match sum {
                    None => term,
                    Some(sum) => {
                        let name = if row % 2 == 1 { "spirv.FSub" } else { "spirv.FAdd" };
                        importer.emit(state, inst, location, name, &[sum, term], &[], Some(element))?
                    }
                });
            }
            sum.ok_or_else(|| inst.error(ErrorKind::Invalid("an empty matrix".into())))
        }
    }
}
