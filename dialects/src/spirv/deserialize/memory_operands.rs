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
//! decoration itself has no LLVM counterpart (the importer leaves it out of
//! the struct type, and notes the member: `types.rs`), and dropping it would
//! let LLVM merge or hoist the accesses. Structs are told apart by their
//! printed type: another struct of the same type gets volatile accesses
//! too, which only costs speed.
//!
//! A loaded or stored value whose dialect type differs from the pointee's
//! (a matrix behind its stand-in, a wide vector behind its array) is
//! converted (`matrix_layout.rs`); a column of a row-major matrix is loaded
//! and stored component by component.

use melior::ir::{
    Attribute, Identifier, Location, Value, ValueLike,
    attribute::IntegerAttribute,
    operation::{OperationBuilder, OperationLike, OperationResult},
};

use super::{
    ErrorKind,
    importer::{FunctionState, Importer, Result},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

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
        if matches!(inst.opcode, opcode::LOAD | opcode::STORE) {
            let pointer = self.word(inst, if inst.opcode == opcode::LOAD { 2 } else { 0 })?;
            if let Some(&(matrix, column)) = state.columns.get(&pointer) {
                return self.column_access(state, inst, location, matrix, column);
            }
        }
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
            let volatile = self.through_volatile_member(pointer);
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
            && let Some(adapted) = self.adapt(state, inst, location, operands[1], pointee)?
        {
            operands[1] = adapted;
        }
        let mut builder = OperationBuilder::new(name, location).add_operands(&operands);
        let mut converted = None;
        if let Some((type_id, id)) = result {
            self.check_bound(inst, id)?;
            let ty = self.mlir_type(inst, type_id)?;
            let loaded = match pointee {
                Some(pointee) if pointee != ty => {
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
                value = self.adapt(state, inst, location, value, ty)?.ok_or_else(|| {
                    inst.error(ErrorKind::Invalid(format!("OpLoad of a {} as a {ty}", value.r#type())))
                })?;
            }
            self.define_value(state, inst, id, value)?;
        }
        Ok(())
    }

    /// Whether `pointer` is an access chain (of access chains) through a struct
    /// member decorated `Volatile`.
    fn through_volatile_member(&self, pointer: Value<'_, '_>) -> bool {
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
                        let Some((at, member)) =
                            constant_index(index).and_then(|at| structure.members.get(at).map(|member| (at, member)))
                        else {
                            return false;
                        };
                        let volatile = self.volatile_members.get(&ty.to_string());
                        if volatile.is_some_and(|members| members.contains(&(at as u32))) {
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

    /// Reads the mask at word `at` and its operands into `attributes`;
    /// returns the index of the word after them.
    pub(super) fn memory_operands(
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

/// The value of an index made by `spirv.Constant`.
fn constant_index(value: Value<'_, '_>) -> Option<usize> {
    let constant = OperationResult::try_from(value).ok()?.owner();
    let attribute = IntegerAttribute::try_from(constant.attribute("value").ok()?).ok()?;
    usize::try_from(attribute.value()).ok()
}

