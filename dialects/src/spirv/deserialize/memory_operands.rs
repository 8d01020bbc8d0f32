//! `OpLoad`, `OpStore` and `OpCopyMemory` with their memory operands read
//! as SPIR-V lays them out: after the mask, the operands of its bits in the
//! order of the bits (`Aligned`'s literal, then the scope `<id>`s of
//! `MakePointerAvailable` and `MakePointerVisible`, then the `<id>`s of the
//! INTEL alias masks). The dialect's ops hold the mask and the alignment;
//! the scopes have no place in them and are consumed (the lowering gives
//! availability and visibility no operation of their own: the runner's
//! memory is coherent, and barriers are fences), so a scope is never read as
//! an alignment.
//!
//! A load or store through a struct member decorated `Volatile` (every
//! member of a GLSL `volatile` buffer block) gets the `Volatile` memory
//! operand, which the dialect's ops carry and the lowering keeps: the member
//! decoration itself has no LLVM counterpart, and dropping it would let
//! LLVM merge or hoist the accesses.

use melior::ir::{
    Attribute, Identifier, Location, Type, Value, ValueLike,
    attribute::IntegerAttribute,
    operation::{OperationBuilder, OperationLike, OperationResult},
};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::{attributes::Decoration, types::SpirvType};

/// Opcodes handled here.
pub(super) mod opcode {
    pub const LOAD: u16 = 61;
    pub const STORE: u16 = 62;
    pub const COPY_MEMORY: u16 = 63;
}

/// The `MemoryAccess` bits with operands, in the order of their operands.
const VOLATILE: u32 = 0x1;
const ALIGNED: u32 = 0x2;
const WITH_ID: [u32; 4] = [
    0x8,       // MakePointerAvailable: a scope <id>
    0x10,      // MakePointerVisible: a scope <id>
    0x1_0000,  // AliasScopeINTELMask: an <id>
    0x2_0000,  // NoAliasINTELMask: an <id>
];

