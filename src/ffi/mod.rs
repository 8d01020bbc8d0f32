//! The FFI edge: every `unsafe` call of the project lives under this module.
//!
//! Each function wraps one MLIR C API call (or one melior `from_raw`) in a safe
//! signature and states what it assumes. The assumption shared by all of them:
//! the handles passed in point at live IR (a value, block, region or operation
//! that has not been erased), which the conversion driver guarantees by only
//! handing out handles to IR it owns for the duration of a conversion.


use melior::{
    ir::{BlockRef, Location, OperationRef, RegionLike, RegionRef, Value},
};
use melior::ir::{Type, TypeLike};
use mlir_sys::{MlirBlock, MlirOperation, MlirRegion, MlirValue};
use std::ffi::c_void;

/// Re-borrows a raw value handle as a melior [`Value`].
///
/// Assumes `raw` was obtained from a live value of the IR the caller is
/// converting and that IR outlives `'a`.
pub(crate) fn value<'c, 'a>(raw: MlirValue) -> Value<'c, 'a> {
    // SAFETY: the driver only stores handles of live values (see module docs).
    unsafe { Value::from_raw(raw) }
}

/// Re-borrows a raw block handle as a melior [`BlockRef`].
///
/// Assumes `raw` is a live block that outlives `'a`.
pub(crate) fn block<'c, 'a>(raw: MlirBlock) -> BlockRef<'c, 'a> {
    // SAFETY: the driver only stores handles of live blocks (see module docs).
    unsafe { BlockRef::from_raw(raw) }
}

/// A type from its raw handle.
///
/// Assumes `raw` was taken from a type of a context that outlives `'c`
/// (types are uniqued and never freed before their context).
pub(crate) fn type_from_raw<'c>(raw: mlir_sys::MlirType) -> Type<'c> {
    // SAFETY: a live uniqued type (caller's contract).
    unsafe { Type::from_raw(raw) }
}

/// Re-borrows a raw region handle as a melior [`RegionRef`].
///
/// Assumes `raw` is a live region that outlives `'a`.
pub(crate) fn region<'c, 'a>(raw: MlirRegion) -> RegionRef<'c, 'a> {
    // SAFETY: the driver only stores handles of live regions (see module docs).
    unsafe { RegionRef::from_raw(raw) }
}

/// Re-borrows a raw operation handle as a melior [`OperationRef`].
///
/// Assumes `raw` is a live operation that outlives `'a`.
pub(crate) fn operation<'c, 'a>(raw: MlirOperation) -> OperationRef<'c, 'a> {
    // SAFETY: the driver only stores handles of live operations (see module docs).
    unsafe { OperationRef::from_raw(raw) }
}

/// Moves the whole body of `source` into `target`, replacing (and destroying)
/// what `target` held. Both regions must be distinct and live; `source` is left
/// empty. This is how a converted body replaces the original in O(1) (plus
/// the destruction of the old body, linear: see [`clear_nested_regions`]).
pub(crate) fn region_take_body(target: RegionRef<'_, '_>, source: RegionRef<'_, '_>) {
    debug_assert!(target.to_raw().ptr != source.to_raw().ptr);
    clear_nested_regions(target.to_raw());
    // SAFETY: both handles are live regions (caller's contract); MLIR clears the
    // target before splicing the source's block list in.
    unsafe { mlir_sys::mlirRegionTakeBody(target.to_raw(), source.to_raw()) }
}

