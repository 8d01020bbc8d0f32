//! `OpArrayLength`: the importer calls `__spvabi_array_length_<n>(pointer,
//! offset, stride)` for the length of the runtime array ending the struct
//! `pointer` points at (`offset`: the array's byte offset in the struct,
//! `stride`: its `ArrayStride`). Only the host knows a buffer's size, so
//! the ABI defines each call here: the pointer is traced to the buffer it
//! points into, as the bounds checks trace it (`bounds.rs`), and the length
//! is `(bytes from the pointer to the buffer's end - offset) / stride`, 0
//! when the buffer is shorter than `offset` (SPIR-V: the number of whole
//! elements the bound range holds).

use melior::{
    Context,
    ir::{BlockLike, OperationRef, RegionLike, Type, Value, operation::OperationLike, r#type::IntegerType},
};
use spirv_opt_dialects::spirv::deserialize::ABI_ARRAY_LENGTH;
use spirv_opt_rs::surgery;

use super::{
    Result,
    barrier::result,
    bounds::{self, Emitter, Module, Scope},
    error, flat_symbol, op_name,
};

/// Whether a call is one of the importer's `OpArrayLength` calls.
fn is_array_length(op: OperationRef<'_, '_>) -> bool {
    op_name(op) == "llvm.call" && flat_symbol(op, "callee").is_some_and(|callee| callee.starts_with(ABI_ARRAY_LENGTH))
}

/// Replaces every `OpArrayLength` call of the functions the entry points
/// reach by the length computed from the host's buffer sizes, then erases
/// the declarations. With `inline` (no bounds checks ran, which inline the
/// calls passing pointers), such calls are inlined first, so that each
/// pointer's buffer is found in the function using it.
pub(super) fn define_array_lengths<'c>(
    context: &'c Context,
    module_op: OperationRef<'c, '_>,
    module: &Module<'_, 'c, '_>,
    inline: bool,
) -> Result<'c, ()> {
    let functions = bounds::defined_functions(module_op);
    let entry_names: Vec<String> = module.entries.iter().map(|entry| entry.name.clone()).collect();
    let reachable = bounds::reachable(&functions, &entry_names);
    if !reachable.iter().any(|name| !surgery::nested_ops(functions[name], &mut |op| is_array_length(op)).is_empty()) {
        return Ok(());
    }
    if inline {
        for name in &reachable {
            bounds::inline_pointer_calls(context, functions[name], &functions, module.with_environment)?;
        }
    }
    for name in bounds::reachable(&functions, &entry_names) {
        let func = functions[&name];
        let calls = surgery::nested_ops(func, &mut |op| is_array_length(op));
        if calls.is_empty() {
            continue;
        }
        let entry = module.entries.iter().find(|entry| entry.name == name);
        let environment = module.with_environment.contains(&name).then(|| bounds::last_argument(func)).flatten();
        let scope = Scope::new(func, environment, entry.map(|entry| entry.arguments.as_slice()), module.slots);
        for call in calls {
            let length = array_length(context, module, &scope, call)?;
            surgery::replace_all_uses(result(call)?, length);
            surgery::erase(call);
        }
    }
    // The declarations: nothing calls them any more.
    let Some(body) = module_op.region(0).ok().and_then(|region| region.first_block()) else { return Ok(()) };
    let mut next = body.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        if op_name(op) == "llvm.func"
            && super::symbol(op).is_some_and(|name| name.starts_with(ABI_ARRAY_LENGTH))
            && op.region(0).ok().and_then(|region| region.first_block()).is_none()
        {
            surgery::erase(op);
        }
    }
    Ok(())
}

/// The length one call stands for, computed before it.
fn array_length<'c, 'a>(
    context: &'c Context,
    module: &Module<'_, 'c, '_>,
    scope: &Scope<'c, 'a, '_>,
    call: OperationRef<'c, 'a>,
) -> Result<'c, Value<'c, 'a>> {
    let operands: Vec<Value<'c, 'a>> = call.operands().collect();
    let &[pointer, offset, stride] = operands.as_slice() else {
        return Err(error(call, format!("{ABI_ARRAY_LENGTH} takes a pointer, an offset and a stride")));
    };
    let roots = scope.trace(pointer, &mut Vec::new()).filter(|roots| !roots.is_empty()).ok_or_else(|| {
        error(call, "OpArrayLength of a pointer whose buffer cannot be traced (made from an integer, or loaded)")
    })?;
    let block = call.block().ok_or_else(|| error(call, "internal error: a call outside any block"))?;
    let emitter = Emitter { context, location: call.location(), anchor: call, block };
    let i64_type: Type<'c> = IntegerType::new(context, 64).into();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let i1: Type<'c> = IntegerType::new(context, 1).into();
    let address = emitter.to_integer(pointer)?;
    let offset = emitter.op("llvm.zext", &[offset], &[i64_type], &[])?;
    let stride = emitter.op("llvm.zext", &[stride], &[i64_type], &[])?;
    let zero = emitter.op("llvm.mlir.constant", &[], &[i64_type], &[("value", "0 : i64")])?;
    // Several buffers (a select of two pointers): the one the pointer is in.
    let mut length = zero;
    for root in &roots {
        let (base, size) = bounds::region(&emitter, module, scope, root, &mut None)?;
        let base = emitter.to_integer(base)?;
        let start = emitter.op("llvm.sub", &[address, base], &[i64_type], &[])?;
        // ule: the pointer is inside the buffer (or at its end).
        let inside = emitter.op("llvm.icmp", &[start, size], &[i1], &[("predicate", "7 : i64")])?;
        let left = emitter.op("llvm.sub", &[size, start], &[i64_type], &[])?;
        // ugt: room for the member's offset at least.
        let room = emitter.op("llvm.icmp", &[left, offset], &[i1], &[("predicate", "8 : i64")])?;
        let bytes = emitter.op("llvm.sub", &[left, offset], &[i64_type], &[])?;
        let count = emitter.op("llvm.udiv", &[bytes, stride], &[i64_type], &[])?;
        let count = emitter.op("llvm.select", &[room, count, zero], &[i64_type], &[])?;
        length = emitter.op("llvm.select", &[inside, count, length], &[i64_type], &[])?;
    }
    // SPIR-V's result is 32 bits: a buffer of 2^32 elements or more saturates.
    let most = emitter.op("llvm.mlir.constant", &[], &[i64_type], &[("value", "4294967295 : i64")])?;
    let length = emitter.op("llvm.intr.umin", &[length, most], &[i64_type], &[])?;
    emitter.op("llvm.trunc", &[length], &[i32_type], &[])
}
