//! Barriers: `__spirv_ControlBarrier` calls with workgroup (or wider)
//! execution scope become region boundaries (`regions.rs`) or suspend
//! points of LLVM switched-resume coroutines; narrower ones, and
//! `__spirv_MemoryBarrier`, become fences (one invocation per subgroup,
//! docs/abi.md).
//!
//! Both need the barriers in the entry point's own body, so the functions
//! that reach a barrier are first inlined into the entry points that call
//! them (SPIR-V has no recursion, so this ends).
//! - Regions: each barrier becomes a call `__spvabi_barrier(i32 k)`, k
//!   numbering the entry point's barriers, alone before a branch to the
//!   rest of its block; `regions::form_regions` then splits the code there
//!   on LLVM IR.
//! - Coroutines: the entry point returns its handle at its first barrier (or
//!   when it is done), and each resumption takes it to the next barrier. Its
//!   frame is allocated with `malloc` and freed with `free` when the
//!   workgroup function destroys it.

use std::collections::{HashMap, HashSet};

use melior::{
    Context,
    dialect::llvm,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Identifier, Location, Operation, OperationRef, RegionLike, Type, Value,
        attribute::{ArrayAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
};
use spirv_opt_rs::surgery;

use super::{regions, AbiError, BarrierMode, Entry, Result, error, flat_symbol, function_type, op_name, workgroup::Barriers};

/// The mangled name of `__spirv_ControlBarrier(i32, i32, i32)`.
const CONTROL_BARRIER: &str = "_Z22__spirv_ControlBarrieriii";
/// The mangled name of `__spirv_MemoryBarrier(i32, i32)`.
const MEMORY_BARRIER: &str = "_Z21__spirv_MemoryBarrierii";
/// SPV_INTEL_split_barrier: arriving orders memory only; waiting is where
/// the invocations meet, so it is a barrier (a stronger one: nothing
/// between arrive and wait runs ahead of the others).
const ARRIVE: &str = "_Z33__spirv_ControlBarrierArriveINTELiii";
const WAIT: &str = "_Z31__spirv_ControlBarrierWaitINTELiii";

/// SPIR-V's `Subgroup` scope; `Invocation` is 4. Wider scopes (Workgroup
/// 2, Device 1, CrossDevice 0) synchronize the workgroup.
const SUBGROUP_SCOPE: i64 = 3;

/// Whether `call` (to `callee`) is a barrier the ABI handles.
pub(super) fn is_barrier(callee: &str) -> bool {
    [CONTROL_BARRIER, MEMORY_BARRIER, ARRIVE, WAIT].contains(&callee)
}

/// Whether the builtin `base` (unmangled) is a barrier the ABI handles.
pub(super) fn is_barrier_builtin(base: &str) -> bool {
    [CONTROL_BARRIER, MEMORY_BARRIER, ARRIVE, WAIT]
        .iter()
        .any(|mangled| crate::builtins::demangle_base(mangled).is_some_and(|(name, _)| name == base))
}

/// Whether the barrier `call` synchronizes the invocations of a workgroup
/// (its execution scope is Workgroup or wider, or not a constant).
fn synchronizes_workgroup(call: OperationRef<'_, '_>) -> bool {
    if !matches!(flat_symbol(call, "callee").as_deref(), Some(CONTROL_BARRIER | WAIT)) {
        return false;
    }
    let scope = call
        .operand(0)
        .ok()
        .and_then(spirv_opt_rs::ir::defining_op)
        .filter(|owner| op_name(*owner) == "llvm.mlir.constant")
        .and_then(|owner| owner.attribute("value").ok())
        .and_then(|value| IntegerAttribute::try_from(value).ok())
        .map(|value| value.value());
    scope.is_none_or(|scope| scope < SUBGROUP_SCOPE)
}

/// Builds an op from its generic parts; attributes given as text.
pub(super) fn build<'c>(
    context: &'c Context,
    location: Location<'c>,
    name: &str,
    operands: &[Value<'c, '_>],
    results: &[Type<'c>],
    successors: &[BlockRef<'c, '_>],
    attributes: &[(&str, &str)],
) -> Result<'c, Operation<'c>> {
    let mut parsed = Vec::new();
    for (key, text) in attributes {
        let attribute = Attribute::parse(context, text)
            .ok_or_else(|| AbiError { location, message: format!("internal error: cannot build {key} = {text}") })?;
        parsed.push((Identifier::new(context, key), attribute));
    }
    let successors: Vec<&Block<'c>> = successors.iter().map(|block| &**block).collect();
    OperationBuilder::new(name, location)
        .add_operands(operands)
        .add_results(results)
        .add_successors(&successors)
        .add_attributes(&parsed)
        .build()
        .map_err(|failure| AbiError { location, message: format!("internal error: {failure}") })
}

pub(super) fn result<'c, 'a>(op: OperationRef<'c, 'a>) -> Result<'c, Value<'c, 'a>> {
    op.result(0).map(Into::into).map_err(|_| error(op, "internal error: an op without result"))
}

