//! Instructions that mean what an op the dialect has means, or a short
//! sequence of them (docs/import.md lists each):
//!
//! - hints: `OpExpectKHR` is its value (SPV_KHR_expect_assume: the
//!   expectation changes no result);
//! - the subgroup instructions of SPV_KHR_subgroup_vote and
//!   SPV_KHR_shader_ballot, which SPIR-V 1.3's `OpGroupNonUniform*` replace
//!   with the same meaning at subgroup scope (a table: [`SUBGROUP_KHR`]);
//! - `OpSatConvertSToU`/`OpSatConvertUToS`: the value clamped to the result
//!   type's range, then converted;
//! - the integer dot products (`OpSDot`, `OpUDot`, `OpSUDot` and their
//!   `AccSat` forms) of vectors whose total width exceeds the result's
//!   (`vector<4xi32>` into `i32`): SPIR-V asks only that the result be as
//!   wide as a component, the dialect's verifier as wide as the whole
//!   vector, so these are lane-by-lane multiplies and adds; the others are
//!   the dialect's ops.

use melior::ir::{Location, Type, Value, ValueLike, attribute::ArrayAttribute, r#type::IntegerType};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// Opcodes this module imports.
pub(super) mod opcode {
    pub const SAT_CONVERT_S_TO_U: u16 = 118;
    pub const SAT_CONVERT_U_TO_S: u16 = 119;
    pub const SUBGROUP_BALLOT_KHR: u16 = 4421;
    pub const SUBGROUP_FIRST_INVOCATION_KHR: u16 = 4422;
    pub const SUBGROUP_ALL_KHR: u16 = 4428;
    pub const SUBGROUP_ANY_KHR: u16 = 4429;
    pub const SUBGROUP_ALL_EQUAL_KHR: u16 = 4430;
    pub const SUBGROUP_READ_INVOCATION_KHR: u16 = 4432;
    pub const EXPECT_KHR: u16 = 5631;
    pub const SDOT: u16 = 4450;
    pub const UDOT: u16 = 4451;
    pub const SDOT_ACC_SAT: u16 = 4453;
    pub const UDOT_ACC_SAT: u16 = 4454;
    pub const SUDOT_ACC_SAT: u16 = 4455;
}

/// `Scope` Subgroup.
const SUBGROUP: u32 = 3;

/// KHR subgroup instruction -> the `spirv.GroupNonUniform*` op with the same
/// meaning at subgroup scope, and the capability that op needs. Operands
/// (after the result type and id) are passed on unchanged.
const SUBGROUP_KHR: &[(u16, &str, &str)] = &[
    (opcode::SUBGROUP_BALLOT_KHR, "spirv.GroupNonUniformBallot", "GroupNonUniformBallot"),
    (opcode::SUBGROUP_ALL_KHR, "spirv.GroupNonUniformAll", "GroupNonUniformVote"),
    (opcode::SUBGROUP_ANY_KHR, "spirv.GroupNonUniformAny", "GroupNonUniformVote"),
    (opcode::SUBGROUP_ALL_EQUAL_KHR, "spirv.GroupNonUniformAllEqual", "GroupNonUniformVote"),
    // The id is dynamically uniform: every invocation reads the same lane.
    (opcode::SUBGROUP_READ_INVOCATION_KHR, "spirv.GroupNonUniformShuffle", "GroupNonUniformShuffle"),
];

/// Whether this module imports `opcode`.
pub(super) fn imports(opcode: u16) -> bool {
    use opcode::*;
    matches!(
        opcode,
        SAT_CONVERT_S_TO_U | SAT_CONVERT_U_TO_S | SUBGROUP_FIRST_INVOCATION_KHR | EXPECT_KHR
    ) || (SDOT..=SUDOT_ACC_SAT).contains(&opcode)
        || SUBGROUP_KHR.iter().any(|(khr, _, _)| *khr == opcode)
}

impl<'c, 'w> Importer<'c, 'w> {
    /// One instruction of this module (see the module's documentation).
    pub(super) fn equivalent<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        if (opcode::SDOT..=opcode::SUDOT_ACC_SAT).contains(&inst.opcode) {
            return self.integer_dot(state, inst, location);
        }
        let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
        let mut operands = Vec::new();
        for &operand in &inst.words[2..] {
            operands.push(self.value(state, inst, operand)?);
        }
        let first = *operands
            .first()
            .ok_or_else(|| inst.error(ErrorKind::Malformed("the instruction lacks its operands".into())))?;
        let value = match inst.opcode {
            opcode::EXPECT_KHR => first,
            opcode::SUBGROUP_FIRST_INVOCATION_KHR => self.broadcast_first(state, inst, location, SUBGROUP, first, ty)?,
            opcode::SAT_CONVERT_S_TO_U | opcode::SAT_CONVERT_U_TO_S => {
                self.saturating_conversion(state, inst, location, first, ty)?
            }
            khr => {
                let &(_, op_name, capability) = SUBGROUP_KHR
                    .iter()
                    .find(|(opcode, _, _)| *opcode == khr)
                    .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("opcode {khr}"))))?;
                let scope = (self.id("execution_scope"), self.enum_attribute(inst, "scope", SUBGROUP)?);
                self.added_capabilities.insert(capability);
                self.emit(state, inst, location, op_name, &operands, &[scope], Some(ty))?
            }
        };
        self.define_value(state, inst, self.word(inst, 1)?, value)
    }

    /// `OpSatConvertSToU`/`OpSatConvertUToS` (scalars or vectors): `value`
    /// clamped to the range of `ty` read with the result's signedness
    /// (unsigned for SToU, signed for UToS), then `spirv.UConvert`ed to its
    /// width (or itself, at the same width). The comparisons are in the wider
    /// of the two types, where both bounds are exact.
    fn saturating_conversion<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let shape = |ty: Type<'c>| {
            let model = SpirvType::parse(&ty.to_string()).ok()?;
            let width = IntegerType::try_from(self.parse_type(&model.scalar_type().to_string())?).ok()?.width();
            Some((model.vector_count(), width))
        };
        let (Some((lanes, from)), Some((_, to))) = (shape(value.r#type()), shape(ty)) else {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "a saturating conversion from {} to {ty} (integers only)",
                value.r#type()
            ))));
        };
        let signed_source = inst.opcode == opcode::SAT_CONVERT_S_TO_U;
        let wide_width = from.max(to);
        let like = |width: u32| lanes.map_or(format!("i{width}"), |lanes| format!("vector<{lanes}xi{width}>"));
        let wide = self.parse_type(&like(wide_width)).ok_or_else(|| inst.error(ErrorKind::Invalid(like(wide_width))))?;
        let bool_type = self.parse_type(&like(1)).ok_or_else(|| inst.error(ErrorKind::Invalid(like(1))))?;
        // The source in the wide type, keeping its value.
        let widened = if from == wide_width {
            value
        } else {
            let extend = if signed_source { "spirv.SConvert" } else { "spirv.UConvert" };
            self.emit(state, inst, location, extend, &[value], &[], Some(wide))?
        };
        let constant = |this: &mut Self, state: &mut FunctionState<'c, 'b, 'w>, bits: i128| {
            let text = match lanes {
                Some(_) => format!("dense<{bits}> : {wide}"),
                None => format!("{bits} : {wide}"),
            };
            let attribute = this.attribute(inst, &text)?;
            this.emit(state, inst, location, "spirv.Constant", &[], &[(this.id("value"), attribute)], Some(wide))
        };
        let mut clamped = widened;
        if signed_source {
            // Below zero gives zero; above the result's unsigned maximum (only
            // when the result is narrower) gives that maximum.
            let zero = constant(self, state, 0)?;
            let negative =
                self.emit(state, inst, location, "spirv.SLessThan", &[clamped, zero], &[], Some(bool_type))?;
            clamped = self.emit(state, inst, location, "spirv.Select", &[negative, zero, clamped], &[], Some(wide))?;
            if to < from {
                let maximum = constant(self, state, (1i128 << to) - 1)?;
                let above =
                    self.emit(state, inst, location, "spirv.UGreaterThan", &[clamped, maximum], &[], Some(bool_type))?;
                clamped =
                    self.emit(state, inst, location, "spirv.Select", &[above, maximum, clamped], &[], Some(wide))?;
            }
        } else if to <= from {
            // Above the result's signed maximum gives that maximum; a wider
            // result holds every unsigned source value.
            let maximum = constant(self, state, (1i128 << (to - 1)) - 1)?;
            let above =
                self.emit(state, inst, location, "spirv.UGreaterThan", &[clamped, maximum], &[], Some(bool_type))?;
            clamped = self.emit(state, inst, location, "spirv.Select", &[above, maximum, clamped], &[], Some(wide))?;
        }
        if to == wide_width {
            return Ok(clamped);
        }
        self.emit(state, inst, location, "spirv.UConvert", &[clamped], &[], Some(ty))
    }

    /// An integer dot product: the dialect's op where its verifier takes the
    /// types (packed scalars, or vectors no wider in all than the result),
    /// else lane by lane: each component extended to the result type (signed
    /// or unsigned as the instruction reads that operand), multiplied and
    /// summed with wrapping adds (SPIR-V leaves an overflow there undefined),
    /// then, for the `AccSat` forms, added to the accumulator with
    /// saturation.
    fn integer_dot<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        use opcode::*;
        let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
        let a = self.value(state, inst, self.word(inst, 2)?)?;
        let b = self.value(state, inst, self.word(inst, 3)?)?;
        let width = |this: &Self, ty: Type<'c>| {
            let model = SpirvType::parse(&ty.to_string()).ok()?;
            let element = this.parse_type(&model.scalar_type().to_string())?;
            Some((model.vector_count(), element, IntegerType::try_from(element).ok()?.width()))
        };
        let (Some((lanes, element, element_width)), Some((_, _, result_width))) = (width(self, a.r#type()), width(self, ty))
        else {
            return Err(inst.error(ErrorKind::Invalid(format!(
                "an integer dot product of {} into {ty} (integers only)",
                a.r#type()
            ))));
        };
        let Some(lanes) = lanes.filter(|lanes| lanes * element_width > result_width) else {
            let info = super::tables::op(inst.opcode)
                .ok_or_else(|| inst.error(ErrorKind::Unsupported(format!("opcode {}", inst.opcode))))?;
            let rest = inst.words.get(2..).unwrap_or_default();
            return self.table_op(state, inst, info, rest, Some((self.word(inst, 0)?, self.word(inst, 1)?)), location);
        };
        let signed_a = !matches!(inst.opcode, UDOT | UDOT_ACC_SAT);
        let signed_b = matches!(inst.opcode, SDOT | SDOT_ACC_SAT);
        let mut sum: Option<Value<'c, 'b>> = None;
        for lane in 0..lanes {
            let mut factors = [a, b];
            for (factor, signed) in factors.iter_mut().zip([signed_a, signed_b]) {
                let index = ArrayAttribute::new(self.context, &[self.i32_attribute(lane)]).into();
                *factor = self.emit(
                    state,
                    inst,
                    location,
                    "spirv.CompositeExtract",
                    &[*factor],
                    &[(self.id("indices"), index)],
                    Some(element),
                )?;
                if element_width < result_width {
                    let extend = if signed { "spirv.SConvert" } else { "spirv.UConvert" };
                    *factor = self.emit(state, inst, location, extend, &[*factor], &[], Some(ty))?;
                }
            }
            let product = self.emit(state, inst, location, "spirv.IMul", &factors, &[], Some(ty))?;
            sum = Some(match sum {
                None => product,
                Some(sum) => self.emit(state, inst, location, "spirv.IAdd", &[sum, product], &[], Some(ty))?,
            });
        }
        let dot = sum.ok_or_else(|| inst.error(ErrorKind::Invalid("a dot product of no lanes".into())))?;
        let value = if inst.opcode >= SDOT_ACC_SAT {
            let accumulator = self.value(state, inst, self.word(inst, 4)?)?;
            self.saturating_add(state, inst, location, dot, accumulator, inst.opcode != UDOT_ACC_SAT, ty, result_width)?
        } else {
            dot
        };
        self.define_value(state, inst, self.word(inst, 1)?, value)
    }

    /// `dot + accumulator` clamped to the range of `ty` (`width` bits): for
    /// signed values an overflow is a sum whose sign differs from that of
    /// two addends of the same sign, and gives the bound on the
    /// accumulator's side; unsigned, a sum below an addend gives all ones.
    #[allow(clippy::too_many_arguments)]
    fn saturating_add<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        dot: Value<'c, 'b>,
        accumulator: Value<'c, 'b>,
        signed: bool,
        ty: Type<'c>,
        width: u32,
    ) -> Result<Value<'c, 'b>> {
        let bool_type = self.parse_type("i1").ok_or_else(|| inst.error(ErrorKind::Invalid("i1".into())))?;
        let constant = |this: &mut Self, state: &mut FunctionState<'c, 'b, 'w>, bits: i128| {
            let attribute = this.attribute(inst, &format!("{bits} : {ty}"))?;
            this.emit(state, inst, location, "spirv.Constant", &[], &[(this.id("value"), attribute)], Some(ty))
        };
        let total = self.emit(state, inst, location, "spirv.IAdd", &[dot, accumulator], &[], Some(ty))?;
        if !signed {
            let wrapped =
                self.emit(state, inst, location, "spirv.ULessThan", &[total, accumulator], &[], Some(bool_type))?;
            let all_ones = constant(self, state, -1)?;
            return self.emit(state, inst, location, "spirv.Select", &[wrapped, all_ones, total], &[], Some(ty));
        }
        let zero = constant(self, state, 0)?;
        let mut negative = Vec::new();
        for value in [accumulator, dot, total] {
            negative.push(self.emit(state, inst, location, "spirv.SLessThan", &[value, zero], &[], Some(bool_type))?);
        }
        let same_signs =
            self.emit(state, inst, location, "spirv.LogicalEqual", &[negative[0], negative[1]], &[], Some(bool_type))?;
        let sign_flipped =
            self.emit(state, inst, location, "spirv.LogicalNotEqual", &[negative[2], negative[0]], &[], Some(bool_type))?;
        let overflow =
            self.emit(state, inst, location, "spirv.LogicalAnd", &[same_signs, sign_flipped], &[], Some(bool_type))?;
        let minimum = constant(self, state, -(1i128 << (width - 1)))?;
        let maximum = constant(self, state, (1i128 << (width - 1)) - 1)?;
        let bound = self.emit(state, inst, location, "spirv.Select", &[negative[0], minimum, maximum], &[], Some(ty))?;
        self.emit(state, inst, location, "spirv.Select", &[overflow, bound, total], &[], Some(ty))
    }

}
