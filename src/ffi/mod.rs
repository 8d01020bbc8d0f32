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
/// empty. This is how a converted body replaces the original in O(1).
pub(crate) fn region_take_body(target: RegionRef<'_, '_>, source: RegionRef<'_, '_>) {
    debug_assert!(target.to_raw().ptr != source.to_raw().ptr);
    // SAFETY: both handles are live regions (caller's contract); MLIR clears the
    // target before splicing the source's block list in.
    unsafe { mlir_sys::mlirRegionTakeBody(target.to_raw(), source.to_raw()) }
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