/// Destroys the bodies of the regions nested in `region`'s ops, innermost
/// first, leaving those ops with empty regions.
///
/// MLIR's `Region::~Region` drops the references of everything nested in the
/// region before deleting its blocks, and the deletion destroys the nested
/// ops' regions, which do the same again: destroying a body whose regions
/// nest `d` deep walks it `d` times (2,000 nested `spirv.mlir.selection`s
/// took 0.4 s in destruction alone). Emptying the regions innermost first
/// makes every walk cover one level only: linear in the body's size.
///
/// Assumes `region` is live and that no value defined inside a nested region
/// is used outside it (dominance; the input IR verified). Ops inside a region
/// may use values from outside: those uses are dropped when the region goes,
/// before anything they refer to.
fn clear_nested_regions(region: MlirRegion) {
    unsafe extern "C" fn collect(op: MlirOperation, user_data: *mut c_void) -> mlir_sys::MlirWalkResult {
        // SAFETY: `user_data` is the `Vec` below, alive and not otherwise
        // borrowed during the walk; `op` is a live op of the walk.
        unsafe {
            if mlir_sys::mlirOperationGetNumRegions(op) > 0 {
                (*user_data.cast::<Vec<MlirOperation>>()).push(op);
            }
        }
        mlir_sys::MlirWalkResult_MlirWalkResultAdvance
    }
    // Region-holding ops in post order: every op after the ops nested in it.
    let mut holders: Vec<MlirOperation> = Vec::new();
    // SAFETY: `region` is live (caller's contract); the walk only reads the
    // IR, and the callback only appends to `holders`.
    unsafe {
        let mut block = mlir_sys::mlirRegionGetFirstBlock(region);
        while !block.ptr.is_null() {
            let mut op = mlir_sys::mlirBlockGetFirstOperation(block);
            while !op.ptr.is_null() {
                mlir_sys::mlirOperationWalk(
                    op,
                    Some(collect),
                    (&raw mut holders).cast(),
                    mlir_sys::MlirWalkOrder_MlirWalkPostOrder,
                );
                op = mlir_sys::mlirOperationGetNextInBlock(op);
            }
            block = mlir_sys::mlirBlockGetNextInRegion(block);
        }
    }
    if holders.len() < 2 {
        return;
    }
    for op in holders {
        // SAFETY: `op` is live: only the bodies of ops before it in post
        // order, which are nested in it or disjoint from it, were destroyed.
        // Its regions' bodies move to a fresh region owned here (empty, so
        // taking a body destroys nothing) that is destroyed at once; what
        // they held has no regions left but empty ones.
        unsafe {
            for index in 0..mlir_sys::mlirOperationGetNumRegions(op) {
                let nested = mlir_sys::mlirOperationGetRegion(op, index);
                if mlir_sys::mlirRegionGetFirstBlock(nested).ptr.is_null() {
                    continue;
                }
                let doomed = mlir_sys::mlirRegionCreate();
                mlir_sys::mlirRegionTakeBody(doomed, nested);
                mlir_sys::mlirRegionDestroy(doomed);
            }
        }
    }
}

/// Emits an error diagnostic at `location` through the context's handlers, so
/// that it is printed, or matched by `--verify-diagnostics`, like any MLIR error.
pub fn emit_error(location: Location<'_>, message: &str) {
    // The C API takes a NUL-terminated string; interior NULs would cut the
    // message short, so they are replaced.
    let message = std::ffi::CString::new(message.replace('\0', " "))
        .unwrap_or_else(|_| c"error".to_owned());
    // SAFETY: `location` is a valid attribute of a live context (melior types
    // carry the context lifetime) and `message` outlives the call.
    unsafe { mlir_sys::mlirEmitError(location.to_raw(), message.as_ptr()) }
}

/// The uniqued storage address of an MLIR object, usable as a hash key:
/// types, attributes and identifiers are uniqued per context, and values,
/// blocks and operations keep their address while alive.
pub(crate) fn key<T>(ptr: *const T) -> usize {
    ptr as usize
}

/// Erases `operation` from its block and destroys it.
///
/// Assumes the op is live, in a block, and that its results have no uses left
/// (the driver erases the ops of a failed pattern newest first).
pub(crate) fn erase(operation: OperationRef<'_, '_>) {
    // SAFETY: mlirOperationDestroy calls Operation::erase, which unlinks the
    // op from its block before deleting it; the caller guarantees no uses.
    unsafe { mlir_sys::mlirOperationDestroy(operation.to_raw()) }
}

/// The length and element type of a vector type of rank 1.
///
/// Assumes `ty` is a vector type (the caller checks `is_vector`).
pub(crate) fn vector_shape(ty: Type<'_>) -> Option<(u64, Type<'_>)> {
    // SAFETY: `ty` is a live vector type, a shaped type with a static shape.
    unsafe {
        if mlir_sys::mlirShapedTypeGetRank(ty.to_raw()) != 1 {
            return None;
        }
        let length = u64::try_from(mlir_sys::mlirShapedTypeGetDimSize(ty.to_raw(), 0)).ok()?;
        Some((length, Type::from_raw(mlir_sys::mlirShapedTypeGetElementType(ty.to_raw()))))
    }
}