/// Lowers every barrier of the module; returns the entry points with
/// workgroup barriers and how each runs them.
pub(super) fn lower_barriers<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    functions: &HashMap<String, OperationRef<'c, '_>>,
    entries: &[Entry<'c, '_>],
    barriers: &[(String, OperationRef<'c, '_>)],
    calls: &[(String, String, OperationRef<'c, '_>)],
    mode: BarrierMode,
) -> Result<'c, HashMap<String, Barriers>> {
    let mut suspending: HashSet<String> = HashSet::new();
    for (function, call) in barriers {
        if synchronizes_workgroup(*call) {
            suspending.insert(function.clone());
        } else {
            // One invocation per subgroup: only the memory order is left.
            let fence = build(context, call.location(), "llvm.fence", &[], &[], &[], &[("ordering", "7 : i64")])?;
            let block = call.block().ok_or_else(|| error(*call, "a call outside any block"))?;
            block.insert_operation_before(*call, fence);
            surgery::erase(*call);
        }
    }
    if suspending.is_empty() {
        return Ok(HashMap::new());
    }
    // The functions reaching a barrier through calls.
    add_callers(&mut suspending, calls);
    let body = module
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
        .ok_or_else(|| error(module, "an empty module"))?;
    let mut declarations = String::new();
    if mode == BarrierMode::Regions && !functions.contains_key(regions::MARKER) {
        declarations.push_str(&format!("  llvm.func @{}(i32)\n", regions::MARKER));
    }
    if !functions.contains_key("malloc") {
        declarations.push_str("  llvm.func @malloc(i64) -> !llvm.ptr\n");
    }
    if !functions.contains_key("free") {
        declarations.push_str("  llvm.func @free(!llvm.ptr)\n");
    }
    if !declarations.is_empty() {
        surgery::append_parsed(context, body, &format!("module {{\n{declarations}}}\n"), &|_| false)
            .ok_or_else(|| error(module, "internal error: cannot declare malloc and free"))?;
    }
    // Coroutines run subgroups wider than one invocation as rendezvous
    // (spmd/rendezvous.rs): the subgroup operations must be in the
    // coroutine's own body too, so the functions reaching one are inlined
    // as well (what reaches only them stays: barrier-free entry points may
    // call it).
    let mut inlined = suspending.clone();
    if mode == BarrierMode::Coroutines {
        for (caller, callee, _) in calls {
            if super::spmd::is_subgroup_operation(callee) {
                inlined.insert(caller.clone());
            }
        }
        add_callers(&mut inlined, calls);
    }
    let mut coroutines = HashMap::new();
    for entry in entries.iter().filter(|entry| suspending.contains(&entry.name)) {
        inline_suspending_calls(context, entry.func, functions, &inlined)?;
        let barriers = match mode {
            BarrierMode::Regions => Barriers::Regions(mark_barriers(context, entry)?),
            BarrierMode::Coroutines => {
                split_after_subgroup_operations(context, entry)?;
                make_coroutine(context, entry)?;
                Barriers::Coroutines
            }
        };
        coroutines.insert(entry.name.clone(), barriers);
    }
    // What reached a barrier outside an entry point now lives inside the
    // entry points; the originals could only be called from a coroutine.
    let mut dead: Vec<&String> = suspending.iter().filter(|name| !coroutines.contains_key(*name)).collect();
    dead.sort();
    for name in dead {
        if let Some(func) = functions.get(name) {
            surgery::erase(*func);
        }
    }
    Ok(coroutines)
}

