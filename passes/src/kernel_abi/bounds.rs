//! Bounds checks: Vulkan's robustBufferAccess for every memory access of a
//! kernel, so that no kernel reads or writes outside its own resources and
//! stack objects, whatever its indices.
//!
//! Every pointer a load, store, atomic or memory intrinsic uses is traced
//! back to the object it was derived from (its *root*): a slot of the
//! environment (a binding, the push constants, workgroup or private memory,
//! a built-in), a parameter of the entry point (an OpenCL buffer, local
//! memory or struct by value), an `llvm.alloca`, or a module global. The
//! access runs only when its bytes lie inside the root; otherwise a load
//! (or atomic) gives zero and a store does nothing, as robustBufferAccess
//! allows. Buffer sizes are the host's (the workgroup function's copy of
//! `dispatch->resource_sizes`, reached through the environment's last
//! slot); every other size is static.
//!
//! Functions taking or returning pointers are inlined into their callers
//! first, so that every pointer's root is in the function that uses it (the
//! GLSL front ends pass every parameter by pointer). A pointer with several
//! roots (a select, a block argument) is checked against each; one whose
//! root cannot be traced (loaded from a buffer, made from an integer) against
//! every object the function can reach. GEPs leading to a checked access lose `inbounds`: an
//! out-of-bounds index must give an address to check, not poison.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use melior::{
    Context,
    dialect::llvm,
    ir::{
        Attribute, Block, BlockLike, BlockRef, Location, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::{IntegerAttribute, TypeAttribute},
        operation::OperationLike,
        r#type::IntegerType,
    },
};
use spirv_opt_rs::{
    ir::{block_argument, defining_op, vector_shape},
    surgery,
};

use crate::spirv_to_llvm::image_inline::IMAGE_ACCESS;

use super::{
    Entry, ResourceKind, Result, Slot, SlotKind,
    barrier::{build, inline_call, result},
    error, flat_symbol, function_type, op_name, symbol,
};

/// The attribute marking the load of an environment slot (its index): the
/// root of every pointer derived from it.
pub(super) const SLOT_ATTRIBUTE: &str = "spirv_abi.slot";

/// The ops that access memory through a pointer, with the operand indices of
/// their pointers.
const ACCESSES: &[(&str, &[usize])] = &[
    ("llvm.load", &[0]),
    ("llvm.store", &[1]),
    ("llvm.atomicrmw", &[0]),
    ("llvm.cmpxchg", &[0]),
    ("llvm.intr.memset", &[0]),
    ("llvm.intr.memset.inline", &[0]),
    ("llvm.intr.memcpy", &[0, 1]),
    ("llvm.intr.memcpy.inline", &[0, 1]),
    ("llvm.intr.memmove", &[0, 1]),
];

/// The object a pointer was derived from.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Root {
    /// A slot of the environment.
    Slot(usize),
    /// A parameter of the entry point.
    Parameter(usize),
    /// An `llvm.alloca` of the function (its index in `Scope::allocas`).
    Alloca(usize),
    /// A module global.
    Global(String),
    /// Element k of a descriptor array of buffers (the slot of the array):
    /// the buffer, whichever load of its address a pointer came from.
    Element(usize, u32),
    /// The buffer a load of a descriptor array's table gave (its index in
    /// `Scope::descriptor_loads`): checked against the size of the element
    /// it loaded, computed where it is used.
    Loaded(usize),
}

/// What the bounds checks of one module need to know.
pub(super) struct Module<'s, 'c, 'a> {
    pub slots: &'s [Slot],
    /// The environment slot holding `dispatch->resource_sizes`.
    pub sizes_slot: usize,
    /// The environment slot holding the workgroup function's cache of the
    /// host's device-range answers (two i128s, [`CACHED_QUERY`]), filled
    /// only where [`check_accesses`] says a check uses it.
    pub cache_slot: usize,
    pub entries: &'s [Entry<'c, 'a>],
    /// The functions taking the environment (as their last parameter).
    pub with_environment: &'s HashSet<String>,
    /// Global name -> (its value type, its address space).
    pub globals: HashMap<String, (Type<'c>, u32)>,
    /// Global name -> the globals whose addresses its initializer holds
    /// (OpenCL C 2.0's `global int *global p = &a[2];`): a pointer loaded
    /// from `p` may point into `a` though the function never names `a`.
    pub initializer_addresses: HashMap<String, Vec<String>>,
    /// Whether an untraced pointer may also reach the host's device memory
    /// (Vulkan's buffer device addresses, GLCompute kernels): its accesses
    /// then ask [`super::DEVICE_RANGE`] too.
    pub device_memory: bool,
}

/// Checks every access of the functions the entry points reach; whether a
/// check reads the environment's device-range cache ([`Module::cache_slot`],
/// which the workgroup functions must then fill).
pub(super) fn check_accesses<'c>(
    context: &'c Context,
    module_op: OperationRef<'c, '_>,
    module: &Module<'_, 'c, '_>,
) -> Result<'c, bool> {
    let functions = defined_functions(module_op);
    let entry_names: Vec<String> = module.entries.iter().map(|entry| entry.name.clone()).collect();
    for name in reachable(&functions, &entry_names) {
        inline_pointer_calls(context, functions[&name], &functions, module.with_environment)?;
    }
    let mut asks_host = false;
    let mut uses_cache_slot = false;
    let mut cached_query = None;
    for name in reachable(&functions, &entry_names) {
        let func = functions[&name];
        refuse_undefined_builtins(func, &functions)?;
        hoist_entry_allocas(func)?;
        let entry = module.entries.iter().find(|entry| entry.name == name);
        let environment = module.with_environment.contains(&name).then(|| last_argument(func)).flatten();
        let scope = Scope::new(func, environment, entry.map(|entry| entry.arguments.as_slice()), module.slots);
        let (asks, reads_cache_slot) = check_function(context, module_op, module, &scope, &mut cached_query)?;
        asks_host |= asks;
        uses_cache_slot |= reads_cache_slot;
    }
    if asks_host {
        declare_device_range(context, module_op)?;
    }
    // Every call to the cached query was inlined.
    if let Some(query) = cached_query {
        surgery::erase(query);
    }
    Ok(uses_cache_slot)
}

/// The name of [`CACHED_QUERY`]'s function, inlined where it is called.
const CACHED_RANGE: &str = "__spvabi_device_range_cached";

/// `__spvabi_device_range` through a cache of its last two answers, kept in
/// two `i128`s (zero at first: base 0, length 0, which no leaf lies
/// strictly inside; the workgroup function's, shared by its invocations and
/// workgroups, reached through the environment, or the calling function's
/// own where it has no environment): an answer whose range holds
/// `leaf` strictly before its end is the host's answer for `leaf` (ranges
/// do not overlap, so no other range starts between the cached start and
/// `leaf`); a leaf at a range's end, where another range may start, or
/// outside both is asked about, and the answer (a range, or 0 for none)
/// becomes the first entry, the first the second. Two entries: a list
/// whose nodes alternate between two buffers still hits.
const CACHED_QUERY: &str = r#"
  llvm.func internal @__spvabi_device_range_cached(%leaf: i64, %first: !llvm.ptr, %second: !llvm.ptr) -> i128 {
    %shift = llvm.mlir.constant(64 : i128) : i128
    %one = llvm.load %first : !llvm.ptr -> i128
    %one_base = llvm.trunc %one : i128 to i64
    %one_high = llvm.lshr %one, %shift : i128
    %one_size = llvm.trunc %one_high : i128 to i64
    %one_offset = llvm.sub %leaf, %one_base : i64
    %one_hit = llvm.icmp "ult" %one_offset, %one_size : i64
    llvm.cond_br %one_hit, ^done(%one : i128), ^other
  ^other:
    %two = llvm.load %second : !llvm.ptr -> i128
    %two_base = llvm.trunc %two : i128 to i64
    %two_high = llvm.lshr %two, %shift : i128
    %two_size = llvm.trunc %two_high : i128 to i64
    %two_offset = llvm.sub %leaf, %two_base : i64
    %two_hit = llvm.icmp "ult" %two_offset, %two_size : i64
    llvm.cond_br %two_hit, ^done(%two : i128), ^ask
  ^ask:
    %range = llvm.call @__spvabi_device_range(%leaf) {MEMORY} : (i64) -> i128
    llvm.store %one, %second : i128, !llvm.ptr
    llvm.store %range, %first : i128, !llvm.ptr
    llvm.br ^done(%range : i128)
  ^done(%answer: i128):
    llvm.return %answer : i128
  }