/// The bytes of an MLIR string reference; empty for an empty string,
/// whose data pointer MLIR may leave null (a slice's may not be).
///
/// # Safety
///
/// `string` must name `length` readable bytes that outlive `'a`.
pub(crate) unsafe fn string_ref_bytes<'a>(string: mlir_sys::MlirStringRef) -> &'a [u8] {
    if string.length == 0 || string.data.is_null() {
        return &[];
    }
    // SAFETY: the caller's promise, with a non-null pointer.
    unsafe { std::slice::from_raw_parts(string.data.cast::<u8>(), string.length) }
}

pub mod llvm;
pub(crate) mod pass;
pub(crate) mod surgery;
pub(crate) mod translate;

/// Runs `f` with the [`Context`](melior::Context) behind a
/// [`ContextRef`](melior::ContextRef).
///
/// melior's `ContextRef::to_ref` reinterprets the `ContextRef` itself as a
/// `Context`, so the reference is valid only while that `ContextRef` value
/// lives: keeping it pinned in this frame for the duration of `f` makes that so.
pub fn with_context<R>(context: melior::ContextRef<'_>, f: impl FnOnce(&melior::Context) -> R) -> R {
    // SAFETY: `context` outlives the call of `f`, and the reference cannot
    // escape `f` (it is not part of `R`'s type).
    let reference = unsafe { context.to_ref() };
    f(reference)
}

/// Moves `operation` from its block to the end of `block`.
///
/// Assumes both are live and that `block` is in a region where the op's
/// operands still dominate it (the driver only merges a block into its
/// single, dominating predecessor position).
pub(crate) fn move_to_end(operation: OperationRef<'_, '_>, block: BlockRef<'_, '_>) {
    // SAFETY: removing the op from its parent transfers its ownership to the
    // caller, and appending it hands ownership to `block` right away.
    unsafe {
        mlir_sys::mlirOperationRemoveFromParent(operation.to_raw());
        mlir_sys::mlirBlockAppendOwnedOperation(block.to_raw(), operation.to_raw());
    }
}

/// Unlinks `block` from its region and destroys it.
///
/// Assumes the block is live, in a region, empty of ops that are still used,
/// and that nothing branches to it or uses its arguments.
pub(crate) fn erase_block(block: BlockRef<'_, '_>) {
    // SAFETY: detaching gives the caller ownership of the block, which is
    // then destroyed; the caller guarantees it has no uses left.
    unsafe {
        mlir_sys::mlirBlockDetach(block.to_raw());
        mlir_sys::mlirBlockDestroy(block.to_raw());
    }
}

/// MLIR's symbol table of one op (a `builtin.module` or `spirv.module`):
/// built once, in one walk of the op's body, then O(1) lookups.
pub(crate) struct SymbolTable(mlir_sys::MlirSymbolTable);

impl SymbolTable {
    /// The symbol table of `operation`.
    ///
    /// Assumes `operation` has MLIR's `SymbolTable` trait (the caller checks
    /// its name) and that its body is not edited while the table lives: the
    /// driver only builds tables of the input IR, which it never edits.
    pub(crate) fn new(operation: OperationRef<'_, '_>) -> Self {
        // SAFETY: a live op with the SymbolTable trait (caller's contract).
        Self(unsafe { mlir_sys::mlirSymbolTableCreate(operation.to_raw()) })
    }

    /// The op defining `name`, if any.
    pub(crate) fn lookup<'c, 'a>(&self, name: &str) -> Option<OperationRef<'c, 'a>> {
        let name = melior::StringRef::new(name);
        // SAFETY: the table is live; the name is only read during the call;
        // the result is null or an op of the (unedited) table owner.
        unsafe { OperationRef::from_option_raw(mlir_sys::mlirSymbolTableLookup(self.0, name.to_raw())) }
    }
}

impl Drop for SymbolTable {
    fn drop(&mut self) {
        // SAFETY: created by mlirSymbolTableCreate and destroyed once.
        unsafe { mlir_sys::mlirSymbolTableDestroy(self.0) }
    }
}
