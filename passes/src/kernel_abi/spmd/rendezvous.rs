//! Subgroups wider than one invocation on the coroutine path (docs/abi.md,
//! "Subgroups as rendezvous"): every subgroup operation of a coroutine
//! entry point (`barriers=coroutines`) becomes a suspend point, and the
//! workgroup function resolves the invocations waiting at one together.
//!
//! - Each invocation has a *mailbox*, its coroutine's promise: the site it
//!   waits at (0: none, it waits at a barrier), whether it is selected, its
//!   *key* and the operands of the operation and then its result. Before a
//!   subgroup operation the invocation writes its key, the site and the
//!   operands that are not constants, and suspends; when resumed it reads
//!   the result.
//! - The key orders the points an invocation can wait at as the SPMD
//!   vectorizer's linearized code reaches them: the blocks are numbered in
//!   the vectorizer's order (`Cfg::order`: every block after its
//!   predecessors, a loop's blocks together, after its header), and the key
//!   of a site inside loops L1 ⊃ ... ⊃ Lk is (header of L1, iteration of
//!   L1, ..., header of Lk, iteration of Lk, the site's number), compared
//!   word by word. An invocation's keys only grow as it runs, so the lowest
//!   key of a subgroup's waiting invocations is a point no other of its
//!   invocations can still reach: the invocations waiting with that key are
//!   the operation's active set, as the lanes the vectorizer's mask holds
//!   there (those of an `if` reconverge after it, a loop's operation runs
//!   with the invocations still in that iteration, what follows a loop
//!   waits for every invocation to leave it).
//! - `__spvabi_E.rendezvous.K(promises, x, y, z, x_end)` resolves site K:
//!   an invocation function of the mailboxes (invocation x's promise is
//!   `promises[x]`) that, if selected, calls the operation on the operands
//!   and stores the result. The SPMD vectorizer runs it as S lanes, the
//!   subgroup (`vectorize_invocations` takes these functions with the
//!   invocation functions), so every operation gets the region path's
//!   semantics and order of evaluation (`subgroup.rs`).
//! - `__spvabi_E.rendezvous(handles, invocations)`, which the workgroup
//!   function calls after starting the invocations and after each round,
//!   takes each subgroup in turn: while some of its invocations wait at a
//!   site, it selects those with the lowest key, runs the site's resolver
//!   and resumes them (each runs to its next suspend point).

use std::collections::BTreeSet;

use inkwell::{
    AddressSpace, IntPredicate,
    builder::Builder,
    context::ContextRef,
    memory_buffer::MemoryBuffer,
    module::{Linkage, Module},
    targets::TargetData,
    types::BasicTypeEnum,
    values::{AnyValue, BasicMetadataValueEnum, BasicValue, BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode as Op, InstructionValue, IntValue, Operand, PointerValue},
};
use spirv_opt_rs::llvm as llvm_edge;

use super::{Cfg, Node, Result, SpmdError, SubgroupOp, subgroup_scoped};

/// The mailbox's words: the site waited at, whether selected, the key.
const SITE: u64 = 0;
const SELECTED: u64 = 4;
const KEY: u64 = 8;
/// The promise's alignment (the coroutine frame's, 2 pointers).
const ALIGN: u32 = 16;
/// Key positions: a block's number times this, plus the site's rank in it.
const BLOCK_STRIDE: u32 = 1024;

/// The entry point `name` (`__spvabi_E.rendezvous.K`) is a resolver of.
pub fn rendezvous_site_entry(name: &str) -> Option<&str> {
    let (prefix, site) = name.rsplit_once(".rendezvous.")?;
    let entry = prefix.strip_prefix("__spvabi_")?;
    (!site.is_empty() && site.bytes().all(|byte| byte.is_ascii_digit())).then_some(entry)
}

/// One subgroup operation of a coroutine.
struct Site<'ctx> {
    call: InstructionValue<'ctx>,
    callee: FunctionValue<'ctx>,
    /// Per argument: a constant, kept, or its type and the mailbox offset
    /// it is stored at (the value is read from the call when it is
    /// rewritten: an earlier site's rewriting may have replaced it).
    arguments: Vec<Argument<'ctx>>,
    /// The result's type and offset.
    result: Option<(BasicTypeEnum<'ctx>, u64)>,
    key: Vec<KeyWord>,
}