"#;

/// Defines [`CACHED_QUERY`] in the module, once.
fn define_cached_query<'c, 'a>(
    context: &'c Context,
    module_op: OperationRef<'c, 'a>,
    defined: &mut Option<OperationRef<'c, 'a>>,
) -> Result<'c, OperationRef<'c, 'a>> {
    if let Some(query) = *defined {
        return Ok(query);
    }
    declare_device_range(context, module_op)?;
    let body = module_op
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
        .ok_or_else(|| error(module_op, "an empty module"))?;
    let attributes = format!("memory_effects = {DEVICE_MEMORY_EFFECTS}, no_unwind, will_return");
    let text = format!(
        "module {{
  llvm.func @{}(i64) -> i128 attributes {{memory_effects = {DEVICE_MEMORY_EFFECTS}, no_unwind, \
         will_return}}
{}}}
",
        super::DEVICE_RANGE,
        CACHED_QUERY.replace("MEMORY", &attributes)
    );
    surgery::append_parsed(context, body, &text, &|name| name == super::DEVICE_RANGE)
        .ok_or_else(|| error(module_op, "internal error: cannot define the cached device memory query"))?;
    let mut query = None;
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op_name(op) == "llvm.func" && symbol(op).as_deref() == Some(CACHED_RANGE) {
            query = Some(op);
        }
    }
    let query = query.ok_or_else(|| error(module_op, "internal error: the cached device memory query is missing"))?;
    *defined = Some(query);
    Ok(query)
}

/// The attributes of [`super::DEVICE_RANGE`] and its calls: it reads no
/// memory the kernel can see (the host's ranges are fixed for the whole
/// dispatch), so that LLVM may merge and hoist its calls, and the SPMD
/// vectorizer calls it lane by lane as a pure function.
const DEVICE_MEMORY_EFFECTS: &str = "#llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, \
                                     errnoMem = none, targetMem0 = none, targetMem1 = none>";

/// Declares `i128 @__spvabi_device_range(i64 address)`, the host's device
/// buffer holding `address` (docs/abi.md, "Buffer device addresses"), once.
fn declare_device_range<'c>(context: &'c Context, module_op: OperationRef<'c, '_>) -> Result<'c, ()> {
    let body = module_op
        .region(0)
        .ok()
        .and_then(|region| region.first_block())
        .ok_or_else(|| error(module_op, "an empty module"))?;
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op_name(op) == "llvm.func" && symbol(op).as_deref() == Some(super::DEVICE_RANGE) {
            return Ok(());
        }
    }
    let declaration = format!(
        "module {{\n  llvm.func @{}(i64) -> i128 attributes {{memory_effects = {DEVICE_MEMORY_EFFECTS}, no_unwind, \
         will_return}}\n}}\n",
        super::DEVICE_RANGE
    );
    surgery::append_parsed(context, body, &declaration, &|_| false)
        .ok_or_else(|| error(module_op, "internal error: cannot declare the device memory query"))?;
    Ok(())
}

/// Moves the constant-size allocas of `func`'s entry block to its start,
/// each with a copy of its count. The checks split a block at each checked
/// access, so an alloca after one (a function variable declared after a
/// store, as glslang orders them) would land outside the entry block: LLVM
/// then takes it for a dynamic allocation, and the barrier regions refuse
/// the function ("an alloca outside the entry block").
fn hoist_entry_allocas<'c>(func: OperationRef<'c, '_>) -> Result<'c, ()> {
    let Some(entry) = func.region(0).ok().and_then(|region| region.first_block()) else { return Ok(()) };
    let Some(anchor) = entry.first_operation() else { return Ok(()) };
    let mut moved = Vec::new();
    let mut op = Some(anchor);
    while let Some(current) = op {
        op = current.next_in_block();
        if op_name(current) == "llvm.alloca"
            && current != anchor
            && let Ok(count) = current.operand(0)
            && let Some(count) = spirv_opt_rs::ir::defining_op(count)
            && op_name(count) == "llvm.mlir.constant"
        {
            moved.push((count, current));
        }
    }
    for (count, alloca) in moved {
        let count_copy = surgery::clone_detached(count);
        surgery::move_before(count_copy, anchor);
        surgery::move_before(alloca, anchor);
        let mut operands: Vec<melior::ir::Value<'c, '_>> = alloca.operands().collect();
        operands[0] = result(count_copy)?;
        surgery::set_operands(alloca, &operands);
    }
    Ok(())
}

/// A builtin taking a pointer is checked through its body: one still
/// undefined (`spirv-define-builtins` not run yet) would escape the checks.
fn refuse_undefined_builtins<'c>(
    func: OperationRef<'c, '_>,
    functions: &HashMap<String, OperationRef<'c, '_>>,
) -> Result<'c, ()> {
    for call in surgery::nested_ops(func, &mut |op| op_name(op) == "llvm.call") {
        let Some(callee) = flat_symbol(call, "callee") else { continue };
        if functions.contains_key(&callee) || !call.operands().any(|operand| is_pointer(operand.r#type())) {
            continue;
        }
        let Some((base, _)) = crate::builtins::demangle_base(&callee) else { continue };
        // The ABI defines the generic casts itself, after the checks.
        if super::generic::is_generic_cast_builtin(base) {
            continue;
        }
        if base.starts_with("__spirv_") || crate::builtins::rule_for(base).is_some() {
            return Err(error(
                call,
                format!(
                    "@{callee} takes a pointer and has no body to bounds-check: run spirv-define-builtins before \
                     spirv-kernel-abi, or spirv-kernel-abi{{bounds-checks=false}}"
                ),
            ));
        }
    }
    Ok(())
}

/// Replaces each call `is_call` picks in the functions the entry points
/// reach by the value `define` builds before it (the kernel ABI's own
/// functions: `OpArrayLength`, the generic-pointer queries), then erases the
/// declarations `is_declaration` picks: nothing calls them any more. With
/// `inline` (no bounds checks ran, which inline the calls passing pointers),
/// such calls are inlined first, so that each pointer's object is in the
/// function using it.
pub(super) fn define_abi_calls<'c>(
    context: &'c Context,
    module_op: OperationRef<'c, '_>,
    module: &Module<'_, 'c, '_>,
    inline: bool,
    is_call: &dyn Fn(OperationRef<'_, '_>) -> bool,
    is_declaration: &dyn Fn(&str) -> bool,
    define: &mut dyn for<'a> FnMut(&Scope<'c, 'a, '_>, OperationRef<'c, 'a>) -> Result<'c, Value<'c, 'a>>,
) -> Result<'c, ()> {
    let functions = defined_functions(module_op);
    let entry_names: Vec<String> = module.entries.iter().map(|entry| entry.name.clone()).collect();
    let reachable_names = reachable(&functions, &entry_names);
    if !reachable_names.iter().any(|name| !surgery::nested_ops(functions[name], &mut |op| is_call(op)).is_empty()) {
        return Ok(());
    }
    if inline {
        for name in &reachable_names {
            inline_pointer_calls(context, functions[name], &functions, module.with_environment)?;
        }
    }
    // Every defined function, not only those the entry points reach: the
    // checks inline the functions taking pointers into their callers, and
    // an inlined function left without callers keeps its own calls, which
    // would name the declarations erased below (clang -O0's helpers of
    // OpenCL C: `to_global` in a function given a generic pointer).
    let mut names: Vec<String> = reachable(&functions, &entry_names);
    let mut others: Vec<String> = functions.keys().filter(|name| !names.contains(name)).cloned().collect();
    others.sort();
    names.extend(others);
    for name in names {
        let func = functions[&name];
        let calls = surgery::nested_ops(func, &mut |op| is_call(op));
        if calls.is_empty() {
            continue;
        }
        let entry = module.entries.iter().find(|entry| entry.name == name);
        let environment = module.with_environment.contains(&name).then(|| last_argument(func)).flatten();
        let scope = Scope::new(func, environment, entry.map(|entry| entry.arguments.as_slice()), module.slots);
        for call in calls {
            let value = define(&scope, call)?;
            surgery::replace_all_uses(result(call)?, value);
            surgery::erase(call);
        }
    }
    let Some(body) = module_op.region(0).ok().and_then(|region| region.first_block()) else { return Ok(()) };
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op_name(op) == "llvm.func"
            && symbol(op).is_some_and(|name| is_declaration(&name))
            && op.region(0).ok().and_then(|region| region.first_block()).is_none()
        {
            surgery::erase(op);
        }
    }
    Ok(())
}

