//! Unsized descriptor arrays, sized before import (docs/import.md,
//! "Unsized descriptor arrays").
//!
//! `layout(binding = 0) uniform texture2D t[];` or `buffer B { ... } b[];`
//! (`runtimeDescriptorArray`, SPIR-V's `OpTypeRuntimeArray` of images,
//! samplers or blocks in `UniformConstant`, `StorageBuffer` or `Uniform`
//! storage) has as many descriptors as the pipeline layout's binding
//! gives: Vulkan fixes `descriptorCount` when the pipeline is created, and
//! a shader may index only below it. So, like a specialization constant,
//! the count is applied before import: given a count N for the variable's
//! (set, binding), its pointee becomes `OpTypeArray` of N elements, and
//! everything after it (the kernel ABI's descriptor arrays, clamped indexes,
//! bounds checks) is that of a sized array. `spirv-run-rs` and Amber count
//! the descriptors they bind; the library takes
//! [`DeserializeOptions::descriptor_counts`](super::DeserializeOptions).
//! Without a count the module is left as it is (the lowering then refuses
//! the unsized array and says how to give one).
//!
//! New `<id>`s: a 32-bit unsigned integer type if the module has none, the
//! count's `OpConstant`, the array type and the variable's pointer type,
//! placed right before the variable (types, constants and variables may
//! interleave in a module's global section).

use std::collections::HashMap;

use rspirv::{
    dr::{Instruction, Operand},
    spirv::{Decoration, Op, StorageClass, Word},
};

use super::{
    DeserializeError,
    reader::Inst,
    rewrite::{Rewritten, assemble, parse},
};

/// The descriptors given for a (descriptor set, binding).
pub type DescriptorCounts = [((u32, u32), u32)];

/// `SET:BINDING=N`, the tools' `--descriptor-count` (docs/import.md,
/// "Unsized descriptor arrays").
///
/// # Errors
///
/// Why `text` is not that form, N from 1 to 2^32 - 1.
pub fn parse_descriptor_count(text: &str) -> Result<((u32, u32), u32), String> {
    let malformed = || format!("'{text}' is not SET:BINDING=N (N descriptors, at least one)");
    let (slot, count) = text.split_once('=').ok_or_else(malformed)?;
    let (set, binding) = slot.split_once(':').ok_or_else(malformed)?;
    let number = |text: &str| text.trim().parse::<u32>().map_err(|_| malformed());
    let count = number(count)?;
    if count == 0 {
        return Err(malformed());
    }
    Ok(((number(set)?, number(binding)?), count))
}

