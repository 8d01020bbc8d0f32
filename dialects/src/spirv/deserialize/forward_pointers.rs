//! Types declared through `OpTypeForwardPointer` before their definition,
//! put in an order the importer can build.
//!
//! SPIR-V lets a struct name a pointer type that `OpTypeForwardPointer`
//! declared and that is defined later, pointing to a type that is defined
//! later still. glslang writes exactly that for a `buffer_reference` block
//! named in a block before its own declaration:
//!
//! ```text
//!                OpTypeForwardPointer %ptr_Ints PhysicalStorageBuffer
//!    %Pointers = OpTypeStruct %ptr_Ints %uint        ; uses %ptr_Ints
//!        %Ints = OpTypeStruct %_runtimearr_int
//!    %ptr_Ints = OpTypePointer PhysicalStorageBuffer %Ints
//! ```
//!
//! The importer builds each type when it meets it, so `%Pointers` would
//! need `%ptr_Ints` before it exists. Where the pointer does not lead back
//! to the struct (that is recursion, which the importer builds as an
//! identified struct: `Importer::note_recursion`), the struct only depends
//! on the later definitions; this module moves the declarations of the
//! types, constants and global variables into an order where each follows
//! what it names (a stable topological order: nothing else moves). Each
//! cycle of structs through forward pointers (mutual recursion) is broken
//! at one such edge; the importer builds the struct named ahead of its
//! definition as an identified struct (`types.rs`, `resolve_struct_refs`).
//! A module whose declarations cannot be ordered so is left as it is.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};

use rspirv::{grammar::OperandKind, spirv::Op};

use super::reader::Inst;

/// `instructions` with the module's declarations ordered so that every
/// struct follows the forward-declared pointers it names (when one is
/// defined after it and does not point back), else unchanged.
pub(super) fn order<'w>(instructions: Vec<Inst<'w>>) -> Vec<Inst<'w>> {
    let opcode = |op: Op| op as u16;
    let forward: HashSet<u32> = instructions
        .iter()
        .filter(|inst| inst.opcode == opcode(Op::TypeForwardPointer))
        .filter_map(|inst| inst.words.first().copied())
        .collect();
    if forward.is_empty() {
        return instructions;
    }
    // The grammar's type declarations, and the instructions whose first
    // operand is a result type (their result <id> is the second word).
    let mut types = HashSet::new();
    let mut typed = HashSet::new();
    let mut grammar = HashMap::new();
    for instruction in rspirv::grammar::INSTRUCTION_TABLE.iter() {
        let code = instruction.opcode as u16;
        grammar.insert(code, instruction.operands);
        if instruction.opname.starts_with("Type") {
            types.insert(code);
        } else if instruction.operands.first().is_some_and(|operand| operand.kind == OperandKind::IdResultType) {
            typed.insert(code);
        }
    }
    let is_type = |inst: &Inst<'_>| types.contains(&inst.opcode);
    // The declarations: from the first type, constant or global variable
    // to the first function.
    let Some(start) = instructions.iter().position(is_type) else { return instructions };
    let end = instructions.iter().position(|inst| inst.opcode == opcode(Op::Function)).unwrap_or(instructions.len());
    if start >= end {
        return instructions;
    }
    let section = &instructions[start..end];
    // Each declaration's result <id>: a type's first word, an instruction
    // with a result type its second.
    let result = |inst: &Inst<'_>| -> Option<u32> {
        if inst.opcode == opcode(Op::TypeForwardPointer) {
            return None;
        }
        if is_type(inst) {
            return inst.words.first().copied();
        }
        if typed.contains(&inst.opcode) { inst.words.get(1).copied() } else { None }
    };
    let defined: HashMap<u32, usize> =
        section.iter().enumerate().filter_map(|(index, inst)| Some((result(inst)?, index))).collect();
    // Each declaration's dependencies: the <id> operands that name another
    // declaration, as the grammar says which words are <id>s (a literal,
    // `OpTypeInt 32 1`'s 32 or an `OpConstant`'s value, that happens to
    // equal an <id> could make a false cycle, and then nothing would move);
    // every word for an instruction the grammar does not know (such
    // words only add order constraints).
    let mut depends: Vec<Vec<usize>> = section
        .iter()
        .enumerate()
        .map(|(index, inst)| {
            if inst.opcode == opcode(Op::TypeForwardPointer) {
                return Vec::new();
            }
            let own = result(inst);
            let mut names: Vec<usize> = grammar
                .get(&inst.opcode)
                .and_then(|operands| id_operands(inst, operands))
                .unwrap_or_else(|| inst.words.to_vec())
                .iter()
                .filter(|word| Some(**word) != own)
                .filter_map(|word| defined.get(word).copied())
                .filter(|&other| other != index)
                .collect();
            names.sort_unstable();
            names.dedup();
            names
        })
        .collect();
    // A struct's (or an array's: glslang's `Table { Cell cells[4]; }`
    // declares the array of forward pointers first) edge to a
    // forward-declared pointer that leads back to it is recursion: the
    // importer builds it; the edge is dropped. Any other such edge to a
    // later definition is why the order must change.
    let mut reorder = false;
    for index in 0..section.len() {
        if ![Op::TypeStruct, Op::TypeArray, Op::TypeRuntimeArray].iter().any(|&op| section[index].opcode == opcode(op)) {
            continue;
        }
        let members: Vec<usize> = depends[index]
            .iter()
            .copied()
            .filter(|&other| result(&section[other]).is_some_and(|id| forward.contains(&id)))
            .collect();
        for member in members {
            if reaches(&depends, member, index) {
                depends[index].retain(|&other| other != member);
            } else if member > index {
                reorder = true;
            }
        }
    }
    if !reorder {
        return instructions;
    }
    // Kahn's algorithm, the earliest ready declaration first.
    let mut waiting: Vec<usize> = depends.iter().map(Vec::len).collect();
    let mut dependents: Vec<Vec<usize>> = vec![Vec::new(); section.len()];
    for (index, names) in depends.iter().enumerate() {
        for &name in names {
            dependents[name].push(index);
        }
    }
    let mut ready: BinaryHeap<Reverse<usize>> =
        waiting.iter().enumerate().filter(|(_, count)| **count == 0).map(|(index, _)| Reverse(index)).collect();
    let mut ordered = Vec::with_capacity(section.len());
    while let Some(Reverse(index)) = ready.pop() {
        ordered.push(section[index]);
        for &dependent in &dependents[index] {
            waiting[dependent] -= 1;
            if waiting[dependent] == 0 {
                ready.push(Reverse(dependent));
            }
        }
    }
    if ordered.len() != section.len() {
        tracing::debug!("forward pointers: the declarations have a cycle; left in the module's order");
        return instructions;
    }
    tracing::debug!("forward pointers: declarations reordered so that structs follow the pointers they name");
    let mut result_instructions = Vec::with_capacity(instructions.len());
    result_instructions.extend_from_slice(&instructions[..start]);
    result_instructions.extend(ordered);
    result_instructions.extend_from_slice(&instructions[end..]);
    result_instructions
}