/// Removes the slot markers, and the inlined image accesses' markers
/// ([`IMAGE_ACCESS`]), once no more checks will be made.
pub(super) fn remove_slot_markers(module_op: OperationRef<'_, '_>) {
    for op in surgery::nested_ops(module_op, &mut |op| op.attribute(SLOT_ATTRIBUTE).is_ok()) {
        surgery::remove_attribute(op, SLOT_ATTRIBUTE);
    }
    for op in surgery::nested_ops(module_op, &mut |op| op.attribute(IMAGE_ACCESS).is_ok()) {
        surgery::remove_attribute(op, IMAGE_ACCESS);
    }
}

pub(super) fn defined_functions<'c, 'a>(module: OperationRef<'c, 'a>) -> HashMap<String, OperationRef<'c, 'a>> {
    let mut functions = HashMap::new();
    let Some(body) = module.region(0).ok().and_then(|region| region.first_block()) else { return functions };
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op_name(op) == "llvm.func"
            && op.region(0).ok().and_then(|region| region.first_block()).is_some()
            && let Some(name) = symbol(op)
        {
            functions.insert(name, op);
        }
    }
    functions
}

/// The defined functions the entry points reach through calls, sorted.
pub(super) fn reachable(functions: &HashMap<String, OperationRef<'_, '_>>, entries: &[String]) -> Vec<String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut stack: Vec<String> = entries.iter().filter(|name| functions.contains_key(*name)).cloned().collect();
    while let Some(name) = stack.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        for call in surgery::nested_ops(functions[&name], &mut |op| op_name(op) == "llvm.call") {
            if let Some(callee) = flat_symbol(call, "callee")
                && functions.contains_key(&callee)
                && !seen.contains(&callee)
            {
                stack.push(callee);
            }
        }
    }
    seen.into_iter().collect()
}

pub(super) fn last_argument<'c, 'a>(func: OperationRef<'c, 'a>) -> Option<Value<'c, 'a>> {
    let entry = func.region(0).ok()?.first_block()?;
    let count = entry.argument_count();
    entry.argument(count.checked_sub(1)?).ok().map(Into::into)
}

fn is_pointer(ty: Type<'_>) -> bool {
    ty.to_string().starts_with("!llvm.ptr")
}

/// Whether calls to `func` pass or return pointers (the environment, its
/// last parameter when it has one, aside).
fn takes_pointers<'c>(func: OperationRef<'c, '_>, has_environment: bool) -> Result<'c, bool> {
    let (result, mut inputs) = function_type(func)?;
    if has_environment {
        inputs.pop();
    }
    Ok(is_pointer(result) || inputs.iter().any(|ty| is_pointer(*ty)))
}

/// Inlines into `func`, until none is left, every call to a defined function
/// that takes or returns pointers (a malformed module could recurse: bounded).
pub(super) fn inline_pointer_calls<'c>(
    context: &'c Context,
    func: OperationRef<'c, '_>,
    functions: &HashMap<String, OperationRef<'c, '_>>,
    with_environment: &HashSet<String>,
) -> Result<'c, ()> {
    let mut takes: HashMap<String, bool> = HashMap::new();
    for _ in 0..100_000 {
        let mut found = None;
        for call in surgery::nested_ops(func, &mut |op| op_name(op) == "llvm.call") {
            let Some(callee) = flat_symbol(call, "callee") else { continue };
            let Some(definition) = functions.get(&callee) else { continue };
            let pointers = match takes.get(&callee) {
                Some(pointers) => *pointers,
                None => {
                    let pointers = takes_pointers(*definition, with_environment.contains(&callee))?;
                    takes.insert(callee.clone(), pointers);
                    pointers
                }
            };
            if pointers {
                found = Some((call, *definition));
                break;
            }
        }
        let Some((call, callee)) = found else { return Ok(()) };
        if callee == func {
            return Err(error(call, "a recursive call passes pointers: its accesses cannot be bounds-checked"));
        }
        if callee.attribute("passthrough").is_ok_and(|attribute| attribute.to_string().contains("presplitcoroutine")) {
            return Err(error(
                call,
                "a call to an entry point with barriers passes pointers: its accesses cannot be bounds-checked",
            ));
        }
        inline_call(context, func, call, callee)?;
    }
    Err(error(func, "the calls passing pointers nest too deeply to inline"))
}

/// One function being checked.
pub(super) struct Scope<'c, 'a, 's> {
    func: OperationRef<'c, 'a>,
    entry_block: BlockRef<'c, 'a>,
    environment: Option<Value<'c, 'a>>,
    /// The argument kinds when the function is an OpenCL entry point.
    pub(super) parameters: Option<&'s [ResourceKind]>,
    allocas: Vec<OperationRef<'c, 'a>>,
    /// Block -> the (terminator, successor index) pairs branching to it.
    predecessors: HashMap<usize, Vec<(OperationRef<'c, 'a>, usize)>>,
    /// Alloca -> the values stored to it, for the allocas that are only
    /// loaded from and stored to (clang -O0 keeps every pointer in one):
    /// what a load from one gives.
    spilled: HashMap<usize, Vec<Value<'c, 'a>>>,
    /// The loads of a buffer's address from a descriptor array's table
    /// (memory.rs's `descriptor_buffer`): the load, the array's slot, the
    /// (clamped) index.
    descriptor_loads: Vec<DescriptorLoad<'c, 'a>>,
    /// The descriptor arrays of buffers: slot -> its length.
    descriptor_slots: BTreeMap<usize, u32>,
}

/// A load of a buffer's address from a descriptor array's table.
struct DescriptorLoad<'c, 'a> {
    load: OperationRef<'c, 'a>,
    slot: usize,
    index: Value<'c, 'a>,
}

/// The slot and index of `load` when it reads a descriptor array's table:
/// `llvm.load (llvm.getelementptr (slot load)[index])`.
fn descriptor_load<'c, 'a>(load: OperationRef<'c, 'a>, slots: &BTreeMap<usize, u32>) -> Option<(usize, Value<'c, 'a>)> {
    if op_name(load) != "llvm.load" || load.attribute(SLOT_ATTRIBUTE).is_ok() {
        return None;
    }
    let gep = defining_op(load.operand(0).ok()?)?;
    if op_name(gep) != "llvm.getelementptr" || gep.operand_count() != 2 {
        return None;
    }
    let table = defining_op(gep.operand(0).ok()?)?;
    let slot = IntegerAttribute::try_from(table.attribute(SLOT_ATTRIBUTE).ok()?).ok()?.value();
    let slot = usize::try_from(slot).ok()?;
    slots.contains_key(&slot).then_some((slot, gep.operand(1).ok()?))
}

fn block_key(block: BlockRef<'_, '_>) -> usize {
    block.to_raw().ptr as usize
}

fn value_key(value: Value<'_, '_>) -> usize {
    value.to_raw().ptr as usize
}

