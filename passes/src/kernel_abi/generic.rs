//! Generic pointers' storage classes, known at run time only (docs/abi.md,
//! "Generic pointers"): `OpGenericCastToPtrExplicit` (OpenCL C's
//! `to_global`, `to_local`, `to_private`), which the lowering calls as
//! `__spirv_GenericCastToPtrExplicit_To{Global,Local,Private}`, and
//! `OpGenericPtrMemSemantics` (`get_fence`), which the importer calls as
//! `__spvabi_generic_ptr_mem_semantics_<n>`.
//!
//! A generic pointer here is an address like any other; which memory it
//! points into is which object it lies in. The objects a kernel can reach
//! are those its bounds checks know (`bounds.rs`: the bindings, workgroup
//! and private memory, the kernel's parameters, its allocas and the
//! module's globals), each with its storage class; the ABI defines each call
//! as a comparison of the address with their ranges: the cast gives the
//! pointer when it lies in an object of the target class and null
//! otherwise, the query the memory semantics bit of the class it lies in
//! (`WorkgroupMemory`, `CrossWorkgroupMemory`; none for private memory and
//! for an address in no object).

use melior::{
    Context,
    ir::{OperationRef, Type, Value, ValueLike, operation::OperationLike, r#type::IntegerType},
};
use spirv_opt_dialects::spirv::deserialize::ABI_GENERIC_PTR_MEM_SEMANTICS;

use super::{
    ResourceKind, Result, SlotKind,
    barrier::result,
    bounds::{self, Emitter, Module, Root, Scope},
    error, flat_symbol, op_name,
};

/// The explicit casts' builtin, before its target's name.
const CAST: &str = "__spirv_GenericCastToPtrExplicit_To";

/// Whether the builtin `base` (unmangled) is an explicit cast this defines.
pub(super) fn is_generic_cast_builtin(base: &str) -> bool {
    base.strip_prefix(CAST).is_some_and(|target| ["Global", "Local", "Private"].contains(&target))
}

/// The storage classes a generic pointer can point into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// `CrossWorkgroup`: buffers and program-scope globals.
    Global,
    /// `Workgroup`.
    Local,
    /// `Function` (and `Private`).
    Private,
}

impl Class {
    /// The memory semantics bit `OpGenericPtrMemSemantics` gives for it.
    fn semantics(self) -> i64 {
        match self {
            Self::Global => 0x200,
            Self::Local => 0x100,
            Self::Private => 0,
        }
    }
}

/// What one call asks.
enum Query {
    /// The cast to this class.
    Cast(Class),
    /// The memory semantics.
    Semantics,
}

fn query(op: OperationRef<'_, '_>) -> Option<Query> {
    if op_name(op) != "llvm.call" {
        return None;
    }
    let callee = flat_symbol(op, "callee")?;
    if callee.starts_with(ABI_GENERIC_PTR_MEM_SEMANTICS) {
        return Some(Query::Semantics);
    }
    let (base, _) = crate::builtins::demangle_base(&callee)?;
    match base.strip_prefix(CAST)? {
        "Global" => Some(Query::Cast(Class::Global)),
        "Local" => Some(Query::Cast(Class::Local)),
        "Private" => Some(Query::Cast(Class::Private)),
        _ => None,
    }
}

/// Defines every generic-pointer query of the functions the entry points
/// reach ([`bounds::define_abi_calls`]). Runs after the bounds checks (which
/// let these builtins through), so that the loads of the objects' sizes are
/// not checked themselves.
pub(super) fn define_generic_queries<'c>(
    context: &'c Context,
    module_op: OperationRef<'c, '_>,
    module: &Module<'_, 'c, '_>,
    inline: bool,
) -> Result<'c, ()> {
    bounds::define_abi_calls(
        context,
        module_op,
        module,
        inline,
        &|op| query(op).is_some(),
        &|name| {
            name.starts_with(ABI_GENERIC_PTR_MEM_SEMANTICS)
                || crate::builtins::demangle_base(name).is_some_and(|(base, _)| is_generic_cast_builtin(base))
        },
        &mut |scope, call| {
            let query = query(call).ok_or_else(|| error(call, "internal error: not a generic-pointer query"))?;
            answer(context, module, scope, call, query)
        },
    )
}