/// The `<id>` operands of `inst` (its result type included, its result
/// `<id>` not), read by its grammar `operands`; `None` for words that do
/// not fit them.
fn id_operands(inst: &Inst<'_>, operands: &[rspirv::grammar::LogicalOperand]) -> Option<Vec<u32>> {
    use rspirv::grammar::{OperandKind as Kind, OperandQuantifier as Quantifier};
    let words = inst.words;
    let mut ids = Vec::new();
    let mut position = 0;
    for operand in operands {
        loop {
            if position >= words.len() {
                if operand.quantifier == Quantifier::One {
                    return None;
                }
                break;
            }
            match operand.kind {
                Kind::IdRef | Kind::IdResultType | Kind::IdScope | Kind::IdMemorySemantics => {
                    ids.push(words[position]);
                    position += 1;
                }
                Kind::PairIdRefIdRef => {
                    ids.extend(words.get(position..position + 2)?);
                    position += 2;
                }
                Kind::PairIdRefLiteralInteger => {
                    ids.push(*words.get(position)?);
                    position += 2;
                }
                Kind::PairLiteralIntegerIdRef => {
                    ids.push(*words.get(position + 1)?);
                    position += 2;
                }
                // Up to the word holding the terminating zero byte.
                Kind::LiteralString => {
                    let end = words[position..].iter().position(|word| word.to_le_bytes().contains(&0))?;
                    position += end + 1;
                }
                // An OpConstant's value: the rest of the instruction.
                Kind::LiteralContextDependentNumber => position = words.len(),
                // Other literals and enumerants: one word (no declaration
                // takes an enumerant with parameters).
                _ => position += 1,
            }
            if operand.quantifier != Quantifier::ZeroOrMore {
                break;
            }
        }
    }
    (position == words.len()).then_some(ids)
}

/// Whether declaration `to` is among the dependencies of `from`,
/// transitively.
fn reaches(depends: &[Vec<usize>], from: usize, to: usize) -> bool {
    let mut seen = vec![false; depends.len()];
    let mut stack = vec![from];
    while let Some(index) = stack.pop() {
        if index == to {
            return true;
        }
        if std::mem::replace(&mut seen[index], true) {
            continue;
        }
        stack.extend(depends[index].iter().copied());
    }
    false
}
