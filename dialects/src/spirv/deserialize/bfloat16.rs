//! SPV_EXT_bfloat16_arithmetic (capability `BFloat16ArithmeticEXT`, 6226;
//! formerly SPV_INTEL_bfloat16_arithmetic): arithmetic, relational and
//! extended instructions on bfloat16 scalars, vectors and cooperative
//! matrices, which MLIR 22's dialect refuses on `bf16` (docs/import.md,
//! "bfloat16").
//!
//! Each such instruction is computed in `f32` and rounded to bfloat16 once:
//! its bfloat16 operands are widened (`spirv.FConvert`, exact), the
//! instruction is imported as usual on those `f32` values (its result type
//! read as the `f32` one of the same shape), and a bfloat16 result is
//! narrowed (`spirv.FConvert`, to nearest even). `f32` has 24 significant
//! bits, more than 2 * 8 + 2: an addition, subtraction, multiplication,
//! division or square root rounded to `f32` and then to bfloat16 is the
//! correctly rounded bfloat16 result (a double rounding that is innocuous),
//! and a remainder, a negation, a minimum or a comparison is exact.
//! `OpDot` is a sequence of such operations: each product rounded to
//! bfloat16, then added to the sum in order, each sum rounded.

use std::sync::Arc;

use melior::ir::{
    Attribute, BlockLike, Location, RegionLike, Type, Value, ValueLike,
    operation::{OperationBuilder, OperationLike},
};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result, op},
    reader::Inst,
};
use crate::spirv::types::{FloatKind, SpirvType};

/// The opcodes SPV_EXT_bfloat16_arithmetic allows on bfloat16 operands,
/// with where their value operands start (after result type and `<id>`;
/// `OpExtInst` after its set and number).
const OPCODES: &[u16] = &[
    127, // OpFNegate
    129, // OpFAdd
    131, // OpFSub
    133, // OpFMul
    136, // OpFDiv
    140, // OpFRem
    141, // OpFMod
    142, // OpVectorTimesScalar
    143, // OpMatrixTimesScalar
    156, // OpIsNan
    157, // OpIsInf
    158, // OpIsFinite
    159, // OpIsNormal
    160, // OpSignBitSet
    161, // OpLessOrGreater
    162, // OpOrdered
    163, // OpUnordered
    180, // OpFOrdEqual
    181, // OpFUnordEqual
    182, // OpFOrdNotEqual
    183, // OpFUnordNotEqual
    184, // OpFOrdLessThan
    185, // OpFUnordLessThan
    186, // OpFOrdGreaterThan
    187, // OpFUnordGreaterThan
    188, // OpFOrdLessThanEqual
    189, // OpFUnordLessThanEqual
    190, // OpFOrdGreaterThanEqual
    191, // OpFUnordGreaterThanEqual
    op::EXT_INST,
];

/// `OpDot`.
const DOT: u16 = 148;
/// GLSL.std.450 `Fma`, OpenCL.std `fma` and `mad`.
const GLSL_FMA: u32 = 50;
const OPENCL_FMA: u32 = 26;
const OPENCL_MAD: u32 = 42;

/// Whether `ty` is a pointer to a bfloat16 scalar or vector (the second
/// result of OpenCL.std `fract`, `modf`, `sincos`; GLSL.std.450 `Modf`).
fn points_to_bfloat16(text: &str) -> bool {
    matches!(SpirvType::parse(text), Ok(SpirvType::Pointer { pointee, .. }) if holds_bfloat16(&pointee))
}

/// Whether `ty` is a bfloat16 scalar, vector or cooperative matrix.
fn holds_bfloat16(ty: &SpirvType) -> bool {
    match ty {
        SpirvType::Float(FloatKind::BF16) => true,
        SpirvType::Vector { element, .. } | SpirvType::CooperativeMatrix { element, .. } => {
            matches!(element.as_ref(), SpirvType::Float(FloatKind::BF16))
        }
        _ => false,
    }
}

