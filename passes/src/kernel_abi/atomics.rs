//! Atomics on workgroup memory without the `lock`: a workgroup's
//! invocations run on one thread, one after another between barriers (as
//! coroutines, docs/abi.md "Barriers"), and no atomic operation spans a
//! barrier, so an `llvm.atomicrmw` or `llvm.cmpxchg` whose pointer can only
//! point into the workgroup's own memory (a `Workgroup` variable, an OpenCL
//! `__local` argument) is atomic as a load, the operation and a store: no
//! other thread can see that memory. On x86 a `lock`ed instruction costs
//! about 20 cycles even without contention (docs/performance.md, "Kernels").
//!
//! Here, on the MLIR, only in kernels with barriers run as coroutines, which
//! the SPMD vectorizer (`spmd.rs`) never runs side by side: in a
//! barrier-free kernel, and in the steps of a kernel's regions, the
//! vectorizer runs atomics one lane after the other, and volatile loads and
//! stores too (a shader's `volatile` buffer), each by itself, which a
//! read-modify-write split into a load and a store would not survive
//! (`opencl-builtin-functions.test`'s work-group counter). The load and
//! store are volatile all the same: no pass may merge or drop them. The
//! other functions' atomics on workgroup memory are marked
//! ([`WORKGROUP_MEMORY_SCOPE`]) and become plain in LLVM IR once the
//! vectorizer has run ([`plain_marked_atomics`]).

use melior::{
    Context,
    ir::{OperationRef, Type, Value, ValueLike, attribute::StringAttribute, operation::OperationLike},
};
use spirv_opt_rs::surgery;

use super::{
    ResourceKind, Result, SlotKind,
    bounds::{Emitter, Module, Root, Scope, defined_functions, inline_pointer_calls, last_argument, reachable},
    error, op_name,
};

/// The `syncscope` of an atomic on workgroup memory in a function that may
/// run as vector lanes: [`plain_marked_atomics`] makes it a plain
/// read-modify-write once the SPMD vectorizer has run.
pub const WORKGROUP_MEMORY_SCOPE: &str = "spirv_abi.workgroup_memory";

/// Rewrites the atomics on workgroup memory of every function only the entry
/// points with barriers (`coroutines`) reach; marks those of the other
/// functions with [`WORKGROUP_MEMORY_SCOPE`]; returns how many of each.
pub(super) fn plain_workgroup_atomics<'c>(
    context: &'c Context,
    module_op: OperationRef<'c, '_>,
    module: &Module<'_, 'c, '_>,
    coroutines: &std::collections::HashSet<String>,
) -> Result<'c, usize> {
    let functions = defined_functions(module_op);
    let (with_barriers, without): (Vec<String>, Vec<String>) =
        module.entries.iter().map(|entry| entry.name.clone()).partition(|name| coroutines.contains(name));
    let shared: std::collections::HashSet<String> = reachable(&functions, &without).into_iter().collect();
    let names: Vec<String> =
        reachable(&functions, &with_barriers).into_iter().filter(|name| !shared.contains(name)).collect();
    let mut rewritten = 0;
    let mut marked = 0;
    for name in shared {
        let func = functions[&name];
        let environment = module.with_environment.contains(&name).then(|| last_argument(func)).flatten();
        let entry = module.entries.iter().find(|entry| entry.name == name);
        let scope = Scope::new(func, environment, entry.map(|entry| entry.arguments.as_slice()), module.slots);
        for op in workgroup_atomics(func, &scope, module) {
            surgery::set_attribute(op, "syncscope", StringAttribute::new(context, WORKGROUP_MEMORY_SCOPE).into());
            marked += 1;
        }
    }
    for name in &names {
        // Pointers passed to helpers are traced in the caller they are
        // inlined into (the bounds checks do the same first).
        inline_pointer_calls(context, functions[name], &functions, module.with_environment)?;
    }
    for name in names {
        let func = functions[&name];
        let entry = module.entries.iter().find(|entry| entry.name == name);
        let environment = module.with_environment.contains(&name).then(|| last_argument(func)).flatten();
        let scope = Scope::new(func, environment, entry.map(|entry| entry.arguments.as_slice()), module.slots);
        for op in workgroup_atomics(func, &scope, module) {
            if plain(context, op)? {
                rewritten += 1;
            }
        }
    }
    tracing::debug!(rewritten, marked, "atomics on workgroup memory as plain read-modify-writes, or marked");
    Ok(rewritten)
}