#[derive(Clone, Copy)]
enum Argument<'ctx> {
    Constant(BasicValueEnum<'ctx>),
    Stored(BasicTypeEnum<'ctx>, u64),
}

#[derive(Clone, Copy)]
enum KeyWord {
    Constant(u32),
    /// The iteration counter of loop `l`.
    Counter(usize),
}

/// Makes the subgroups of every coroutine entry point of `module` `size`
/// invocations (docs/abi.md, "Subgroups as rendezvous"); returns the
/// entry points, with how many sites each has. Run before
/// [`super::vectorize_invocations`], which vectorizes the resolvers.
///
/// # Errors
///
/// [`SpmdError::Unsupported`] for a coroutine whose control flow is
/// irreducible; [`SpmdError::Llvm`] when LLVM refuses the glue.
pub fn rendezvous_sites(module: &Module<'_>, data: &TargetData, size: u32) -> Result<Vec<(String, usize)>> {
    let entries: Vec<String> = module
        .get_functions()
        .filter_map(|function| {
            let name = function.get_name().to_str().ok()?;
            let entry = name.strip_prefix("__spvabi_")?.strip_suffix(".rendezvous")?;
            (function.count_basic_blocks() > 0).then(|| entry.to_owned())
        })
        .collect();
    let mut done = Vec::new();
    for entry in entries {
        let Some(coroutine) = module.get_function(&entry) else { continue };
        set_subgroup_size(module, &entry, size)?;
        let sites = transform(module, coroutine, &entry, data, size)?;
        done.push((entry, sites));
    }
    Ok(done)
}

/// `__spvabi_E.subgroup_size` returns `size`.
fn set_subgroup_size(module: &Module<'_>, entry: &str, size: u32) -> Result<()> {
    let name = format!("__spvabi_{entry}.subgroup_size");
    let Some(old) = module.get_function(&name) else { return Ok(()) };
    let context = module.get_context();
    let new = module.add_function(&format!("{name}.sized"), old.get_type(), Some(Linkage::Internal));
    let builder = context.create_builder();
    builder.position_at_end(context.append_basic_block(new, "entry"));
    builder.build_return(Some(&context.i64_type().const_int(u64::from(size), false)))?;
    old.replace_all_uses_with(new);
    llvm_edge::delete_unused_function(old);
    new.as_global_value().set_name(&name);
    Ok(())
}

fn llvm_error(what: &str) -> SpmdError {
    SpmdError::Llvm(format!("rendezvous: {what}"))
}

/// Whether `value` is a constant (kept as it is in the resolver).
fn is_constant(value: BasicValueEnum<'_>) -> bool {
    match value {
        BasicValueEnum::IntValue(value) => value.is_const(),
        BasicValueEnum::FloatValue(value) => value.is_const(),
        BasicValueEnum::VectorValue(value) => value.is_const(),
        BasicValueEnum::PointerValue(value) => value.is_const(),
        BasicValueEnum::ArrayValue(value) => value.is_const(),
        BasicValueEnum::StructValue(value) => value.is_const(),
        BasicValueEnum::ScalableVectorValue(_) => false,
    }
}

/// The call to intrinsic `name` in `function`, if any.
fn intrinsic_call<'ctx>(function: FunctionValue<'ctx>, name: &str) -> Option<InstructionValue<'ctx>> {
    function.get_basic_block_iter().flat_map(|block| block.get_instructions()).find(|instruction| {
        CallSiteValue::try_from(*instruction)
            .ok()
            .and_then(|call| call.get_called_fn_value())
            .is_some_and(|callee| callee.get_name().to_bytes() == name.as_bytes())
    })
}

fn round_up(value: u64, to: u64) -> u64 {
    value.div_ceil(to) * to
}

/// `base + offset` (bytes).
fn byte_address<'ctx>(builder: &Builder<'ctx>, context: ContextRef<'ctx>, base: PointerValue<'ctx>, offset: u64) -> Result<PointerValue<'ctx>> {
    let index = context.i64_type().const_int(offset, false);
    llvm_edge::vector_gep(builder, context.i8_type().into(), base.into(), &[index.into()])
        .map(BasicValueEnum::into_pointer_value)
        .ok_or_else(|| llvm_error("no getelementptr"))
}

