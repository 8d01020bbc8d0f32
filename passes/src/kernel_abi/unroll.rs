//! Loops with barriers and a constant trip count fully unrolled before the
//! regions are formed (docs/abi.md, "Loops with barriers unrolled"), and
//! the constant loops of barrier-free invocation functions before the SPMD
//! vectorizer ([`unroll_constant_loops`]; docs/abi.md, "SPMD
//! vectorization").
//!
//! A barrier inside a loop makes one region of the loop's body: its round
//! runs every trip, and a value the trips change (GLSL reduce's stride
//! `s`, halved each trip) is a variable of the round, which LLVM cannot
//! fold. Unrolled, each trip's barrier is a barrier of its own, each trip
//! a region of its own with its values constant (reduce: region k's loop
//! over the invocations shrinks to the `l < 128 >> k` that do work). clang
//! does the same for OpenCL C before the kernel reaches us.
//!
//! On `__spvabi_E.region` after `regions.rs`'s preparing passes:
//! `simplifycfg` and `loop-simplify`, `llvm.loop.unroll.full` on the latch
//! of every loop holding a barrier, LLVM's loop unroller (which unrolls
//! exactly those whose trip count SCEV knows: no partial, runtime or
//! threshold unrolling), `simplifycfg`; then every barrier marker is alone
//! again before a branch (`simplifycfg` merges blocks) and numbered anew in
//! layout order. Tried first on a copy of the module: nothing changes when
//! no barrier was added or more than [`LIMIT`] would be. The workgroup
//! function then gets a round per new region: its rounds are calls of
//! `alwaysinline` round functions with the region constant (`workgroup.rs`,
//! `round_name`), so one more is a copy of region 0's case block with
//! another constant; the SPMD path's new steps call the steps' body
//! (`step_body_name`) with their region.

use std::collections::{HashMap, HashSet};

use inkwell::{
    attributes::AttributeLoc,
    basic_block::BasicBlock,
    builder::Builder,
    context::ContextRef,
    module::{Linkage, Module},
    targets::TargetMachine,
    values::{
        AnyValue, BasicMetadataValueEnum, BasicValue, BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode as Op, InstructionValue, Operand,
        PhiValue,
    },
};
use spirv_opt_rs::llvm as llvm_edge;

use super::{regions::MARKER, spmd::targets_of};

/// The most barriers a region function may have after unrolling (each is
/// a region, and each region a copy of the rounds' loops): beyond it the
/// loops stay loops.
pub const LIMIT: usize = 32;

/// Before the loops are marked: one latch per loop, and conditions SCEV
/// reads (the preparing passes leave `br i1 true` and phis of `poison`).
const SIMPLIFY: &str = "simplifycfg,loop-simplify";

/// The marked loops unrolled, nothing else (full unrolling by threshold
/// off with `full-unroll-max=0`; a loop with `llvm.loop.unroll.full` and a
/// known trip count is unrolled whatever the threshold, up to LLVM's
/// pragma limit), then the copies' dead exits removed.
const UNROLL: &str =
    "loop-unroll<O2;no-partial;no-peeling;no-runtime;no-upperbound;no-profile-peeling;full-unroll-max=0>,simplifycfg";

/// Fully unrolls the loops with barriers and a constant trip count of the
/// region function `function` of `module` (see the module's comment);
/// returns the number of barriers then, or `None` when nothing changed.
///
/// # Errors
///
/// When LLVM refuses the passes or a barrier cannot be split out again.
pub fn unroll_barrier_loops(
    module: &Module<'_>,
    function: FunctionValue<'_>,
    machine: &TargetMachine,
) -> Result<Option<u32>, String> {
    let before = markers(function).len();
    if before == 0 || !marker_in_loop(function) {
        return Ok(None);
    }
    let name = function.get_name().to_string_lossy().into_owned();
    let trial = module.clone();
    let copy = trial.get_function(&name).ok_or("the region function lost in a copy")?;
    let after = unroll(copy, machine)?;
    drop(trial);
    if after <= before || after > LIMIT {
        tracing::debug!(function = %name, before, after, "loops with barriers left as they are");
        return Ok(None);
    }
    let after = unroll(function, machine)?;
    split_markers(function)?;
    let i32_type = function.get_type().get_context().i32_type();
    for (number, marker) in markers(function).into_iter().enumerate() {
        marker.set_operand(0, i32_type.const_int(number as u64, false));
    }
    let prefix = name.strip_suffix(".region").ok_or("not a region function")?;
    add_rounds(module, prefix, after as u32)?;
    tracing::debug!(function = %name, before, after, "loops with barriers unrolled");
    Ok(Some(after as u32))
}

