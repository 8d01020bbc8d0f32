//! Value instructions the dialect has no op for, most of them from
//! extensions, each exactly what a dialect op (or a few) computes
//! (docs/import.md lists each):
//!
//! - `OpSizeOf` (Kernel): the byte size of the pointee type as OpenCL C lays
//!   it out, a `spirv.Constant` (see [`kernel_size_and_alignment`]);
//! - `OpFmaKHR` (SPV_KHR_fma): the fused multiply-add, `spirv.GL.Fma`
//!   (the extension defines it as GLSL.std.450 `Fma` and OpenCL.std `fma`
//!   are: one rounding);
//! - `OpArithmeticFenceEXT` (SPV_EXT_arithmetic_fence): its operand; the
//!   fence only forbids reassociating across it, and the lowering never
//!   reassociates floating-point operations;
//! - `OpCompositeConstructReplicateEXT` (SPV_EXT_replicated_composites):
//!   `spirv.CompositeConstruct` of one copy of the operand per constituent
//!   of the result type;
//! - `OpReadClockKHR` (SPV_KHR_shader_clock): a call to the builtin
//!   `__spirv_ReadClockKHR_R{ulong,v2uint}(scope)`, which `passes/src/builtins/rules.rs`
//!   defines as the processor's cycle counter (no dialect op reads one).

use melior::ir::{Location, ValueLike, r#type::IntegerType};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// Opcodes this module imports.
pub(super) mod opcode {
    pub const SIZE_OF: u16 = 321;
    pub const FMA_KHR: u16 = 4427;
    pub const COMPOSITE_CONSTRUCT_REPLICATE_EXT: u16 = 4463;
    pub const READ_CLOCK_KHR: u16 = 5056;
    pub const ARITHMETIC_FENCE_EXT: u16 = 6145;
}

/// Whether this module imports `opcode`.
pub(super) fn imports(opcode: u16) -> bool {
    matches!(
        opcode,
        opcode::SIZE_OF
            | opcode::FMA_KHR
            | opcode::COMPOSITE_CONSTRUCT_REPLICATE_EXT
            | opcode::ARITHMETIC_FENCE_EXT
            | opcode::READ_CLOCK_KHR
    )
}

impl<'c, 'w> Importer<'c, 'w> {
    /// One instruction of this module (see the module's documentation).
    pub(super) fn value_extension<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
        if inst.opcode == opcode::SIZE_OF {
            let pointer = self.value(state, inst, self.word(inst, 2)?)?;
            let pointer_bytes = if self.memory_model.is_some_and(|(addressing, _)| addressing == PHYSICAL32) { 4 } else { 8 };
            let size = match SpirvType::parse(&pointer.r#type().to_string()) {
                Ok(SpirvType::Pointer { pointee, .. }) => kernel_size_and_alignment(&pointee, pointer_bytes),
                _ => None,
            };
            let size = size.ok_or_else(|| {
                inst.error(ErrorKind::Unsupported(format!("OpSizeOf of a {} (no OpenCL C size)", pointer.r#type())))
            })?;
            let width = IntegerType::try_from(ty)
                .map(|ty| ty.width())
                .map_err(|_| inst.error(ErrorKind::Invalid(format!("OpSizeOf of type {ty} (not an integer)"))))?;
            let value = self.integer_constant(state, inst, location, width, size.0 as i64)?;
            return self.define_value(state, inst, self.word(inst, 1)?, value);
        }
        if inst.opcode == opcode::READ_CLOCK_KHR {
            // The scope is an <id>: its value is the builtin's argument.
            let scope = self.scope_or_semantics(inst, "scope", self.word(inst, 2)?)?;
            let scope = self.integer_constant(state, inst, location, 32, i64::from(scope))?;
            // The result type is in the name, as the SPIRV-LLVM-Translator
            // spells it: the mangling does not say it.
            let builtin = match ty.to_string().as_str() {
                "i64" => "__spirv_ReadClockKHR_Rulong",
                "vector<2xi32>" => "__spirv_ReadClockKHR_Rv2uint",
                other => {
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "OpReadClockKHR of type {other} (a 64-bit integer or a vector of two 32-bit ones)"
                    ))));
                }
            };
            let clock = self.call_builtin(state, inst, location, builtin, &[scope], ty)?;
            return self.define_value(state, inst, self.word(inst, 1)?, clock);
        }
        let mut operands = Vec::new();
        for &operand in inst.words.get(2..).unwrap_or_default() {
            operands.push(self.value(state, inst, operand)?);
        }
        let wanted = if inst.opcode == opcode::FMA_KHR { 3 } else { 1 };
        if operands.len() != wanted {
            return Err(inst.error(ErrorKind::Malformed(format!("the instruction takes {wanted} operands"))));
        }
        let value = match inst.opcode {
            opcode::FMA_KHR => self.emit(state, inst, location, "spirv.GL.Fma", &operands, &[], Some(ty))?,
            opcode::ARITHMETIC_FENCE_EXT => operands[0],
            _ => {
                // One copy per constituent: lanes of a vector, members of a
                // struct, elements of an array, columns of a matrix.
                let count = match SpirvType::parse(&ty.to_string()).ok().and_then(|model| model.vector_count()) {
                    Some(lanes) => lanes as usize,
                    None => self.composite_members(inst, ty)?.map(|members| members.len()).ok_or_else(|| {
                        inst.error(ErrorKind::Invalid(format!("a replicated composite of type {ty} (not a composite)")))
                    })?,
                };
                let copies = vec![operands[0]; count];
                if let Some(member) = self.composite_members(inst, ty)?.and_then(|members| {
                    members.into_iter().find(|member| *member != operands[0].r#type())
                }) {
                    return Err(inst.error(ErrorKind::Invalid(format!(
                        "a replicated composite of {ty} from a {}, not its constituent type {member}",
                        operands[0].r#type()
                    ))));
                }
                self.emit(state, inst, location, "spirv.CompositeConstruct", &copies, &[], Some(ty))?
            }
        };
        self.define_value(state, inst, self.word(inst, 1)?, value)
    }
}

