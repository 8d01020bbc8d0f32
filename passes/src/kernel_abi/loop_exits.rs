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
//! Here, per marked loop (inner loops first) whose exit paths make a call:
//! the exit path (the blocks between the natural loop and the merge
//! marker) and the return paths (blocks of the construct that end in a
//! `ret`, or, with barriers, in the kernel ABI's branch to the function's
//! end, which the merge block also reaches) join the natural loop. The
//! merge block is split at its marker, and a new latch (`loop.exits`)
//! takes the back edges, the end of the exit path and the ends of the
//! return paths, with a phi saying which (0, 1, 2 for a `ret`, 3 on for
//! each block after the construct), and branches to the header or, by a
//! chain of branches on that number, to the code after the marker, to a
//! new `ret` of the returned values, or to those blocks (their phis' values
//! from the return paths carried through the latch: an inlined function's
//! return value). Values defined in the loop and the paths and used after
//! them are demoted to memory (`sroa` promotes them again). Every path
//! that reads the loops (the SPMD vectorizer, the regions' steps, the
//! rendezvous' keys) then has the exit paths inside the iteration. The new
//! latch holds a call `__spvabi_loop_exits()`, convergent, so that
//! `simplifycfg` does not thread the edges through it again (its branch is
//! on a phi of constants); `spirv_opt_rs::translate::emit_with` deletes it,
//! and every marker, once the steps before LLVM's pipeline have run.
//!
//! A loop without a reachable merge (its merge block holds only
//! `OpUnreachable`: left only by returns) has no merge marker; the importer
//! marks each return of its function instead (`__spvabi_loop_return_<n>
//! (label)`). Each such block is first split after its marker, unless a
//! `ret` follows it, so that the code after it (the branch the kernel ABI
//! or an inliner made of the return: to a kernel's end, to the call's
//! continuation) is a block of its own after the construct. Those marked
//! blocks outside the natural loop from which no other is reached, and
//! nothing else, end that loop's return paths (one inside, or one before
//! another, is an inner loop's, whose new latch already runs it inside
//! that loop's iteration and leads on).
//!
//! Left as they were: a loop whose paths make no call, whose back edge is
//! not a branch, whose return path is entered from outside the construct
//! or leaves by something other than a branch, or whose paths define a
//! token used outside (a coroutine's: it cannot go through memory).

use std::collections::{HashMap, HashSet};

use inkwell::{
    IntPredicate,
    attributes::{Attribute, AttributeLoc},
    basic_block::BasicBlock,
    module::Module,
    types::BasicTypeEnum,
    values::{BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode as Op, InstructionValue, Operand},
};

use super::regions::{demote, users};
use super::flow_graph::FlowGraph as Graph;
use super::spmd::targets_of;

/// The prefix of every marker this module reads or makes.
pub const PREFIX: &str = "__spvabi_loop_";
const HEADER: &str = "__spvabi_loop_header";
const MERGE: &str = "__spvabi_loop_merge";
const RETURN: &str = "__spvabi_loop_return";
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
/// the new latches keep theirs (`translate::emit_with` deletes them after
/// the SPMD vectorizer).
///
/// # Errors
///
/// LLVM's builder's.
pub fn reconverge(module: &Module<'_>) -> Result<(), String> {
    for function in module.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        split_after_return_markers(module, function)?;
        // Inner loops first: an outer loop's return path may then pass
        // through the inner one's new return, and the inner one's exits
        // are still those the importer marked.
        let mut headers = markers(function, HEADER);
        if let Some(graph) = Graph::new(function) {
            let block_of = |call: &InstructionValue<'_>| call.get_parent().and_then(|block| graph.index.get(&block).copied());
            let depth = |call: &InstructionValue<'_>| {
                let Some(own) = block_of(call) else { return 0 };
                headers.iter().filter_map(|(_, other)| block_of(other)).filter(|&other| graph.dominates(other, own)).count()
            };
            let mut ordered: Vec<(usize, (u64, InstructionValue<'_>))> =
                headers.iter().map(|&(id, call)| (depth(&call), (id, call))).collect();
            ordered.sort_by_key(|(depth, _)| std::cmp::Reverse(*depth));
            headers = ordered.into_iter().map(|(_, header)| header).collect();
        }
        for (id, header) in headers {
            reconverge_one(module, function, id, header)?;
        }
        for (_, marker) in
            markers(function, HEADER).into_iter().chain(markers(function, MERGE)).chain(markers(function, RETURN))
        {
            marker.erase_from_basic_block();
        }
    }
    Ok(())
}

