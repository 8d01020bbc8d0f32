//! The SPIR-V grammar beyond rspirv's tables: capabilities and instructions
//! that SPIR-V headers newer than the SDK rspirv 0.13 was generated from
//! define, and that real compilers already emit (glslang for ggml's `dot2`
//! shaders: `SPV_VALVE_mixed_float_dot_product`).
//!
//! The reader counts these instructions' words as it does the grammar's
//! plain instructions, and lets their capabilities through; the importer
//! expands the instructions ([`super::importer`]'s `newer_instruction`).
//! Each row is a fact of the SPIR-V registry (its JSON grammar and
//! extension specifications), kept short on purpose: when rspirv's grammar
//! catches up, a row moves out (the unit test below says when).

use melior::ir::{Location, ValueLike};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// A capability by value and name.
pub(super) struct NewerCapability {
    pub value: u32,
    pub name: &'static str,
}

/// An instruction whose operands are a result type, a result `<id>` and
/// `operands` more `<id>`s, and the extension defining it
/// (scripts/instruction-table reads these rows too).
pub(super) struct NewerInstruction {
    pub opcode: u16,
    pub name: &'static str,
    pub extension: &'static str,
    pub operands: usize,
}

/// SPV_VALVE_mixed_float_dot_product; SPV_EXT_bfloat16_arithmetic
/// (formerly SPV_INTEL_bfloat16_arithmetic's `BFloat16ArithmeticINTEL`, the
/// same value).
pub(super) const CAPABILITIES: &[NewerCapability] = &[
    NewerCapability { value: 6226, name: "BFloat16ArithmeticEXT" },
    NewerCapability { value: 6912, name: "DotProductFloat16AccFloat32VALVE" },
    NewerCapability { value: 6913, name: "DotProductFloat16AccFloat16VALVE" },
    NewerCapability { value: 6914, name: "DotProductBFloat16AccVALVE" },
    NewerCapability { value: 6915, name: "DotProductFloat8AccFloat32VALVE" },
];

/// SPV_VALVE_mixed_float_dot_product: `Result = Accumulator + Σ Vector1[i] *
/// Vector2[i]` over a 2-component (4 for the 8-bit floats) vector.
pub(super) const INSTRUCTIONS: &[NewerInstruction] = &[
    NewerInstruction {
        opcode: FDOT2_MIX_ACC32_VALVE,
        name: "OpFDot2MixAcc32VALVE",
        extension: "SPV_VALVE_mixed_float_dot_product",
        operands: 3,
    },
    NewerInstruction {
        opcode: FDOT2_MIX_ACC16_VALVE,
        name: "OpFDot2MixAcc16VALVE",
        extension: "SPV_VALVE_mixed_float_dot_product",
        operands: 3,
    },
    NewerInstruction {
        opcode: FDOT4_MIX_ACC32_VALVE,
        name: "OpFDot4MixAcc32VALVE",
        extension: "SPV_VALVE_mixed_float_dot_product",
        operands: 3,
    },
];

pub(super) const FDOT2_MIX_ACC32_VALVE: u16 = 6916;
pub(super) const FDOT2_MIX_ACC16_VALVE: u16 = 6917;
pub(super) const FDOT4_MIX_ACC32_VALVE: u16 = 6918;

/// The capability of this value, if only the newer grammar has it.
pub(super) fn capability(value: u32) -> Option<&'static NewerCapability> {
    CAPABILITIES.iter().find(|capability| capability.value == value)
}

/// The instruction of this opcode, if only the newer grammar has it.
pub(super) fn instruction(opcode: u16) -> Option<&'static NewerInstruction> {
    INSTRUCTIONS.iter().find(|inst| inst.opcode == opcode)
}

/// The name of a capability, from rspirv's grammar or the newer one.
pub(super) fn capability_name(value: u32) -> Option<String> {
    rspirv::spirv::Capability::from_u32(value)
        .map(|capability| format!("{capability:?}"))
        .or_else(|| capability(value).map(|capability| capability.name.to_owned()))
}