/// Adds to `functions` every function calling one of them, directly or not.
fn add_callers(functions: &mut HashSet<String>, calls: &[(String, String, OperationRef<'_, '_>)]) {
    loop {
        let before = functions.len();
        for (caller, callee, _) in calls {
            if functions.contains(callee) {
                functions.insert(caller.clone());
            }
        }
        if functions.len() == before {
            break;
        }
    }
}

/// Inlines into `func`, until none is left, every call to a function of
/// `suspending`.
fn inline_suspending_calls<'c>(
    context: &'c Context,
    func: OperationRef<'c, '_>,
    functions: &HashMap<String, OperationRef<'c, '_>>,
    suspending: &HashSet<String>,
) -> Result<'c, ()> {
    // Every inlining adds the callee's calls; SPIR-V forbids recursion, but a
    // malformed module could still recurse: bounded.
    for _ in 0..10_000 {
        let found = surgery::nested_ops(func, &mut |op| op_name(op) == "llvm.call").into_iter().find_map(|op| {
            let callee = flat_symbol(op, "callee")?;
            let definition = functions.get(&callee).filter(|_| suspending.contains(&callee))?;
            Some((op, *definition))
        });
        let Some((call, callee)) = found else { return Ok(()) };
        if callee == func {
            return Err(error(call, "a recursive call reaches a barrier"));
        }
        inline_call(context, func, call, callee)?;
    }
    Err(error(func, "the calls reaching a barrier nest too deeply to inline"))
}

/// Replaces `call` (in `func`) by a copy of `callee`'s body.
pub(super) fn inline_call<'c>(
    context: &'c Context,
    func: OperationRef<'c, '_>,
    call: OperationRef<'c, '_>,
    callee: OperationRef<'c, '_>,
) -> Result<'c, ()> {
    let location = call.location();
    let head = call.block().ok_or_else(|| error(call, "a call outside any block"))?;
    let tail = surgery::split_block_before(call).ok_or_else(|| error(call, "cannot split the caller's block"))?;
    if call.result_count() == 1 {
        let value = result(call)?;
        let argument = tail.add_argument(melior::ir::ValueLike::r#type(&value), location);
        surgery::replace_all_uses(value, argument);
    }
    let copy = surgery::clone_detached(callee);
    let copied_body = copy.region(0).map_err(|_| error(callee, "a function without body"))?;
    let copied_entry = copied_body.first_block().ok_or_else(|| error(callee, "a function without body"))?;
    let mut blocks = Vec::new();
    let mut next = Some(copied_entry);
    while let Some(block) = next {
        next = block.next_in_region();
        blocks.push(block);
    }
    // The callee's constant-size allocas go to the caller's entry block, so
    // that a call in a loop does not grow the stack.
    let caller_entry =
        func.region(0).ok().and_then(|region| region.first_block()).ok_or_else(|| error(func, "no body"))?;
    let mut hoisted = Vec::new();
    let mut op = copied_entry.first_operation();
    while let Some(current) = op {
        op = current.next_in_block();
        if op_name(current) == "llvm.alloca"
            && let Ok(count) = current.operand(0)
            && let Some(count) = spirv_opt_rs::ir::defining_op(count)
            && op_name(count) == "llvm.mlir.constant"
            && count.block() == Some(copied_entry)
        {
            hoisted.push((count, current));
        }
    }
    for block in &blocks {
        surgery::move_block_before(*block, tail);
    }
    let arguments: Vec<Value<'c, '_>> = call.operands().collect();
    // The environment is the callee's last parameter and the call's last operand.
    let branch = build(context, location, "llvm.br", &arguments, &[], &[copied_entry], &[])?;
    head.append_operation(branch);
    // After the branch: a call that was the first op of the entry block (the
    // SPIRV-LLVM-Translator's kernel wrappers) left that block empty.
    let anchor = caller_entry.first_operation().ok_or_else(|| error(func, "an empty entry block"))?;
    for (count, alloca) in hoisted {
        // The constant may feed other ops of the callee: copy it for the alloca.
        let count_copy = surgery::clone_detached(count);
        surgery::move_before(count_copy, anchor);
        surgery::move_before(alloca, anchor);
        let mut operands: Vec<Value<'c, '_>> = alloca.operands().collect();
        operands[0] = result(count_copy)?;
        surgery::set_operands(alloca, &operands);
    }
    for block in &blocks {
        if let Some(terminator) = block.terminator()
            && op_name(terminator) == "llvm.return"
        {
            let returned: Vec<Value<'c, '_>> = terminator.operands().collect();
            let branch = build(context, terminator.location(), "llvm.br", &returned, &[], &[tail], &[])?;
            block.insert_operation_before(terminator, branch);
            surgery::erase(terminator);
        }
    }
    surgery::erase(call);
    surgery::erase(copy);
    Ok(())
}