/// Rewrites the subgroup operations of `coroutine` into suspend points,
/// builds their resolvers and the rendezvous; returns how many sites.
fn transform<'ctx>(
    module: &Module<'ctx>,
    coroutine: FunctionValue<'ctx>,
    entry: &str,
    data: &TargetData,
    size: u32,
) -> Result<usize> {
    let context = module.get_context();
    let i32 = context.i32_type();
    let i64 = context.i64_type();
    let pointer = context.ptr_type(AddressSpace::default());
    let builder = context.create_builder();

    let calls: Vec<InstructionValue<'ctx>> = coroutine
        .get_basic_block_iter()
        .flat_map(|block| block.get_instructions())
        .filter(|instruction| subgroup_scoped(*instruction).is_some_and(|op| op != SubgroupOp::Size))
        .collect();
    let cfg = Cfg::build(coroutine, false).map_err(|error| match error {
        SpmdError::Unsupported(reason) => SpmdError::Unsupported(format!("subgroup operations in {entry} as rendezvous: {reason}")),
        other => other,
    })?;
    // Block positions in the vectorizer's order, loops together.
    let mut flat = Vec::new();
    let mut stack = vec![cfg.order(None)];
    while let Some(mut nodes) = stack.pop() {
        if nodes.is_empty() {
            continue;
        }
        let node = nodes.remove(0);
        stack.push(nodes);
        match node {
            Node::Block(block) => flat.push(block),
            Node::Loop(l) => stack.push(cfg.order(Some(l))),
        }
    }
    let mut position = vec![0u32; cfg.blocks.len()];
    for (rank, &block) in flat.iter().enumerate() {
        position[block] = (rank as u32 + 1) * BLOCK_STRIDE;
    }

    // Sites: keys and mailbox layouts.
    let mut sites = Vec::new();
    let mut counted: BTreeSet<usize> = BTreeSet::new();
    for call in calls {
        let block = call.get_parent().ok_or_else(|| llvm_error("a call outside any block"))?;
        let Some(&index) = cfg.index.get(&block) else { continue };
        let rank = block.get_instructions().take_while(|other| *other != call).filter(|other| subgroup_scoped(*other).is_some()).count();
        let mut chain = Vec::new();
        let mut current = cfg.innermost[index];
        while let Some(l) = current {
            chain.push(l);
            current = cfg.loops[l].parent;
        }
        chain.reverse();
        let mut key = Vec::new();
        for &l in &chain {
            key.push(KeyWord::Constant(position[cfg.loops[l].header]));
            key.push(KeyWord::Counter(l));
            counted.insert(l);
        }
        key.push(KeyWord::Constant(position[index] + rank as u32 + 1));
        let site_call = CallSiteValue::try_from(call).map_err(|()| llvm_error("not a call"))?;
        let callee = site_call.get_called_fn_value().ok_or_else(|| llvm_error("an indirect call"))?;
        let mut arguments = Vec::new();
        for argument in 0..site_call.count_arguments() {
            let Some(Operand::Value(value)) = call.get_operand(argument) else { return Err(llvm_error("an argument that is no value")) };
            arguments.push(if is_constant(value) { Argument::Constant(value) } else { Argument::Stored(value.get_type(), 0) });
        }
        let result = site_call.try_as_basic_value().basic().map(|value| (value.get_type(), 0));
        sites.push(Site { call, callee, arguments, result, key });
    }
    if sites.is_empty() {
        return Ok(0);
    }
    // Every key as long as the longest: a shorter one's words past its end
    // are 0 (not what an earlier site left in the mailbox).
    let words = sites.iter().map(|site| site.key.len()).max().unwrap_or(1);
    for site in &mut sites {
        site.key.resize(words, KeyWord::Constant(0));
    }
    let words = words as u64;
    let data_start = round_up(KEY + 4 * words, u64::from(ALIGN));
    let mut bytes = data_start;
    for site in &mut sites {
        let mut offset = data_start;
        for argument in &mut site.arguments {
            if let Argument::Stored(ty, slot) = argument {
                *slot = offset;
                offset += round_up(data.get_abi_size(ty).max(1), u64::from(ALIGN));
            }
        }
        if let Some((ty, slot)) = &mut site.result {
            *slot = offset;
            offset += round_up(data.get_abi_size(ty).max(1), u64::from(ALIGN));
        }
        bytes = bytes.max(offset);
    }

    // The promise, the loops' counters.
    let entry_block = coroutine.get_first_basic_block().ok_or_else(|| llvm_error("no body"))?;
    let first = entry_block.get_first_instruction().ok_or_else(|| llvm_error("an empty entry block"))?;
    builder.position_before(&first);
    let promise = builder.build_alloca(context.i8_type().array_type(bytes as u32), "mailbox")?;
    promise.as_instruction().ok_or_else(|| llvm_error("no alloca"))?.set_alignment(ALIGN).map_err(|error| llvm_error(&error.to_string()))?;
    let mut counters = vec![None; cfg.loops.len()];
    for &l in &counted {
        counters[l] = Some(builder.build_alloca(i32, "iteration")?);
    }
    let id = intrinsic_call(coroutine, "llvm.coro.id").ok_or_else(|| llvm_error("no llvm.coro.id"))?;
    if !id.set_operand(1, promise) {
        return Err(llvm_error("cannot set the promise"));
    }
    let begin = intrinsic_call(coroutine, "llvm.coro.begin").ok_or_else(|| llvm_error("no llvm.coro.begin"))?;
    let handle = CallSiteValue::try_from(begin)
        .ok()
        .and_then(|call| call.try_as_basic_value().basic())
        .ok_or_else(|| llvm_error("coro.begin"))?;
    let after_begin = begin.get_next_instruction().ok_or_else(|| llvm_error("coro.begin ends its block"))?;
    builder.position_before(&after_begin);
    builder.build_store(promise, i32.const_zero())?;
    // Counters: -1 on entering the loop, + 1 at its header.
    for &l in &counted {
        let counter = counters[l].ok_or_else(|| llvm_error("no counter"))?;
        let header = cfg.loops[l].header;
        for &predecessor in cfg.predecessors[header].iter().filter(|&&predecessor| !cfg.loops[l].contains[predecessor]) {
            let terminator = cfg.blocks[predecessor].get_terminator().ok_or_else(|| llvm_error("no terminator"))?;
            builder.position_before(&terminator);
            builder.build_store(counter, i32.const_all_ones())?;
        }
        let at = cfg.blocks[header]
            .get_instructions()
            .find(|instruction| instruction.get_opcode() != Op::Phi)
            .ok_or_else(|| llvm_error("an empty header"))?;
        builder.position_before(&at);
        let old = builder.build_load(i32, counter, "")?.into_int_value();
        let new = builder.build_int_add(old, i32.const_int(1, false), "")?;
        builder.build_store(counter, new)?;
    }

    // Where a suspended invocation returns to, and its destruction: the
    // final suspend's targets.
    let final_suspend = intrinsic_call(coroutine, "llvm.coro.suspend").ok_or_else(|| llvm_error("no llvm.coro.suspend"))?;
    let switch = final_suspend
        .get_parent()
        .and_then(|block| block.get_terminator())
        .filter(|terminator| terminator.get_opcode() == Op::Switch)
        .ok_or_else(|| llvm_error("a suspend without switch"))?;
    // barrier.rs builds it as `switch default suspended [0: resume, 1: cleanup]`.
    let [suspended, _, cleanup] = super::targets_of(switch)[..] else { return Err(llvm_error("a suspend's switch")) };
    let save = inkwell::intrinsics::Intrinsic::find("llvm.coro.save")
        .and_then(|intrinsic| intrinsic.get_declaration(module, &[]))
        .ok_or_else(|| llvm_error("no llvm.coro.save"))?;
    let suspend = inkwell::intrinsics::Intrinsic::find("llvm.coro.suspend")
        .and_then(|intrinsic| intrinsic.get_declaration(module, &[]))
        .ok_or_else(|| llvm_error("no llvm.coro.suspend"))?;

    for (number, site) in sites.iter().enumerate() {
        let call = site.call;
        let block = call.get_parent().ok_or_else(|| llvm_error("a call outside any block"))?;
        let branch = call.get_next_instruction().filter(|next| next.get_opcode() == Op::Br && next.get_num_operands() == 1);
        let Some(branch) = branch else { return Err(llvm_error("a subgroup operation not ending its block")) };
        let Some(Operand::Block(rest)) = branch.get_operand(0) else { return Err(llvm_error("a branch without target")) };
        builder.position_before(&call);
        for (word, part) in site.key.iter().enumerate() {
            let value: IntValue<'ctx> = match *part {
                KeyWord::Constant(value) => i32.const_int(u64::from(value), false),
                KeyWord::Counter(l) => {
                    let counter = counters[l].ok_or_else(|| llvm_error("no counter"))?;
                    builder.build_load(i32, counter, "")?.into_int_value()
                }
            };
            builder.build_store(byte_address(&builder, context, promise, KEY + 4 * word as u64)?, value)?;
        }
        for (index, argument) in site.arguments.iter().enumerate() {
            if let Argument::Stored(_, offset) = argument {
                let Some(Operand::Value(value)) = call.get_operand(index as u32) else {
                    return Err(llvm_error("an argument that is no value"));
                };
                builder.build_store(byte_address(&builder, context, promise, *offset)?, value)?;
            }
        }
        builder.build_store(byte_address(&builder, context, promise, SITE)?, i32.const_int(number as u64 + 1, false))?;
        let state = llvm_edge::coro_save_suspend(&builder, save, suspend, handle, context.bool_type().const_zero().into())
            .ok_or_else(|| llvm_error("coro.suspend"))?
            .into_int_value();
        if let Some((ty, offset)) = site.result {
            let first = rest.get_first_instruction().ok_or_else(|| llvm_error("an empty block"))?;
            builder.position_before(&first);
            let value = builder.build_load(ty, byte_address(&builder, context, promise, offset)?, "")?;
            call.replace_all_uses_with(&value.as_instruction_value().ok_or_else(|| llvm_error("a load"))?);
        }
        call.erase_from_basic_block();
        branch.erase_from_basic_block();
        builder.position_at_end(block);
        let i8 = context.i8_type();
        builder.build_switch(state, suspended, &[(i8.const_zero(), rest), (i8.const_int(1, false), cleanup)])?;
    }

    // The resolvers.
    let resolver_type = i64.fn_type(&[pointer.into(), i64.into(), i64.into(), i64.into(), i64.into()], false);
    // Per site, its resolver: sites of one operation on operands of the
    // same types and constants share one (their mailboxes' layouts are the
    // same), which the code generator then compiles once.
    let mut resolvers: Vec<FunctionValue<'ctx>> = Vec::new();
    let mut shared: Vec<(String, FunctionValue<'ctx>)> = Vec::new();
    for site in &sites {
        let mut signature = site.callee.get_name().to_string_lossy().into_owned();
        for argument in &site.arguments {
            signature.push('|');
            signature.push_str(&match argument {
                Argument::Constant(value) => value.print_to_string().to_string(),
                Argument::Stored(ty, _) => ty.print_to_string().to_string(),
            });
        }
        if let Some((_, resolver)) = shared.iter().find(|(known, _)| *known == signature) {
            resolvers.push(*resolver);
            continue;
        }
        let name = format!("__spvabi_{entry}.rendezvous.{}", shared.len() + 1);
        let resolver = module.add_function(&name, resolver_type, None);
        shared.push((signature, resolver));
        let parameter = |index: u32| resolver.get_nth_param(index).ok_or_else(|| llvm_error("a parameter"));
        let (promises, x) = (parameter(0)?.into_pointer_value(), parameter(1)?.into_int_value());
        let start = context.append_basic_block(resolver, "entry");
        let run = context.append_basic_block(resolver, "run");
        let end = context.append_basic_block(resolver, "end");
        builder.position_at_end(start);
        let slot = llvm_edge::vector_gep(&builder, pointer.into(), promises.into(), &[x.into()])
            .ok_or_else(|| llvm_error("no getelementptr"))?
            .into_pointer_value();
        let mailbox = builder.build_load(pointer, slot, "mailbox")?.into_pointer_value();
        let selected = builder.build_load(i32, byte_address(&builder, context, mailbox, SELECTED)?, "")?.into_int_value();
        let selected = builder.build_int_compare(IntPredicate::NE, selected, i32.const_zero(), "")?;
        builder.build_conditional_branch(selected, run, end)?;
        builder.position_at_end(run);
        let mut arguments: Vec<BasicMetadataValueEnum<'ctx>> = Vec::new();
        for argument in &site.arguments {
            arguments.push(match *argument {
                Argument::Stored(ty, offset) => builder.build_load(ty, byte_address(&builder, context, mailbox, offset)?, "")?.into(),
                Argument::Constant(value) => value.into(),
            });
        }
        let value = builder.build_direct_call(site.callee, &arguments, "")?;
        value.set_call_convention(site.callee.get_call_conventions());
        if let (Some((_, offset)), Some(value)) = (site.result, value.try_as_basic_value().basic()) {
            builder.build_store(byte_address(&builder, context, mailbox, offset)?, value)?;
        }
        builder.build_unconditional_branch(end)?;
        builder.position_at_end(end);
        builder.build_return(Some(&i64.const_int(1, false)))?;
        resolvers.push(resolver);
    }
    link_schedule(module, entry, &resolvers, words, size)?;
    for (_, resolver) in shared {
        resolver.set_linkage(Linkage::Internal);
    }
    Ok(sites.len())
}