impl<'c, 'w> Importer<'c, 'w> {
    /// An instruction only newer SPIR-V headers define, as dialect ops with
    /// its meaning:
    /// - `OpFDot2MixAcc32VALVE` (f16 vectors, f32 accumulator) and
    ///   `OpFDot2MixAcc16VALVE` (f16 accumulator): both vectors converted to
    ///   f32 (exactly), multiplied lane by lane (exact: a product of two
    ///   halves has at most 22 significant bits), the two products added,
    ///   then the accumulator, in f32; the 16-bit form rounds that sum to
    ///   f16 once. Hardware may fuse more; each step here is at least as
    ///   precise as the half-precision arithmetic Vulkan requires.
    /// - `OpFDot4MixAcc32VALVE` takes 8-bit float vectors, which the
    ///   SPV_EXT_float8 rewrite expands before import (float8.rs): one
    ///   reaching here has other operands, refused, naming it.
    pub(super) fn newer_instruction<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let (name, extension) = instruction(inst.opcode).map_or(("?", "?"), |newer| (newer.name, newer.extension));
        let result_type = self.mlir_type(inst, self.word(inst, 0)?)?;
        let first = self.value(state, inst, self.word(inst, 2)?)?;
        let second = self.value(state, inst, self.word(inst, 3)?)?;
        let accumulator = self.value(state, inst, self.word(inst, 4)?)?;
        let lanes = SpirvType::parse(&first.r#type().to_string()).ok().and_then(|model| model.vector_count());
        if inst.opcode == FDOT4_MIX_ACC32_VALVE || lanes != Some(2) {
            return Err(inst.error(ErrorKind::Unsupported(format!(
                "{name} ({extension}) of {}: vectors of 2 half-precision floats only (the dialect has no 8-bit float type)",
                first.r#type()
            ))));
        }
        let f32_type = self.parse_type("f32").ok_or_else(|| inst.error(ErrorKind::Invalid("f32".into())))?;
        let vector_type =
            self.parse_type("vector<2xf32>").ok_or_else(|| inst.error(ErrorKind::Invalid("vector<2xf32>".into())))?;
        let wide_first = self.emit(state, inst, location, "spirv.FConvert", &[first], &[], Some(vector_type))?;
        let wide_second = self.emit(state, inst, location, "spirv.FConvert", &[second], &[], Some(vector_type))?;
        let products =
            self.emit(state, inst, location, "spirv.FMul", &[wide_first, wide_second], &[], Some(vector_type))?;
        let low = self.extract_lane(state, inst, location, products, 0, f32_type)?;
        let high = self.extract_lane(state, inst, location, products, 1, f32_type)?;
        let dot = self.emit(state, inst, location, "spirv.FAdd", &[low, high], &[], Some(f32_type))?;
        let result = if inst.opcode == FDOT2_MIX_ACC32_VALVE {
            self.emit(state, inst, location, "spirv.FAdd", &[accumulator, dot], &[], Some(result_type))?
        } else {
            let wide_accumulator =
                self.emit(state, inst, location, "spirv.FConvert", &[accumulator], &[], Some(f32_type))?;
            let sum = self.emit(state, inst, location, "spirv.FAdd", &[wide_accumulator, dot], &[], Some(f32_type))?;
            self.emit(state, inst, location, "spirv.FConvert", &[sum], &[], Some(result_type))?
        };
        self.define_value(state, inst, self.word(inst, 1)?, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row rspirv's grammar has learnt is no longer "newer": remove it.
    #[test]
    fn rows_are_not_in_rspirvs_grammar() {
        for capability in CAPABILITIES {
            assert!(rspirv::spirv::Capability::from_u32(capability.value).is_none(), "{}", capability.name);
        }
        for inst in INSTRUCTIONS {
            assert!(
                rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(u32::from(inst.opcode)).is_none(),
                "{}",
                inst.name
            );
        }
    }

    #[test]
    fn names_come_from_either_grammar() {
        assert_eq!(capability_name(1).as_deref(), Some("Shader"));
        assert_eq!(capability_name(6912).as_deref(), Some("DotProductFloat16AccFloat32VALVE"));
        assert_eq!(capability_name(99999), None);
    }
}
