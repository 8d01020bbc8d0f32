//! Barrier kernels without coroutines: work-item loops (docs/abi.md,
//! "Barriers"), formed on LLVM IR after the kernel ABI.
//!
//! `barrier.rs` left each workgroup barrier of an entry point `E` as a call
//! `__spvabi_barrier(k)` followed by a branch, and `workgroup.rs` made
//! `__spvabi_E.region(shared, arguments..., ids..., x, y, z, region, index,
//! storage, count) -> i64`, which fills invocation (x, y, z)'s environment
//! and calls `E`, and a workgroup function that calls it in rounds: region
//! 0 for every invocation, then the region each invocation's call returned,
//! region k + 1 for barrier k, until every call returned `done`.
//!
//! This rewrites each `.region` function so that a call runs the invocation
//! from the start of its region (the entry, or just after barrier k) to the
//! next barrier (returning k + 1) or to its return (returning [`DONE`]):
//! 1. `E`, which the ABI inlined into it, is promoted to SSA (`sroa`), so what crosses a barrier
//!    is SSA values and the allocas SROA could not remove (private arrays);
//! 2. liveness over the unchanged control flow gives, per barrier, the
//!    values live across it;
//! 3. a new entry block switches on `region` to the old entry (region 0)
//!    or to a resume block per barrier; at a barrier, the values live
//!    across it are stored to the invocation's slots of `storage` and the
//!    function returns; the resume block reloads them (values computed from
//!    the arguments alone, such as the built-ins, are recomputed instead).
//!    Each such value gets a local variable, stored at its definition and
//!    in the resume blocks, read at its uses: `sroa` makes SSA of them again.
//!    An alloca reachable from a value live across a barrier moves to
//!    `storage` too;
//! 4. `storage` holds, per live value, one slot per invocation (`count`
//!    of them, the workgroup's invocations, one after another: `index` is
//!    the invocation's), after the uniform values' two copies;
//!    `__spvabi_E.region_bytes` is its bytes per invocation,
//!    `__spvabi_E.region_uniform_bytes` those of one copy.
//!
//! The function is then `alwaysinline`: LLVM inlines it into the
//! workgroup function's loop of each region, where `region` is a constant,
//! so each loop holds that region's code alone.

use std::collections::{HashMap, HashSet};

use inkwell::{
    attributes::{Attribute, AttributeLoc},
    basic_block::BasicBlock,
    builder::Builder,
    module::{Linkage, Module},
    passes::PassBuilderOptions,
    targets::TargetMachine,
    types::{AnyType, BasicType, BasicTypeEnum},
    values::{
        AnyValue, AnyValueEnum, BasicValue, BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode as Op, InstructionValue,
        Operand,
    },
};
use spirv_opt_rs::llvm as llvm_edge;

/// The function `barrier.rs` calls where a workgroup barrier was.
pub const MARKER: &str = "__spvabi_barrier";

/// What a call of `__spvabi_E.region` returns when its invocation returned
/// (barrier k returns k + 1), and the workgroup function's rounds take for
/// "done". Not "barriers + 1": the preparing passes delete the markers of
/// barriers in dead code (`instcombine` on a branch on a constant, as in
/// the work-group collectives' subgroup-scope path), so the region function
/// may see fewer barriers than `barrier.rs` numbered; a count of its own
/// made it return a region the workgroup function then ran again from the
/// entry, forever (`test/Runner/region-shapes.test`).
pub const DONE: u32 = u32::MAX;

/// What [`form_regions`] did with one `__spvabi_E.region`.
#[derive(Debug, Clone)]
pub struct RegionOutcome {
    /// The function's name.
    pub function: String,
    /// How many regions (barriers + 1), the values kept across barriers
    /// and the bytes of storage per invocation; or why it could not be
    /// formed (the module is then unusable: compile with coroutines).
    pub result: Result<RegionStats, String>,
}

/// The shape of one entry point's regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegionStats {
    /// Barriers + 1 (the barriers left after the preparing passes: those
    /// in dead code are gone).
    pub regions: u32,
    /// Values kept in per-invocation storage across a barrier (private
    /// arrays included), not counting those recomputed.
    pub stored: usize,
    /// Bytes of storage per invocation (the uniform values' not counted).
    pub bytes: u64,
    /// Values crossing a barrier that every invocation computes alike,
    /// kept once for the workgroup instead of per invocation.
    pub uniform: usize,
}

/// The passes before the analysis: the variables promoted, the
/// environment's pointers forwarded to their uses, redundant values merged,
/// so that few values cross a barrier; none merges blocks, so a barrier
/// stays alone before its branch. (The ABI inlined the entry point into the
/// region function: LLVM's inliner merges blocks.)
const PREPARE: &str = "function(instcombine<no-verify-fixpoint>,sroa<preserve-cfg>,early-cse<memssa>,\
instcombine<no-verify-fixpoint>,sroa<preserve-cfg>,early-cse<memssa>)";

/// Forms the regions of every `__spvabi_E.region` of `module`; run before
/// LLVM's pipeline (at every optimization level: the module needs it).
///
/// # Errors
///
/// When LLVM refuses the preparing passes; a function that cannot be
/// formed is reported in its outcome.
pub fn form_regions(module: &Module<'_>, machine: &TargetMachine) -> Result<Vec<RegionOutcome>, String> {
    // Before any pass: loop exit paths inside their iterations (the first
    // step every tool's pipeline runs on LLVM IR).
    super::loop_exits::reconverge(module)?;
    let targets: Vec<FunctionValue<'_>> = module.get_functions().filter(|function| is_region_function(*function)).collect();
    if targets.is_empty() {
        return Ok(Vec::new());
    }
    let context = module.get_context();
    let kind = Attribute::get_named_enum_kind_id;
    let (noinline, alwaysinline) = (kind("noinline"), kind("alwaysinline"));
    module.run_passes(PREPARE, machine, PassBuilderOptions::create()).map_err(|error| error.to_string())?;
    let data = machine.get_target_data();
    let mut outcomes = Vec::new();
    for target in targets {
        let name = target.get_name().to_string_lossy().into_owned();
        super::unroll::unroll_barrier_loops(module, target, machine)?;
        let result = form(module, target, &|ty| (data.get_abi_size(ty), u64::from(data.get_abi_alignment(ty))));
        if !parallel_safe(target) {
            serialize_calls(target);
        }
        match &result {
            Ok(stats) => {
                target.remove_enum_attribute(AttributeLoc::Function, noinline);
                target.add_attribute(AttributeLoc::Function, context.create_enum_attribute(alwaysinline, 0));
                tracing::debug!(function = %name, ?stats, "regions formed");
            }
            Err(reason) => tracing::debug!(function = %name, %reason, "regions not formed"),
        }
        outcomes.push(RegionOutcome { function: name, result });
    }
    if let Some(marker) = module.get_function(MARKER) {
        llvm_edge::delete_unused_function(marker);
    }
    // A refused function may be half rewritten: the caller gives up.
    if outcomes.iter().any(|outcome| outcome.result.is_err()) {
        return Ok(outcomes);
    }
    module.verify().map_err(|error| format!("the regions do not verify: {}", error.to_string_lossy()))?;
    Ok(outcomes)
}