impl<'c, 'w> Importer<'c, 'w> {
    /// One of the instructions of [`opcode`].
    pub(super) fn memory_access<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
    ) -> Result<()> {
        let w = inst.words;
        let (name, operand_count, result) = match inst.opcode {
            opcode::LOAD => ("spirv.Load", 1, Some((self.word(inst, 0)?, self.word(inst, 1)?))),
            opcode::STORE => ("spirv.Store", 2, None),
            _ => ("spirv.CopyMemory", 2, None),
        };
        let first = usize::from(result.is_some()) * 2;
        let mut operands: Vec<Value<'c, 'b>> = Vec::new();
        for index in first..first + operand_count {
            operands.push(self.value(state, inst, self.word(inst, index)?)?);
        }
        let mut at = first + operand_count;
        let mut attributes = Vec::new();
        let masks: &[(&str, &str)] = if inst.opcode == opcode::COPY_MEMORY {
            &[("memory_access", "alignment"), ("source_memory_access", "source_alignment")]
        } else {
            &[("memory_access", "alignment")]
        };
        for (index, (access_name, alignment_name)) in masks.iter().enumerate() {
            // The pointer of this mask: OpCopyMemory's first mask is the
            // target's, the second the source's.
            let pointer = operands[if inst.opcode == opcode::STORE { 0 } else { index }];
            let volatile = through_volatile_member(pointer);
            if at < w.len() {
                at = self.memory_operands(inst, at, access_name, alignment_name, volatile, &mut attributes)?;
            } else if volatile {
                attributes.push((self.id(access_name), self.enum_attribute(inst, "memory_access", VOLATILE)?));
            }
        }
        if at != w.len() {
            return Err(inst.error(ErrorKind::Malformed(format!("{} more words than its memory operands", w.len() - at))));
        }
        // A wide vector behind a pointer is an array there (types.rs).
        let pointee = SpirvType::parse(&operands[0].r#type().to_string())
            .ok()
            .and_then(|pointer| pointer.pointee().map(ToString::to_string))
            .and_then(|text| self.parse_type(&text));
        if inst.opcode == opcode::STORE
            && let Some(pointee) = pointee
            && pointee != operands[1].r#type()
            && is_wide_vector(operands[1].r#type())
        {
            operands[1] = self.wide_vector_cast(state, inst, location, operands[1], pointee)?;
        }
        let mut builder = OperationBuilder::new(name, location).add_operands(&operands);
        let mut converted = None;
        if let Some((type_id, id)) = result {
            self.check_bound(inst, id)?;
            let ty = self.mlir_type(inst, type_id)?;
            let loaded = match pointee {
                Some(pointee) if pointee != ty && is_wide_vector(ty) => {
                    converted = Some(ty);
                    pointee
                }
                _ => ty,
            };
            builder = builder.add_results(&[loaded]);
            attributes.extend(self.decoration_attributes(inst, id)?);
        }
        let operation = self.append(inst, state.current(), builder.add_attributes(&attributes).build())?;
        if let Some((_, id)) = result {
            let mut value: Value<'c, 'b> = operation.result(0).map_err(inst.invalid())?.into();
            if let Some(ty) = converted {
                value = self.wide_vector_cast(state, inst, location, value, ty)?;
            }
            self.define_value(state, inst, id, value)?;
        }
        Ok(())
    }

    /// A wide vector as the array of its components that stands for it
    /// behind pointers, or back (`types.rs`): lane by lane. Values of other
    /// types are refused (a type mismatch of the module).
    pub(super) fn wide_vector_cast<'b>(
        &mut self,
        state: &mut FunctionState<'c, 'b, 'w>,
        inst: &Inst<'w>,
        location: Location<'c>,
        value: Value<'c, 'b>,
        target: Type<'c>,
    ) -> Result<Value<'c, 'b>> {
        let from = value.r#type();
        let mismatch = || inst.error(ErrorKind::Invalid(format!("a value of type {from} where {target} is expected")));
        let shape = |ty: Type<'c>| match SpirvType::parse(&ty.to_string()) {
            Ok(SpirvType::Vector { count, element }) if count > 4 => Some((count, element.to_string(), true)),
            Ok(SpirvType::Array { count, element, stride: None }) => Some((count, element.to_string(), false)),
            _ => None,
        };
        let (Some((count, element, from_vector)), Some((target_count, target_element, to_vector))) =
            (shape(from), shape(target))
        else {
            return Err(mismatch());
        };
        if count != target_count || element != target_element || from_vector == to_vector {
            return Err(mismatch());
        }
        let element = self.parse_type(&element).ok_or_else(mismatch)?;
        let mut lanes = Vec::new();
        for lane in 0..count {
            lanes.push(self.extract_lane(state, inst, location, value, lane, element)?);
        }
        self.emit(state, inst, location, "spirv.CompositeConstruct", &lanes, &[], Some(target))
    }

    /// Reads the mask at word `at` and its operands into `attributes`;
    /// returns the index of the word after them.
    fn memory_operands(
        &mut self,
        inst: &Inst<'_>,
        at: usize,
        access_name: &str,
        alignment_name: &str,
        volatile: bool,
        attributes: &mut Vec<(Identifier<'c>, Attribute<'c>)>,
    ) -> Result<usize> {
        let mask = self.word(inst, at)?;
        let mut at = at + 1;
        let kept = if volatile { mask | VOLATILE } else { mask };
        attributes.push((self.id(access_name), self.enum_attribute(inst, "memory_access", kept)?));
        if mask & ALIGNED != 0 {
            attributes.push((self.id(alignment_name), self.i32_attribute(self.word(inst, at)?)));
            at += 1;
        }
        for bit in WITH_ID {
            if mask & bit != 0 {
                let id = self.word(inst, at)?;
                self.check_bound(inst, id)?;
                at += 1;
            }
        }
        Ok(at)
    }
}

/// Whether `pointer` is an access chain (of access chains) through a struct
/// member decorated `Volatile`.
fn through_volatile_member(pointer: Value<'_, '_>) -> bool {
    let mut current = pointer;
    for _ in 0..64 {
        let Some(chain) = OperationResult::try_from(current).ok().map(|result| result.owner()) else { return false };
        if chain.name().as_string_ref().as_str() != Ok("spirv.AccessChain") {
            return false;
        }
        let Ok(base) = chain.operand(0) else { return false };
        let Some(mut ty) = SpirvType::parse(&base.r#type().to_string()).ok().and_then(|ty| ty.pointee().cloned()) else {
            return false;
        };
        for index in chain.operands().skip(1) {
            let next = match ty.as_ref() {
                SpirvType::Struct(structure) => {
                    let Some(member) = constant_index(index).and_then(|at| structure.members.get(at)) else {
                        return false;
                    };
                    if member.decorations.iter().any(|info| info.decoration == Decoration::Volatile) {
                        return true;
                    }
                    member.ty.clone()
                }
                SpirvType::Array { element, .. } | SpirvType::RuntimeArray { element, .. } => element.clone(),
                SpirvType::Matrix { column_type, .. } => column_type.clone(),
                _ => return false,
            };
            ty = next;
        }
        current = base;
    }
    false
}

/// The value of an index made by `spirv.Constant`.
fn constant_index(value: Value<'_, '_>) -> Option<usize> {
    let constant = OperationResult::try_from(value).ok()?.owner();
    let attribute = IntegerAttribute::try_from(constant.attribute("value").ok()?).ok()?;
    usize::try_from(attribute.value()).ok()
}

/// Whether `ty` is an 8- or 16-component vector.
fn is_wide_vector(ty: Type<'_>) -> bool {
    matches!(SpirvType::parse(&ty.to_string()), Ok(SpirvType::Vector { count, .. }) if count > 4)
}
