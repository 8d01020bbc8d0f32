//! A loop's exit path run inside the iteration (docs/abi.md, "Subgroups":
//! where invocations reconverge), on LLVM IR before any LLVM pass.
//!
//! SPIR-V's loop construct holds the blocks its header dominates and its
//! merge block does not: a `break` block (`if (c) { x = subgroupBallot(true);
//! break; }`) is inside it, so a subgroup operation there is a dynamic
//! instance of the iteration, and sees only the invocations leaving in that
//! iteration. LLVM's natural loop ends at the blocks that reach the back
//! edge: the break block is outside it, and MLIR's block merging has joined
//! it with the code after the loop. The SPMD vectorizer then ran it once
//! after the loop, for every lane that left by that path in any iteration,
//! and a rendezvous (coroutines) keyed it without the iteration.
//!
//! The importer marks, in modules with tangled instructions, each loop's
//! header block (`__spvabi_loop_header_<n>(label)`) and the start of its
//! merge block (`__spvabi_loop_merge_<n>(label)`); the calls survive MLIR's
//! block merging (they have effects) and mark where the construct ends.
//! Here, for a loop whose exit path (the blocks between the natural loop
//! and the merge marker) makes a call, the exit path joins the natural
//! loop: the merge block is split at its marker, and a new latch
//! (`exits`) takes both the back edges and the end of the exit path,
//! branching to the header or, for the lanes that came from the exit path,
//! to the code after the marker. Values defined in the loop and used after
//! it are demoted to memory (`sroa` promotes them again). Every path that
//! reads the loops (the SPMD vectorizer, the regions' steps, the
//! rendezvous' keys) then has the exit path inside the iteration. The new
//! latch holds a call `__spvabi_loop_exits()`, convergent, so that
//! `simplifycfg` does not thread the edges through it again (its branch is
//! on a phi of constants); `remove_markers` deletes it, and every marker,
//! once the vectorizer has run.
//!
//! Not covered: a return inside a loop (the blocks that reach it do not
//! reach the merge marker) stays an exit of the loop.

use std::collections::{HashMap, HashSet};

use inkwell::{
    attributes::{Attribute, AttributeLoc},
    basic_block::BasicBlock,
    module::Module,
    types::BasicTypeEnum,
    values::{BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode as Op, InstructionValue, Operand},
};

use super::regions::{demote, users};
use super::spmd::targets_of;

/// The prefix of every marker this module reads or makes.
pub const PREFIX: &str = "__spvabi_loop_";
const HEADER: &str = "__spvabi_loop_header";
const MERGE: &str = "__spvabi_loop_merge";
/// The call in the new latch (see the module's documentation).
pub const EXITS: &str = "__spvabi_loop_exits";

/// Whether `instruction` calls one of the loop markers.
pub fn is_marker(instruction: InstructionValue<'_>) -> bool {
    callee_name(instruction).is_some_and(|name| name.starts_with(PREFIX))
}

fn callee_name(instruction: InstructionValue<'_>) -> Option<String> {
    if instruction.get_opcode() != Op::Call {
        return None;
    }
    let call = CallSiteValue::try_from(instruction).ok()?;
    Some(call.get_called_fn_value()?.get_name().to_string_lossy().into_owned())
}

/// A marker call: its kind's prefix, the header label it names, the call.
fn markers<'ctx>(function: FunctionValue<'ctx>, prefix: &str) -> Vec<(u64, InstructionValue<'ctx>)> {
    let mut found = Vec::new();
    for block in function.get_basic_block_iter() {
        for instruction in block.get_instructions() {
            if let Some(name) = callee_name(instruction)
                && name.starts_with(prefix)
                && let Some(Operand::Value(BasicValueEnum::IntValue(id))) = instruction.get_operand(0)
                && let Some(id) = id.get_zero_extended_constant()
            {
                found.push((id, instruction));
            }
        }
    }
    found
}

/// Runs the exit paths of `module`'s marked loops inside their iterations
/// (the module's documentation); the header and merge markers are removed,
/// the new latches keep theirs for [`remove_markers`].
///
/// # Errors
///
/// LLVM's builder's.
pub fn reconverge(module: &Module<'_>) -> Result<(), String> {
    for function in module.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        let merges = markers(function, MERGE);
        for (id, merge) in merges {
            reconverge_one(module, function, id, merge)?;
            merge.erase_from_basic_block();
        }
        for (_, header) in markers(function, HEADER) {
            header.erase_from_basic_block();
        }
    }
    Ok(())
}

