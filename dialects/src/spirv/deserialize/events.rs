//! OpenCL's asynchronous copies (`async_work_group_copy`,
//! `async_work_group_strided_copy`, `wait_group_events`), which the dialect
//! has no ops or event type for (docs/import.md):
//!
//! - `OpTypeEvent` is a plain `i64` (`types.rs`): an event carries nothing;
//! - `OpGroupAsyncCopy` is a call to the builtin `__spirv_GroupAsyncCopy`
//!   (`passes/src/builtins/rules.rs`) on byte pointers, with the element
//!   count, stride and element size in bytes as `i64`s and whether the
//!   stride applies to the source (the destination is workgroup memory) or
//!   to the destination; its result is the event operand;
//! - `OpGroupWaitEvents` is a `spirv.ControlBarrier` of its execution scope
//!   on workgroup and cross-workgroup memory: every invocation has copied
//!   (each copies the same values) before any goes on.

use melior::ir::{Location, Type, Value, ValueLike, operation::OperationBuilder, r#type::IntegerType};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// Opcodes this module imports.
pub(super) mod opcode {
    pub const GROUP_ASYNC_COPY: u16 = 259;
    pub const GROUP_WAIT_EVENTS: u16 = 260;
}

/// Memory semantics of the wait: AcquireRelease, WorkgroupMemory,
/// CrossWorkgroupMemory.
const WAIT_SEMANTICS: u32 = 0x8 | 0x100 | 0x200;
/// `Scope` Workgroup.
const WORKGROUP: u32 = 2;

/// Whether this module imports `opcode`.
pub(super) fn imports(opcode: u16) -> bool {
    matches!(opcode, opcode::GROUP_ASYNC_COPY | opcode::GROUP_WAIT_EVENTS)
}

impl<'c, 'w> Importer<'c, 'w> {
    /// One instruction of this module (see the module's documentation).
    pub(super) fn event_instruction<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        if inst.opcode == opcode::GROUP_WAIT_EVENTS {
            // Execution scope, number of events, event list.
            let scope = self.scope_or_semantics(inst, "scope", self.word(inst, 0)?)?;
            let attributes = [
                (self.id("execution_scope"), self.enum_attribute(inst, "scope", scope)?),
                (self.id("memory_scope"), self.enum_attribute(inst, "scope", WORKGROUP)?),
                (self.id("memory_semantics"), self.enum_attribute(inst, "memory_semantics", WAIT_SEMANTICS)?),
            ];
            let barrier = OperationBuilder::new("spirv.ControlBarrier", location)
                .add_attributes(&attributes)
                .build();
            self.append(inst, state.current(), barrier)?;
            return Ok(());
        }
        // Result type, result, scope, destination, source, number of
        // elements, stride, event.
        let scope = self.scope_or_semantics(inst, "scope", self.word(inst, 2)?)?;
        let destination = self.value(state, inst, self.word(inst, 3)?)?;
        let source = self.value(state, inst, self.word(inst, 4)?)?;
        let elements = self.value(state, inst, self.word(inst, 5)?)?;
        let stride = self.value(state, inst, self.word(inst, 6)?)?;
        let event = self.value(state, inst, self.word(inst, 7)?)?;
        let (destination, destination_class, size) = self.byte_pointer(state, inst, location, destination)?;
        let (source, _, _) = self.byte_pointer(state, inst, location, source)?;
        let elements = self.widened_to_i64(state, inst, location, elements)?;
        let stride = self.widened_to_i64(state, inst, location, stride)?;
        let scope = self.integer_constant(state, inst, location, 32, i64::from(scope))?;
        let size = self.integer_constant(state, inst, location, 64, size as i64)?;
        let on_source = self.integer_constant(state, inst, location, 32, i64::from(destination_class == "Workgroup"))?;
        let i32_type: Type<'c> = IntegerType::new(self.context, 32).into();
        // The builtin returns 0 (an i32): builtin calls have a result here.
        self.call_builtin(
            state,
            inst,
            location,
            "__spirv_GroupAsyncCopy",
            &[scope, destination, source, elements, stride, size, on_source],
            i32_type,
        )?;
        self.define_value(state, inst, self.word(inst, 1)?, event)
    }

    /// `pointer` bitcast to a pointer to bytes in its storage class, the
    /// storage class, and the size in bytes of what it points to (OpenCL's:
    /// a 3-component vector takes four).
    fn byte_pointer<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        pointer: Value<'c, 'b>,
    ) -> Result<(Value<'c, 'b>, String, u64)> {
        let invalid = || inst.error(ErrorKind::Invalid(format!("an async copy through a {}", pointer.r#type())));
        let SpirvType::Pointer { pointee, storage_class } =
            SpirvType::parse(&pointer.r#type().to_string()).map_err(|_| invalid())?
        else {
            return Err(invalid());
        };
        let element = match pointee.as_ref() {
            SpirvType::Vector { count: 3, element } => {
                SpirvType::Vector { count: 4, element: std::sync::Arc::clone(element) }
            }
            other => other.clone(),
        };
        let size = element.size_and_alignment().map(|layout| layout.size).ok_or_else(invalid)?;
        let class = storage_class.to_string();
        let byte_type = self.parse_type(&format!("!spirv.ptr<i8, {class}>")).ok_or_else(invalid)?;
        let bytes = self.emit(state, inst, location, "spirv.Bitcast", &[pointer], &[], Some(byte_type))?;
        Ok((bytes, class, size))
    }

    /// An integer value as an `i64` (zero-extended from a narrower width).
    fn widened_to_i64<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
    ) -> Result<Value<'c, 'b>> {
        let i64_type: Type<'c> = IntegerType::new(self.context, 64).into();
        if value.r#type() == i64_type {
            return Ok(value);
        }
        self.emit(state, inst, location, "spirv.UConvert", &[value], &[], Some(i64_type))
    }
}