/// Replaces each workgroup barrier of the entry point by
/// `__spvabi_barrier(k)` (k = 0, 1...) followed by a branch to the rest of
/// its block; returns how many there are.
fn mark_barriers<'c>(context: &'c Context, entry: &Entry<'c, '_>) -> Result<'c, u32> {
    let i32: Type<'c> = IntegerType::new(context, 32).into();
    let barriers = surgery::nested_ops(entry.func, &mut |op| op_name(op) == "llvm.call" && synchronizes_workgroup(op));
    let mut count: u32 = 0;
    for barrier in barriers {
        let location = barrier.location();
        let block = barrier.block().ok_or_else(|| error(barrier, "a barrier outside any block"))?;
        let next = barrier.next_in_block().ok_or_else(|| error(barrier, "a barrier ending its block"))?;
        let rest = surgery::split_block_before(next).ok_or_else(|| error(barrier, "cannot split at the barrier"))?;
        let id = block.insert_operation_before(
            barrier,
            build(context, location, "llvm.mlir.constant", &[], &[i32], &[], &[("value", &format!("{count} : i32"))])?,
        );
        block.insert_operation_before(
            barrier,
            build(
                context,
                location,
                "llvm.call",
                &[result(id)?],
                &[],
                &[],
                &[
                    ("callee", &format!("@{}", regions::MARKER)),
                    ("operandSegmentSizes", "array<i32: 1, 0>"),
                    ("op_bundle_sizes", "array<i32>"),
                ],
            )?,
        );
        block.append_operation(build(context, location, "llvm.br", &[], &[], &[rest], &[])?);
        surgery::erase(barrier);
        count += 1;
    }
    Ok(count)
}