/// Whether `function` is a defined `__spvabi_E.region`.
fn is_region_function(function: FunctionValue<'_>) -> bool {
    let name = function.get_name().to_string_lossy();
    name.starts_with("__spvabi_") && name.ends_with(".region") && function.count_basic_blocks() > 0
}

/// [`form_regions`] as a step of `spirv_opt_rs::translate::emit_with`: an
/// entry point whose regions cannot be formed is an error.
///
/// # Errors
///
/// LLVM's, or which entry point could not be formed and why.
pub fn form_all(module: &Module<'_>, machine: &TargetMachine) -> Result<(), String> {
    for outcome in form_regions(module, machine)? {
        if let Err(reason) = outcome.result {
            return Err(format!(
                "the regions of @{} cannot be formed ({reason}); --spirv-kernel-abi=barriers=coroutines takes it",
                outcome.function
            ));
        }
    }
    Ok(())
}

/// [`form_all`], then `then` when `optimizing` (the SPMD vectorizer), then
/// the marked atomics on workgroup memory made plain
/// ([`super::plain_marked_atomics`]): the step `spirv-opt-rs --emit` gives
/// `emit_with`. (Session 12 unswitched the rounds' loops here; removed in
/// session 13: LLVM 22 then vectorized a wrapping index as consecutive,
/// docs/abi.md "Barriers".)
pub fn before_optimization(
    then: impl Fn(&Module<'_>, &TargetMachine) -> Result<(), String>,
    optimizing: bool,
) -> impl Fn(&Module<'_>, &TargetMachine) -> Result<(), String> {
    move |module, machine| {
        form_all(module, machine)?;
        if optimizing {
            then(module, machine)?;
        }
        super::plain_marked_atomics(module);
        Ok(())
    }
}

/// Whether every memory access of `function` (and of the functions it
/// calls) may run in any order across invocations of one region: no
/// atomics or fences (which may order invocations), no volatile access
/// (the workgroup atomics' lowering), no call of a function whose body is
/// not in the module but LLVM's intrinsics.
fn parallel_safe(function: FunctionValue<'_>) -> bool {
    let mut seen = vec![function];
    let mut next = 0;
    while next < seen.len() {
        let current = seen[next];
        next += 1;
        for block in current.get_basic_block_iter() {
            for instruction in block.get_instructions() {
                match instruction.get_opcode() {
                    Op::AtomicRMW | Op::AtomicCmpXchg | Op::Fence => return false,
                    // Volatile: workgroup atomics, which run one invocation
                    // at a time, are volatile loads and stores.
                    Op::Load | Op::Store
                        if instruction.get_volatile().unwrap_or(true)
                            || instruction
                                .get_atomic_ordering()
                                .is_ok_and(|ordering| ordering != inkwell::AtomicOrdering::NotAtomic) =>
                    {
                        return false;
                    }
                    Op::Call => {
                        let Ok(call) = CallSiteValue::try_from(instruction) else { return false };
                        let Some(callee) = call.get_called_fn_value() else { return false };
                        if callee.count_basic_blocks() > 0 {
                            if !seen.contains(&callee) {
                                seen.push(callee);
                            }
                        } else if !callee.get_name().to_bytes().starts_with(b"llvm.") {
                            return false;
                        }
                    }
                    Op::Invoke | Op::CallBr => return false,
                    _ => {}
                }
            }
        }
    }
    true
}

/// Takes the calls of `function` out of the access group `workgroup.rs`
/// gave them, so that the round's loops are not parallel (the loops'
/// annotation then covers the state alone: LLVM treats such a loop as an
/// ordinary one).
fn serialize_calls(function: FunctionValue<'_>) {
    let kind = function.get_type().get_context().get_kind_id("llvm.access.group");
    let mut next = function.as_global_value().as_pointer_value().get_first_use();
    while let Some(current) = next {
        next = current.get_next_use();
        if let Some(call) = as_instruction(current.get_user()) {
            llvm_edge::remove_metadata(call, kind);
        }
    }
}

/// The size and ABI alignment of a type for the target.
type Layout<'a> = dyn Fn(&dyn AnyType<'_>) -> (u64, u64) + 'a;

/// A barrier: its block (ending `call __spvabi_barrier(k); br cont`), k,
/// and the block after it.
struct Barrier<'ctx> {
    block: BasicBlock<'ctx>,
    call: InstructionValue<'ctx>,
    branch: InstructionValue<'ctx>,
    id: u32,
    next: BasicBlock<'ctx>,
}

/// The alignment of a workgroup's region storage (workgroup.rs: a stack
/// alloca of this alignment, or the runner's `malloc`, which aligns to it
/// too), and the most its slots are aligned to.
pub const STORAGE_ALIGNMENT: u64 = 64;