/// Replaces `__spvabi_E.rendezvous` by the scheduler (module docs).
fn link_schedule(module: &Module<'_>, entry: &str, resolvers: &[FunctionValue<'_>], words: u64, size: u32) -> Result<()> {
    let name = format!("__spvabi_{entry}.rendezvous");
    let schedule = format!("{name}.schedule");
    let mut cases = String::new();
    let mut calls = String::new();
    let mut declarations = String::new();
    let mut declared = Vec::new();
    for (index, resolver) in resolvers.iter().enumerate() {
        let resolver = resolver.get_name().to_string_lossy();
        let site = index + 1;
        cases.push_str(&format!(" i32 {site}, label %site{site}"));
        calls.push_str(&format!(
            "site{site}:\n  call i64 @\"{resolver}\"(ptr %promises, i64 0, i64 0, i64 0, i64 %count)\n  br label %resume\n"
        ));
        if !declared.contains(&resolver) {
            declarations.push_str(&format!("declare i64 @\"{resolver}\"(ptr, i64, i64, i64, i64)\n"));
            declared.push(resolver);
        }
    }
    let text = format!(
        r#"
{declarations}
declare i1 @llvm.coro.done(ptr)
declare void @llvm.coro.resume(ptr)
declare ptr @llvm.coro.promise(ptr, i32, i1)

; -1, 0 or 1 as mailbox a's key is below, equal to or above b's.
define internal i32 @"{schedule}.compare"(ptr %a, ptr %b) {{
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %next ]
  %in = icmp ult i64 %k, {words}
  br i1 %in, label %body, label %equal
body:
  %offset = add i64 %k, {key_word}
  %pa = getelementptr i32, ptr %a, i64 %offset
  %pb = getelementptr i32, ptr %b, i64 %offset
  %va = load i32, ptr %pa
  %vb = load i32, ptr %pb
  %lt = icmp ult i32 %va, %vb
  br i1 %lt, label %less, label %not_less
not_less:
  %gt = icmp ugt i32 %va, %vb
  br i1 %gt, label %greater, label %next
next:
  %k1 = add i64 %k, 1
  br label %loop
less:
  ret i32 -1
greater:
  ret i32 1
equal:
  ret i32 0
}}

define void @"{schedule}"(ptr %handles, i64 %n) {{
entry:
  %promises = alloca [{size} x ptr], align 8
  %idle = alloca [{align} x i8], align {align}
  store i32 0, ptr %idle
  %idle_selected = getelementptr i8, ptr %idle, i64 {selected}
  store i32 0, ptr %idle_selected
  br label %group
group:
  %base = phi i64 [ 0, %entry ], [ %next_base, %group_done ]
  %more = icmp ult i64 %base, %n
  br i1 %more, label %scan_start, label %exit
scan_start:
  %end0 = add i64 %base, {size}
  %short = icmp ult i64 %end0, %n
  %end = select i1 %short, i64 %end0, i64 %n
  %count = sub i64 %end, %base
  br label %scan
scan:
  %l = phi i64 [ 0, %scan_start ], [ %l1, %scan_next ]
  %best = phi ptr [ null, %scan_start ], [ %best1, %scan_next ]
  %in = icmp ult i64 %l, %count
  br i1 %in, label %scan_lane, label %scanned
scan_lane:
  %i = add i64 %base, %l
  %hp = getelementptr ptr, ptr %handles, i64 %i
  %h = load ptr, ptr %hp
  %slot = getelementptr ptr, ptr %promises, i64 %l
  %done = call i1 @llvm.coro.done(ptr %h)
  br i1 %done, label %lane_idle, label %lane_live
lane_idle:
  store ptr %idle, ptr %slot
  br label %scan_next
lane_live:
  %p = call ptr @llvm.coro.promise(ptr %h, i32 {align}, i1 false)
  store ptr %p, ptr %slot
  %site = load i32, ptr %p
  %waiting = icmp ne i32 %site, 0
  br i1 %waiting, label %compare, label %scan_next
compare:
  %first = icmp eq ptr %best, null
  br i1 %first, label %take, label %compare_keys
compare_keys:
  %order = call i32 @"{schedule}.compare"(ptr %p, ptr %best)
  %lower = icmp slt i32 %order, 0
  br i1 %lower, label %take, label %scan_next
take:
  br label %scan_next
scan_next:
  %best1 = phi ptr [ %best, %lane_idle ], [ %best, %lane_live ], [ %best, %compare_keys ], [ %p, %take ]
  %l1 = add i64 %l, 1
  br label %scan
scanned:
  %found = icmp ne ptr %best, null
  br i1 %found, label %select, label %group_done
select:
  %s = phi i64 [ 0, %scanned ], [ %s1, %select_next ]
  %s_in = icmp ult i64 %s, %count
  br i1 %s_in, label %select_lane, label %resolve
select_lane:
  %s_slot = getelementptr ptr, ptr %promises, i64 %s
  %s_p = load ptr, ptr %s_slot
  %s_site = load i32, ptr %s_p
  %s_waiting = icmp ne i32 %s_site, 0
  br i1 %s_waiting, label %select_compare, label %select_store
select_compare:
  %s_order = call i32 @"{schedule}.compare"(ptr %s_p, ptr %best)
  %s_same = icmp eq i32 %s_order, 0
  br label %select_store
select_store:
  %chosen = phi i1 [ false, %select_lane ], [ %s_same, %select_compare ]
  %flag = zext i1 %chosen to i32
  %s_selected = getelementptr i8, ptr %s_p, i64 {selected}
  store i32 %flag, ptr %s_selected
  br label %select_next
select_next:
  %s1 = add i64 %s, 1
  br label %select
resolve:
  %which = load i32, ptr %best
  switch i32 %which, label %resume [{cases} ]
{calls}
resume:
  %r = phi i64 [ 0, %resolve ], {phis}[ %r1, %resume_next ]
  %r_in = icmp ult i64 %r, %count
  br i1 %r_in, label %resume_lane, label %scan_start
resume_lane:
  %r_slot = getelementptr ptr, ptr %promises, i64 %r
  %r_p = load ptr, ptr %r_slot
  %r_selected = getelementptr i8, ptr %r_p, i64 {selected}
  %r_flag = load i32, ptr %r_selected
  %r_go = icmp ne i32 %r_flag, 0
  br i1 %r_go, label %resume_now, label %resume_next
resume_now:
  store i32 0, ptr %r_selected
  store i32 0, ptr %r_p
  %r_i = add i64 %base, %r
  %r_hp = getelementptr ptr, ptr %handles, i64 %r_i
  %r_h = load ptr, ptr %r_hp
  call void @llvm.coro.resume(ptr %r_h)
  br label %resume_next
resume_next:
  %r1 = add i64 %r, 1
  br label %resume
group_done:
  %next_base = add i64 %base, {size}
  br label %group
exit:
  ret void
}}
"#,
        key_word = KEY / 4,
        align = ALIGN,
        selected = SELECTED,
        phis = (1..=resolvers.len()).map(|site| format!("[ 0, %site{site} ], ")).collect::<String>(),
    );
    let context = module.get_context();
    let buffer = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "rendezvous");
    let glue = context.create_module_from_ir(buffer).map_err(|error| llvm_error(&error.to_string()))?;
    glue.set_triple(&module.get_triple());
    glue.set_data_layout(&module.get_data_layout());
    module.link_in_module(glue).map_err(|error| llvm_error(&error.to_string()))?;
    let old = module.get_function(&name).ok_or_else(|| llvm_error("no rendezvous"))?;
    let new = module.get_function(&schedule).ok_or_else(|| llvm_error("no schedule"))?;
    old.replace_all_uses_with(new);
    llvm_edge::delete_unused_function(old);
    new.set_linkage(Linkage::Internal);
    new.as_global_value().set_name(&name);
    Ok(())
}