/// Deletes every loop marker call of `module` (after the SPMD vectorizer:
/// nothing defines them).
pub fn remove_markers(module: &Module<'_>) {
    for function in module.get_functions() {
        let calls: Vec<InstructionValue<'_>> = function
            .get_basic_block_iter()
            .flat_map(|block| block.get_instructions().collect::<Vec<_>>())
            .filter(|instruction| is_marker(*instruction))
            .collect();
        for call in calls {
            call.erase_from_basic_block();
        }
    }
}

/// The function's graph: blocks in reverse post-order, predecessors,
/// immediate dominators.
struct Graph<'ctx> {
    blocks: Vec<BasicBlock<'ctx>>,
    index: HashMap<BasicBlock<'ctx>, usize>,
    predecessors: Vec<Vec<usize>>,
    idom: Vec<Option<usize>>,
}

impl<'ctx> Graph<'ctx> {
    fn new(function: FunctionValue<'ctx>) -> Option<Self> {
        let entry = function.get_first_basic_block()?;
        let mut order = Vec::new();
        let mut visited = HashSet::new();
        let mut stack = vec![(entry, 0usize)];
        visited.insert(entry);
        while let Some((block, next)) = stack.pop() {
            let successors = targets_of(block.get_terminator()?);
            if next < successors.len() {
                stack.push((block, next + 1));
                if visited.insert(successors[next]) {
                    stack.push((successors[next], 0));
                }
            } else {
                order.push(block);
            }
        }
        order.reverse();
        let index: HashMap<BasicBlock<'ctx>, usize> = order.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let count = order.len();
        let mut successors = vec![Vec::new(); count];
        let mut predecessors = vec![Vec::new(); count];
        for (from, block) in order.iter().enumerate() {
            for target in targets_of(block.get_terminator()?) {
                let to = index[&target];
                if !successors[from].contains(&to) {
                    successors[from].push(to);
                    predecessors[to].push(from);
                }
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; count];
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for block in 1..count {
                let mut new: Option<usize> = None;
                for &predecessor in &predecessors[block] {
                    if idom[predecessor].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => predecessor,
                        Some(mut other) => {
                            let mut finger = predecessor;
                            while finger != other {
                                while finger > other {
                                    finger = idom[finger]?;
                                }
                                while other > finger {
                                    other = idom[other]?;
                                }
                            }
                            finger
                        }
                    });
                }
                if new.is_some() && idom[block] != new {
                    idom[block] = new;
                    changed = true;
                }
            }
        }
        Some(Self { blocks: order, index, predecessors, idom })
    }

    fn dominates(&self, a: usize, mut b: usize) -> bool {
        loop {
            if a == b {
                return true;
            }
            match self.idom[b] {
                Some(parent) if parent != b => b = parent,
                _ => return false,
            }
        }
    }
}