fn form<'ctx>(module: &Module<'ctx>, function: FunctionValue<'ctx>, layout: &Layout<'_>) -> Result<RegionStats, String> {
    let context = module.get_context();
    let parameters = function.count_params();
    let parameter = |from_end: u32| function.get_nth_param(parameters.checked_sub(from_end)?);
    let (Some(region), Some(index), Some(storage), Some(count)) = (parameter(4), parameter(3), parameter(2), parameter(1))
    else {
        return Err("not a region function".into());
    };
    let (region, index, count) = (region.into_int_value(), index.into_int_value(), count.into_int_value());
    let storage = storage.into_pointer_value();
    let blocks: Vec<BasicBlock<'ctx>> = function.get_basic_block_iter().collect();
    let entry = *blocks.first().ok_or("no body")?;

    // The barriers.
    let mut barriers = Vec::new();
    for block in &blocks {
        for instruction in block.get_instructions() {
            let Ok(call) = CallSiteValue::try_from(instruction) else { continue };
            if call.get_called_fn_value().is_none_or(|callee| callee.get_name().to_bytes() != MARKER.as_bytes()) {
                continue;
            }
            let id = match instruction.get_operand(0) {
                Some(Operand::Value(BasicValueEnum::IntValue(id))) => id.get_zero_extended_constant(),
                _ => None,
            };
            let branch = instruction.get_next_instruction().filter(|next| {
                next.get_opcode() == Op::Br && next.get_num_operands() == 1
            });
            let next = branch.and_then(|branch| match branch.get_operand(0) {
                Some(Operand::Block(next)) => Some(next),
                _ => None,
            });
            let (Some(id), Some(branch), Some(next)) = (id, branch, next) else {
                return Err(format!(
                    "a barrier not followed by a branch: {}",
                    instruction.get_next_instruction().map(|next| next.print_to_string().to_string()).unwrap_or_default()
                ));
            };
            barriers.push(Barrier { block: *block, call: instruction, branch, id: id as u32, next });
        }
    }
    // Numbered 0, 1... by `barrier.rs`; those in dead code may be gone.
    barriers.sort_by_key(|barrier| barrier.id);
    if barriers.windows(2).any(|pair| pair[0].id == pair[1].id) || barriers.iter().any(|barrier| barrier.id >= DONE - 1) {
        return Err("a barrier number used twice or out of range".into());
    }
    let done = u64::from(DONE);

    // Allocas: all in the entry block (the ABI and LLVM's inliner hoist them).
    let mut allocas = Vec::new();
    for block in &blocks {
        for instruction in block.get_instructions() {
            if instruction.get_opcode() == Op::Alloca {
                if *block != entry {
                    return Err(format!(
                        "an alloca outside the entry block ({})",
                        instruction.print_to_string().to_string().trim()
                    ));
                }
                allocas.push(instruction);
            }
        }
    }

    // Liveness: per barrier, the values live just after it.
    let live = Liveness::new(&blocks);
    let live_at: Vec<Vec<InstructionValue<'ctx>>> =
        barriers.iter().map(|barrier| live.live_in(barrier.next)).collect();
    let everywhere: HashSet<InstructionValue<'ctx>> = live_at.iter().flatten().copied().collect();

    // Allocas whose address (or an address derived from it) crosses a
    // barrier, or is stored anywhere, move to the storage.
    let mut moved: Vec<InstructionValue<'ctx>> = Vec::new();
    for alloca in &allocas {
        let derived = derived_pointers(*alloca);
        if derived.iter().any(|pointer| everywhere.contains(pointer)) || escapes(&derived) {
            moved.push(*alloca);
        }
    }
    let moved_set: HashSet<InstructionValue<'ctx>> = moved.iter().copied().collect();
    let mut crossing: Vec<InstructionValue<'ctx>> =
        everywhere.iter().copied().filter(|value| !moved_set.contains(value)).collect();
    crossing.sort_by_key(|value| live.position(*value));
    // The shared environment (parameter 0) is filled once by the workgroup
    // function and never written after: its words can be read again.
    let environment = function.get_first_param();
    let invariant = context.get_kind_id("invariant.load");
    let available = |value: InstructionValue<'ctx>| {
        moved_set.contains(&value)
            || environment.is_some_and(|environment| {
                reads_environment(value, environment) || reads_resource_sizes(value, environment, invariant)
            })
    };
    let recomputed: HashSet<InstructionValue<'ctx>> =
        crossing.iter().copied().filter(|value| recomputable(*value, &available, 0)).collect();
    // Values every invocation computes alike (a loop counter, a size read
    // from a push constant...) are kept once, not per invocation.
    // The invocation's index and ids x, y, z (the parameters before `region`).
    let mut varying = vec![index.as_basic_value_enum()];
    varying.extend((5..=7).filter_map(parameter));
    let reread = |value: InstructionValue<'ctx>| {
        environment.is_some_and(|environment| {
            reads_environment(value, environment) || reads_resource_sizes(value, environment, invariant)
        })
    };
    let alike = uniform_values(&blocks, &varying, &reread);
    let (uniform, stored): (Vec<InstructionValue<'ctx>>, Vec<InstructionValue<'ctx>>) = crossing
        .iter()
        .copied()
        .filter(|value| !recomputed.contains(value))
        .partition(|value| alike.contains(value) && basic_type(*value).is_ok_and(|ty| !holds_pointers(ty)));

    // The storage layout: per item, its bytes per invocation at an offset
    // aligned for it; slot i of an item is at storage + offset·count + i·size.
    let mut items: Vec<(InstructionValue<'ctx>, BasicTypeEnum<'ctx>)> = Vec::new();
    for alloca in &moved {
        let element = alloca.get_allocated_type().map_err(|error| error.to_string())?;
        let ty = match alloca.get_operand(0) {
            Some(Operand::Value(BasicValueEnum::IntValue(size))) => match size.get_zero_extended_constant() {
                Some(1) => element,
                Some(length) => element.array_type(length as u32).as_basic_type_enum(),
                None => return Err("an alloca of a run-time size crosses a barrier".into()),
            },
            _ => element,
        };
        items.push((*alloca, ty));
    }
    for value in &stored {
        items.push((*value, basic_type(*value)?));
    }
    // An alloca may be more aligned than its type (LLVM raises an alloca's
    // alignment for the accesses it sees, and the loads and stores then say
    // so): its slots keep that alignment, each padded to a multiple of it.
    // With the type's alone, a private `uint64_t[3]` (alloca `align 16`)
    // had slots 24 bytes apart and its stores said `align 16`.
    let mut offsets = Vec::new();
    let mut strides = Vec::new();
    let mut bytes: u64 = 0;
    let mut widest: u64 = 1;
    for (item, ty) in &items {
        let (size, type_align) = layout(ty);
        let declared = if moved.contains(item) { item.get_alignment().map_or(1, u64::from) } else { 1 };
        let align = type_align.max(declared).clamp(1, STORAGE_ALIGNMENT);
        bytes = bytes.next_multiple_of(align);
        widest = widest.max(align);
        offsets.push(bytes);
        let stride = size.max(1).next_multiple_of(align);
        strides.push(stride);
        bytes += stride;
    }
    // Each item's slots start at offset · count: aligned for it when every
    // offset is (the storage, on the stack or from the runner's `malloc`,
    // is aligned to STORAGE_ALIGNMENT, and so is its per-invocation part).
    let bytes = bytes.next_multiple_of(widest);
    // The uniform values: one slot each, twice: the invocations of a round
    // read the first copy and write the second, which the workgroup
    // function copies to the first before the next round (a region that
    // starts and ends at the same barrier, a loop's, would otherwise read
    // what an earlier invocation of the round wrote).
    let mut uniform_offsets = Vec::new();
    let mut uniform_bytes: u64 = 0;
    for value in &uniform {
        let (size, align) = layout(&basic_type(*value)?);
        uniform_bytes = uniform_bytes.next_multiple_of(align.max(1));
        uniform_offsets.push(uniform_bytes);
        uniform_bytes += size.max(1);
    }
    // The second copy, and the per-invocation part after both, start
    // aligned for anything: with a multiple of 16 the second copy of a
    // `u64vec4` (stored with `vmovaps`, 32-byte aligned) was at 16 modulo
    // 32 and faulted (test/Runner/regressions/region-slot-alignment.test).
    let uniform_bytes = uniform_bytes.next_multiple_of(STORAGE_ALIGNMENT);

    let builder = context.create_builder();
    let i8 = context.i8_type();
    let i64 = context.i64_type();
    // The new entry: allocas, the slots' addresses, the switch.
    let dispatch = context.prepend_basic_block(entry, "regions");
    builder.position_at_end(dispatch);
    for alloca in &allocas {
        alloca.remove_from_basic_block();
        builder.insert_instruction(alloca, None);
    }
    let mut slots: HashMap<InstructionValue<'ctx>, (BasicValueEnum<'ctx>, BasicTypeEnum<'ctx>)> = HashMap::new();
    // Where a barrier writes a uniform value (`slots` has where it is read).
    let mut written: HashMap<InstructionValue<'ctx>, BasicValueEnum<'ctx>> = HashMap::new();
    for (value, offset) in uniform.iter().zip(&uniform_offsets) {
        let read = gep(&builder, i8.as_basic_type_enum(), storage.into(), i64.const_int(*offset, false).into())?;
        let write = i64.const_int(uniform_bytes + offset, false);
        written.insert(*value, gep(&builder, i8.as_basic_type_enum(), storage.into(), write.into())?);
        slots.insert(*value, (read, basic_type(*value)?));
    }
    let per_invocation = if uniform_bytes == 0 {
        storage.as_basic_value_enum()
    } else {
        gep(&builder, i8.as_basic_type_enum(), storage.into(), i64.const_int(2 * uniform_bytes, false).into())?
    };
    for (((value, ty), offset), stride) in items.iter().zip(&offsets).zip(&strides) {
        let offset = i64.const_int(*offset, false);
        let start = builder.build_int_mul(count, offset, "").map_err(|error| error.to_string())?;
        let base = gep(&builder, i8.as_basic_type_enum(), per_invocation, start.into())?;
        let slot = if *stride == layout(ty).0.max(1) {
            gep(&builder, *ty, base, index.into())?
        } else {
            let step = builder.build_int_mul(index, index.get_type().const_int(*stride, false), "").map_err(|error| error.to_string())?;
            gep(&builder, i8.as_basic_type_enum(), base, step.into())?
        };
        slots.insert(*value, (slot, *ty));
    }
    // Moved allocas become their slots.
    for alloca in &moved {
        let (slot, _) = slots[alloca];
        for user in users(*alloca) {
            if is_lifetime_marker(user) {
                user.erase_from_basic_block();
            }
        }
        alloca.replace_all_uses_with(&slot.as_instruction_value().ok_or("a slot that is not an instruction")?);
        alloca.erase_from_basic_block();
    }
    // A local variable per crossing value: stored at its definition, read at
    // its uses.
    let mut variables: HashMap<InstructionValue<'ctx>, (BasicValueEnum<'ctx>, BasicTypeEnum<'ctx>)> =
        HashMap::new();
    for value in &crossing {
        let ty = basic_type(*value)?;
        builder.position_at_end(dispatch);
        let variable = builder.build_alloca(ty, "").map_err(|error| error.to_string())?;
        variables.insert(*value, (variable.into(), ty));
    }

    // Returns say `done`; barriers store what crosses them and return k + 1.
    for block in function.get_basic_block_iter() {
        if let Some(terminator) = block.get_terminator()
            && terminator.get_opcode() == Op::Return
        {
            builder.position_before(&terminator);
            builder.build_return(Some(&i64.const_int(done, false))).map_err(|error| error.to_string())?;
            terminator.erase_from_basic_block();
        }
    }
    // Where each next region starts: the live values back in their
    // variables, recomputed from the original values (before they are
    // demoted, so that a copy reads no variable).
    let mut resumes = Vec::new();
    for (barrier, live) in barriers.iter().zip(&live_at) {
        let resume = context.append_basic_block(function, "resume");
        builder.position_at_end(resume);
        let mut copies = HashMap::new();
        for value in live.iter().filter(|value| !moved_set.contains(value)) {
            let (variable, ty) = variables[value];
            let current = if recomputed.contains(value) {
                recompute(&builder, *value, dispatch, &mut copies)?
            } else {
                let (slot, _) = slots[value];
                builder.build_load(ty, slot.into_pointer_value(), "").map_err(|error| error.to_string())?
            };
            builder.build_store(variable.into_pointer_value(), current).map_err(|error| error.to_string())?;
        }
        builder.build_unconditional_branch(barrier.next).map_err(|error| error.to_string())?;
        resumes.push((u64::from(barrier.id) + 1, resume));
    }
    for value in &crossing {
        let (variable, ty) = variables[value];
        demote(&builder, *value, variable, ty)?;
    }
    for (barrier, live) in barriers.iter().zip(&live_at) {
        barrier.branch.erase_from_basic_block();
        barrier.call.erase_from_basic_block();
        builder.position_at_end(barrier.block);
        for value in live.iter().filter(|value| slots.contains_key(value) && !moved_set.contains(value)) {
            let (variable, ty) = variables[value];
            let (slot, _) = slots[value];
            let slot = written.get(value).copied().unwrap_or(slot);
            let current = builder.build_load(ty, variable.into_pointer_value(), "").map_err(|error| error.to_string())?;
            builder.build_store(slot.into_pointer_value(), current).map_err(|error| error.to_string())?;
        }
        builder
            .build_return(Some(&i64.const_int(u64::from(barrier.id) + 1, false)))
            .map_err(|error| error.to_string())?;
    }
    builder.position_at_end(dispatch);
    let cases: Vec<_> = resumes.iter().map(|(id, block)| (i64.const_int(*id, false), *block)).collect();
    builder.build_switch(region, entry, &cases).map_err(|error| error.to_string())?;

    // The storage per invocation, and the uniform values' bytes: the
    // workgroup function's storage is count · region_bytes + 2 ·
    // region_uniform_bytes (`workgroup.rs`, `region_rounds`), what it holds.
    for (suffix, value) in [("_bytes", bytes), ("_uniform_bytes", uniform_bytes)] {
        let name = format!("{}{suffix}", function.get_name().to_string_lossy());
        let global = module.get_global(&name).ok_or_else(|| format!("no @{name}"))?;
        global.set_initializer(&i64.const_int(value, false));
        global.set_constant(true);
        global.set_linkage(Linkage::Internal);
    }
    // One invocation per step (`workgroup.rs`), until the SPMD vectorizer
    // makes the steps wider (it sets this again).
    let width_name = format!("{}_width", function.get_name().to_string_lossy());
    if let Some(width) = module.get_global(&width_name) {
        width.set_initializer(&i64.const_int(1, false));
        width.set_linkage(Linkage::Internal);
    }
    Ok(RegionStats { regions: barriers.len() as u32 + 1, stored: items.len(), bytes, uniform: uniform.len() })
}

