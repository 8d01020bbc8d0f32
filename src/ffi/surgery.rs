//! FFI for in-place IR edits outside the conversion driver (`crate::surgery`).

use melior::ir::{Attribute, AttributeLike, BlockLike, BlockRef, OperationRef, Value, ValueLike};

/// Replaces every use of `from` by `to`.
///
/// Assumes both values are live and of the same type, and that `to`
/// dominates every use of `from` (the caller's rewrite guarantees it).
pub(crate) fn replace_all_uses(from: Value<'_, '_>, to: Value<'_, '_>) {
    // SAFETY: two live values (caller's contract); MLIR rewires the use lists.
    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(from.to_raw(), to.to_raw()) }
}

/// Sets (or replaces) the attribute `name` of `operation`.
///
/// Assumes `operation` is live.
pub(crate) fn set_attribute(operation: OperationRef<'_, '_>, name: &str, attribute: Attribute<'_>) {
    let name = melior::StringRef::new(name);
    // SAFETY: a live op and attribute of the same context (caller's
    // contract); the name is only read during the call.
    unsafe { mlir_sys::mlirOperationSetAttributeByName(operation.to_raw(), name.to_raw(), attribute.to_raw()) }
}

/// Removes the attribute `name` of `operation`, if it has one.
///
/// Assumes `operation` is live.
pub(crate) fn remove_attribute(operation: OperationRef<'_, '_>, name: &str) {
    let name = melior::StringRef::new(name);
    // SAFETY: a live op (caller's contract); the name is only read during the call.
    unsafe {
        mlir_sys::mlirOperationRemoveAttributeByName(operation.to_raw(), name.to_raw());
    }
}

/// Replaces the operand list of `operation` (its length may change).
///
/// Assumes `operation` and the values are live and that the op's
/// attributes describing its operands (segment sizes) are updated by the
/// caller.
pub(crate) fn set_operands(operation: OperationRef<'_, '_>, operands: &[Value<'_, '_>]) {
    let raw: Vec<_> = operands.iter().map(|value| value.to_raw()).collect();
    let count = isize::try_from(raw.len()).unwrap_or(isize::MAX);
    // SAFETY: a live op; the array is only read during the call.
    unsafe { mlir_sys::mlirOperationSetOperands(operation.to_raw(), count, raw.as_ptr()) }
}

/// Moves `operation` right before `anchor`, in `anchor`'s block (from any
/// block, or from no block).
///
/// Assumes both are live and in the same context.
pub(crate) fn move_before(operation: OperationRef<'_, '_>, anchor: OperationRef<'_, '_>) {
    // SAFETY: live ops (caller's contract). An op in a block is unlinked by
    // MLIR first; a detached one (owned by the caller) is handed to the
    // anchor's block, which MLIR's moveBefore cannot do.
    unsafe {
        if mlir_sys::mlirOperationGetBlock(operation.to_raw()).ptr.is_null() {
            let block = mlir_sys::mlirOperationGetBlock(anchor.to_raw());
            mlir_sys::mlirBlockInsertOwnedOperationBefore(block, anchor.to_raw(), operation.to_raw());
        } else {
            mlir_sys::mlirOperationMoveBefore(operation.to_raw(), anchor.to_raw());
        }
    }
}

/// Moves `operation` to the end of `block`.
///
/// Assumes both are live and in the same context.
pub(crate) fn move_to_block_end(operation: OperationRef<'_, '_>, block: BlockRef<'_, '_>) {
    super::move_to_end(operation, block)
}

/// Moves `block` (live, in a region) right before `anchor`, in `anchor`'s
/// region.
///
/// Assumes both are live and that nothing outside the new region refers to
/// the block.
pub(crate) fn move_block_before(block: BlockRef<'_, '_>, anchor: BlockRef<'_, '_>) {
    // SAFETY: detaching hands the block's ownership to us, and inserting it
    // into `anchor`'s region hands it over at once.
    unsafe {
        mlir_sys::mlirBlockDetach(block.to_raw());
        let region = mlir_sys::mlirBlockGetParentRegion(anchor.to_raw());
        mlir_sys::mlirRegionInsertOwnedBlockBefore(region, anchor.to_raw(), block.to_raw());
    }
}

/// A copy of `operation` (with its regions), not yet in any block; the
/// caller must insert it into IR (which takes ownership) or erase it.
pub(crate) fn clone_detached<'c, 'a>(operation: OperationRef<'c, '_>) -> OperationRef<'c, 'a> {
    // SAFETY: a live op (caller's contract); the clone is a new op owned by
    // the caller.
    unsafe { OperationRef::from_raw(mlir_sys::mlirOperationClone(operation.to_raw())) }
}


/// The result type and the parameter types of an `!llvm.func` type.
///
/// Assumes `ty` is live; returns `None` for any other kind of type.
pub(crate) fn llvm_function_type_parts<'c>(ty: melior::ir::Type<'c>) -> Option<(melior::ir::Type<'c>, Vec<melior::ir::Type<'c>>)> {
    use melior::ir::TypeLike;
    if !ty.to_string().starts_with("!llvm.func<") {
        return None;
    }
    // SAFETY: `ty` is a live LLVM function type (checked above), for which
    // these accessors are defined; indices stay below the input count.
    unsafe {
        let raw = ty.to_raw();
        let result = melior::ir::Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGetReturnType(raw));
        let count = mlir_sys::mlirLLVMFunctionTypeGetNumInputs(raw);
        let inputs = (0..count)
            .map(|index| melior::ir::Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGetInput(raw, index)))
            .collect();
        Some((result, inputs))
    }
}

/// The value of a string attribute, or of a flat symbol reference, decoded
/// lossily (MLIR strings are bytes; melior's accessors panic on non-UTF-8).
///
/// Assumes `attribute` is live.
pub(crate) fn string_like_value(attribute: Attribute<'_>) -> Option<String> {
    // SAFETY: each accessor is called only on an attribute of its kind; the
    // returned bytes belong to the uniqued attribute and are copied at once.
    unsafe {
        let raw = attribute.to_raw();
        let value = if mlir_sys::mlirAttributeIsAString(raw) {
            mlir_sys::mlirStringAttrGetValue(raw)
        } else if mlir_sys::mlirAttributeIsAFlatSymbolRef(raw) {
            mlir_sys::mlirFlatSymbolRefAttrGetValue(raw)
        } else {
            return None;
        };
        Some(String::from_utf8_lossy(super::string_ref_bytes(value)).into_owned())
    }
}