/// The most instructions an invocation function may have once its loops
/// are fully unrolled ([`unroll_constant_loops`]): blur's 5x5 taps give
/// about 900; a bigger function keeps its loops.
pub const UNROLLED_LIMIT: usize = 4096;

/// After the unrolling: the constant arrays the copies index with
/// constants promoted and folded (glslang copies a dynamically indexed
/// `const` array into a function variable: stored each trip, now loaded at
/// constant offsets), then the form the SPMD vectorizer reads, as its
/// preparing passes leave it (`spmd.rs`, `PREPARE`).
const PROMOTE: &str = "sroa<modify-cfg>,early-cse<memssa>,gvn,instcombine<no-verify-fixpoint>,simplifycfg,\
sroa<modify-cfg>,instcombine<no-verify-fixpoint>,scalarizer<load-store>,instcombine<no-verify-fixpoint>,\
lower-switch,loop-simplify,lcssa";

/// Fully unrolls every loop of the prepared invocation function `function`
/// of `module` (docs/abi.md, "SPMD vectorization": loops whose trip count
/// is a constant, such as a filter's taps) when all of them can be and the
/// function then has at most [`UNROLLED_LIMIT`] instructions; tried first
/// on a copy of the module. Returns whether it did; when not, `function`
/// is as it was.
///
/// # Errors
///
/// When LLVM refuses the passes.
pub fn unroll_constant_loops(
    module: &Module<'_>,
    function: FunctionValue<'_>,
    machine: &TargetMachine,
) -> Result<bool, String> {
    if latches(function, |_| true).is_empty() {
        return Ok(false);
    }
    let name = function.get_name().to_string_lossy().into_owned();
    let trial = module.clone();
    let copy = trial.get_function(&name).ok_or("the invocation function lost in a copy")?;
    let unrolled = unroll_all(copy, machine)?;
    drop(trial);
    if !unrolled {
        tracing::debug!(function = %name, "loops left as they are");
        return Ok(false);
    }
    unroll_all(function, machine)?;
    tracing::debug!(function = %name, "constant loops unrolled");
    Ok(true)
}

/// The unrolling and promoting passes on every loop of `function`;
/// whether no loop is left and the function fits [`UNROLLED_LIMIT`].
fn unroll_all(function: FunctionValue<'_>, machine: &TargetMachine) -> Result<bool, String> {
    let options = inkwell::passes::PassBuilderOptions::create;
    function.run_passes(SIMPLIFY, machine, options()).map_err(|error| error.to_string())?;
    for latch in latches(function, |_| true) {
        if let Some(terminator) = latch.get_terminator() {
            llvm_edge::request_full_unroll(terminator);
        }
    }
    function.run_passes(UNROLL, machine, options()).map_err(|error| error.to_string())?;
    function.run_passes(PROMOTE, machine, options()).map_err(|error| error.to_string())?;
    let size: usize = function.get_basic_block_iter().map(|block| block.get_instructions().count()).sum();
    Ok(latches(function, |_| true).is_empty() && size <= UNROLLED_LIMIT)
}

/// The barrier markers of `function`, in layout order.
fn markers<'ctx>(function: FunctionValue<'ctx>) -> Vec<InstructionValue<'ctx>> {
    function
        .get_basic_block_iter()
        .flat_map(|block| block.get_instructions())
        .filter(|instruction| is_marker(*instruction))
        .collect()
}

fn is_marker(instruction: InstructionValue<'_>) -> bool {
    CallSiteValue::try_from(instruction)
        .ok()
        .and_then(|call| call.get_called_fn_value())
        .is_some_and(|callee| callee.get_name().to_bytes() == MARKER.as_bytes())
}

