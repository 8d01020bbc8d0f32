//! Atomics on workgroup memory without the `lock`: a workgroup's
//! invocations run on one thread, one after another between barriers (as
//! coroutines, docs/abi.md "Barriers"), and no atomic operation spans a
//! barrier, so an `llvm.atomicrmw` or `llvm.cmpxchg` whose pointer can only
//! point into the workgroup's own memory (a `Workgroup` variable, an OpenCL
//! `__local` argument) is atomic as a load, the operation and a store: no
//! other thread can see that memory. On x86 a `lock`ed instruction costs
//! about 20 cycles even without contention (docs/performance.md, "Kernels").
//!
//! Only in kernels with barriers run as coroutines, which the SPMD
//! vectorizer (`spmd.rs`) never runs side by side: in a barrier-free kernel,
//! and in the steps of a kernel's regions, the vectorizer runs atomics one
//! lane after the other, and volatile loads and stores too (a shader's
//! `volatile` buffer), each by itself, which a read-modify-write split into
//! a load and a store would not survive (`opencl-builtin-functions.test`'s
//! work-group counter). The load and store are
//! volatile all the same: no pass may merge or drop them.

use melior::{
    Context,
    ir::{OperationRef, Type, Value, ValueLike, operation::OperationLike},
};
use spirv_opt_rs::surgery;

use super::{
    ResourceKind, Result, SlotKind,
    bounds::{Emitter, Module, Root, Scope, defined_functions, inline_pointer_calls, last_argument, reachable},
    error, op_name,
};

/// Rewrites the atomics on workgroup memory of every function only the entry
/// points with barriers (`coroutines`) reach; returns how many.
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
        let atomics =
            surgery::nested_ops(func, &mut |op| matches!(op_name(op).as_str(), "llvm.atomicrmw" | "llvm.cmpxchg"));
        for op in atomics {
            let Ok(pointer) = op.operand(0) else { continue };
            let Some(roots) = scope.trace(pointer, &mut Vec::new()) else { continue };
            let private_to_workgroup = !roots.is_empty()
                && roots.iter().all(|root| match root {
                    Root::Slot(slot) => module.slots.get(*slot).is_some_and(|slot| slot.kind == SlotKind::Workgroup),
                    Root::Parameter(index) => scope
                        .parameters
                        .and_then(|kinds| kinds.get(*index))
                        .is_some_and(|kind| *kind == ResourceKind::LocalPointer),
                    _ => false,
                });
            if private_to_workgroup && plain(context, op)? {
                rewritten += 1;
            }
        }
    }
    tracing::debug!(rewritten, "atomics on workgroup memory as plain read-modify-writes");
    Ok(rewritten)
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