impl<'c, 'a, 's> Scope<'c, 'a, 's> {
    pub(super) fn new(
        func: OperationRef<'c, 'a>,
        environment: Option<Value<'c, 'a>>,
        parameters: Option<&'s [ResourceKind]>,
        slots: &[Slot],
    ) -> Self {
        let descriptor_slots: BTreeMap<usize, u32> = slots
            .iter()
            .enumerate()
            .filter_map(|(index, slot)| match slot.kind {
                SlotKind::Descriptors(_, count) => Some((index, count)),
                _ => None,
            })
            .collect();
        let descriptor_loads = if descriptor_slots.is_empty() {
            Vec::new()
        } else {
            surgery::nested_ops(func, &mut |op| op_name(op) == "llvm.load")
                .into_iter()
                .filter_map(|load| {
                    descriptor_load(load, &descriptor_slots).map(|(slot, index)| DescriptorLoad { load, slot, index })
                })
                .collect()
        };
        let region = func.region(0).expect("a defined function has a body");
        let entry_block = region.first_block().expect("a defined function has an entry block");
        let allocas = surgery::nested_ops(func, &mut |op| op_name(op) == "llvm.alloca");
        let mut predecessors: HashMap<usize, Vec<(OperationRef<'c, 'a>, usize)>> = HashMap::new();
        let mut next = Some(entry_block);
        while let Some(block) = next {
            next = block.next_in_region();
            if let Some(terminator) = block.terminator() {
                for index in 0..terminator.successor_count() {
                    if let Ok(successor) = terminator.successor(index) {
                        predecessors.entry(block_key(successor)).or_default().push((terminator, index));
                    }
                }
            }
        }
        let mut spilled: HashMap<usize, Vec<Value<'c, 'a>>> =
            allocas.iter().map(|alloca| (alloca.to_raw().ptr as usize, Vec::new())).collect();
        let mut escaped = HashSet::new();
        for op in surgery::nested_ops(func, &mut |_| true) {
            let name = op_name(op);
            for (index, operand) in op.operands().enumerate() {
                let Some(defining) = defining_op(operand) else { continue };
                let owner = defining.to_raw().ptr as usize;
                if !spilled.contains_key(&owner) {
                    continue;
                }
                match (name.as_str(), index) {
                    ("llvm.load", 0) => {}
                    ("llvm.store", 1) => {
                        if let Ok(value) = op.operand(0) {
                            spilled.entry(owner).or_default().push(value);
                        }
                    }
                    _ => {
                        escaped.insert(owner);
                    }
                }
            }
        }
        spilled.retain(|alloca, _| !escaped.contains(alloca));
        Self {
            func,
            entry_block,
            environment,
            parameters,
            allocas,
            predecessors,
            spilled,
            descriptor_loads,
            descriptor_slots,
        }
    }

    /// The values `terminator` passes to argument `argument` of its
    /// successor `index`; `None` for a terminator whose operands are not
    /// known here.
    fn incoming(&self, terminator: OperationRef<'c, 'a>, index: usize, argument: usize) -> Option<Value<'c, 'a>> {
        let operands: Vec<Value<'c, 'a>> = terminator.operands().collect();
        let segments: Vec<usize> = terminator
            .attribute("operandSegmentSizes")
            .ok()
            .and_then(|attribute| melior::ir::attribute::DenseI32ArrayAttribute::try_from(attribute).ok())
            .map(|sizes| (0..sizes.len()).filter_map(|at| sizes.element(at).ok()).map(|size| size as usize).collect())
            .unwrap_or_default();
        let start = match (op_name(terminator).as_str(), index) {
            ("llvm.br", 0) => 0,
            ("llvm.cond_br", 0) => 1,
            ("llvm.cond_br", 1) => 1 + segments.get(1).copied()?,
            ("llvm.switch", 0) => 1,
            _ => return None,
        };
        operands.get(start + argument).copied()
    }

    /// The roots of `pointer`; `None` when one cannot be traced.
    pub(super) fn trace(&self, pointer: Value<'c, 'a>, traced_geps: &mut Vec<OperationRef<'c, 'a>>) -> Option<BTreeSet<Root>> {
        let mut roots = BTreeSet::new();
        let mut seen = HashSet::new();
        // Each value with whether it came through a merge (a select, a block
        // argument): a buffer loaded from a descriptor array then may not
        // dominate the access, and is checked as any element of its array.
        let mut stack = vec![(pointer, false)];
        while let Some((value, merged)) = stack.pop() {
            if !seen.insert(value_key(value)) {
                continue;
            }
            if let Some(argument) = block_argument(value) {
                let block = argument.owner();
                let number = argument.argument_number();
                if block == self.entry_block {
                    // The environment itself is the ABI's, never the kernel's.
                    let parameters = self.parameters?;
                    if number >= parameters.len() {
                        return None;
                    }
                    roots.insert(Root::Parameter(number));
                } else {
                    for (terminator, index) in self.predecessors.get(&block_key(block))? {
                        stack.push((self.incoming(*terminator, *index, number)?, true));
                    }
                }
                continue;
            }
            let op = defining_op(value)?;
            match op_name(op).as_str() {
                "llvm.getelementptr" => {
                    traced_geps.push(op);
                    stack.push((op.operand(0).ok()?, merged));
                }
                "llvm.addrspacecast" | "llvm.bitcast" => stack.push((op.operand(0).ok()?, merged)),
                "llvm.select" => {
                    stack.push((op.operand(1).ok()?, true));
                    stack.push((op.operand(2).ok()?, true));
                }
                "llvm.load" => {
                    match op.attribute(SLOT_ATTRIBUTE).ok().and_then(|slot| IntegerAttribute::try_from(slot).ok()) {
                        Some(slot) => {
                            roots.insert(Root::Slot(usize::try_from(slot.value()).ok()?));
                        }
                        None => match self.descriptor_loads.iter().position(|load| load.load == op) {
                            Some(index) if !merged => {
                                roots.insert(Root::Loaded(index));
                            }
                            Some(index) => {
                                let slot = self.descriptor_loads[index].slot;
                                roots.extend((0..self.descriptor_slots[&slot]).map(|element| Root::Element(slot, element)));
                            }
                            None => {
                                // A pointer kept in a local variable: whatever was stored there.
                                let address = defining_op(op.operand(0).ok()?)?;
                                let stored = self.spilled.get(&(address.to_raw().ptr as usize))?;
                                stack.extend(stored.iter().map(|value| (*value, merged)));
                            }
                        },
                    }
                }
                "llvm.alloca" => {
                    let index = self.allocas.iter().position(|alloca| *alloca == op)?;
                    roots.insert(Root::Alloca(index));
                }
                "llvm.mlir.addressof" => {
                    roots.insert(Root::Global(flat_symbol(op, "global_name")?));
                }
                _ => return None,
            }
        }
        Some(roots)
    }

    /// The values `pointer` derives from, through GEPs, casts and selects
    /// (each dominating the access), that the checks cannot trace to an
    /// object (a pointer loaded from memory or made from an integer, a block
    /// argument whose incoming values are such): what the host is asked
    /// about (buffer device addresses). The GEPs on the way are added to
    /// `geps` (they lose `inbounds`: the object is the host's, unknown to
    /// LLVM).
    fn leaves(&self, pointer: Value<'c, 'a>, geps: &mut Vec<OperationRef<'c, 'a>>) -> Vec<Value<'c, 'a>> {
        let mut leaves = Vec::new();
        let mut seen = HashSet::new();
        let mut stack = vec![pointer];
        while let Some(value) = stack.pop() {
            if !seen.insert(value_key(value)) {
                continue;
            }
            if let Some(op) = defining_op(value) {
                let name = op_name(op);
                let through: &[usize] = match name.as_str() {
                    "llvm.getelementptr" | "llvm.addrspacecast" | "llvm.bitcast" => &[0],
                    "llvm.select" => &[1, 2],
                    _ => &[],
                };
                let operands: Vec<Value<'c, 'a>> = through.iter().filter_map(|&index| op.operand(index).ok()).collect();
                if !through.is_empty() && operands.len() == through.len() {
                    if name == "llvm.getelementptr" {
                        geps.push(op);
                    }
                    stack.extend(operands);
                    continue;
                }
            }
            // Traced: checked as its object already.
            if self.trace(value, &mut Vec::new()).is_some_and(|roots| !roots.is_empty()) {
                continue;
            }
            leaves.push(value);
        }
        if leaves.is_empty() {
            leaves.push(pointer);
        }
        leaves
    }

    /// Whether the host's answer about `value` (a leaf or an anchor) is
    /// better asked through the function's cache of its last answers: a
    /// value that may change within an invocation (a loop's pointer
    /// variable, a `next` loaded in a loop, a sum per iteration). Not one
    /// made in the entry block (once per invocation: nothing to remember)
    /// or read from the push constants (the same in every invocation: the
    /// plain query, which reads no memory, leaves the invocation loop,
    /// where a conditional one would not).
    fn changes_within(&self, module: &Module<'_, 'c, '_>, value: Value<'c, '_>) -> bool {
        let mut value = value;
        while let Some(op) = defining_op(value)
            && matches!(op_name(op).as_str(), "llvm.inttoptr" | "llvm.ptrtoint" | "llvm.bitcast" | "llvm.addrspacecast")
            && let Ok(operand) = op.operand(0)
        {
            value = operand;
        }
        let Some(op) = defining_op(value) else {
            // A block argument: a loop's variable, unless the function's own.
            return block_argument(value).is_some_and(|argument| argument.owner() != self.entry_block);
        };
        if op.block() == Some(self.entry_block) {
            return false;
        }
        if op_name(op) == "llvm.load"
            && let Ok(address) = op.operand(0)
            && let Some(roots) = self.trace(address, &mut Vec::new())
            && !roots.is_empty()
            && roots.iter().all(|root| {
                matches!(root, Root::Slot(slot) if matches!(module.slots[*slot].kind, SlotKind::PushConstant))
            })
        {
            return false;
        }
        true
    }

