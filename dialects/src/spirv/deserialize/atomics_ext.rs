//! Atomic instructions the dialect has no op for, as the atomic dialect ops
//! that do the same (docs/import.md lists each). They stay atomic: the
//! lowering makes `spirv.AtomicExchange` an `atomicrmw xchg` on buffers, and
//! the kernel ABI treats workgroup memory as `passes/src/kernel_abi/atomics.rs` says.
//!
//! - `OpAtomicFlagTestAndSet` (Kernel, OpenCL's `atomic_flag_test_and_set`):
//!   the flag is an integer; exchanging 1 into it and comparing the old
//!   value with 0 gives whether it was set;
//! - `OpAtomicFlagClear` (`atomic_flag_clear`): exchanging 0 into it, the old
//!   value unused (what `OpAtomicStore` becomes in `expansions.rs`);
//! - `OpAtomicFMinEXT`, `OpAtomicFMaxEXT` (SPV_EXT_shader_atomic_float_min_max):
//!   the dialect has no op; calls to the builtins
//!   `__spirv_AtomicF{Min,Max}EXT(pointer, scope, semantics, value)`, which
//!   `passes/src/builtins/rules.rs` defines as `llvm.atomicrmw fmin`/`fmax`;
//!   on a texel pointer (`OpImageTexelPointer`), the image stand-ins
//!   `__spvabi_op_image_atomic_f{min,max}_ext_<n>(pointer, value)`, which the
//!   lowering makes the host's image atomic.

use melior::ir::{Location, ValueLike, r#type::IntegerType};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// Opcodes this module imports.
pub(super) mod opcode {
    pub const ATOMIC_FLAG_TEST_AND_SET: u16 = 318;
    pub const ATOMIC_FLAG_CLEAR: u16 = 319;
    pub const ATOMIC_F_MIN_EXT: u16 = 5614;
    pub const ATOMIC_F_MAX_EXT: u16 = 5615;
}

/// Whether this module imports `opcode`.
pub(super) fn imports(opcode: u16) -> bool {
    matches!(
        opcode,
        opcode::ATOMIC_FLAG_TEST_AND_SET | opcode::ATOMIC_FLAG_CLEAR | opcode::ATOMIC_F_MIN_EXT | opcode::ATOMIC_F_MAX_EXT
    )
}

impl<'c, 'w> Importer<'c, 'w> {
    /// One instruction of this module (see the module's documentation).
    pub(super) fn atomic_extension<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        if matches!(inst.opcode, opcode::ATOMIC_F_MIN_EXT | opcode::ATOMIC_F_MAX_EXT) {
            return self.atomic_float_min_max(state, inst, location);
        }
        // TestAndSet: result type, result, pointer, scope, semantics;
        // Clear: pointer, scope, semantics.
        let first = if inst.opcode == opcode::ATOMIC_FLAG_TEST_AND_SET { 2 } else { 0 };
        let pointer = self.value(state, inst, self.word(inst, first)?)?;
        let w = inst.words;
        let attributes = self.scope_and_semantics(inst, w.get(first + 1).copied(), w.get(first + 2).copied())?;
        let pointee = match SpirvType::parse(&pointer.r#type().to_string()) {
            Ok(SpirvType::Pointer { pointee, .. }) => pointee.to_string(),
            _ => String::new(),
        };
        let width = self
            .parse_type(&pointee)
            .and_then(|ty| IntegerType::try_from(ty).ok())
            .map(|ty| ty.width())
            .ok_or_else(|| inst.error(ErrorKind::Invalid(format!("an atomic flag of type {pointee} (not an integer)"))))?;
        let set = inst.opcode == opcode::ATOMIC_FLAG_TEST_AND_SET;
        let new = self.integer_constant(state, inst, location, width, i64::from(set))?;
        let old =
            self.emit(state, inst, location, "spirv.AtomicExchange", &[pointer, new], &attributes, Some(new.r#type()))?;
        if !set {
            return Ok(());
        }
        let bool_type = self.mlir_type(inst, self.word(inst, 0)?)?;
        let zero = self.integer_constant(state, inst, location, width, 0)?;
        let was_set = self.emit(state, inst, location, "spirv.INotEqual", &[old, zero], &[], Some(bool_type))?;
        self.define_value(state, inst, self.word(inst, 1)?, was_set)
    }

    /// `OpAtomicFMinEXT`/`OpAtomicFMaxEXT` (result type, result, pointer,
    /// scope, semantics, value): a call to `__spirv_AtomicF{Min,Max}EXT` with
    /// the scope and semantics as `i32` constants.
    fn atomic_float_min_max<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let ty = self.mlir_type(inst, self.word(inst, 0)?)?;
        let pointer = self.value(state, inst, self.word(inst, 2)?)?;
        let scope = self.scope_or_semantics(inst, "scope", self.word(inst, 3)?)?;
        let semantics = self.scope_or_semantics(inst, "memory_semantics", self.word(inst, 4)?)?;
        let value = self.value(state, inst, self.word(inst, 5)?)?;
        let min = inst.opcode == opcode::ATOMIC_F_MIN_EXT;
        if pointer.r#type().to_string().ends_with(", Image>") {
            // A texel pointer (GLSL's imageAtomicMin/Max on r32f): the image
            // stand-in, which the lowering makes the host's image atomic,
            // sequentially consistent like every image atomic.
            let _ = (scope, semantics);
            let name = if min { "image_atomic_fmin_ext" } else { "image_atomic_fmax_ext" };
            let old = self
                .stand_in_call(state, inst, location, name, &[pointer, value], Some(ty))?
                .ok_or_else(|| inst.error(ErrorKind::Invalid("an atomic without a result".into())))?;
            return self.define_value(state, inst, self.word(inst, 1)?, old);
        }
        let scope = self.integer_constant(state, inst, location, 32, i64::from(scope))?;
        let semantics = self.integer_constant(state, inst, location, 32, i64::from(semantics))?;
        let builtin = if min { "__spirv_AtomicFMinEXT" } else { "__spirv_AtomicFMaxEXT" };
        let old = self.call_builtin(state, inst, location, builtin, &[pointer, scope, semantics, value], ty)?;
        self.define_value(state, inst, self.word(inst, 1)?, old)
    }
}