/// Ends the block of each return marker (`__spvabi_loop_return_<n>`) with
/// it, unless a `ret` follows it: what the inliner or the kernel ABI made
/// of the return (a branch to the caller's continuation, to the kernel's
/// end; MLIR's block merging may have joined that code to the block) is
/// then a block of its own, after the construct. The block's head (its
/// phis, its code, the marker) becomes a new block before it, so that the
/// phis of its successors still name the block that branches to them.
fn split_after_return_markers<'ctx>(module: &Module<'ctx>, function: FunctionValue<'ctx>) -> Result<(), String> {
    let context = module.get_context();
    let builder = context.create_builder();
    for (_, marker) in markers(function, RETURN) {
        if marker.get_parent().is_none() {
            continue;
        }
        let next = marker.get_next_instruction();
        if next.is_some_and(|next| next.get_opcode() == Op::Return || is_marker(next)) {
            continue;
        }
        super::unroll::split_after(&context, &builder, marker, "loop.returning")?;
    }
    Ok(())
}

/// The exit paths of the loop whose header marker is `header_call` join
/// the loop: the blocks between the natural loop and its merge marker (if
/// the merge block is reachable), and those from which the loop's
/// construct returns (`if (c) { x = subgroupBallot(true); return; }`),
/// if they make a call (where a subgroup operation may be: the callees
/// are not inlined yet). Otherwise nothing changes.
fn reconverge_one<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    id: u64,
    header_call: InstructionValue<'ctx>,
) -> Result<(), String> {
    let Some(graph) = Graph::new(function) else { return Ok(()) };
    let Some(&h) = header_call.get_parent().and_then(|block| graph.index.get(&block)) else { return Ok(()) };
    let headers: Vec<usize> = markers(function, HEADER)
        .into_iter()
        .filter(|(header_id, _)| *header_id == id)
        .filter_map(|(_, call)| graph.index.get(&call.get_parent()?).copied())
        .collect();
    // The merge marker: one of this label whose deepest dominating header
    // of the label is this one (a function inlined twice has two of each).
    let own = |call: InstructionValue<'ctx>| -> Option<usize> {
        let &m = graph.index.get(&call.get_parent()?)?;
        let dominating: Vec<usize> = headers.iter().copied().filter(|&other| graph.dominates(other, m)).collect();
        let deepest = dominating.iter().copied().find(|&a| dominating.iter().all(|&b| graph.dominates(b, a)))?;
        (deepest == h).then_some(m)
    };
    let merge = markers(function, MERGE)
        .into_iter()
        .find_map(|(merge_id, call)| (merge_id == id).then(|| own(call)).flatten().map(|m| (m, call)));
    // A loop left only by returns (no merge): the importer marked where
    // each of its returns is (`__spvabi_loop_return_<n>`, which
    // `split_after_return_markers` made end its block); those blocks end
    // its return paths, whatever the return became.
    let marked_returns: Vec<usize> = if merge.is_none() {
        markers(function, RETURN).into_iter().filter(|&(return_id, _)| return_id == id).filter_map(|(_, call)| own(call)).collect()
    } else {
        Vec::new()
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
    if merge.is_some_and(|(m, _)| in_loop[m]) {
        return Ok(());
    }
    // Marked returns inside the natural loop are an inner loop's (whose
    // new latch made them part of this loop's iterations): not ends of this
    // loop's return paths, nor starts of what follows the construct (they
    // reach the rest of the loop).
    let by_markers = !marked_returns.is_empty();
    let marked_returns: Vec<usize> = marked_returns.into_iter().filter(|&b| !in_loop[b]).collect();
    // Nor one from which another is reached (not through the header): an
    // inner loop's on this loop's return path, whose new latch leads on to
    // the path's own end.
    let reaches_another = |from: usize| -> bool {
        let mut seen = vec![false; count];
        let mut work: Vec<usize> = graph.blocks[from]
            .get_terminator()
            .map(|terminator| targets_of(terminator).iter().filter_map(|b| graph.index.get(b).copied()).collect())
            .unwrap_or_default();
        while let Some(block) = work.pop() {
            if block == h || seen[block] {
                continue;
            }
            if block != from && marked_returns.contains(&block) {
                return true;
            }
            seen[block] = true;
            work.extend(
                graph.blocks[block]
                    .get_terminator()
                    .map(|terminator| targets_of(terminator).iter().filter_map(|b| graph.index.get(b).copied()).collect::<Vec<_>>())
                    .unwrap_or_default(),
            );
        }
        false
    };
    let marked_returns: Vec<usize> = marked_returns.iter().copied().filter(|&b| !reaches_another(b)).collect();
    // The exit path: the blocks outside the loop that reach the merge
    // block without passing through the loop, the merge block included.
    let mut path = vec![false; count];
    let mut work: Vec<usize> = merge.iter().map(|&(m, _)| m).collect();
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
    // The return paths: blocks of the construct ending in a return, and
    // those that reach them, outside the loop and the exit path; not
    // what the merge block reaches without passing through the header
    // (the function's own end).
    let mut after = vec![false; count];
    let successors = |block: usize| -> Vec<usize> {
        graph.blocks[block]
            .get_terminator()
            .map(|terminator| targets_of(terminator).iter().filter_map(|b| graph.index.get(b).copied()).collect())
            .unwrap_or_default()
    };
    let mut starts: Vec<usize> = merge.iter().map(|&(m, _)| m).collect();
    starts.extend(marked_returns.iter().copied());
    for start in starts {
        let mut work = successors(start);
        while let Some(block) = work.pop() {
            if block == h || after[block] {
                continue;
            }
            after[block] = true;
            work.extend(successors(block));
        }
    }
    // (With barriers, the kernel ABI made each return a branch to the
    // function's end, which the merge block reaches too: such an edge
    // ends a return path as a return does.)
    let successors_of = &successors;
    let mut returning = vec![false; count];
    let mut work: Vec<usize> = if !by_markers {
        (0..count)
            .filter(|&block| {
                graph.blocks[block].get_terminator().is_some_and(|terminator| terminator.get_opcode() == Op::Return)
                    || successors_of(block).iter().any(|&next| after[next])
            })
            .collect()
    } else {
        marked_returns.clone()
    };
    while let Some(block) = work.pop() {
        if in_loop[block] || path[block] || after[block] || returning[block] || !graph.dominates(h, block) {
            continue;
        }
        returning[block] = true;
        work.extend(graph.predecessors[block].iter().copied());
    }
    // A return path that another way enters: left alone.
    let mut changed = true;
    while changed {
        changed = false;
        for block in 0..count {
            if returning[block] && graph.predecessors[block].iter().any(|&p| !(in_loop[p] || path[p] || returning[p])) {
                returning[block] = false;
                changed = true;
            }
        }
    }
    // A return path's block may leave, by a branch, to one block after
    // the construct (reached from the new latch instead; its phis' values
    // from the path go through the latch).
    for block in (0..count).filter(|&block| returning[block]) {
        let leaving: Vec<usize> = successors_of(block).into_iter().filter(|&next| after[next]).collect();
        let branch = graph.blocks[block].get_terminator().is_some_and(|terminator| terminator.get_opcode() == Op::Br);
        if leaving.len() > 1
            || (!leaving.is_empty() && !branch)
        {
            return Ok(());
        }
    }
    let merge_call = merge.map(|(_, call)| call);
    // Only where the paths call something (before the marker: a subgroup
    // operation, or a function that may make one).
    let calls = (0..count).filter(|&block| path[block] || returning[block]).any(|block| {
        let mut instruction = graph.blocks[block].get_first_instruction();
        while let Some(current) = instruction {
            if Some(current) == merge_call {
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

    // Values of the loop and the paths used elsewhere: through memory.
    let merge_block = merge.map(|(m, _)| graph.blocks[m]);
    let member = |b: usize| in_loop[b] || path[b] || returning[b];
    let inside = |block: BasicBlock<'ctx>| graph.index.get(&block).is_some_and(|&b| member(b));
    let past_marker = |instruction: InstructionValue<'ctx>| {
        merge_call.is_some_and(|call| instruction == call || is_after(call, instruction))
    };
    let entry = function.get_first_basic_block().ok_or("a function without blocks")?;
    let mut escaping: Vec<InstructionValue<'ctx>> = Vec::new();
    for block in (0..count).filter(|&b| member(b)).map(|b| graph.blocks[b]) {
        let mut instruction = block.get_first_instruction();
        while let Some(current) = instruction {
            instruction = current.get_next_instruction();
            // In the merge block, what follows the marker will be outside.
            if Some(block) == merge_block && past_marker(current) {
                continue;
            }
            if spirv_opt_rs::llvm::has_token_type(current) {
                // A token (a coroutine's) cannot go through memory: the
                // loop stays as it is if one is used outside.
                let used_outside = users(current).into_iter().any(|user| user.get_parent().is_some_and(|parent| !inside(parent)));
                if used_outside {
                    return Ok(());
                }
                continue;
            }
            if current.get_type().is_void_type() {
                continue;
            }
            let used_outside = users(current).into_iter().any(|user| {
                user.get_parent().is_some_and(|parent| {
                    !inside(parent) || (Some(parent) == merge_block && past_marker(user))
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

    let exits = context.insert_basic_block_after(graph.blocks[count - 1], "loop.exits");
    let i32_type = context.i32_type();
    // How a lane reaches the new latch: 0 from a back edge, 1 from the
    // exit path, 2 from a return path.
    let mut sources: Vec<(BasicBlock<'ctx>, u64)> = latch_blocks.iter().map(|&latch| (latch, 0)).collect();
    // The merge block split after its marker: the head (its phis, the
    // exit path's code merged into it, the marker) and the rest.
    let mut rest = None;
    if let (Some(merge_block), Some(merge_call)) = (merge_block, merge_call) {
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
            if instruction == merge_call {
                break;
            }
        }
        builder.build_unconditional_branch(exits).map_err(|error| error.to_string())?;
        sources.push((head, 1));
        rest = Some(merge_block);
    }
    // The returns of the return paths branch to the new latch; one return
    // after it returns their value.
    let return_type = function.get_type().get_return_type();
    let mut returned: Vec<(BasicBlock<'ctx>, Option<BasicValueEnum<'ctx>>)> = Vec::new();
    // The blocks after the construct that return paths branch to, by the
    // number the new latch's phi gives them (3 on).
    let mut ends: Vec<BasicBlock<'ctx>> = Vec::new();
    for b in (0..count).filter(|&b| returning[b]) {
        let block = graph.blocks[b];
        let Some(terminator) = block.get_terminator() else { continue };
        if let Some(&next) = successors_of(b).iter().find(|&&next| after[next]) {
            let target = graph.blocks[next];
            let number = match ends.iter().position(|&end| end == target) {
                Some(position) => position,
                None => {
                    ends.push(target);
                    ends.len() - 1
                }
            };
            builder.position_before(&terminator);
            let targets: Vec<BasicBlock<'ctx>> =
                targets_of(terminator).into_iter().map(|t| if t == target { exits } else { t }).collect();
            match (terminator.get_operand(0), &targets[..]) {
                (_, &[only]) => builder.build_unconditional_branch(only),
                (Some(Operand::Value(BasicValueEnum::IntValue(condition))), &[if_false, if_true]) => {
                    builder.build_conditional_branch(condition, if_true, if_false)
                }
                _ => return Err("a return path's branch that is not a branch".into()),
            }
            .map_err(|error| error.to_string())?;
            terminator.erase_from_basic_block();
            sources.push((block, 3 + number as u64));
            continue;
        }
        if terminator.get_opcode() != Op::Return {
            continue;
        }
        let value = match terminator.get_operand(0) {
            Some(Operand::Value(value)) => Some(value),
            _ => None,
        };
        terminator.erase_from_basic_block();
        builder.position_at_end(block);
        builder.build_unconditional_branch(exits).map_err(|error| error.to_string())?;
        sources.push((block, 2));
        returned.push((block, value));
    }

    // The new latch: from the back edges, on to the header; from the exit
    // path, out of the loop; from the return paths, to the return.
    builder.position_at_end(exits);
    let leaving = builder.build_phi(i32_type, "leaving").map_err(|error| error.to_string())?;
    for &(from, kind) in &sources {
        leaving.add_incoming(&[(&i32_type.const_int(kind, false), from)]);
    }
    let value_phi = match (return_type, returned.is_empty()) {
        (Some(ty), false) => {
            let phi = builder.build_phi(ty, "returned").map_err(|error| error.to_string())?;
            for &(from, _) in &sources {
                let value = returned.iter().find(|(block, _)| *block == from).and_then(|(_, value)| *value);
                phi.add_incoming(&[(&value.unwrap_or_else(|| poison(ty)), from)]);
            }
            Some(phi)
        }
        _ => None,
    };
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
        for &(from, kind) in &sources {
            if kind != 0 {
                through.add_incoming(&[(&poison(ty), from)]);
            }
        }
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
    let kind = leaving.as_basic_value().into_int_value();
    let staying = builder
        .build_int_compare(IntPredicate::EQ, kind, i32_type.const_zero(), "")
        .map_err(|error| error.to_string())?;
    let return_block = (!returned.is_empty()).then(|| context.insert_basic_block_after(exits, "loop.return"));
    if let Some(return_block) = return_block {
        builder.position_at_end(return_block);
        match value_phi {
            Some(phi) => builder.build_return(Some(&phi.as_basic_value())),
            None => builder.build_return(None),
        }
        .map_err(|error| error.to_string())?;
    }
    let mut destinations: Vec<(u64, BasicBlock<'ctx>)> = Vec::new();
    destinations.extend(rest.map(|rest| (1, rest)));
    destinations.extend(return_block.map(|block| (2, block)));
    destinations.extend(ends.iter().enumerate().map(|(number, &end)| (3 + number as u64, end)));
    // Where the leaving lanes go: a chain of branches (not a switch: an
    // enclosing loop's return path may pass through it, and only branches
    // are redirected).
    let Some(&(_, mut out)) = destinations.last() else { return Err("a loop without exit paths".into()) };
    // Per destination, the block that branches to it.
    let mut entered_from: HashMap<BasicBlock<'ctx>, BasicBlock<'ctx>> = HashMap::new();
    for &(number, destination) in destinations.iter().rev().skip(1) {
        let test = context.insert_basic_block_after(exits, "loop.left");
        builder.position_at_end(test);
        let taken = builder
            .build_int_compare(IntPredicate::EQ, kind, i32_type.const_int(number, false), "")
            .map_err(|error| error.to_string())?;
        builder.build_conditional_branch(taken, destination, out).map_err(|error| error.to_string())?;
        entered_from.insert(out, test);
        entered_from.insert(destination, test);
        out = test;
    }
    entered_from.entry(out).or_insert(exits);
    builder.position_at_end(exits);
    builder.build_conditional_branch(staying, header, out).map_err(|error| error.to_string())?;
    // A block after the construct that return paths branched to keeps
    // the values its phis had from them: carried through the new latch
    // (an inlined function's return value).
    for &end in &ends {
        let phis: Vec<InstructionValue<'ctx>> =
            end.get_instructions().take_while(|instruction| instruction.get_opcode() == Op::Phi).collect();
        let from = *entered_from.get(&end).ok_or("a destination without a branch to it")?;
        for phi in phis {
            let phi_value = inkwell::values::PhiValue::try_from(phi).map_err(|()| "a phi that is not one")?;
            let ty: BasicTypeEnum<'ctx> = phi.get_type().try_into().map_err(|()| "a phi without a type")?;
            let redirected: Vec<BasicBlock<'ctx>> = sources
                .iter()
                .filter(|&&(_, number)| usize::try_from(number).is_ok_and(|n| n >= 3 && ends[n - 3] == end))
                .map(|&(block, _)| block)
                .collect();
            builder.position_before(&exits.get_first_instruction().ok_or("an empty latch")?);
            let carried = builder.build_phi(ty, "").map_err(|error| error.to_string())?;
            let mut kept = Vec::new();
            let mut added = HashSet::new();
            for position in 0..phi_value.count_incoming() {
                let Some((value, block)) = phi_value.get_incoming(position) else { continue };
                if redirected.contains(&block) {
                    if added.insert(block) {
                        carried.add_incoming(&[(&value, block)]);
                    }
                } else {
                    kept.push((value, block));
                }
            }
            for &(block, _) in &sources {
                if !redirected.contains(&block) {
                    carried.add_incoming(&[(&poison(ty), block)]);
                }
            }
            builder.position_before(&phi);
            let replacement = builder.build_phi(ty, "").map_err(|error| error.to_string())?;
            for (value, block) in &kept {
                replacement.add_incoming(&[(value, *block)]);
            }
            replacement.add_incoming(&[(&carried.as_basic_value(), from)]);
            phi_value.replace_all_uses_with(&replacement);
            phi.erase_from_basic_block();
        }
    }
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