/// The blocks a terminator branches to, each once.
fn successors(block: BasicBlock<'_>) -> Vec<BasicBlock<'_>> {
    let mut found = Vec::new();
    if let Some(terminator) = block.get_terminator() {
        for index in 0..terminator.get_num_operands() {
            if let Some(Operand::Block(next)) = terminator.get_operand(index)
                && !found.contains(&next)
            {
                found.push(next);
            }
        }
    }
    found
}

/// Whether a barrier marker's block lies on a cycle.
fn marker_in_loop(function: FunctionValue<'_>) -> bool {
    function.get_basic_block_iter().filter(|block| block.get_instructions().any(is_marker)).any(|start| {
        let mut seen = HashSet::new();
        let mut work = successors(start);
        while let Some(block) = work.pop() {
            if block == start {
                return true;
            }
            if seen.insert(block) {
                work.extend(successors(block));
            }
        }
        false
    })
}

/// The unrolling passes on `function`; the barriers it has then.
fn unroll(function: FunctionValue<'_>, machine: &TargetMachine) -> Result<usize, String> {
    let options = inkwell::passes::PassBuilderOptions::create;
    function.run_passes(SIMPLIFY, machine, options()).map_err(|error| error.to_string())?;
    for latch in latches_of_barrier_loops(function) {
        if let Some(terminator) = latch.get_terminator() {
            llvm_edge::request_full_unroll(terminator);
        }
    }
    function.run_passes(UNROLL, machine, options()).map_err(|error| error.to_string())?;
    Ok(markers(function).len())
}

/// The latches of the loops whose body holds a barrier marker.
fn latches_of_barrier_loops(function: FunctionValue<'_>) -> Vec<BasicBlock<'_>> {
    latches(function, |body| body.iter().any(|block| block.get_instructions().any(is_marker)))
}

/// The latches of the loops (back edges found by a depth-first walk from
/// the entry) whose body (header included) `wanted` accepts.
fn latches<'ctx>(function: FunctionValue<'ctx>, wanted: impl Fn(&HashSet<BasicBlock<'ctx>>) -> bool) -> Vec<BasicBlock<'ctx>> {
    let Some(entry) = function.get_first_basic_block() else { return Vec::new() };
    let mut predecessors: HashMap<BasicBlock<'_>, Vec<BasicBlock<'_>>> = HashMap::new();
    for block in function.get_basic_block_iter() {
        for next in successors(block) {
            predecessors.entry(next).or_default().push(block);
        }
    }
    // Back edges: to a block still on the walk's stack.
    let mut back_edges = Vec::new();
    let mut on_stack = HashSet::from([entry]);
    let mut visited = HashSet::from([entry]);
    let mut stack = vec![(entry, successors(entry), 0)];
    while let Some((block, nexts, position)) = stack.last_mut() {
        let Some(&next) = nexts.get(*position) else {
            on_stack.remove(block);
            stack.pop();
            continue;
        };
        *position += 1;
        let from = *block;
        if on_stack.contains(&next) {
            back_edges.push((from, next));
        } else if visited.insert(next) {
            on_stack.insert(next);
            stack.push((next, successors(next), 0));
        }
    }
    let mut latches = Vec::new();
    for (latch, header) in back_edges {
        // The loop: the header and what reaches the latch without it.
        let mut body = HashSet::from([header]);
        let mut work = vec![latch];
        while let Some(block) = work.pop() {
            if body.insert(block) {
                work.extend(predecessors.get(&block).into_iter().flatten().copied());
            }
        }
        if wanted(&body) && !latches.contains(&latch) {
            latches.push(latch);
        }
    }
    latches
}

/// Makes every barrier marker of `function` followed by an unconditional
/// branch to a block without phis, as `regions.rs` needs (the region after
/// the barrier starts there: the workgroup's dispatch becomes one more
/// predecessor of it): the code before it and the marker move to a new
/// block branching to the rest (phis go with them: the block's
/// predecessors now branch to the new one; its successors' phis still name
/// the old block, which keeps the terminator). `simplifycfg` after the
/// unrolling merges a barrier's block into the next one and into its
/// predecessor, so a barrier before a loop could branch straight to the
/// loop's header and its phis (fuzz-diff's `sg_lanes`, finding 12: "PHI
/// node entries do not match predecessors").
fn split_markers(function: FunctionValue<'_>) -> Result<(), String> {
    let context = function.get_type().get_context();
    let builder = context.create_builder();
    for marker in markers(function) {
        let alone = marker.get_next_instruction().is_some_and(|next| {
            next.get_opcode() == Op::Br
                && next.get_num_operands() == 1
                && !matches!(next.get_operand(0), Some(Operand::Block(target))
                    if target.get_first_instruction().is_some_and(|first| first.get_opcode() == Op::Phi))
        });
        if alone {
            continue;
        }
        split_after(&context, &builder, marker, "")?;
    }
    Ok(())
}

/// Moves the head of `marker`'s block (its phis, its code up to and with
/// the marker) to a new block `name` before it, which branches to the rest.
/// The block's predecessors now branch to the new one; its successors'
/// phis still name the old block, which keeps the terminator (LLVM's
/// replacement of a block also renames it in its successors' phis: done
/// without the terminator).
pub(super) fn split_after<'ctx>(
    context: &ContextRef<'ctx>,
    builder: &Builder<'ctx>,
    marker: InstructionValue<'ctx>,
    name: &str,
) -> Result<(), String> {
    let block = marker.get_parent().ok_or("a marker outside a block")?;
    let head = context.prepend_basic_block(block, name);
    let terminator = block.get_terminator().ok_or("a block without a terminator")?;
    terminator.remove_from_basic_block();
    block.replace_all_uses_with(&head);
    builder.position_at_end(block);
    builder.insert_instruction(&terminator, None);
    builder.position_at_end(head);
    let mut next = block.get_first_instruction();
    while let Some(instruction) = next {
        next = instruction.get_next_instruction();
        instruction.remove_from_basic_block();
        builder.insert_instruction(&instruction, None);
        if instruction == marker {
            break;
        }
    }
    builder.build_unconditional_branch(block).map_err(|error| error.to_string())?;
    Ok(())
}

/// Adds to the workgroup function of the entry point `prefix`
/// (`__spvabi_E`) the rounds of the regions up to `barriers` + 1 it lacks:
/// per kind of round, a copy of the case calling the round function with
/// region 0, calling it with the new region (and, for the steps, a new
/// step calling the steps' body with it).
fn add_rounds(module: &Module<'_>, prefix: &str, barriers: u32) -> Result<(), String> {
    let context = module.get_context();
    let i64_type = context.i64_type();
    for kind in ["uniform", "waiting", "steps"] {
        let name = format!("{prefix}.round.{kind}");
        let round = module.get_function(&name).ok_or_else(|| format!("no @{name}"))?;
        let calls = calls_of(round);
        let region_of = |call: &InstructionValue<'_>| match call.get_operand(0) {
            Some(Operand::Value(BasicValueEnum::IntValue(region))) => region.get_zero_extended_constant(),
            _ => None,
        };
        let known: HashSet<u64> = calls.iter().filter_map(region_of).collect();
        let template = *calls.iter().find(|call| region_of(call) == Some(0)).ok_or_else(|| format!("no round 0 of @{name}"))?;
        let block = template.get_parent().ok_or("a round outside a block")?;
        let workgroup = block.get_parent().ok_or("a round outside a function")?;
        let switch = workgroup
            .get_basic_block_iter()
            .filter_map(|other| other.get_terminator())
            .find(|terminator| terminator.get_opcode() == Op::Switch && targets_of(*terminator).contains(&block))
            .ok_or_else(|| format!("no switch to the rounds of @{name}"))?;
        for region in 0..=u64::from(barriers) {
            if known.contains(&region) {
                continue;
            }
            let copy = clone_block(block, template)?;
            copy.set_operand(0, i64_type.const_int(region, false));
            if kind == "steps" {
                let step = add_step(module, prefix, region)?;
                let old = module.get_function(&format!("{prefix}.step.0")).ok_or("no step 0")?;
                for index in 0..copy.get_num_operands() {
                    if let Some(Operand::Value(BasicValueEnum::PointerValue(pointer))) = copy.get_operand(index)
                        && pointer == old.as_global_value().as_pointer_value()
                    {
                        copy.set_operand(index, step.as_global_value().as_pointer_value());
                    }
                }
            }
            let new_block = copy.get_parent().ok_or("a copy outside a block")?;
            llvm_edge::add_case(switch, i64_type.const_int(region, false), new_block);
        }
    }
    Ok(())
}

/// The calls of `function`.
fn calls_of(function: FunctionValue<'_>) -> Vec<InstructionValue<'_>> {
    let mut found = Vec::new();
    let mut next = function.as_global_value().as_pointer_value().get_first_use();
    while let Some(current) = next {
        next = current.get_next_use();
        if let Ok(value) = BasicValueEnum::try_from(current.get_user())
            && let Some(instruction) = value.as_instruction_value()
            && instruction.get_opcode() == Op::Call
        {
            found.push(instruction);
        }
    }
    found
}

/// A copy of `block` at the end of its function (its values renamed, the
/// phis of its successors given the copy's values); returns the copy of
/// `wanted`, one of its instructions.
fn clone_block<'ctx>(block: BasicBlock<'ctx>, wanted: InstructionValue<'ctx>) -> Result<InstructionValue<'ctx>, String> {
    let function = block.get_parent().ok_or("a block outside a function")?;
    let context = function.get_type().get_context();
    let copy = context.append_basic_block(function, "");
    let builder = context.create_builder();
    builder.position_at_end(copy);
    let mut renamed: HashMap<InstructionValue<'ctx>, InstructionValue<'ctx>> = HashMap::new();
    for instruction in block.get_instructions() {
        let clone = instruction.explicit_clone();
        builder.insert_instruction(&clone, None);
        for index in 0..clone.get_num_operands() {
            if let Some(Operand::Value(value)) = clone.get_operand(index)
                && let Some(original) = value.as_instruction_value()
                && let Some(new) = renamed.get(&original)
            {
                let new = as_basic(*new)?;
                clone.set_operand(index, new);
            }
        }
        renamed.insert(instruction, clone);
    }
    for next in successors(block) {
        let phis: Vec<PhiValue<'ctx>> = next
            .get_instructions()
            .take_while(|instruction| instruction.get_opcode() == Op::Phi)
            .filter_map(|instruction| PhiValue::try_from(instruction).ok())
            .collect();
        for phi in phis {
            let incoming: Vec<BasicValueEnum<'ctx>> = (0..phi.count_incoming())
                .filter_map(|index| phi.get_incoming(index))
                .filter(|(_, from)| *from == block)
                .map(|(value, _)| value)
                .collect();
            for value in incoming {
                let value = match value.as_instruction_value().and_then(|original| renamed.get(&original)) {
                    Some(new) => as_basic(*new)?,
                    None => value,
                };
                phi.add_incoming(&[(&value as &dyn BasicValue<'ctx>, copy)]);
            }
        }
    }
    renamed.get(&wanted).copied().ok_or_else(|| "the instruction is not in the block".into())
}

fn as_basic(instruction: InstructionValue<'_>) -> Result<BasicValueEnum<'_>, String> {
    BasicValueEnum::try_from(instruction.as_any_value_enum())
        .map_err(|()| "an instruction without a value used as one".to_owned())
}

/// A new step `prefix.step.region` (as `workgroup.rs` makes them: the
/// steps' body called with the region).
fn add_step<'ctx>(module: &Module<'ctx>, prefix: &str, region: u64) -> Result<FunctionValue<'ctx>, String> {
    let template = module.get_function(&format!("{prefix}.step.0")).ok_or("no step 0")?;
    let body = module.get_function(&format!("{prefix}.step_body")).ok_or("no steps' body")?;
    let step = module.add_function(&format!("{prefix}.step.{region}"), template.get_type(), Some(Linkage::Internal));
    for index in 0..template.count_params() {
        for attribute in template.attributes(AttributeLoc::Param(index)) {
            step.add_attribute(AttributeLoc::Param(index), attribute);
        }
    }
    let context = module.get_context();
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(step, "entry"));
    let mut arguments: Vec<BasicMetadataValueEnum<'ctx>> = vec![context.i64_type().const_int(region, false).into()];
    arguments.extend(step.get_param_iter().map(BasicMetadataValueEnum::from));
    let reached = builder
        .build_call(body, &arguments, "")
        .map_err(|error| error.to_string())?
        .try_as_basic_value()
        .basic()
        .ok_or("the steps' body returns nothing")?;
    builder.build_return(Some(&reached)).map_err(|error| error.to_string())?;
    Ok(step)
}