/// Rewrites the module (`words`, split into `instructions`) if a module-scope
/// variable with a count in `counts` holds an unsized array of descriptors.
pub(super) fn rewrite(
    words: &[u32],
    instructions: &[Inst<'_>],
    counts: &DescriptorCounts,
) -> Result<Option<Rewritten>, DeserializeError> {
    if counts.is_empty() || !instructions.iter().any(|inst| inst.opcode == Op::TypeRuntimeArray as u16) {
        return Ok(None);
    }
    let (header, parsed, offsets) = parse(words, instructions)?;
    let definitions: HashMap<Word, &Instruction> =
        parsed.iter().filter_map(|inst| inst.result_id.map(|id| (id, inst))).collect();
    let mut sets = HashMap::new();
    let mut bindings = HashMap::new();
    let mut blocks = Vec::new();
    for inst in parsed.iter().filter(|inst| inst.class.opcode == Op::Decorate) {
        let (Some(Operand::IdRef(target)), Some(Operand::Decoration(decoration))) = (inst.operands.first(), inst.operands.get(1))
        else {
            continue;
        };
        match (decoration, inst.operands.get(2)) {
            (Decoration::DescriptorSet, Some(Operand::LiteralBit32(set))) => {
                sets.insert(*target, *set);
            }
            (Decoration::Binding, Some(Operand::LiteralBit32(binding))) => {
                bindings.insert(*target, *binding);
            }
            (Decoration::Block | Decoration::BufferBlock, _) => blocks.push(*target),
            _ => {}
        }
    }
    let is_descriptor = |element: Word| {
        definitions.get(&element).is_some_and(|inst| {
            matches!(
                inst.class.opcode,
                Op::TypeImage | Op::TypeSampler | Op::TypeSampledImage | Op::TypeAccelerationStructureKHR
            ) || (inst.class.opcode == Op::TypeStruct && blocks.contains(&element))
        })
    };
    // The unsized descriptor arrays that have a count: variable -> (storage
    // class, element type, count).
    let mut sized = HashMap::new();
    for inst in parsed.iter().filter(|inst| inst.class.opcode == Op::Variable) {
        let (Some(variable), Some(pointer)) = (inst.result_id, inst.result_type) else { continue };
        let Some(Operand::StorageClass(storage)) = inst.operands.first() else { continue };
        if !matches!(storage, StorageClass::UniformConstant | StorageClass::StorageBuffer | StorageClass::Uniform) {
            continue;
        }
        let Some(Operand::IdRef(pointee)) = definitions.get(&pointer).and_then(|ty| ty.operands.get(1)) else { continue };
        let Some(array) = definitions.get(pointee).filter(|ty| ty.class.opcode == Op::TypeRuntimeArray) else { continue };
        let Some(Operand::IdRef(element)) = array.operands.first() else { continue };
        let (Some(set), Some(binding)) = (sets.get(&variable), bindings.get(&variable)) else { continue };
        let Some((_, count)) = counts.iter().rev().find(|(key, _)| *key == (*set, *binding)) else { continue };
        // No descriptors: no array type can hold them (the lowering refuses
        // the unsized array, as without a count).
        if *count > 0 && is_descriptor(*element) {
            sized.insert(variable, (*storage, *element, *count));
        }
    }
    if sized.is_empty() {
        return Ok(None);
    }
    let mut bound = header.bound;
    let mut fresh = || {
        let id = bound;
        bound += 1;
        id
    };
    let mut uint = parsed
        .iter()
        .find(|inst| {
            inst.class.opcode == Op::TypeInt
                && inst.operands.first() == Some(&Operand::LiteralBit32(32))
                && inst.operands.get(1) == Some(&Operand::LiteralBit32(0))
        })
        .and_then(|inst| inst.result_id);
    // One array and pointer type per (storage class, element, count).
    let mut made: HashMap<(StorageClass, Word, u32), Word> = HashMap::new();
    let mut out = Vec::with_capacity(parsed.len() + 4 * sized.len());
    for (mut inst, offset) in parsed.into_iter().zip(offsets) {
        if let Some((storage, element, count)) = inst.result_id.and_then(|id| sized.get(&id)).copied() {
            let pointer = match made.get(&(storage, element, count)) {
                Some(pointer) => *pointer,
                None => {
                    let uint = match uint {
                        Some(uint) => uint,
                        None => {
                            let id = fresh();
                            let operands = vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)];
                            out.push((Instruction::new(Op::TypeInt, None, Some(id), operands), offset));
                            uint = Some(id);
                            id
                        }
                    };
                    let (constant, array, pointer) = (fresh(), fresh(), fresh());
                    let literal = vec![Operand::LiteralBit32(count)];
                    out.push((Instruction::new(Op::Constant, Some(uint), Some(constant), literal), offset));
                    let operands = vec![Operand::IdRef(element), Operand::IdRef(constant)];
                    out.push((Instruction::new(Op::TypeArray, None, Some(array), operands), offset));
                    let operands = vec![Operand::StorageClass(storage), Operand::IdRef(array)];
                    out.push((Instruction::new(Op::TypePointer, None, Some(pointer), operands), offset));
                    made.insert((storage, element, count), pointer);
                    pointer
                }
            };
            inst.result_type = Some(pointer);
        }
        out.push((inst, offset));
    }
    assemble(header, bound, &out).map(Some)
}