/// The atomics (`llvm.atomicrmw`, `llvm.cmpxchg`) of `func` whose pointer
/// can only point into the workgroup's own memory.
fn workgroup_atomics<'c, 'a>(
    func: OperationRef<'c, 'a>,
    scope: &Scope<'c, 'a, '_>,
    module: &Module<'_, 'c, '_>,
) -> Vec<OperationRef<'c, 'a>> {
    let atomics =
        surgery::nested_ops(func, &mut |op| matches!(op_name(op).as_str(), "llvm.atomicrmw" | "llvm.cmpxchg"));
    atomics
        .into_iter()
        .filter(|op| {
            let Ok(pointer) = op.operand(0) else { return false };
            let Some(roots) = scope.trace(pointer, &mut Vec::new()) else { return false };
            !roots.is_empty()
                && roots.iter().all(|root| match root {
                    Root::Slot(slot) => module.slots.get(*slot).is_some_and(|slot| slot.kind == SlotKind::Workgroup),
                    Root::Parameter(index) => scope
                        .parameters
                        .and_then(|kinds| kinds.get(*index))
                        .is_some_and(|kind| *kind == ResourceKind::LocalPointer),
                    _ => false,
                })
        })
        .collect()
}

/// Replaces `op` (an atomicrmw or cmpxchg) by a volatile load, the operation
/// and a volatile store; false for an operation not handled here (left
/// atomic).
fn plain<'c>(context: &'c Context, op: OperationRef<'c, '_>) -> Result<'c, bool> {
    let block = op.block().ok_or_else(|| error(op, "internal error: an atomic outside a block"))?;
    let at = Emitter { context, location: op.location(), anchor: op, block };
    let operands: Vec<Value<'c, '_>> = op.operands().collect();
    let volatile = [("volatile_", "unit")];
    if op_name(op) == "llvm.cmpxchg" {
        let [pointer, expected, desired] = operands[..] else { return Ok(false) };
        let ty = expected.r#type();
        let old = at.op("llvm.load", &[pointer], &[ty], &volatile)?;
        let equal = at.op("llvm.icmp", &[old, expected], &[boolean(context)], &[("predicate", "0 : i64")])?;
        let new = at.op("llvm.select", &[equal, desired, old], &[ty], &[])?;
        at.op_without_result("llvm.store", &[new, pointer], &volatile)?;
        let pair = op.result(0).map_err(|_| error(op, "internal error: a cmpxchg without result"))?.r#type();
        let poison = at.op("llvm.mlir.poison", &[], &[pair], &[])?;
        let with_old = at.op("llvm.insertvalue", &[poison, old], &[pair], &[("position", "array<i64: 0>")])?;
        let both = at.op("llvm.insertvalue", &[with_old, equal], &[pair], &[("position", "array<i64: 1>")])?;
        replace(op, both)?;
        return Ok(true);
    }
    let [pointer, value] = operands[..] else { return Ok(false) };
    let Some(operation) = op.attribute("bin_op").ok().map(|attribute| attribute.to_string()) else { return Ok(false) };
    let Some(kind) = bin_op(&operation) else { return Ok(false) };
    let ty = value.r#type();
    let old = at.op("llvm.load", &[pointer], &[ty], &volatile)?;
    let new = match kind {
        "xchg" => value,
        "add" | "sub" | "and" | "or" | "xor" | "fadd" | "fsub" => {
            at.op(&format!("llvm.{kind}"), &[old, value], &[ty], &[])?
        }
        "nand" => {
            let both = at.op("llvm.and", &[old, value], &[ty], &[])?;
            let ones = at.op("llvm.mlir.constant", &[], &[ty], &[("value", &format!("-1 : {ty}"))])?;
            at.op("llvm.xor", &[both, ones], &[ty], &[])?
        }
        "max" | "min" | "umax" | "umin" => {
            let intrinsic = match kind {
                "max" => "llvm.intr.smax".to_owned(),
                "min" => "llvm.intr.smin".to_owned(),
                other => format!("llvm.intr.{other}"),
            };
            at.op(&intrinsic, &[old, value], &[ty], &[])?
        }
        "fmax" => at.op("llvm.intr.maxnum", &[old, value], &[ty], &[])?,
        "fmin" => at.op("llvm.intr.minnum", &[old, value], &[ty], &[])?,
        // uinc_wrap, udec_wrap and the rest stay atomic.
        _ => return Ok(false),
    };
    at.op_without_result("llvm.store", &[new, pointer], &volatile)?;
    replace(op, old)?;
    Ok(true)
}