    /// What an untraced pointer is checked against: every object the
    /// function can reach, except, where it may also reach the host's device
    /// memory ([`Module::device_memory`]), the push constants, the built-ins
    /// and the private variables. No Vulkan pointer that can be stored in
    /// memory or made from an integer points there (variable pointers point
    /// into storage buffers or workgroup memory, device addresses into
    /// buffers), and leaving them out keeps their addresses out of the
    /// checks: LLVM then knows a store through a device address cannot
    /// write them, so the loads of the addresses from the push constants,
    /// and the host's answers about them, leave the invocation loop
    /// (docs/abi.md, "Buffer device addresses").
    fn untraced_roots(&self, module: &Module<'_, 'c, '_>) -> BTreeSet<Root> {
        let mut roots = self.every_root(module);
        if module.device_memory {
            roots.retain(|root| match root {
                Root::Slot(slot) => {
                    !matches!(module.slots[*slot].kind, SlotKind::PushConstant | SlotKind::BuiltIn(_) | SlotKind::Private(_))
                }
                _ => true,
            });
        }
        roots
    }

    /// Every object the function can reach: what an untraceable pointer is
    /// checked against.
    pub(super) fn every_root(&self, module: &Module<'_, 'c, '_>) -> BTreeSet<Root> {
        let mut roots = BTreeSet::new();
        if self.environment.is_some() {
            roots.extend((0..module.slots.len()).map(Root::Slot));
        }
        if let Some(parameters) = self.parameters {
            let inputs: Vec<Type<'c>> = function_type(self.func).map(|(_, inputs)| inputs).unwrap_or_default();
            roots.extend(
                (0..parameters.len())
                    .filter(|index| inputs.get(*index).is_some_and(|ty| is_pointer(*ty)))
                    .map(Root::Parameter),
            );
        }
        roots.extend((0..self.allocas.len()).map(Root::Alloca));
        if self.environment.is_some() {
            for (slot, count) in &self.descriptor_slots {
                roots.extend((0..*count).map(|element| Root::Element(*slot, element)));
            }
        }
        let mut named: Vec<String> = surgery::nested_ops(self.func, &mut |op| op_name(op) == "llvm.mlir.addressof")
            .into_iter()
            .filter_map(|op| flat_symbol(op, "global_name"))
            .collect();
        // And the globals whose addresses those globals hold, transitively:
        // a pointer loaded from one of them points there.
        while let Some(global) = named.pop() {
            if module.globals.contains_key(&global) && roots.insert(Root::Global(global.clone())) {
                named.extend(module.initializer_addresses.get(&global).into_iter().flatten().cloned());
            }
        }
        roots
    }
}

/// One access to check: the op, its pointers' roots, its size in bytes
/// (a static type, or the length operand of a memory intrinsic).
struct Access<'c, 'a> {
    op: OperationRef<'c, 'a>,
    pointers: Vec<(usize, BTreeSet<Root>)>,
    /// Per pointer that could not be traced and may reach the host's
    /// device memory ([`Module::device_memory`]): the values it was derived
    /// from that are not traced either (its *leaves*: a pointer loaded from
    /// memory, made from an integer, a block argument), each of which the
    /// host is asked for the device buffer it lies in; empty for the others.
    leaves: Vec<Vec<Value<'c, 'a>>>,
}

/// Checks the accesses of one function; whether a check asks the host
/// ([`super::DEVICE_RANGE`]), and whether one reads the environment's
/// device-range cache ([`Module::cache_slot`]).
fn check_function<'c, 'a>(
    context: &'c Context,
    module_op: OperationRef<'c, 'a>,
    module: &Module<'_, 'c, '_>,
    scope: &Scope<'c, 'a, '_>,
    cached_query: &mut Option<OperationRef<'c, 'a>>,
) -> Result<'c, (bool, bool)> {
    let mut accesses = Vec::new();
    let mut geps = Vec::new();
    let mut untraced = 0usize;
    let names: HashMap<&str, &[usize]> = ACCESSES.iter().copied().collect();
    let found = surgery::nested_ops(scope.func, &mut |op| names.contains_key(op_name(op).as_str()));
    for op in found {
        // The environment's slots and a descriptor array's table (its
        // index clamped to the array) are the ABI's own reads.
        // The inlined texel accesses are checked against the image's
        // extent already (spirv_to_llvm/image_inline.rs).
        if op.attribute(SLOT_ATTRIBUTE).is_ok()
            || op.attribute(IMAGE_ACCESS).is_ok()
            || scope.descriptor_loads.iter().any(|load| load.load == op)
        {
            continue;
        }
        let mut pointers = Vec::new();
        let mut leaves = Vec::new();
        for &index in names[op_name(op).as_str()] {
            let pointer = op.operand(index).map_err(|_| error(op, "internal error: an access without its pointer"))?;
            let (roots, traced) = match scope.trace(pointer, &mut geps) {
                Some(roots) if !roots.is_empty() => (roots, true),
                _ => {
                    untraced += 1;
                    (scope.untraced_roots(module), false)
                }
            };
            pointers.push((index, roots));
            leaves.push(if !traced && module.device_memory { scope.leaves(pointer, &mut geps) } else { Vec::new() });
        }
        accesses.push(Access { op, pointers, leaves });
    }
    let asks_host = accesses.iter().any(|access| access.leaves.iter().any(|leaves| !leaves.is_empty()));
    let none = Attribute::parse(context, "0 : i32").ok_or_else(|| error(scope.func, "internal error: no flags"))?;
    for gep in geps {
        if gep.attribute("noWrapFlags").is_ok() {
            surgery::set_attribute(gep, "noWrapFlags", none);
        }
    }
    tracing::debug!(function = %symbol(scope.func).unwrap_or_default(), accesses = accesses.len(), untraced, "bounds checks");
    // The bases and sizes of the buffers, variables and globals, once, at
    // the function's start (the sizes are the host's: loop invariant).
    let mut regions: BTreeMap<Root, (Value<'c, '_>, Value<'c, '_>)> = BTreeMap::new();
    if let Some(anchor) = scope.entry_block.first_operation() {
        let at_start = Emitter { context, location: scope.func.location(), anchor, block: scope.entry_block };
        let mut sizes = None;
        for access in &accesses {
            for root in access.pointers.iter().flat_map(|(_, roots)| roots) {
                if !matches!(root, Root::Alloca(_) | Root::Loaded(_)) && !regions.contains_key(root) {
                    regions.insert(root.clone(), region(&at_start, module, scope, root, &mut sizes)?);
                }
            }
        }
    }
    // The cache of the host's answers (CACHED_QUERY), for the leaves and
    // anchors that change within an invocation: two i128s, zero (no range)
    // at first. The workgroup function's, through the environment: the
    // device buffers' ranges do not change during a dispatch, so an answer
    // holds for every later invocation and workgroup of the call (a list
    // every invocation walks is asked about once per buffer per call, not
    // per invocation). A function without the environment keeps its own.
    let asks_often = accesses.iter().any(|access| {
        access.leaves.iter().flatten().any(|leaf| scope.changes_within(module, *leaf) || anchor(*leaf).is_some_and(|anchor| scope.changes_within(module, anchor)))
    });
    let mut cache = None;
    let mut reads_cache_slot = false;
    if asks_often && let Some(anchor) = scope.entry_block.first_operation() {
        let at_start = Emitter { context, location: scope.func.location(), anchor, block: scope.entry_block };
        let i128: Type<'c> = IntegerType::new(context, 128).into();
        let element = TypeAttribute::new(i128).to_string();
        if let Some(environment) = scope.environment {
            let first = at_start.load_slot(environment, module.cache_slot)?;
            let second = at_start.op(
                "llvm.getelementptr",
                &[first],
                &[at_start.pointer(0)],
                &[("elem_type", &element), ("rawConstantIndices", "array<i32: 1>")],
            )?;
            cache = Some((first, second));
            reads_cache_slot = true;
        } else {
            let one = at_start.op("llvm.mlir.constant", &[], &[at_start.i64()], &[("value", "1 : i64")])?;
            let zero = at_start.op("llvm.mlir.constant", &[], &[i128], &[("value", "0 : i128")])?;
            let mut entries = Vec::new();
            for _ in 0..2 {
                let entry = at_start.op("llvm.alloca", &[one], &[at_start.pointer(0)], &[("elem_type", &element)])?;
                at_start.op_without_result("llvm.store", &[zero, entry], &[])?;
                entries.push(entry);
            }
            cache = Some((entries[0], entries[1]));
        }
    }
    // Last first: each split then moves only the ops up to the next access.
    for access in accesses.iter().rev() {
        guard(context, module, scope, access, &regions, cache)?;
    }
    if cache.is_some() {
        let query = define_cached_query(context, module_op, cached_query)?;
        for call in surgery::nested_ops(scope.func, &mut |op| {
            op_name(op) == "llvm.call" && flat_symbol(op, "callee").as_deref() == Some(CACHED_RANGE)
        }) {
            inline_call(context, scope.func, call, query)?;
        }
    }
    Ok((asks_host, reads_cache_slot))
}