impl<'c, 'w> Importer<'c, 'w> {
    /// The `f32` type of the shape of the bfloat16 type `ty`, and its model.
    fn widened_type(&self, inst: &Inst<'_>, ty: Type<'c>) -> Result<(Type<'c>, SpirvType)> {
        let text = ty.to_string().replace("bf16", "f32");
        let invalid = || inst.error(ErrorKind::Invalid(format!("the f32 type of {ty}")));
        let wide = self.parse_type(&text).ok_or_else(invalid)?;
        let model = SpirvType::parse(&text).map_err(|_| invalid())?;
        Ok((wide, model))
    }

    /// An instruction of SPV_EXT_bfloat16_arithmetic with a bfloat16
    /// operand or result, computed in `f32` (see the module's
    /// documentation); false (nothing done) for any other instruction.
    pub(super) fn bfloat16_arithmetic<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<bool> {
        let dot = inst.opcode == DOT;
        if !dot && !OPCODES.contains(&inst.opcode) {
            return Ok(false);
        }
        let first = if inst.opcode == op::EXT_INST { 4 } else { 2 };
        if inst.words.len() < first {
            return Ok(false);
        }
        let (type_id, id) = (self.word(inst, 0)?, self.word(inst, 1)?);
        let result_bf16 = self.type_models.get(&type_id).is_some_and(|model| holds_bfloat16(model));
        // Whether a bfloat16 value takes part, read without materializing
        // anything (an extended instruction's literal may be an <id>'s
        // number): the values defined so far, then the constants.
        let operand_bf16 = inst.words[first..].iter().any(|operand| match state.values.get(operand) {
            Some(value) => SpirvType::parse(&value.r#type().to_string()).is_ok_and(|model| holds_bfloat16(&model)),
            None => self
                .constants
                .get(operand)
                .and_then(|(type_id, _)| self.type_models.get(type_id))
                .is_some_and(|model| holds_bfloat16(model)),
        });
        if !result_bf16 && !operand_bf16 {
            return Ok(false);
        }
        let mut operands = Vec::new();
        for &operand in &inst.words[first..] {
            // An extended instruction's operand may be a literal (OpenCL.std's
            // vector sizes): only <id>s of values take part.
            let value = match self.value(state, inst, operand) {
                Ok(value) => value,
                Err(_) if inst.opcode == op::EXT_INST => continue,
                Err(error) => return Err(error),
            };
            let bf16 = SpirvType::parse(&value.r#type().to_string()).is_ok_and(|model| holds_bfloat16(&model));
            operands.push((operand, value, bf16));
        }
        if !result_bf16 && !operands.iter().any(|(_, _, bf16)| *bf16) {
            return Ok(false);
        }
        if inst.opcode != op::EXT_INST
            && (operands.iter().any(|(_, _, bf16)| !*bf16) || operands.is_empty())
        {
            // The instruction's float operands all have the result's
            // component type (the comparisons: each other's).
            let types: Vec<String> = operands.iter().map(|(_, value, _)| value.r#type().to_string()).collect();
            return Err(inst.error(ErrorKind::Invalid(format!(
                "{} mixing bfloat16 with other operands ({})",
                super::importer::opcode_name(inst.opcode),
                types.join(", ")
            ))));
        }
        if inst.opcode == op::EXT_INST {
            let set = self.word(inst, 2)?;
            let number = self.word(inst, 3)?;
            let set_name = self.ext_sets.get(&set).cloned().unwrap_or_default();
            if set_name != "GLSL.std.450" && set_name != "OpenCL.std" {
                // NonSemantic sets (DebugPrintf): nothing computed.
                return Ok(false);
            }
            let fused = (set_name == "GLSL.std.450" && number == GLSL_FMA)
                || (set_name == "OpenCL.std" && matches!(number, OPENCL_FMA | OPENCL_MAD));
            if fused && result_bf16 {
                let &[(_, a, true), (_, b, true), (_, c, true)] = operands.as_slice() else {
                    return Err(inst.error(ErrorKind::Invalid("a bfloat16 fma takes three bfloat16 operands".into())));
                };
                let ty = self.mlir_type(inst, type_id)?;
                let value = self.bfloat16_fma(state, inst, location, [a, b, c], ty)?;
                self.define_value(state, inst, id, value)?;
                return Ok(true);
            }
        }
        if dot {
            let &[(_, a, true), (_, b, true)] = operands.as_slice() else {
                return Err(inst.error(ErrorKind::Invalid("OpDot of bfloat16 takes two bfloat16 vectors".into())));
            };
            let value = self.bfloat16_dot(state, inst, location, a, b)?;
            self.define_value(state, inst, id, value)?;
            return Ok(true);
        }
        // Every bfloat16 operand widened, standing for its <id> while the
        // instruction is imported as usual; the result type likewise. A
        // pointer to bfloat16 that an extended instruction writes through
        // (`fract`, `modf`, `sincos`, GLSL `Modf`) stands as a Function
        // variable of the f32 shape, narrowed into the pointee after.
        let mut saved = Vec::new();
        let mut written = Vec::new();
        for (operand, value, bf16) in operands {
            if saved.iter().any(|(seen, _)| *seen == operand) {
                continue;
            }
            let text = value.r#type().to_string();
            if inst.opcode == op::EXT_INST && points_to_bfloat16(&text) {
                let Ok(SpirvType::Pointer { pointee, .. }) = SpirvType::parse(&text) else { continue };
                let narrow = self
                    .parse_type(&pointee.to_string())
                    .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("the pointee of {text}"))))?;
                let (wide, _) = self.widened_type(inst, narrow)?;
                let temporary = self.entry_variable(state, inst, location, wide)?;
                written.push((value, temporary, wide, narrow));
                saved.push((operand, state.values.insert(operand, temporary)));
                continue;
            }
            if !bf16 {
                continue;
            }
            let (wide, _) = self.widened_type(inst, value.r#type())?;
            let widened = self.emit(state, inst, location, "spirv.FConvert", &[value], &[], Some(wide))?;
            saved.push((operand, state.values.insert(operand, widened)));
        }
        let narrow = if result_bf16 {
            let narrow_type = self.mlir_type(inst, type_id)?;
            let (wide, model) = self.widened_type(inst, narrow_type)?;
            let narrow_model = self.type_models.insert(type_id, Arc::new(model));
            self.mlir_types.insert(type_id, wide);
            Some((narrow_type, narrow_model))
        } else {
            None
        };
        let imported = self.instruction(state, inst, location);
        for (operand, old) in saved {
            match old {
                Some(old) => state.values.insert(operand, old),
                None => state.values.remove(&operand),
            };
        }
        if imported.is_ok() {
            for (pointer, temporary, wide, narrow) in written {
                let value = self.emit(state, inst, location, "spirv.Load", &[temporary], &[], Some(wide))?;
                let value = self.emit(state, inst, location, "spirv.FConvert", &[value], &[], Some(narrow))?;
                let store = OperationBuilder::new("spirv.Store", location).add_operands(&[pointer, value]).build();
                self.append(inst, state.current(), store)?;
            }
        }
        if let Some((narrow_type, narrow_model)) = narrow {
            self.mlir_types.insert(type_id, narrow_type);
            if let Some(model) = narrow_model {
                self.type_models.insert(type_id, model);
            }
            imported?;
            let wide = state
                .values
                .remove(&id)
                .ok_or_else(|| inst.error(ErrorKind::Invalid("a bfloat16 instruction without a result".into())))?;
            let mut value = self.emit(state, inst, location, "spirv.FConvert", &[wide], &[], Some(narrow_type))?;
            if inst.opcode == op::EXT_INST
                && self.ext_sets.get(&self.word(inst, 2)?).is_some_and(|set| set == "OpenCL.std")
                && rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE
                    .lookup_opcode(self.word(inst, 3)?)
                    .is_some_and(|grammar| grammar.opname == "fract")
            {
                value = self.bfloat16_fract_bound(state, inst, location, value, narrow_type)?;
            }
            self.define_value(state, inst, id, value)?;
        } else {
            imported?;
        }
        Ok(true)
    }

    /// OpenCL.std `fract` is `fmin(x - floor(x), <the largest value below
    /// 1>)`: in `f32` that bound is `0x1.fffffep-1`, which rounds up to 1 in
    /// bfloat16, so the narrowed result is bounded again by bfloat16's
    /// (`0x1.fep-1`), as bfloat16 arithmetic would give. NaNs stay (an
    /// ordered comparison).
    fn bfloat16_fract_bound<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        // Compared and selected in f32 (the dialect takes no bf16 there);
        // both conversions are exact.
        let (wide, _) = self.widened_type(inst, ty)?;
        let boolean = self.bool_type_like(inst, wide)?;
        let widened = self.emit(state, inst, location, "spirv.FConvert", &[value], &[], Some(wide))?;
        let one = self.splat_constant(state, inst, location, "1.0", wide)?;
        let below = self.splat_constant(state, inst, location, "0.99609375", wide)?;
        let reached = self.emit(state, inst, location, "spirv.FOrdGreaterThanEqual", &[widened, one], &[], Some(boolean))?;
        let bounded = self.emit(state, inst, location, "spirv.Select", &[reached, below, widened], &[], Some(wide))?;
        self.emit(state, inst, location, "spirv.FConvert", &[bounded], &[], Some(ty))
    }