/// The addressing model `Physical32`: pointers of 4 bytes (8 otherwise).
const PHYSICAL32: u32 = 1;

/// Size and alignment in bytes of `ty` as OpenCL C lays it out (C's rules
/// with natural alignment; a 3-component vector takes four components'
/// space and alignment; an array's stride, when decorated, is its element
/// step), pointers taking `pointer_bytes`. `None` for types without one
/// (booleans, opaque and runtime-sized types).
fn kernel_size_and_alignment(ty: &SpirvType, pointer_bytes: u64) -> Option<(u64, u64)> {
    let align_up = |offset: u64, alignment: u64| offset.div_ceil(alignment) * alignment;
    Some(match ty {
        // Booleans have no size in memory.
        SpirvType::Integer { width, .. } if *width < 8 => return None,
        SpirvType::Integer { width, .. } => (u64::from(*width / 8), u64::from(*width / 8)),
        SpirvType::Float(_) => {
            let bytes = u64::from(ty.bit_width()? / 8);
            (bytes, bytes)
        }
        SpirvType::Vector { count, element } => {
            let lanes = if *count == 3 { 4 } else { u64::from(*count) };
            let (element_size, _) = kernel_size_and_alignment(element, pointer_bytes)?;
            (lanes * element_size, lanes * element_size)
        }
        SpirvType::Array { count, element, stride } => {
            let (element_size, alignment) = kernel_size_and_alignment(element, pointer_bytes)?;
            let step = stride.map_or(element_size, u64::from);
            (u64::from(*count).checked_mul(step)?, alignment)
        }
        SpirvType::Struct(structure) => {
            let (mut end, mut alignment) = (0u64, 1u64);
            for member in &structure.members {
                let (size, member_alignment) = kernel_size_and_alignment(&member.ty, pointer_bytes)?;
                let offset = member.offset.map_or_else(|| align_up(end, member_alignment), u64::from);
                end = end.max(offset.checked_add(size)?);
                alignment = alignment.max(member_alignment);
            }
            (align_up(end, alignment), alignment)
        }
        SpirvType::Pointer { .. } => (pointer_bytes, pointer_bytes),
        _ => return None,
    })
}