/// Builders of the check's ops, inserted before `anchor`.
pub(super) struct Emitter<'c, 'a> {
    pub(super) context: &'c Context,
    pub(super) location: Location<'c>,
    pub(super) anchor: OperationRef<'c, 'a>,
    pub(super) block: BlockRef<'c, 'a>,
}

impl<'c, 'a> Emitter<'c, 'a> {
    pub(super) fn op(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        results: &[Type<'c>],
        attributes: &[(&str, &str)],
    ) -> Result<'c, Value<'c, 'a>> {
        let op = build(self.context, self.location, name, operands, results, &[], attributes)?;
        let op = self.block.insert_operation_before(self.anchor, op);
        result(op)
    }

    pub(super) fn op_without_result(
        &self,
        name: &str,
        operands: &[Value<'c, '_>],
        attributes: &[(&str, &str)],
    ) -> Result<'c, ()> {
        let op = build(self.context, self.location, name, operands, &[], &[], attributes)?;
        self.block.insert_operation_before(self.anchor, op);
        Ok(())
    }

    fn i64(&self) -> Type<'c> {
        IntegerType::new(self.context, 64).into()
    }

    /// Whether `length` bytes at `pointer` lie in the `size` bytes at
    /// `base` (all i64): unsigned, the access fits, and starts no further
    /// than `size - length`.
    fn within(
        &self,
        pointer: Value<'c, '_>,
        base: Value<'c, '_>,
        size: Value<'c, '_>,
        length: Value<'c, '_>,
    ) -> Result<'c, Value<'c, 'a>> {
        let offset = self.op("llvm.sub", &[pointer, base], &[self.i64()], &[])?;
        self.within_offset(offset, size, length)
    }

    /// Whether `length` bytes at `offset` lie in `size` bytes (all i64):
    /// [`Self::within`]'s test of the offset.
    fn within_offset(&self, offset: Value<'c, '_>, size: Value<'c, '_>, length: Value<'c, '_>) -> Result<'c, Value<'c, 'a>> {
        let i1: Type<'c> = IntegerType::new(self.context, 1).into();
        let room = self.op("llvm.sub", &[size, length], &[self.i64()], &[])?;
        let fits = self.op("llvm.icmp", &[length, size], &[i1], &[("predicate", "7 : i64")])?;
        let starts = self.op("llvm.icmp", &[offset, room], &[i1], &[("predicate", "7 : i64")])?;
        self.op("llvm.and", &[fits, starts], &[i1], &[])
    }

    fn pointer(&self, address_space: u32) -> Type<'c> {
        llvm::r#type::pointer(self.context, address_space)
    }

    /// The bytes a load or store of a value of type `ty` touches (folded by
    /// LLVM): its store size, which for a vector of 3 is its elements'
    /// (`<3 x i32>`: 12 bytes), not the room LLVM gives it in an array (16,
    /// what [`Self::size_of`] gives): a 3-vector member ending a block 12
    /// bytes after its start must not be refused.
    fn access_size(&self, ty: Type<'c>) -> Result<'c, Value<'c, 'a>> {
        match vector_shape(ty) {
            Some((count, element)) => {
                let count = self.op("llvm.mlir.constant", &[], &[self.i64()], &[("value", &format!("{count} : i64"))])?;
                self.size_of(element, Some(count))
            }
            None => self.size_of(ty, None),
        }
    }

    /// `count` values of type `ty`, in bytes (folded by LLVM).
    fn size_of(&self, ty: Type<'c>, count: Option<Value<'c, '_>>) -> Result<'c, Value<'c, 'a>> {
        let null = self.op("llvm.mlir.zero", &[], &[self.pointer(0)], &[])?;
        let element = TypeAttribute::new(ty).to_string();
        let end = match count {
            Some(count) => self.op(
                "llvm.getelementptr",
                &[null, count],
                &[self.pointer(0)],
                &[("elem_type", &element), ("rawConstantIndices", "array<i32: -2147483648>")],
            )?,
            None => self.op(
                "llvm.getelementptr",
                &[null],
                &[self.pointer(0)],
                &[("elem_type", &element), ("rawConstantIndices", "array<i32: 1>")],
            )?,
        };
        self.op("llvm.ptrtoint", &[end], &[self.i64()], &[])
    }

    fn load_slot(&self, environment: Value<'c, 'a>, slot: usize) -> Result<'c, Value<'c, 'a>> {
        let pointer = self.pointer(0);
        let address = self.op(
            "llvm.getelementptr",
            &[environment],
            &[pointer],
            &[("elem_type", "!llvm.ptr"), ("rawConstantIndices", &format!("array<i32: {slot}>"))],
        )?;
        self.op("llvm.load", &[address], &[pointer], &[])
    }

    /// The size of resource `index`: the workgroup function's copy of
    /// `dispatch->resource_sizes`. (Not an `invariant` load: the copy is
    /// written in the same function once inlined, and LLVM may then read
    /// an invariant load as the memory before that write.)
    fn resource_size(&self, sizes: Value<'c, 'a>, index: usize) -> Result<'c, Value<'c, 'a>> {
        let address = self.op(
            "llvm.getelementptr",
            &[sizes],
            &[self.pointer(0)],
            &[("elem_type", "i64"), ("rawConstantIndices", &format!("array<i32: {index}>"))],
        )?;
        self.op("llvm.load", &[address], &[self.i64()], &[])
    }

    /// The host's device buffer holding `address` (i64): its base and
    /// size, both 0 for none.
    fn device_range(&self, address: Value<'c, '_>) -> Result<'c, (Value<'c, 'a>, Value<'c, 'a>)> {
        let i128: Type<'c> = IntegerType::new(self.context, 128).into();
        let range = self.op(
            "llvm.call",
            &[address],
            &[i128],
            &[
                ("callee", &format!("@{}", super::DEVICE_RANGE)),
                ("operandSegmentSizes", "array<i32: 1, 0>"),
                ("op_bundle_sizes", "array<i32>"),
                ("memory_effects", DEVICE_MEMORY_EFFECTS),
                ("no_unwind", "unit"),
                ("will_return", "unit"),
            ],
        )?;
        self.split_range(range)
    }

    /// [`Self::device_range`], through the function's cache of the host's
    /// last answers ([`CACHED_QUERY`]) where `cache` is given.
    fn device_range_cached(
        &self,
        address: Value<'c, '_>,
        cache: Option<(Value<'c, '_>, Value<'c, '_>)>,
    ) -> Result<'c, (Value<'c, 'a>, Value<'c, 'a>)> {
        let Some((first, second)) = cache else { return self.device_range(address) };
        let i128: Type<'c> = IntegerType::new(self.context, 128).into();
        let range = self.op(
            "llvm.call",
            &[address, first, second],
            &[i128],
            &[
                ("callee", &format!("@{CACHED_RANGE}")),
                ("operandSegmentSizes", "array<i32: 3, 0>"),
                ("op_bundle_sizes", "array<i32>"),
            ],
        )?;
        self.split_range(range)
    }

    /// A host answer (i128): the base in the low 64 bits, the length in the
    /// high ones.
    fn split_range(&self, range: Value<'c, 'a>) -> Result<'c, (Value<'c, 'a>, Value<'c, 'a>)> {
        let i128: Type<'c> = IntegerType::new(self.context, 128).into();
        let base = self.op("llvm.trunc", &[range], &[self.i64()], &[])?;
        let shift = self.op("llvm.mlir.constant", &[], &[i128], &[("value", "64 : i128")])?;
        let high = self.op("llvm.lshr", &[range, shift], &[i128], &[])?;
        let size = self.op("llvm.trunc", &[high], &[self.i64()], &[])?;
        Ok((base, size))
    }

    pub(super) fn to_integer(&self, pointer: Value<'c, '_>) -> Result<'c, Value<'c, 'a>> {
        self.op("llvm.ptrtoint", &[pointer], &[self.i64()], &[])
    }
}