/// The storage class of the memory `root` is.
fn class_of(module: &Module<'_, '_, '_>, scope: &Scope<'_, '_, '_>, root: &Root) -> Option<Class> {
    match root {
        Root::Slot(slot) => match module.slots[*slot].kind {
            SlotKind::Resource(_) => Some(Class::Global),
            SlotKind::Workgroup => Some(Class::Local),
            SlotKind::Private(_) => Some(Class::Private),
            SlotKind::BuiltIn(_) | SlotKind::PushConstant | SlotKind::Descriptors(..) => None,
        },
        Root::Parameter(index) => match scope.parameters?.get(*index)? {
            ResourceKind::GlobalPointer => Some(Class::Global),
            ResourceKind::LocalPointer => Some(Class::Local),
            ResourceKind::Value => Some(Class::Private),
            _ => None,
        },
        Root::Alloca(_) => Some(Class::Private),
        // The buffers of a descriptor array.
        Root::Element(..) | Root::Loaded(_) => Some(Class::Global),
        // OpenCL's address spaces (`ClientApi::address_space`).
        Root::Global(name) => match module.globals.get(name)?.1 {
            0 => Some(Class::Private),
            1 => Some(Class::Global),
            3 => Some(Class::Local),
            _ => None,
        },
    }
}

/// The value one query stands for, computed before it.
fn answer<'c, 'a>(
    context: &'c Context,
    module: &Module<'_, 'c, '_>,
    scope: &Scope<'c, 'a, '_>,
    call: OperationRef<'c, 'a>,
    query: Query,
) -> Result<'c, Value<'c, 'a>> {
    let pointer = call.operand(0).map_err(|_| error(call, "a generic-pointer query without its pointer"))?;
    let block = call.block().ok_or_else(|| error(call, "internal error: a call outside any block"))?;
    let emitter = Emitter { context, location: call.location(), anchor: call, block };
    let i64_type: Type<'c> = IntegerType::new(context, 64).into();
    let i1: Type<'c> = IntegerType::new(context, 1).into();
    let address = emitter.to_integer(pointer)?;
    let no = emitter.op("llvm.mlir.constant", &[], &[i1], &[("value", "false")])?;
    let mut inside: [Value<'c, 'a>; 3] = [no, no, no];
    let mut sizes = None;
    for root in scope.every_root(module) {
        let Some(class) = class_of(module, scope, &root) else { continue };
        let (base, size) = bounds::region(&emitter, module, scope, &root, &mut sizes)?;
        let base = emitter.to_integer(base)?;
        let offset = emitter.op("llvm.sub", &[address, base], &[i64_type], &[])?;
        // ult: the address is inside the object.
        let within = emitter.op("llvm.icmp", &[offset, size], &[i1], &[("predicate", "6 : i64")])?;
        let slot = &mut inside[class as usize];
        *slot = emitter.op("llvm.or", &[*slot, within], &[i1], &[])?;
    }
    match query {
        Query::Cast(class) => {
            let ty = result(call)?.r#type();
            let cast = emitter.op("llvm.addrspacecast", &[pointer], &[ty], &[])?;
            let null = emitter.op("llvm.mlir.zero", &[], &[ty], &[])?;
            emitter.op("llvm.select", &[inside[class as usize], cast, null], &[ty], &[])
        }
        Query::Semantics => {
            let ty = result(call)?.r#type();
            let constant =
                |bits: i64| emitter.op("llvm.mlir.constant", &[], &[ty], &[("value", &format!("{bits} : {ty}"))]);
            let none = constant(0)?;
            let local = constant(Class::Local.semantics())?;
            let global = constant(Class::Global.semantics())?;
            let value = emitter.op("llvm.select", &[inside[Class::Local as usize], local, none], &[ty], &[])?;
            emitter.op("llvm.select", &[inside[Class::Global as usize], global, value], &[ty], &[])
        }
    }
}