/// The exit path of the loop whose merge marker is `merge` joins the loop,
/// if the marker pairs with a natural loop's header and the path makes a
/// call (where a subgroup operation may be: the callees are not inlined
/// yet). Otherwise nothing changes.
fn reconverge_one<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    id: u64,
    merge: InstructionValue<'ctx>,
) -> Result<(), String> {
    let Some(graph) = Graph::new(function) else { return Ok(()) };
    let Some(merge_block) = merge.get_parent() else { return Ok(()) };
    let Some(&m) = graph.index.get(&merge_block) else { return Ok(()) };
    // The header: the deepest marked header of this label dominating the
    // merge (a function inlined twice has two).
    let headers: Vec<usize> = markers(function, HEADER)
        .into_iter()
        .filter(|(header_id, _)| *header_id == id)
        .filter_map(|(_, call)| graph.index.get(&call.get_parent()?).copied())
        .filter(|&h| graph.dominates(h, m))
        .collect();
    let Some(&h) = headers.iter().find(|&&h| headers.iter().all(|&other| graph.dominates(other, h))) else {
        return Ok(());
    };
    let latches: Vec<usize> =
        graph.predecessors[h].iter().copied().filter(|&p| graph.dominates(h, p)).collect();
    if latches.is_empty() {
        return Ok(());
    }
    let count = graph.blocks.len();
    let mut in_loop = vec![false; count];
    in_loop[h] = true;
    let mut work = latches.clone();
    while let Some(block) = work.pop() {
        if !in_loop[block] {
            in_loop[block] = true;
            work.extend(graph.predecessors[block].iter().copied());
        }
    }
    if in_loop[m] {
        return Ok(());
    }
    // The exit path: the blocks outside the loop that reach the merge
    // block without passing through the loop, the merge block included.
    let mut path = vec![false; count];
    let mut work = vec![m];
    while let Some(block) = work.pop() {
        if in_loop[block] || path[block] {
            continue;
        }
        if !graph.dominates(h, block) {
            return Ok(());
        }
        path[block] = true;
        work.extend(graph.predecessors[block].iter().copied());
    }
    // Only where the path calls something before the marker (a subgroup
    // operation, or a function that may make one).
    let calls = (0..count).filter(|&block| path[block]).any(|block| {
        let mut instruction = graph.blocks[block].get_first_instruction();
        while let Some(current) = instruction {
            if current == merge {
                return false;
            }
            if current.get_opcode() == Op::Call && !is_marker(current) && !is_debug_intrinsic(current) {
                return true;
            }
            instruction = current.get_next_instruction();
        }
        false
    });
    if !calls {
        return Ok(());
    }
    // Only branches to the header can be redirected to the new latch.
    if latches.iter().any(|&p| {
        graph.blocks[p].get_terminator().is_none_or(|terminator| terminator.get_opcode() != Op::Br)
    }) {
        return Ok(());
    }
    let context = module.get_context();
    let builder = context.create_builder();
    let header = graph.blocks[h];
    let latch_blocks: Vec<BasicBlock<'ctx>> = latches.iter().map(|&p| graph.blocks[p]).collect();

    // Values of the loop and the path used elsewhere: through memory.
    let inside = |block: BasicBlock<'ctx>| graph.index.get(&block).is_some_and(|&b| in_loop[b] || path[b]);
    let entry = function.get_first_basic_block().ok_or("a function without blocks")?;
    let mut escaping: Vec<InstructionValue<'ctx>> = Vec::new();
    for block in (0..count).filter(|&b| in_loop[b] || path[b]).map(|b| graph.blocks[b]) {
        let mut instruction = block.get_first_instruction();
        while let Some(current) = instruction {
            instruction = current.get_next_instruction();
            // In the merge block, what follows the marker will be outside.
            let after_marker = block == merge_block && is_after(merge, current);
            if after_marker || current.get_type().is_void_type() {
                continue;
            }
            let used_outside = users(current).into_iter().any(|user| {
                user.get_parent().is_some_and(|parent| {
                    !inside(parent) || (parent == merge_block && (user == merge || is_after(merge, user)))
                })
            });
            if used_outside {
                escaping.push(current);
            }
        }
    }
    for value in escaping {
        let ty: BasicTypeEnum<'ctx> = value.get_type().try_into().map_err(|()| "a value without a type")?;
        match entry.get_first_instruction() {
            Some(first) => builder.position_before(&first),
            None => builder.position_at_end(entry),
        }
        let variable = builder.build_alloca(ty, "exit.value").map_err(|error| error.to_string())?;
        demote(&builder, value, variable.into(), ty)?;
    }

    // The merge block split after its marker: the head (its phis, the
    // exit path's code merged into it, the marker) and the rest.
    let head = context.prepend_basic_block(merge_block, "loop.exit");
    let terminator = merge_block.get_terminator().ok_or("a block without a terminator")?;
    terminator.remove_from_basic_block();
    merge_block.replace_all_uses_with(&head);
    builder.position_at_end(merge_block);
    builder.insert_instruction(&terminator, None);
    builder.position_at_end(head);
    let mut next = merge_block.get_first_instruction();
    while let Some(instruction) = next {
        next = instruction.get_next_instruction();
        instruction.remove_from_basic_block();
        builder.insert_instruction(&instruction, None);
        if instruction == merge {
            break;
        }
    }
    let rest = merge_block;

    // The new latch: from the back edges, on to the header; from the exit
    // path, out of the loop.
    let exits = context.insert_basic_block_after(head, "loop.exits");
    builder.position_at_end(head);
    builder.build_unconditional_branch(exits).map_err(|error| error.to_string())?;
    builder.position_at_end(exits);
    let bool_type = context.bool_type();
    let leaving = builder.build_phi(bool_type, "leaving").map_err(|error| error.to_string())?;
    leaving.add_incoming(&[(&bool_type.const_int(1, false), head)]);
    for &latch in &latch_blocks {
        leaving.add_incoming(&[(&bool_type.const_zero(), latch)]);
    }
    // The header's phis take the back edges' values through the latch.
    let header_phis: Vec<InstructionValue<'ctx>> =
        header.get_instructions().take_while(|instruction| instruction.get_opcode() == Op::Phi).collect();
    let mut rebuilt = Vec::new();
    for phi in header_phis {
        let phi_value = inkwell::values::PhiValue::try_from(phi).map_err(|()| "a phi that is not one")?;
        let ty: BasicTypeEnum<'ctx> = phi.get_type().try_into().map_err(|()| "a phi without a type")?;
        builder.position_at_end(exits);
        let through = builder.build_phi(ty, "").map_err(|error| error.to_string())?;
        let mut outside = Vec::new();
        let mut added = HashSet::new();
        for position in 0..phi_value.count_incoming() {
            let Some((value, from)) = phi_value.get_incoming(position) else { continue };
            if latch_blocks.contains(&from) {
                if added.insert(from) {
                    through.add_incoming(&[(&value, from)]);
                }
            } else {
                outside.push((value, from));
            }
        }
        through.add_incoming(&[(&poison(ty), head)]);
        rebuilt.push((phi, phi_value, ty, outside, through));
    }
    for (phi, phi_value, ty, outside, through) in rebuilt {
        builder.position_before(&phi);
        let replacement = builder.build_phi(ty, "").map_err(|error| error.to_string())?;
        for (value, from) in &outside {
            replacement.add_incoming(&[(value, *from)]);
        }
        replacement.add_incoming(&[(&through.as_basic_value(), exits)]);
        phi_value.replace_all_uses_with(&replacement);
        phi.erase_from_basic_block();
    }
    builder.position_at_end(exits);
    let marker = exits_marker(module);
    builder.build_call(marker, &[], "").map_err(|error| error.to_string())?;
    builder.build_conditional_branch(leaving.as_basic_value().into_int_value(), rest, header)
        .map_err(|error| error.to_string())?;
    // The back edges go to the new latch.
    for latch in latch_blocks {
        let terminator = latch.get_terminator().ok_or("a block without a terminator")?;
        builder.position_before(&terminator);
        let targets: Vec<BasicBlock<'ctx>> =
            targets_of(terminator).into_iter().map(|target| if target == header { exits } else { target }).collect();
        match (terminator.get_operand(0), &targets[..]) {
            (_, &[target]) => builder.build_unconditional_branch(target),
            (Some(Operand::Value(BasicValueEnum::IntValue(condition))), &[if_false, if_true]) => {
                builder.build_conditional_branch(condition, if_true, if_false)
            }
            _ => return Err("a back edge that is not a branch".into()),
        }
        .map_err(|error| error.to_string())?;
        terminator.erase_from_basic_block();
    }
    Ok(())
}