    /// A `Function` variable holding `pointee`, made at the start of the
    /// function's entry block (where SPIR-V has its variables, so that the
    /// lowering's `alloca` is made once, not per loop iteration); its
    /// pointer.
    fn entry_variable<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        pointee: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        // Up from the block being filled through the structured
        // constructs' ops to the function's region (not yet in its
        // `spirv.func`, which is built after its body).
        let mut block = state.current();
        while let Some(block_of_parent) = block.parent_operation().and_then(|parent| parent.block()) {
            block = block_of_parent;
        }
        let entry = block
            .parent_region()
            .and_then(|region| region.first_block())
            .ok_or_else(|| inst.error(ErrorKind::Invalid("an instruction outside a function".into())))?;
        let variable = self.function_variable(inst, location, &pointee.to_string())?;
        let variable = entry.insert_operation(0, variable);
        Ok(variable.result(0).map_err(inst.invalid())?.into())
    }

    /// A constant of `ty` (a scalar or a vector, splat) from `value`'s text.
    fn splat_constant<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: &str,
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let text = if ty.to_string().starts_with("vector") { format!("dense<{value}> : {ty}") } else { format!("{value} : {ty}") };
        let attribute = Attribute::parse(self.context, &text)
            .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("the constant {text}"))))?;
        self.emit(state, inst, location, "spirv.Constant", &[], &[(self.id("value"), attribute)], Some(ty))
    }

    /// A fused multiply-add of bfloat16 values, rounded once: in `f64`,
    /// where the product is exact (16 significant bits) and the sum rounds
    /// (only when the terms are more than 37 bits apart); its rounding
    /// error (Knuth's two-sum, exact) makes it rounded to odd (the last
    /// bit set, one step toward the exact value, when inexact and even),
    /// and the conversion to bfloat16 (through `f32` rounded to odd, then
    /// to nearest even: cast-ops page) then rounds the exact value once.
    /// Computed in `f32`, a sum landing on a bfloat16 tie would round twice.
    fn bfloat16_fma<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        operands: [Value<'c, 'b>; 3],
        ty: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let text = ty.to_string();
        let shaped = |element: &str| text.replace("bf16", element);
        let invalid = || inst.error(ErrorKind::Invalid(format!("the f64 types of {text}")));
        let double = self.parse_type(&shaped("f64")).ok_or_else(invalid)?;
        let integer = self.parse_type(&shaped("i64")).ok_or_else(invalid)?;
        let boolean = self.parse_type(&shaped("i1")).ok_or_else(invalid)?;
        let mut wide = Vec::new();
        for operand in operands {
            wide.push(self.emit(state, inst, location, "spirv.FConvert", &[operand], &[], Some(double))?);
        }
        let op = |this: &mut Self, state: &mut FunctionState<'c, 'b, 'w>, name: &str, args: &[Value<'c, 'b>], result: Type<'c>| {
            this.emit(state, inst, location, name, args, &[], Some(result))
        };
        let product = op(self, state, "spirv.FMul", &[wide[0], wide[1]], double)?;
        let sum = op(self, state, "spirv.FAdd", &[product, wide[2]], double)?;
        // Two-sum: err = (p - (s - bb)) + (c - bb), bb = s - p.
        let bb = op(self, state, "spirv.FSub", &[sum, product], double)?;
        let aa = op(self, state, "spirv.FSub", &[sum, bb], double)?;
        let product_error = op(self, state, "spirv.FSub", &[product, aa], double)?;
        let addend_error = op(self, state, "spirv.FSub", &[wide[2], bb], double)?;
        let error = op(self, state, "spirv.FAdd", &[product_error, addend_error], double)?;
        let zero = self.splat_constant(state, inst, location, "0.0", double)?;
        let one = self.splat_constant(state, inst, location, "1", integer)?;
        let integer_zero = self.splat_constant(state, inst, location, "0", integer)?;
        let bits = op(self, state, "spirv.Bitcast", &[sum], integer)?;
        let low = op(self, state, "spirv.BitwiseAnd", &[bits, one], integer)?;
        let even = op(self, state, "spirv.IEqual", &[low, integer_zero], boolean)?;
        // A NaN or infinite sum has a NaN error: never inexact.
        let inexact = op(self, state, "spirv.FOrdNotEqual", &[error, zero], boolean)?;
        let error_up = op(self, state, "spirv.FOrdGreaterThan", &[error, zero], boolean)?;
        let sum_up = op(self, state, "spirv.FOrdGreaterThan", &[sum, zero], boolean)?;
        let away = op(self, state, "spirv.LogicalEqual", &[error_up, sum_up], boolean)?;
        let larger = op(self, state, "spirv.IAdd", &[bits, one], integer)?;
        let smaller = op(self, state, "spirv.ISub", &[bits, one], integer)?;
        let moved = op(self, state, "spirv.Select", &[away, larger, smaller], integer)?;
        let adjust = op(self, state, "spirv.LogicalAnd", &[inexact, even], boolean)?;
        let odd_bits = op(self, state, "spirv.Select", &[adjust, moved, bits], integer)?;
        let odd = op(self, state, "spirv.Bitcast", &[odd_bits], double)?;
        op(self, state, "spirv.FConvert", &[odd], ty)
    }

    /// `OpDot` of bfloat16 vectors: each product rounded to bfloat16, then
    /// the products summed in order, each sum rounded.
    fn bfloat16_dot<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        a: Value<'c, 'b>,
        b: Value<'c, 'b>,
    ) -> Result<Value<'c, 'b>> {
        let vector = a.r#type();
        let (Ok(SpirvType::Vector { count, .. }), true) = (SpirvType::parse(&vector.to_string()), b.r#type() == vector) else {
            return Err(inst.error(ErrorKind::Invalid(format!("OpDot of {} and {}", vector, b.r#type()))));
        };
        let (wide, _) = self.widened_type(inst, vector)?;
        let invalid = || inst.error(ErrorKind::Invalid("bfloat16 types".into()));
        let (bf16, f32) = (self.parse_type("bf16").ok_or_else(invalid)?, self.parse_type("f32").ok_or_else(invalid)?);
        let wide_a = self.emit(state, inst, location, "spirv.FConvert", &[a], &[], Some(wide))?;
        let wide_b = self.emit(state, inst, location, "spirv.FConvert", &[b], &[], Some(wide))?;
        let products = self.emit(state, inst, location, "spirv.FMul", &[wide_a, wide_b], &[], Some(wide))?;
        let rounded = self.emit(state, inst, location, "spirv.FConvert", &[products], &[], Some(vector))?;
        let products = self.emit(state, inst, location, "spirv.FConvert", &[rounded], &[], Some(wide))?;
        let mut sum = self.extract_lane(state, inst, location, products, 0, f32)?;
        for lane in 1..count {
            let product = self.extract_lane(state, inst, location, products, lane, f32)?;
            let exact = self.emit(state, inst, location, "spirv.FAdd", &[sum, product], &[], Some(f32))?;
            let rounded = self.emit(state, inst, location, "spirv.FConvert", &[exact], &[], Some(bf16))?;
            sum = self.emit(state, inst, location, "spirv.FConvert", &[rounded], &[], Some(f32))?;
        }
        self.emit(state, inst, location, "spirv.FConvert", &[sum], &[], Some(bf16))
    }
}