/// The base and size of `root`, computed before the access.
pub(super) fn region<'c, 'a>(
    emitter: &Emitter<'c, 'a>,
    module: &Module<'_, 'c, '_>,
    scope: &Scope<'c, 'a, '_>,
    root: &Root,
    sizes: &mut Option<Value<'c, 'a>>,
) -> Result<'c, (Value<'c, 'a>, Value<'c, 'a>)> {
    let missing = || error(scope.func, "internal error: a checked function without its environment");
    // `dispatch->resource_sizes`, loaded once.
    let mut sizes_table = || -> Result<'c, Value<'c, 'a>> {
        if let Some(table) = *sizes {
            return Ok(table);
        }
        let table = emitter.load_slot(scope.environment.ok_or_else(missing)?, module.sizes_slot)?;
        *sizes = Some(table);
        Ok(table)
    };
    Ok(match root {
        Root::Slot(slot) => {
            let base = emitter.load_slot(scope.environment.ok_or_else(missing)?, *slot)?;
            let size = match &module.slots[*slot].kind {
                SlotKind::Resource(index) => emitter.resource_size(sizes_table()?, *index)?,
                _ => {
                    let ty = Type::parse(emitter.context, &module.slots[*slot].value_type)
                        .ok_or_else(|| error(scope.func, "internal error: a slot type that does not parse"))?;
                    emitter.size_of(ty, None)?
                }
            };
            (base, size)
        }
        Root::Parameter(index) => {
            let base: Value<'c, 'a> = scope
                .entry_block
                .argument(*index)
                .map_err(|_| error(scope.func, "internal error: a missing parameter"))?
                .into();
            (base, emitter.resource_size(sizes_table()?, *index)?)
        }
        Root::Alloca(index) => {
            let alloca = scope.allocas[*index];
            let ty = alloca
                .attribute("elem_type")
                .ok()
                .and_then(|ty| TypeAttribute::try_from(ty).ok())
                .ok_or_else(|| error(alloca, "internal error: an alloca without element type"))?;
            let count = alloca.operand(0).map_err(|_| error(alloca, "internal error: an alloca without count"))?;
            (result(alloca)?, emitter.size_of(ty.value(), Some(count))?)
        }
        Root::Element(slot, element) => {
            let SlotKind::Descriptors(first, _) = module.slots[*slot].kind else {
                return Err(error(scope.func, "internal error: an element of a slot that is no descriptor array"));
            };
            let table = emitter.load_slot(scope.environment.ok_or_else(missing)?, *slot)?;
            let index = emitter.op("llvm.mlir.constant", &[], &[emitter.i64()], &[("value", &format!("{element} : i64"))])?;
            let address = emitter.op(
                "llvm.getelementptr",
                &[table, index],
                &[emitter.pointer(0)],
                &[("elem_type", "!llvm.ptr"), ("rawConstantIndices", "array<i32: -2147483648>")],
            )?;
            let base = emitter.op("llvm.load", &[address], &[emitter.pointer(0)], &[])?;
            (base, emitter.resource_size(sizes_table()?, first + *element as usize)?)
        }
        Root::Loaded(index) => {
            let load = &scope.descriptor_loads[*index];
            let SlotKind::Descriptors(first, _) = module.slots[load.slot].kind else {
                return Err(error(scope.func, "internal error: a load from a slot that is no descriptor array"));
            };
            // The size of the element loaded: resource first + index.
            let table = sizes_table()?;
            let element = if load.index.r#type().to_string() == "i64" {
                load.index
            } else {
                emitter.op("llvm.zext", &[load.index], &[emitter.i64()], &[])?
            };
            let first = emitter.op("llvm.mlir.constant", &[], &[emitter.i64()], &[("value", &format!("{first} : i64"))])?;
            let position = emitter.op("llvm.add", &[first, element], &[emitter.i64()], &[])?;
            let address = emitter.op(
                "llvm.getelementptr",
                &[table, position],
                &[emitter.pointer(0)],
                &[("elem_type", "i64"), ("rawConstantIndices", "array<i32: -2147483648>")],
            )?;
            (result(load.load)?, emitter.op("llvm.load", &[address], &[emitter.i64()], &[])?)
        }
        Root::Global(name) => {
            let (ty, address_space) = module.globals[name];
            let base = emitter.op(
                "llvm.mlir.addressof",
                &[],
                &[emitter.pointer(address_space)],
                &[("global_name", &crate::ir_text::symbol(name))],
            )?;
            (base, emitter.size_of(ty, None)?)
        }
    })
}

/// The anchor of a leaf made from an integer sum or difference,
/// `inttoptr (a + b)` or `inttoptr (a - b)`: the term (of a sum, `a` first;
/// of a difference, `a`) read from memory (`llvm.load`) or made from a
/// pointer (`llvm.ptrtoint`).
fn anchor<'c: 'a, 'a>(leaf: Value<'c, 'a>) -> Option<Value<'c, 'a>> {
    let cast = defining_op(leaf).filter(|op| op_name(*op) == "llvm.inttoptr")?;
    let sum = defining_op(cast.operand(0).ok()?)?;
    let terms = match op_name(sum).as_str() {
        "llvm.add" => 2,
        "llvm.sub" => 1,
        _ => return None,
    };
    (0..terms).filter_map(|index| sum.operand(index).ok()).find(|term| {
        defining_op(*term).is_some_and(|op| matches!(op_name(op).as_str(), "llvm.load" | "llvm.ptrtoint"))
    })
}

