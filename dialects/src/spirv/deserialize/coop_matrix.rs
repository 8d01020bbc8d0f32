//! SPV_KHR_cooperative_matrix's load, store and length, whose SPIR-V
//! operands the dialect's ops hold differently (docs/import.md,
//! "Cooperative matrices"):
//!
//! - `OpCooperativeMatrixLoadKHR` / `OpCooperativeMatrixStoreKHR`: the
//!   `MemoryLayout` is an `<id>` of a constant in SPIR-V and the
//!   `#spirv.coop_matrix_layout_khr` attribute in the dialect (`RowMajorKHR`
//!   and `ColumnMajorKHR` only: the layouts of other extensions, such as
//!   SPV_ARM_cooperative_matrix_layouts', are refused); the `Stride`, optional
//!   in SPIR-V, is an operand the dialect requires (a module without it is
//!   refused: both layouts the dialect has need one); the memory operands are
//!   read as `OpLoad`'s (memory_operands.rs), their scope `<id>`s consumed;
//! - `OpCooperativeMatrixLengthKHR`: its operand is a type `<id>`, the
//!   dialect's `cooperative_matrix_type` attribute.
//!
//! `OpCooperativeMatrixMulAddKHR` needs nothing of its own (the generated
//! table reads it).

use melior::ir::{
    Location,
    attribute::TypeAttribute,
    operation::OperationBuilder,
    r#type::IntegerType,
};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// Opcodes this module imports.
pub(super) mod opcode {
    pub const LOAD_KHR: u16 = 4457;
    pub const STORE_KHR: u16 = 4458;
    pub const LENGTH_KHR: u16 = 4460;
}

/// Whether this module imports `opcode`.
pub(super) fn imports(opcode: u16) -> bool {
    matches!(opcode, opcode::LOAD_KHR | opcode::STORE_KHR | opcode::LENGTH_KHR)
}

/// The `CooperativeMatrixLayoutKHR` values the dialect has.
const ROW_MAJOR: u32 = 0;
const COLUMN_MAJOR: u32 = 1;

impl<'c, 'w> Importer<'c, 'w> {
    /// One instruction of this module (see the module's documentation).
    pub(super) fn cooperative_matrix<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        if inst.opcode == opcode::LENGTH_KHR {
            let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
            if ty != IntegerType::new(self.context, 32).into() {
                return Err(inst.error(ErrorKind::Invalid(format!(
                    "OpCooperativeMatrixLengthKHR of type {ty} (a 32-bit integer)"
                ))));
            }
            let matrix = self.mlir_type(inst, self.word(inst, 2)?)?;
            if !matches!(SpirvType::parse(&matrix.to_string()), Ok(SpirvType::CooperativeMatrix { .. })) {
                return Err(inst.error(ErrorKind::Invalid(format!(
                    "OpCooperativeMatrixLengthKHR of {matrix} (not a cooperative matrix type)"
                ))));
            }
            if inst.words.len() != 3 {
                return Err(inst.error(ErrorKind::Malformed("OpCooperativeMatrixLengthKHR takes one operand".into())));
            }
            let attribute = (self.id("cooperative_matrix_type"), TypeAttribute::new(matrix).into());
            let value = self.emit(state, inst, location, "spirv.KHR.CooperativeMatrixLength", &[], &[attribute], Some(ty))?;
            return self.define_value(state, inst, self.word(inst, 1)?, value);
        }
        let load = inst.opcode == opcode::LOAD_KHR;
        // Load: type, result, pointer, layout, stride; store: pointer,
        // object, layout, stride.
        let first = if load { 2 } else { 0 };
        let pointer = self.value(state, inst, self.word(inst, first)?)?;
        let layout_id = self.word(inst, first + if load { 1 } else { 2 })?;
        self.check_bound(inst, layout_id)?;
        let name = if load { "OpCooperativeMatrixLoadKHR" } else { "OpCooperativeMatrixStoreKHR" };
        let layout = match self.constant_u32(layout_id) {
            Some(layout @ (ROW_MAJOR | COLUMN_MAJOR)) => layout,
            Some(other) => {
                return Err(inst.error(ErrorKind::Unsupported(format!(
                    "{name} with memory layout {other} (RowMajorKHR and ColumnMajorKHR only)"
                ))));
            }
            None => {
                return Err(inst.error(ErrorKind::Unsupported(format!(
                    "{name} whose memory layout is not a constant"
                ))));
            }
        };
        let stride_at = first + if load { 2 } else { 3 };
        let stride_id = inst.words.get(stride_at).copied().ok_or_else(|| {
            inst.error(ErrorKind::Unsupported(format!("{name} without a Stride (the dialect's op needs one)")))
        })?;
        let stride = self.value(state, inst, stride_id)?;
        let mut operands = vec![pointer];
        if !load {
            operands.push(self.value(state, inst, self.word(inst, 1)?)?);
        }
        operands.push(stride);
        let mut attributes = vec![(self.id("matrix_layout"), self.enum_attribute(inst, "coop_matrix_layout_khr", layout)?)];
        let mut at = stride_at + 1;
        if at < inst.words.len() {
            at = self.memory_operands(inst, at, "memory_operand", "alignment", false, &mut attributes)?;
        }
        if at != inst.words.len() {
            return Err(inst.error(ErrorKind::Malformed(format!(
                "{name} with {} more words than its memory operands",
                inst.words.len() - at
            ))));
        }
        let op_name = if load { "spirv.KHR.CooperativeMatrixLoad" } else { "spirv.KHR.CooperativeMatrixStore" };
        if load {
            let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
            let value = self.emit(state, inst, location, op_name, &operands, &attributes, Some(ty))?;
            return self.define_value(state, inst, self.word(inst, 1)?, value);
        }
        let operation = OperationBuilder::new(op_name, location).add_operands(&operands).add_attributes(&attributes).build();
        self.append(inst, state.current(), operation)?;
        Ok(())
    }
}