/// Ends the block of every subgroup operation of the entry point with it,
/// followed by a branch to the rest: where `spmd/rendezvous.rs` suspends
/// the coroutine when its subgroups are wider than one invocation (LLVM's
/// `simplifycfg` merges the blocks again otherwise).
fn split_after_subgroup_operations<'c>(context: &'c Context, entry: &Entry<'c, '_>) -> Result<'c, ()> {
    let calls = surgery::nested_ops(entry.func, &mut |op| {
        op_name(op) == "llvm.call" && flat_symbol(op, "callee").is_some_and(|callee| super::spmd::is_subgroup_operation(&callee))
    });
    for call in calls {
        let block = call.block().ok_or_else(|| error(call, "a call outside any block"))?;
        let next = call.next_in_block().ok_or_else(|| error(call, "a call ending its block"))?;
        let rest = surgery::split_block_before(next).ok_or_else(|| error(call, "cannot split after the call"))?;
        block.append_operation(build(context, call.location(), "llvm.br", &[], &[], &[rest], &[])?);
    }
    Ok(())
}

/// Turns the entry point into a switched-resume coroutine returning its
/// handle; its workgroup barriers become suspend points.
fn make_coroutine<'c>(context: &'c Context, entry: &Entry<'c, '_>) -> Result<'c, ()> {
    let func = entry.func;
    let location = func.location();
    let pointer: Type<'c> = llvm::r#type::pointer(context, 0);
    let token: Type<'c> = Type::parse(context, "!llvm.token").ok_or_else(|| error(func, "no token type"))?;
    let i1: Type<'c> = IntegerType::new(context, 1).into();
    let i8: Type<'c> = IntegerType::new(context, 8).into();
    let i32: Type<'c> = IntegerType::new(context, 32).into();
    let i64: Type<'c> = IntegerType::new(context, 64).into();

    let (_, inputs) = function_type(func)?;
    surgery::set_attribute(
        func,
        "function_type",
        TypeAttribute::new(llvm::r#type::function(pointer, &inputs, false)).into(),
    );
    let mut passthrough: Vec<Attribute<'c>> = func
        .attribute("passthrough")
        .ok()
        .and_then(|attribute| ArrayAttribute::try_from(attribute).ok())
        .map(|array| (0..array.len()).filter_map(|index| array.element(index).ok()).collect())
        .unwrap_or_default();
    passthrough.push(StringAttribute::new(context, "presplitcoroutine").into());
    surgery::set_attribute(func, "passthrough", ArrayAttribute::new(context, &passthrough).into());

    let region = func.region(0).map_err(|_| error(func, "no body"))?;
    let entry_block = region.first_block().ok_or_else(|| error(func, "no body"))?;
    let first = entry_block.first_operation().ok_or_else(|| error(func, "an empty entry block"))?;
    let insert = |op: Operation<'c>| entry_block.insert_operation_before(first, op);
    let zero = insert(build(context, location, "llvm.mlir.constant", &[], &[i32], &[], &[("value", "0 : i32")])?);
    let null = insert(build(context, location, "llvm.mlir.zero", &[], &[pointer], &[], &[])?);
    let none = insert(build(context, location, "llvm.mlir.none", &[], &[token], &[], &[])?);
    let (null, none) = (result(null)?, result(none)?);
    let id =
        insert(build(context, location, "llvm.intr.coro.id", &[result(zero)?, null, null, null], &[token], &[], &[])?);
    let id = result(id)?;
    let size = insert(build(context, location, "llvm.intr.coro.size", &[], &[i64], &[], &[])?);
    let memory = insert(build(
        context,
        location,
        "llvm.call",
        &[result(size)?],
        &[pointer],
        &[],
        &[("callee", "@malloc"), ("operandSegmentSizes", "array<i32: 1, 0>"), ("op_bundle_sizes", "array<i32>")],
    )?);
    let handle =
        insert(build(context, location, "llvm.intr.coro.begin", &[id, result(memory)?], &[pointer], &[], &[])?);
    let handle = result(handle)?;

    // The blocks every suspend point shares.
    let final_block = region.append_block(Block::new(&[]));
    let cleanup = region.append_block(Block::new(&[]));
    let suspend = region.append_block(Block::new(&[]));
    let unreachable = region.append_block(Block::new(&[]));
    let yes = final_block.append_operation(build(
        context,
        location,
        "llvm.mlir.constant",
        &[],
        &[i1],
        &[],
        &[("value", "true")],
    )?);
    let final_state = final_block.append_operation(build(
        context,
        location,
        "llvm.intr.coro.suspend",
        &[none, result(yes)?],
        &[i8],
        &[],
        &[],
    )?);
    final_block.append_operation(switch(context, location, result(final_state)?, suspend, unreachable, cleanup)?);
    let frame =
        cleanup.append_operation(build(context, location, "llvm.intr.coro.free", &[id, handle], &[pointer], &[], &[])?);
    cleanup.append_operation(build(
        context,
        location,
        "llvm.call",
        &[result(frame)?],
        &[],
        &[],
        &[("callee", "@free"), ("operandSegmentSizes", "array<i32: 1, 0>"), ("op_bundle_sizes", "array<i32>")],
    )?);
    cleanup.append_operation(build(context, location, "llvm.br", &[], &[], &[suspend], &[])?);
    let no = suspend.append_operation(build(
        context,
        location,
        "llvm.mlir.constant",
        &[],
        &[i1],
        &[],
        &[("value", "false")],
    )?);
    suspend.append_operation(build(
        context,
        location,
        "llvm.intr.coro.end",
        &[handle, result(no)?, none],
        &[i1],
        &[],
        &[],
    )?);
    suspend.append_operation(build(context, location, "llvm.return", &[handle], &[], &[], &[])?);
    unreachable.append_operation(build(context, location, "llvm.unreachable", &[], &[], &[], &[])?);

    // Returns go to the final suspend; barriers suspend.
    let returns = surgery::nested_ops(func, &mut |op| op_name(op) == "llvm.return" && op.operand_count() == 0);
    let barriers = surgery::nested_ops(func, &mut |op| op_name(op) == "llvm.call" && synchronizes_workgroup(op));
    for op in returns {
        let block = op.block().ok_or_else(|| error(op, "a return outside any block"))?;
        block.insert_operation_before(op, build(context, op.location(), "llvm.br", &[], &[], &[final_block], &[])?);
        surgery::erase(op);
    }
    for barrier in barriers {
        let barrier_location = barrier.location();
        let block = barrier.block().ok_or_else(|| error(barrier, "a barrier outside any block"))?;
        let resume =
            surgery::split_block_before(barrier).ok_or_else(|| error(barrier, "cannot split at the barrier"))?;
        // The barrier orders memory too: the invocations of a workgroup run
        // on one thread, so a compiler fence is enough.
        let save = block.append_operation(build(
            context,
            barrier_location,
            "llvm.intr.coro.save",
            &[handle],
            &[token],
            &[],
            &[],
        )?);
        let no = block.append_operation(build(
            context,
            barrier_location,
            "llvm.mlir.constant",
            &[],
            &[i1],
            &[],
            &[("value", "false")],
        )?);
        let state = block.append_operation(build(
            context,
            barrier_location,
            "llvm.intr.coro.suspend",
            &[result(save)?, result(no)?],
            &[i8],
            &[],
            &[],
        )?);
        block.append_operation(switch(context, barrier_location, result(state)?, suspend, resume, cleanup)?);
        surgery::erase(barrier);
    }
    Ok(())
}

/// `llvm.switch state : i8, default [0: resume, 1: destroy]`.
fn switch<'c>(
    context: &'c Context,
    location: Location<'c>,
    state: Value<'c, '_>,
    default: BlockRef<'c, '_>,
    resume: BlockRef<'c, '_>,
    destroy: BlockRef<'c, '_>,
) -> Result<'c, Operation<'c>> {
    build(
        context,
        location,
        "llvm.switch",
        &[state],
        &[],
        &[default, resume, destroy],
        &[
            ("case_values", "dense<[0, 1]> : vector<2xi8>"),
            ("case_operand_segments", "array<i32: 0, 0>"),
            ("operandSegmentSizes", "array<i32: 1, 0, 0>"),
        ],
    )
}