/// The byte offset of `pointer` from `leaf` when `pointer` is `leaf`
/// through GEPs and bitcasts only: the GEPs again from a null pointer, whose
/// address LLVM folds to the offset (the invocation's index times the
/// stride), where `pointer - leaf` would stay a difference of addresses.
/// `None` for other pointers (a select on the way).
fn leaf_offset<'c, 'a>(
    emitter: &Emitter<'c, 'a>,
    pointer: Option<Value<'c, '_>>,
    leaf: Value<'c, '_>,
) -> Result<'c, Option<Value<'c, 'a>>> {
    let Some(mut value) = pointer else { return Ok(None) };
    let mut geps = Vec::new();
    while value != leaf {
        let Some(op) = defining_op(value) else { return Ok(None) };
        match op_name(op).as_str() {
            "llvm.getelementptr" => geps.push(op),
            "llvm.bitcast" => {}
            _ => return Ok(None),
        }
        let Ok(base) = op.operand(0) else { return Ok(None) };
        value = base;
    }
    let mut address = emitter.op("llvm.mlir.zero", &[], &[leaf.r#type()], &[])?;
    for gep in geps.into_iter().rev() {
        let copy = surgery::clone_detached(gep);
        let mut operands: Vec<Value<'c, '_>> = copy.operands().collect();
        operands[0] = address;
        surgery::set_operands(copy, &operands);
        surgery::move_before(copy, emitter.anchor);
        address = result(copy)?;
    }
    Ok(Some(emitter.to_integer(address)?))
}

/// Makes `access` run only when in bounds: the checks, then a branch to the
/// access or past it (a load or atomic gives zero there).
fn guard<'c>(
    context: &'c Context,
    module: &Module<'_, 'c, '_>,
    scope: &Scope<'c, '_, '_>,
    access: &Access<'c, '_>,
    regions: &BTreeMap<Root, (Value<'c, '_>, Value<'c, '_>)>,
    cache: Option<(Value<'c, '_>, Value<'c, '_>)>,
) -> Result<'c, ()> {
    let op = access.op;
    // The cache where the value asked about changes within an invocation.
    let cache_for = |value: Value<'c, '_>| cache.filter(|_| scope.changes_within(module, value));
    let head = op.block().ok_or_else(|| error(op, "internal error: an access outside any block"))?;
    let emitter = Emitter { context, location: op.location(), anchor: op, block: head };
    let name = op_name(op);
    let length = match name.as_str() {
        "llvm.load" => emitter.access_size(result(op)?.r#type())?,
        "llvm.store" | "llvm.atomicrmw" | "llvm.cmpxchg" => {
            let value =
                op.operand(if name == "llvm.store" { 0 } else { 1 }).map_err(|_| error(op, "internal error"))?;
            emitter.access_size(value.r#type())?
        }
        _ => {
            let length = op.operand(2).map_err(|_| error(op, "internal error: a memory intrinsic without length"))?;
            if length.r#type().to_string() == "i64" {
                length
            } else {
                emitter.op("llvm.zext", &[length], &[emitter.i64()], &[])?
            }
        }
    };
    let i1: Type<'c> = IntegerType::new(context, 1).into();
    // One pointer from one leaf (`Ints(pc.src).v[i]`): a first test that
    // the access lies between the leaf and its buffer's end, the form of
    // any object's test with the leaf as base, so that LLVM's range check
    // elimination reads it (src/range_checks.rs: the offset from the leaf
    // is the invocation's index, the room loop invariant once the host's
    // answer leaves the loop); the full test only where it fails.
    //
    // One leaf made from an integer sum (`Ints(pc.src + 4 * i)`, a leaf per
    // invocation) or difference: the first test asks instead about the term
    // read from memory (its *anchor*, loop invariant more often than the
    // leaf): the leaf strictly inside the anchor's buffer, and the access
    // too. The leaf then lies in that buffer and no other (buffers do not
    // overlap; strictly: not at a start or end another buffer may share),
    // which is the full test's answer; where it fails the full test asks
    // about the leaf.
    let (anchor, one_leaf) = match access.leaves.as_slice() {
        [leaves] if leaves.len() == 1 => match anchor(leaves[0]) {
            Some(anchor) => (Some((anchor, leaves[0])), None),
            None => (None, leaf_offset(&emitter, op.operand(access.pointers[0].0).ok(), leaves[0])?),
        },
        _ => (None, None),
    };
    let mut forward: Option<Value<'c, '_>> = None;
    if let Some((anchor, leaf)) = anchor {
        let pointer = emitter.to_integer(op.operand(access.pointers[0].0).map_err(|_| error(op, "internal error"))?)?;
        let leaf = emitter.to_integer(leaf)?;
        let (base, size) = emitter.device_range_cached(anchor, cache_for(anchor))?;
        let one = emitter.op("llvm.mlir.constant", &[], &[emitter.i64()], &[("value", "1 : i64")])?;
        let offset = emitter.op("llvm.sub", &[leaf, base], &[emitter.i64()], &[])?;
        let after_start = emitter.op("llvm.sub", &[offset, one], &[emitter.i64()], &[])?;
        let before_end = emitter.op("llvm.sub", &[size, one], &[emitter.i64()], &[])?;
        // 0 < leaf - base < size, unsigned (size 0: never).
        let strictly = emitter.op("llvm.icmp", &[after_start, before_end], &[i1], &[("predicate", "6 : i64")])?;
        let inside = emitter.within(pointer, base, size, length)?;
        forward = Some(emitter.op("llvm.and", &[strictly, inside], &[i1], &[])?);
    }
    let mut all: Option<Value<'c, '_>> = None;
    for ((index, roots), leaves) in access.pointers.iter().zip(&access.leaves) {
        let pointer = emitter.to_integer(op.operand(*index).map_err(|_| error(op, "internal error"))?)?;
        let mut any: Option<Value<'c, '_>> = None;
        // Addresses the host handed out (buffer device addresses): the
        // device buffer each leaf lies in, from the host, then the same
        // test as for any object. A leaf is loop invariant more often than
        // the address (a base address read once, indexed by invocation):
        // the query, which reads no memory, is then hoisted and merged.
        for leaf in leaves {
            let cached = cache_for(*leaf);
            let leaf = emitter.to_integer(*leaf)?;
            let (base, size) = emitter.device_range_cached(leaf, cached)?;
            if let Some(from_leaf) = one_leaf {
                // The bytes from the leaf to the buffer's end; none when the
                // leaf lies in no buffer (the host said 0: base 0, size 0).
                let offset = emitter.op("llvm.sub", &[leaf, base], &[emitter.i64()], &[])?;
                let room = emitter.op("llvm.intr.usub.sat", &[size, offset], &[emitter.i64()], &[])?;
                forward = Some(emitter.within_offset(from_leaf, room, length)?);
            }
            let inside = emitter.within(pointer, base, size, length)?;
            any = Some(match any {
                None => inside,
                Some(any) => emitter.op("llvm.or", &[any, inside], &[i1], &[])?,
            });
        }
        for root in roots {
            let (base, size) = match regions.get(root) {
                Some(region) => *region,
                None => region(&emitter, module, scope, root, &mut None)?,
            };
            let base = emitter.to_integer(base)?;
            let inside = emitter.within(pointer, base, size, length)?;
            any = Some(match any {
                None => inside,
                Some(any) => emitter.op("llvm.or", &[any, inside], &[i1], &[])?,
            });
        }
        let inside = match any {
            Some(inside) => inside,
            None => emitter.op("llvm.mlir.constant", &[], &[i1], &[("value", "false")])?,
        };
        all = Some(match all {
            None => inside,
            Some(all) => emitter.op("llvm.and", &[all, inside], &[i1], &[])?,
        });
    }
    let Some(inside) = all else { return Ok(()) };
    let next = op.next_in_block().ok_or_else(|| error(op, "internal error: an access ending its block"))?;
    let tail = surgery::split_block_before(next).ok_or_else(|| error(op, "internal error: cannot split the block"))?;
    let region = head.parent_region().ok_or_else(|| error(op, "internal error: a block outside any region"))?;
    let run = region.insert_block_after(head, Block::new(&[]));
    let location = op.location();
    // Out of bounds: past the access (a result is zero then).
    let skip = if op.result_count() == 1 {
        let value = result(op)?;
        let merged = tail.add_argument(value.r#type(), location);
        surgery::replace_all_uses(value, merged);
        let skip = region.insert_block_after(run, Block::new(&[]));
        let zero = skip.append_operation(build(context, location, "llvm.mlir.zero", &[], &[value.r#type()], &[], &[])?);
        skip.append_operation(build(context, location, "llvm.br", &[result(zero)?], &[], &[tail], &[])?);
        let branch = run.append_operation(build(context, location, "llvm.br", &[value], &[], &[tail], &[])?);
        surgery::move_before(op, branch);
        skip
    } else {
        let branch = run.append_operation(build(context, location, "llvm.br", &[], &[], &[tail], &[])?);
        surgery::move_before(op, branch);
        tail
    };
    let branch = |block: BlockRef<'c, '_>, condition: Value<'c, '_>, otherwise: BlockRef<'c, '_>| -> Result<'c, ()> {
        block.append_operation(build(
            context,
            location,
            "llvm.cond_br",
            &[condition],
            &[],
            &[run, otherwise],
            &[("operandSegmentSizes", "array<i32: 1, 0, 0>")],
        )?);
        Ok(())
    };
    match forward.and_then(defining_op) {
        Some(first_test) => {
            // The full test moves to a block of its own, run when the first
            // one fails.
            let full = region.insert_block_after(head, Block::new(&[]));
            branch(full, inside, skip)?;
            let terminator = full.terminator().ok_or_else(|| error(op, "internal error: a block without its branch"))?;
            let mut moved = Vec::new();
            let mut next = first_test.next_in_block();
            while let Some(current) = next {
                next = current.next_in_block();
                moved.push(current);
            }
            for current in moved {
                surgery::move_before(current, terminator);
            }
            branch(head, forward.expect("a first test"), full)
        }
        None => branch(head, inside, skip),
    }
}