/// Whether a value of type `ty` holds a pointer (never kept once: a stale
/// uniform value, in a program whose barriers are out of uniform control
/// flow, must stay data).
fn holds_pointers(ty: BasicTypeEnum<'_>) -> bool {
    match ty {
        BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_) => false,
        BasicTypeEnum::VectorType(vector) => !matches!(
            vector.get_element_type(),
            BasicTypeEnum::IntType(_) | BasicTypeEnum::FloatType(_)
        ),
        _ => true,
    }
}

/// The instructions of a function (its `blocks`) that every invocation
/// computes alike: a divergence analysis. Varying are the `varying`
/// parameters (the invocation's ids and index), loads but those `reread`
/// accepts (words nothing writes), allocas, calls but a few pure
/// intrinsics, atomics; what is computed from a varying value; the phis
/// where the paths of a branch on a varying condition join (its immediate
/// post-dominator); and everything in the blocks between such a branch and
/// that join (conservatively: values there may be computed on some
/// invocations' paths only, or a different number of times in a loop with
/// a varying exit). Without a way out of some block (an endless loop), or
/// when the function is very large, nothing is uniform.
fn uniform_values<'ctx>(
    blocks: &[BasicBlock<'ctx>],
    varying: &[BasicValueEnum<'ctx>],
    reread: &dyn Fn(InstructionValue<'ctx>) -> bool,
) -> HashSet<InstructionValue<'ctx>> {
    let count = blocks.len();
    if count == 0 || count > 4096 {
        return HashSet::new();
    }
    let number: HashMap<BasicBlock<'ctx>, usize> =
        blocks.iter().enumerate().map(|(position, block)| (*block, position)).collect();
    let successors: Vec<Vec<usize>> = blocks
        .iter()
        .map(|block| {
            let mut found = Vec::new();
            if let Some(terminator) = block.get_terminator() {
                for operand in 0..terminator.get_num_operands() {
                    if let Some(Operand::Block(successor)) = terminator.get_operand(operand)
                        && let Some(&successor) = number.get(&successor)
                        && !found.contains(&successor)
                    {
                        found.push(successor);
                    }
                }
            }
            found
        })
        .collect();
    // Post-dominator sets, as bit sets.
    let words = count.div_ceil(64);
    let bit = |set: &[u64], block: usize| set[block / 64] >> (block % 64) & 1 == 1;
    let mut all = vec![u64::MAX; words];
    if !count.is_multiple_of(64) {
        all[words - 1] = (1u64 << (count % 64)) - 1;
    }
    let mut post: Vec<Vec<u64>> = (0..count)
        .map(|block| {
            if successors[block].is_empty() {
                let mut only = vec![0; words];
                only[block / 64] |= 1 << (block % 64);
                only
            } else {
                all.clone()
            }
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for block in (0..count).rev() {
            if successors[block].is_empty() {
                continue;
            }
            let mut meet = all.clone();
            for successor in &successors[block] {
                for (word, other) in meet.iter_mut().zip(&post[*successor]) {
                    *word &= other;
                }
            }
            meet[block / 64] |= 1 << (block % 64);
            if meet != post[block] {
                post[block] = meet;
                changed = true;
            }
        }
    }
    // Every block must reach a return: else its set stays "all".
    let mut reaches = vec![false; count];
    let mut work: Vec<usize> = (0..count).filter(|block| successors[*block].is_empty()).collect();
    while let Some(block) = work.pop() {
        if std::mem::replace(&mut reaches[block], true) {
            continue;
        }
        work.extend((0..count).filter(|other| !reaches[*other] && successors[*other].contains(&block)));
    }
    if reaches.iter().any(|reached| !reached) {
        return HashSet::new();
    }
    let size = |set: &[u64]| set.iter().map(|word| word.count_ones()).sum::<u32>();
    let joins_of = |branch: usize| -> (Vec<usize>, Option<usize>) {
        let own = size(&post[branch]);
        let join = (0..count).find(|other| *other != branch && bit(&post[branch], *other) && size(&post[*other]) + 1 == own);
        let mut inside = vec![false; count];
        let mut work: Vec<usize> = successors[branch].clone();
        while let Some(block) = work.pop() {
            if Some(block) == join || std::mem::replace(&mut inside[block], true) {
                continue;
            }
            work.extend(successors[block].iter().copied());
        }
        ((0..count).filter(|block| inside[*block]).collect(), join)
    };

    let pure = |instruction: InstructionValue<'ctx>| match instruction.get_opcode() {
        Op::Load => reread(instruction),
        Op::Call => CallSiteValue::try_from(instruction)
            .ok()
            .and_then(|call| call.get_called_fn_value())
            .is_some_and(|callee| {
                let name = callee.get_name().to_bytes();
                [b"llvm.umin.".as_slice(), b"llvm.umax.", b"llvm.smin.", b"llvm.smax.", b"llvm.abs.", b"llvm.ctpop.", b"llvm.fshl.", b"llvm.fshr."]
                    .iter()
                    .any(|prefix| name.starts_with(prefix))
            }),
        Op::Alloca
        | Op::Store
        | Op::AtomicRMW
        | Op::AtomicCmpXchg
        | Op::Fence
        | Op::Invoke
        | Op::CallBr
        | Op::VAArg
        | Op::LandingPad
        | Op::CatchPad
        | Op::CleanupPad => false,
        _ => true,
    };
    let mut divergent: HashSet<InstructionValue<'ctx>> = HashSet::new();
    let mut tainted = vec![false; count];
    let mut joined = vec![false; count];
    let mut split = vec![false; count];
    loop {
        let mut changed = false;
        for (position, block) in blocks.iter().enumerate() {
            for instruction in block.get_instructions() {
                if divergent.contains(&instruction) {
                    continue;
                }
                let phi = instruction.get_opcode() == Op::Phi;
                let varies = tainted[position]
                    || (phi && joined[position])
                    || !pure(instruction)
                    || (0..instruction.get_num_operands()).any(|operand| match instruction.get_operand(operand) {
                        Some(Operand::Value(value)) => {
                            varying.contains(&value)
                                || value.as_instruction_value().is_some_and(|inner| divergent.contains(&inner))
                        }
                        _ => false,
                    });
                if varies {
                    divergent.insert(instruction);
                    changed = true;
                }
            }
        }
        for (position, block) in blocks.iter().enumerate() {
            let Some(terminator) = block.get_terminator() else { continue };
            let conditional = match terminator.get_opcode() {
                Op::Br => terminator.get_num_operands() == 3,
                Op::Switch => true,
                Op::IndirectBr => true,
                _ => false,
            };
            if !conditional || split[position] {
                continue;
            }
            let varies = terminator.get_opcode() == Op::IndirectBr
                || match terminator.get_operand(0) {
                    Some(Operand::Value(condition)) => {
                        varying.contains(&condition)
                            || condition.as_instruction_value().is_some_and(|inner| divergent.contains(&inner))
                    }
                    _ => true,
                };
            if varies {
                split[position] = true;
                changed = true;
                let (inside, join) = joins_of(position);
                for block in inside {
                    tainted[block] = true;
                }
                match join {
                    Some(join) => joined[join] = true,
                    // No join but the exit: every block after it.
                    None => {
                        for block in successors[position].iter().copied() {
                            tainted[block] = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    blocks
        .iter()
        .flat_map(|block| block.get_instructions())
        .filter(|instruction| !divergent.contains(instruction) && !instruction.get_type().is_void_type())
        .collect()
}

/// `getelementptr ty, base, index`.
fn gep<'ctx>(
    builder: &Builder<'ctx>,
    ty: BasicTypeEnum<'ctx>,
    base: BasicValueEnum<'ctx>,
    index: BasicValueEnum<'ctx>,
) -> Result<BasicValueEnum<'ctx>, String> {
    llvm_edge::vector_gep(builder, ty, base, &[index]).ok_or_else(|| "LLVM built no getelementptr".to_owned())
}

fn basic_type(value: InstructionValue<'_>) -> Result<BasicTypeEnum<'_>, String> {
    BasicTypeEnum::try_from(value.get_type()).map_err(|()| "a value without a storable type crosses a barrier".into())
}

/// The instructions using `value`.
pub(super) fn users(value: InstructionValue<'_>) -> Vec<InstructionValue<'_>> {
    let mut found = Vec::new();
    let mut next = value.get_first_use();
    while let Some(current) = next {
        next = current.get_next_use();
        if let Some(user) = as_instruction(current.get_user())
            && !found.contains(&user)
        {
            found.push(user);
        }
    }
    found
}

/// The instruction `value` is, if it is one.
fn as_instruction(value: AnyValueEnum<'_>) -> Option<InstructionValue<'_>> {
    match value {
        AnyValueEnum::InstructionValue(instruction) => Some(instruction),
        AnyValueEnum::PhiValue(phi) => Some(phi.as_instruction()),
        other => BasicValueEnum::try_from(other).ok()?.as_instruction_value(),
    }
}

fn is_lifetime_marker(instruction: InstructionValue<'_>) -> bool {
    CallSiteValue::try_from(instruction).ok().and_then(|call| call.get_called_fn_value()).is_some_and(|callee| {
        callee.get_name().to_bytes().starts_with(b"llvm.lifetime.")
    })
}

/// `alloca` and the pointers computed from it (through address arithmetic,
/// casts, phis and selects).
fn derived_pointers(alloca: InstructionValue<'_>) -> Vec<InstructionValue<'_>> {
    let mut found = vec![alloca];
    let mut next = 0;
    while next < found.len() {
        let pointer = found[next];
        next += 1;
        for user in users(pointer) {
            if matches!(
                user.get_opcode(),
                Op::GetElementPtr | Op::BitCast | Op::AddrSpaceCast | Op::Phi | Op::Select | Op::PtrToInt | Op::IntToPtr
            ) && !found.contains(&user)
            {
                found.push(user);
            }
        }
    }
    found
}

/// Whether one of `pointers` is stored to memory as a value (or converted
/// to an integer): it could then cross a barrier unseen.
fn escapes(pointers: &[InstructionValue<'_>]) -> bool {
    pointers.iter().any(|pointer| {
        pointer.get_opcode() == Op::PtrToInt
            || users(*pointer).iter().any(|user| {
                user.get_opcode() == Op::Store
                    && matches!(user.get_operand(0), Some(Operand::Value(stored)) if stored.as_instruction_value() == Some(*pointer))
            })
    })
}

/// Whether `value` can be recomputed where a region starts: an
/// `available` value (a moved alloca's slot, a word of the shared
/// environment), or pure integer or address arithmetic on the function's
/// parameters, constants and such values (a few levels deep).
fn recomputable<'ctx>(
    value: InstructionValue<'ctx>,
    available: &dyn Fn(InstructionValue<'ctx>) -> bool,
    depth: u32,
) -> bool {
    if available(value) {
        return true;
    }
    if depth > 6 {
        return false;
    }
    let pure = matches!(
        value.get_opcode(),
        Op::Add
            | Op::Sub
            | Op::Mul
            | Op::Shl
            | Op::LShr
            | Op::AShr
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::ICmp
            | Op::Trunc
            | Op::ZExt
            | Op::SExt
            | Op::GetElementPtr
            | Op::BitCast
            | Op::AddrSpaceCast
            | Op::Select
            | Op::InsertElement
            | Op::ExtractElement
            | Op::ShuffleVector
            | Op::InsertValue
            | Op::ExtractValue
    );
    pure && (0..value.get_num_operands()).all(|position| match value.get_operand(position) {
        Some(Operand::Value(operand)) => match operand.as_instruction_value() {
            Some(inner) => available(inner) || recomputable(inner, available, depth + 1),
            None => true,
        },
        _ => false,
    })
}

/// Whether `value` loads a word of the shared environment `environment`
/// (at a constant offset: the workgroup function's pointers to resources
/// and workgroup memory), which nothing writes while the workgroup runs.
fn reads_environment<'ctx>(value: InstructionValue<'ctx>, environment: BasicValueEnum<'ctx>) -> bool {
    if value.get_opcode() != Op::Load {
        return false;
    }
    let Some(Operand::Value(address)) = value.get_operand(0) else { return false };
    if address == environment {
        return true;
    }
    let Some(offset) = address.as_instruction_value() else { return false };
    offset.get_opcode() == Op::GetElementPtr
        && matches!(offset.get_operand(0), Some(Operand::Value(base)) if base == environment)
        && (1..offset.get_num_operands()).all(|position| {
            matches!(offset.get_operand(position), Some(Operand::Value(BasicValueEnum::IntValue(index))) if index.is_const())
        })
}

/// Whether `value` loads a resource's size: from the pointer the region
/// function read of the shared environment `environment` with
/// `!invariant.load` (`workgroup.rs` marks that word alone: a copy of the
/// sizes the workgroup function made, which nothing writes), at a
/// constant offset.
fn reads_resource_sizes<'ctx>(value: InstructionValue<'ctx>, environment: BasicValueEnum<'ctx>, invariant: u32) -> bool {
    if value.get_opcode() != Op::Load {
        return false;
    }
    let Some(Operand::Value(address)) = value.get_operand(0) else { return false };
    let Some(mut base) = address.as_instruction_value() else { return false };
    if base.get_opcode() == Op::GetElementPtr {
        let constant = (1..base.get_num_operands()).all(|position| {
            matches!(base.get_operand(position), Some(Operand::Value(BasicValueEnum::IntValue(index))) if index.is_const())
        });
        match base.get_operand(0) {
            Some(Operand::Value(pointer)) if constant => match pointer.as_instruction_value() {
                Some(pointer) => base = pointer,
                None => return false,
            },
            _ => return false,
        }
    }
    base.get_metadata(invariant).is_some() && reads_environment(base, environment)
}

/// A copy of `value` (and of the instructions it is computed from, but
/// those of the `dispatch` block) at the builder's position; `copies` maps
/// what was copied already.
fn recompute<'ctx>(
    builder: &Builder<'ctx>,
    value: InstructionValue<'ctx>,
    dispatch: BasicBlock<'ctx>,
    copies: &mut HashMap<InstructionValue<'ctx>, InstructionValue<'ctx>>,
) -> Result<BasicValueEnum<'ctx>, String> {
    fn copy<'ctx>(
        builder: &Builder<'ctx>,
        value: InstructionValue<'ctx>,
        dispatch: BasicBlock<'ctx>,
        copies: &mut HashMap<InstructionValue<'ctx>, InstructionValue<'ctx>>,
    ) -> InstructionValue<'ctx> {
        if let Some(done) = copies.get(&value) {
            return *done;
        }
        let clone = value.explicit_clone();
        for position in 0..value.get_num_operands() {
            if let Some(Operand::Value(operand)) = value.get_operand(position)
                && let Some(inner) = operand.as_instruction_value()
                && inner.get_parent() != Some(dispatch)
            {
                let inner_copy = copy(builder, inner, dispatch, copies);
                if let Ok(replacement) = BasicValueEnum::try_from(inner_copy.as_any_value_enum()) {
                    clone.set_operand(position, replacement);
                }
            }
        }
        builder.insert_instruction(&clone, None);
        copies.insert(value, clone);
        clone
    }
    let clone = copy(builder, value, dispatch, copies);
    BasicValueEnum::try_from(clone.as_any_value_enum()).map_err(|()| "a recomputed value without a type".to_owned())
}

/// Every use of `value` reads `variable` instead, and the definition stores
/// to it (LLVM's "demote register to stack", which `sroa` undoes).
pub(super) fn demote<'ctx>(
    builder: &Builder<'ctx>,
    value: InstructionValue<'ctx>,
    variable: BasicValueEnum<'ctx>,
    ty: BasicTypeEnum<'ctx>,
) -> Result<(), String> {
    let pointer = variable.into_pointer_value();
    let as_value = BasicValueEnum::try_from(value.as_any_value_enum()).map_err(|()| "an untyped value")?;
    // One load per predecessor: a phi may list a block twice (a switch's
    // cases), with one value.
    let mut at_end: HashMap<BasicBlock<'ctx>, BasicValueEnum<'ctx>> = HashMap::new();
    for user in users(value) {
        if user.get_opcode() == Op::Phi {
            let phi = inkwell::values::PhiValue::try_from(user).map_err(|()| "a phi that is not one")?;
            for position in 0..phi.count_incoming() {
                let Some((incoming, from)) = phi.get_incoming(position) else { continue };
                if incoming != as_value {
                    continue;
                }
                let loaded = match at_end.get(&from) {
                    Some(loaded) => *loaded,
                    None => {
                        let terminator = from.get_terminator().ok_or("a block without terminator")?;
                        builder.position_before(&terminator);
                        let loaded = builder.build_load(ty, pointer, "").map_err(|error| error.to_string())?;
                        at_end.insert(from, loaded);
                        loaded
                    }
                };
                user.set_operand(position, loaded);
            }
        } else {
            builder.position_before(&user);
            let loaded = builder.build_load(ty, pointer, "").map_err(|error| error.to_string())?;
            for position in 0..user.get_num_operands() {
                if let Some(Operand::Value(operand)) = user.get_operand(position)
                    && operand == as_value
                {
                    user.set_operand(position, loaded);
                }
            }
        }
    }
    // After the definition (after the phis of its block, for a phi).
    let mut after = value.get_next_instruction().ok_or("a value ending its block")?;
    while after.get_opcode() == Op::Phi {
        after = after.get_next_instruction().ok_or("a block of phis only")?;
    }
    builder.position_before(&after);
    builder.build_store(pointer, as_value).map_err(|error| error.to_string())?;
    Ok(())
}

/// Live-in sets of a function's blocks, for the values defined by its
/// instructions.
struct Liveness<'ctx> {
    blocks: Vec<BasicBlock<'ctx>>,
    /// Per value with a use outside its block, the blocks it is live into.
    live_in: HashMap<InstructionValue<'ctx>, HashSet<usize>>,
    order: HashMap<InstructionValue<'ctx>, usize>,
}

impl<'ctx> Liveness<'ctx> {
    fn new(blocks: &[BasicBlock<'ctx>]) -> Self {
        let number: HashMap<BasicBlock<'ctx>, usize> =
            blocks.iter().enumerate().map(|(position, block)| (*block, position)).collect();
        let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
        for (position, block) in blocks.iter().enumerate() {
            let Some(terminator) = block.get_terminator() else { continue };
            for operand in 0..terminator.get_num_operands() {
                if let Some(Operand::Block(successor)) = terminator.get_operand(operand)
                    && let Some(&successor) = number.get(&successor)
                    && !predecessors[successor].contains(&position)
                {
                    predecessors[successor].push(position);
                }
            }
        }
        let mut live_in: HashMap<InstructionValue<'ctx>, HashSet<usize>> = HashMap::new();
        let mut order = HashMap::new();
        for (position, block) in blocks.iter().enumerate() {
            for instruction in block.get_instructions() {
                order.insert(instruction, order.len());
                if instruction.get_type().is_void_type() {
                    continue;
                }
                let Ok(value) = BasicValueEnum::try_from(instruction.as_any_value_enum()) else { continue };
                // The blocks where a use needs it on entry (or at the end, for phis).
                let mut needed_at_entry: Vec<usize> = Vec::new();
                let mut needed_at_end: Vec<usize> = Vec::new();
                for user in users(instruction) {
                    let Some(user_block) = user.get_parent().and_then(|block| number.get(&block).copied()) else {
                        continue;
                    };
                    if user.get_opcode() == Op::Phi {
                        let Ok(phi) = inkwell::values::PhiValue::try_from(user) else { continue };
                        for incoming in 0..phi.count_incoming() {
                            if let Some((incoming_value, from)) = phi.get_incoming(incoming)
                                && incoming_value == value
                                && let Some(&from) = number.get(&from)
                            {
                                needed_at_end.push(from);
                            }
                        }
                    } else if user_block != position {
                        needed_at_entry.push(user_block);
                    }
                }
                let mut live: HashSet<usize> = HashSet::new();
                let mut work: Vec<usize> = Vec::new();
                for block in needed_at_end {
                    if block != position {
                        work.push(block);
                    }
                }
                for block in needed_at_entry {
                    work.push(block);
                }
                // Live into a block: live out of its predecessors; stops at
                // the definition's block.
                while let Some(block) = work.pop() {
                    if block == position || !live.insert(block) {
                        continue;
                    }
                    work.extend(predecessors[block].iter().copied());
                }
                if !live.is_empty() {
                    live_in.insert(instruction, live);
                }
            }
        }
        Self { blocks: blocks.to_vec(), live_in, order }
    }

    /// The values live into `block`.
    fn live_in(&self, block: BasicBlock<'ctx>) -> Vec<InstructionValue<'ctx>> {
        let Some(position) = self.blocks.iter().position(|candidate| *candidate == block) else { return Vec::new() };
        let mut values: Vec<InstructionValue<'ctx>> =
            self.live_in.iter().filter(|(_, blocks)| blocks.contains(&position)).map(|(value, _)| *value).collect();
        values.sort_by_key(|value| self.position(*value));
        values
    }

    /// The instruction's place in the function (a stable order).
    fn position(&self, value: InstructionValue<'ctx>) -> usize {
        self.order.get(&value).copied().unwrap_or(usize::MAX)
    }
}