fn boolean(context: &Context) -> Type<'_> {
    melior::ir::r#type::IntegerType::new(context, 1).into()
}

/// The operation of an `atomic_bin_op` attribute as MLIR prints it
/// (`#llvm<atomic_bin_op add>`, or its case number).
fn bin_op(text: &str) -> Option<&'static str> {
    const NAMES: [&str; 15] = [
        "xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin", "fadd", "fsub", "fmax", "fmin",
    ];
    let word = text.trim_end_matches('>').rsplit([' ', '<']).next()?.trim_start_matches('_');
    let number = text.split(':').next().and_then(|number| number.trim().parse::<usize>().ok());
    match number {
        Some(number) => NAMES.get(number).copied(),
        None => NAMES.iter().copied().find(|name| *name == word),
    }
}

fn replace<'c>(op: OperationRef<'c, '_>, with: Value<'c, '_>) -> Result<'c, ()> {
    let old = op.result(0).map_err(|_| error(op, "internal error: an atomic without result"))?;
    surgery::replace_all_uses(old.into(), with);
    surgery::erase(op);
    Ok(())
}

/// The atomics [`plain_workgroup_atomics`] marked with
/// [`WORKGROUP_MEMORY_SCOPE`] (on workgroup memory, in the functions of
/// barrier-free kernels and of kernels run as regions) as a load, the
/// operation and a store, in LLVM IR, after the SPMD vectorizer: a
/// workgroup's invocations run on one thread, one after another, or as the
/// lanes of a vector whose atomics the vectorizer ran lane by lane in lane
/// order, each lane's atomic still one instruction, so each read-modify-write
/// is now whole before the next begins and no other thread sees that
/// memory. (Before the vectorizer, a load and a store split apart would run
/// for all lanes before any store.) The `lock` goes (about 20 cycles per
/// atomic on x86, uncontended: histogram's shared bins). The loads and
/// stores are plain: within one thread, every LLVM transformation keeps
/// their order's meaning; they carry no access group, so a round's loop
/// they are in is not annotated parallel (`regions.rs` already leaves the
/// loops of regions with atomics unannotated). Operations without a plain
/// form here (`uinc_wrap`...) keep their lock. Returns how many were
/// rewritten.
pub fn plain_marked_atomics(module: &inkwell::module::Module<'_>) -> usize {
    use inkwell::values::{BasicValue, BasicValueEnum, InstructionOpcode as Op};
    let context = module.get_context();
    let builder = context.create_builder();
    let mut marked = Vec::new();
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            for instruction in block.get_instructions() {
                if matches!(instruction.get_opcode(), Op::AtomicRMW | Op::AtomicCmpXchg)
                    && spirv_opt_rs::llvm::has_sync_scope(instruction, WORKGROUP_MEMORY_SCOPE)
                {
                    marked.push(instruction);
                }
            }
        }
    }
    let mut rewritten = 0;
    for instruction in marked {
        let operand = |index: u32| match instruction.get_operand(index) {
            Some(inkwell::values::Operand::Value(value)) => Some(value),
            _ => None,
        };
        let Some(BasicValueEnum::PointerValue(pointer)) = operand(0) else { continue };
        let alignment = spirv_opt_rs::llvm::access_alignment(instruction).unwrap_or(1);
        builder.position_before(&instruction);
        let built: std::result::Result<Option<BasicValueEnum<'_>>, inkwell::builder::BuilderError> = (|| {
            if instruction.get_opcode() == Op::AtomicCmpXchg {
                let (Some(expected), Some(desired)) = (operand(1), operand(2)) else { return Ok(None) };
                let old = builder.build_load(expected.get_type(), pointer, "")?;
                set_alignment(old, alignment);
                let equal = match (old, expected) {
                    (BasicValueEnum::IntValue(old), BasicValueEnum::IntValue(expected)) => {
                        builder.build_int_compare(inkwell::IntPredicate::EQ, old, expected, "")?
                    }
                    (BasicValueEnum::PointerValue(old), BasicValueEnum::PointerValue(expected)) => {
                        builder.build_int_compare(inkwell::IntPredicate::EQ, old, expected, "")?
                    }
                    _ => return Ok(None),
                };
                let new = builder.build_select(equal, desired, old, "")?;
                let store = builder.build_store(pointer, new)?;
                let _ = store.set_alignment(alignment);
                let Ok(pair) = inkwell::types::StructType::try_from(instruction.get_type()) else { return Ok(None) };
                let with_old = builder.build_insert_value(pair.get_poison(), old, 0, "")?;
                let both = builder.build_insert_value(with_old, equal, 1, "")?;
                return Ok(Some(both.as_basic_value_enum()));
            }
            let (Some(value), Some(kind)) = (operand(1), instruction.get_atomic_rmw_bin_op()) else { return Ok(None) };
            use inkwell::AtomicRMWBinOp as B;
            let old = builder.build_load(value.get_type(), pointer, "")?;
            set_alignment(old, alignment);
            let new: BasicValueEnum<'_> = match (kind, old, value) {
                (B::Xchg, _, value) => value,
                (B::Add, BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => builder.build_int_add(a, b, "")?.into(),
                (B::Sub, BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => builder.build_int_sub(a, b, "")?.into(),
                (B::And, BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => builder.build_and(a, b, "")?.into(),
                (B::Or, BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => builder.build_or(a, b, "")?.into(),
                (B::Xor, BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => builder.build_xor(a, b, "")?.into(),
                (B::Nand, BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => {
                    let both = builder.build_and(a, b, "")?;
                    builder.build_not(both, "")?.into()
                }
                (B::Max | B::Min | B::UMax | B::UMin, BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => {
                    let predicate = match kind {
                        B::Max => inkwell::IntPredicate::SGT,
                        B::Min => inkwell::IntPredicate::SLT,
                        B::UMax => inkwell::IntPredicate::UGT,
                        _ => inkwell::IntPredicate::ULT,
                    };
                    let keep = builder.build_int_compare(predicate, a, b, "")?;
                    builder.build_select(keep, a, b, "")?
                }
                (B::FAdd, BasicValueEnum::FloatValue(a), BasicValueEnum::FloatValue(b)) => {
                    builder.build_float_add(a, b, "")?.into()
                }
                (B::FSub, BasicValueEnum::FloatValue(a), BasicValueEnum::FloatValue(b)) => {
                    builder.build_float_sub(a, b, "")?.into()
                }
                (B::FMax | B::FMin, BasicValueEnum::FloatValue(a), BasicValueEnum::FloatValue(b)) => {
                    // LangRef: `fmax`/`fmin` are `llvm.maxnum`/`llvm.minnum`.
                    let name = if kind == B::FMax { "llvm.maxnum" } else { "llvm.minnum" };
                    let Some(intrinsic) = inkwell::intrinsics::Intrinsic::find(name) else { return Ok(None) };
                    let Some(declaration) = intrinsic.get_declaration(module, &[a.get_type().into()]) else {
                        return Ok(None);
                    };
                    let call = builder.build_call(declaration, &[a.into(), b.into()], "")?;
                    let Some(result) = call.try_as_basic_value().basic() else { return Ok(None) };
                    result
                }
                _ => {
                    // No plain form here: the load goes again, the atomic stays.
                    if let Some(load) = old.as_instruction_value() {
                        load.erase_from_basic_block();
                    }
                    return Ok(None);
                }
            };
            let store = builder.build_store(pointer, new)?;
            let _ = store.set_alignment(alignment);
            Ok(Some(old))
        })();
        let Ok(Some(result)) = built else { continue };
        if let Some(replacement) = result.as_instruction_value() {
            instruction.replace_all_uses_with(&replacement);
        }
        instruction.erase_from_basic_block();
        rewritten += 1;
    }
    tracing::debug!(rewritten, "marked atomics on workgroup memory as plain read-modify-writes");
    rewritten
}

fn set_alignment(value: inkwell::values::BasicValueEnum<'_>, alignment: u32) {
    use inkwell::values::BasicValue;
    if let Some(instruction) = value.as_instruction_value() {
        let _ = instruction.set_alignment(alignment);
    }
}