/// Whether `later` comes after `marker` in the marker's block.
fn is_after(marker: InstructionValue<'_>, later: InstructionValue<'_>) -> bool {
    let mut current = marker.get_next_instruction();
    while let Some(instruction) = current {
        if instruction == later {
            return true;
        }
        current = instruction.get_next_instruction();
    }
    false
}

fn is_debug_intrinsic(instruction: InstructionValue<'_>) -> bool {
    callee_name(instruction).is_some_and(|name| name.starts_with("llvm.dbg.") || name.starts_with("llvm.lifetime."))
}

fn poison(ty: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    match ty {
        BasicTypeEnum::ArrayType(t) => t.get_poison().into(),
        BasicTypeEnum::FloatType(t) => t.get_poison().into(),
        BasicTypeEnum::IntType(t) => t.get_poison().into(),
        BasicTypeEnum::PointerType(t) => t.get_poison().into(),
        BasicTypeEnum::StructType(t) => t.get_poison().into(),
        BasicTypeEnum::VectorType(t) => t.get_poison().into(),
        BasicTypeEnum::ScalableVectorType(t) => t.get_poison().into(),
    }
}

/// `__spvabi_loop_exits()`, declared convergent (not threaded through,
/// not duplicated) with effects on inaccessible memory only.
fn exits_marker<'ctx>(module: &Module<'ctx>) -> FunctionValue<'ctx> {
    if let Some(function) = module.get_function(EXITS) {
        return function;
    }
    let context = module.get_context();
    let function = module.add_function(EXITS, context.void_type().fn_type(&[], false), None);
    for name in ["convergent", "nounwind", "willreturn"] {
        let kind = Attribute::get_named_enum_kind_id(name);
        function.add_attribute(AttributeLoc::Function, context.create_enum_attribute(kind, 0));
    }
    // memory(inaccessiblemem: readwrite): loads and stores move across it.
    let memory = Attribute::get_named_enum_kind_id("memory");
    function.add_attribute(AttributeLoc::Function, context.create_enum_attribute(memory, 0b1100));
    function
}
