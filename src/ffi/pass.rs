//! FFI for passes, pass managers, pipelines, source parsing and printing:
//! the MLIR C API calls that melior does not wrap (or wraps with a `&str`
//! where MLIR accepts arbitrary bytes).
//!
//! Shared assumption: the `Context`, pass managers and operations passed in
//! are alive for the duration of the call (the borrow checker enforces this
//! through melior's lifetimes), and every `MlirStringRef` handed to MLIR
//! points at bytes that outlive the call.

use crate::context::Reported;
use melior::{
    Context,
    diagnostic::{DiagnosticHandlerId, DiagnosticSeverity},
    dialect::DialectHandle,
    ir::{Location, Module, Operation, OperationRef, operation::OperationPrintingFlags},
    pass::{OperationPassManager, PassManager},
};
use mlir_sys::{MlirDiagnostic, MlirLogicalResult, MlirStringCallback, MlirStringRef};
use std::{
    ffi::c_void,
    panic::{AssertUnwindSafe, catch_unwind},
};

/// A `MlirStringRef` viewing `bytes`. MLIR never requires these to be UTF-8
/// nor NUL-terminated; the caller keeps `bytes` alive during the call.
fn string_ref(bytes: &[u8]) -> MlirStringRef {
    MlirStringRef { data: bytes.as_ptr().cast(), length: bytes.len() }
}

/// The callback MLIR calls (possibly several times) with chunks of printed
/// text; `user_data` is a `*mut Vec<u8>` owned by the caller.
unsafe extern "C" fn append_bytes(chunk: MlirStringRef, user_data: *mut c_void) {
    if user_data.is_null() || chunk.data.is_null() || chunk.length == 0 {
        return;
    }
    // SAFETY: MLIR passes back the `user_data` we gave it, which is a live
    // `Vec<u8>` borrowed mutably for the duration of the outer call, and a
    // chunk of `length` readable bytes.
    let (buffer, bytes) = unsafe {
        (&mut *user_data.cast::<Vec<u8>>(), super::string_ref_bytes(chunk))
    };
    buffer.extend_from_slice(bytes);
}

pub(crate) const APPEND_BYTES: MlirStringCallback = Some(append_bytes);

/// Creates a pass manager anchored on operations named `anchor`
/// (`"builtin.module"`, or `"any"` for an op-agnostic one).
///
/// Assumes nothing beyond a live context; MLIR accepts any anchor name and
/// only checks it when the pipeline runs.
pub(crate) fn pass_manager_on<'c>(context: &'c Context, anchor: &str) -> PassManager<'c> {
    // SAFETY: the context is alive for 'c, the returned manager is tied to it,
    // and `anchor` outlives the call (MLIR copies the name).
    unsafe {
        PassManager::from_raw(mlir_sys::mlirPassManagerCreateOnOperation(
            context.to_raw(),
            string_ref(anchor.as_bytes()),
        ))
    }
}

/// Makes the pass manager time every pass; MLIR prints the report on stderr
/// when the manager is destroyed.
pub(crate) fn enable_timing(manager: &PassManager<'_>) {
    // SAFETY: `manager` is a live pass manager (borrowed).
    unsafe { mlir_sys::mlirPassManagerEnableTiming(manager.to_raw()) }
}

/// Parses textual pipeline elements (`cse, canonicalize{max-iterations=2}`)
/// with MLIR's own parser and appends them to `manager`. On failure returns
/// MLIR's error text (which MLIR does not emit as a diagnostic).
pub(crate) fn add_pipeline(manager: OperationPassManager<'_, '_>, elements: &str) -> Result<(), String> {
    let mut message = Vec::<u8>::new();
    // SAFETY: `manager` is a live op pass manager; `elements` and `message`
    // outlive the call; the callback only appends to `message`.
    let result = unsafe {
        mlir_sys::mlirOpPassManagerAddPipeline(
            manager.to_raw(),
            string_ref(elements.as_bytes()),
            APPEND_BYTES,
            (&mut message as *mut Vec<u8>).cast(),
        )
    };
    if result.value != 0 { Ok(()) } else { Err(String::from_utf8_lossy(&message).trim().to_owned()) }
}

/// Parses `source` (text or bytecode, any bytes) into one operation with
/// locations naming `source_name`. Returns `None` after MLIR has emitted the
/// error diagnostics, including "source must contain a single top-level
/// operation" when `source` holds zero or several top-level ops.
pub(crate) fn parse_operation<'c>(context: &'c Context, source: &[u8], source_name: &str) -> Option<Operation<'c>> {
    // SAFETY: both strings outlive the call; a null result (parse failure) is
    // mapped to `None`, an owned op is returned to the caller otherwise.
    unsafe {
        Operation::from_option_raw(mlir_sys::mlirOperationCreateParse(
            context.to_raw(),
            string_ref(source),
            string_ref(source_name.as_bytes()),
        ))
    }
}

/// Parses the file at `path` as `mlir-opt` reads its input: one
/// `builtin.module` as is, anything else wrapped into an implicit module
/// located at `path:0:0`, locations naming `path` as given, text or bytecode.
/// Errors go to the context's diagnostic handlers; `None` on failure.
pub(crate) fn parse_module_file<'c>(context: &'c Context, path: &str) -> Option<Module<'c>> {
    // SAFETY: `path` outlives the call (MLIR copies it into the buffer's
    // identifier); null (failure) maps to `None`, an owned module otherwise.
    unsafe {
        Module::from_option_raw(mlir_sys::mlirModuleCreateParseFromFile(context.to_raw(), string_ref(path.as_bytes())))
    }
}

/// Parses `source` as a module the way `mlir-opt` does (several top-level ops
/// get wrapped in an implicit `builtin.module`), but with an empty source
/// name in the locations (MLIR uses `-`). Used to find where top-level ops start.
pub(crate) fn parse_module_unnamed<'c>(context: &'c Context, source: &[u8]) -> Option<Module<'c>> {
    // SAFETY: `source` outlives the call; null (failure) maps to `None`.
    unsafe { Module::from_option_raw(mlir_sys::mlirModuleCreateParse(context.to_raw(), string_ref(source))) }
}

unsafe extern "C" {
    /// `mlirOperationPrintWithFlags` through a stream with a 64 KiB buffer
    /// (src/ffi/stream.cpp): the callback gets the text a buffer at a time,
    /// not a token at a time.
    fn spirv_opt_rs_print_operation(
        operation: mlir_sys::MlirOperation,
        flags: mlir_sys::MlirOpPrintingFlags,
        callback: MlirStringCallback,
        user_data: *mut c_void,
    );
}

/// Prints `operation` with `flags` into raw bytes (MLIR escapes what is not
/// printable, but the output is not guaranteed to be UTF-8).
pub(crate) fn print_operation(operation: OperationRef<'_, '_>, flags: &OperationPrintingFlags) -> Vec<u8> {
    let mut buffer = Vec::<u8>::new();
    // SAFETY: the operation and flags are live (borrowed); the shim prints
    // the op as mlirOperationPrintWithFlags does and flushes before it
    // returns; the callback only appends to `buffer`, which outlives the call.
    unsafe {
        spirv_opt_rs_print_operation(
            operation.to_raw(),
            flags.to_raw(),
            APPEND_BYTES,
            (&mut buffer as *mut Vec<u8>).cast(),
        )
    };
    buffer
}

/// Tells the printer that the op to print was just verified, so that it does
/// not verify it again (which it does by default, to fall back to the
/// generic form on invalid IR).
pub(crate) fn assume_verified(flags: &OperationPrintingFlags) {
    // SAFETY: `flags` is live (borrowed); the call sets a flag in it.
    unsafe { mlir_sys::mlirOpPrintingFlagsAssumeVerified(flags.to_raw()) }
}

/// The dialect handles melior has no constructor for, by namespace.
///
/// The `mlirGetDialectHandle__*__` functions take no argument and return a
/// pointer to static registration data, so they have no precondition.
pub(crate) fn dialect_handle(namespace: &str) -> Option<DialectHandle> {
    // SAFETY: see above; `from_raw` receives a valid static handle.
    unsafe {
        let raw = match namespace {
            "spirv" => mlir_sys::mlirGetDialectHandle__spirv__(),
            "math" => mlir_sys::mlirGetDialectHandle__math__(),
            "index" => mlir_sys::mlirGetDialectHandle__index__(),
            "ub" => mlir_sys::mlirGetDialectHandle__ub__(),
            "vector" => mlir_sys::mlirGetDialectHandle__vector__(),
            "gpu" => mlir_sys::mlirGetDialectHandle__gpu__(),
            _ => return None,
        };
        Some(DialectHandle::from_raw(raw))
    }
}

/// Registers the upstream passes a pipeline may name, in MLIR's global pass
/// registry. Deliberately NOT `mlirRegisterConversionPasses`: that would also
/// register upstream's `convert-spirv-to-llvm`, and ours must be the only one.
///
/// The functions only insert into MLIR's global registry (idempotently, but
/// not thread-safely): the caller runs this once, under a `Once`.
pub(crate) fn register_upstream_passes() {
    // SAFETY: see above; these calls have no other precondition.
    unsafe {
        mlir_sys::mlirRegisterTransformsPasses();
        mlir_sys::mlirRegisterConversionReconcileUnrealizedCastsPass();
        mlir_sys::mlirRegisterConversionConvertFuncToLLVMPass();
        mlir_sys::mlirRegisterConversionArithToLLVMConversionPass();
        mlir_sys::mlirRegisterConversionConvertControlFlowToLLVMPass();
        mlir_sys::mlirRegisterConversionConvertMathToLLVMPass();
        mlir_sys::mlirRegisterConversionConvertIndexToLLVMPass();
        mlir_sys::mlirRegisterConversionFinalizeMemRefToLLVMConversionPass();
        mlir_sys::mlirRegisterConversionSCFToControlFlowPass();
        mlir_sys::mlirRegisterConversionUBToLLVMConversionPass();
        mlir_sys::mlirRegisterSPIRVPasses();
        mlir_sys::mlirRegisterLLVMPasses();
    }
}

/// Prints `location` into a `String`, replacing bytes that are not UTF-8
/// (melior's `Display` fails, and `to_string` panics, on such locations).
pub(crate) fn print_location(location: Location<'_>) -> String {
    let mut buffer = Vec::<u8>::new();
    // SAFETY: the location belongs to a live context (melior lifetime); the
    // callback only appends to `buffer`, which outlives the call.
    unsafe { mlir_sys::mlirLocationPrint(location.to_raw(), APPEND_BYTES, (&mut buffer as *mut Vec<u8>).cast()) };
    String::from_utf8_lossy(&buffer).into_owned()
}

/// Copies a diagnostic MLIR hands to a handler (valid only during the call)
/// into an owned [`Reported`], notes included, decoding text lossily.
fn copy_diagnostic<'c>(diagnostic: MlirDiagnostic, depth: usize) -> Reported<'c> {
    let mut message = Vec::<u8>::new();
    // SAFETY: `diagnostic` is live for the duration of the handler call that
    // this function runs in; the callback only appends to `message`.
    let (severity, location, note_count) = unsafe {
        mlir_sys::mlirDiagnosticPrint(diagnostic, APPEND_BYTES, (&mut message as *mut Vec<u8>).cast());
        (
            mlir_sys::mlirDiagnosticGetSeverity(diagnostic),
            Location::from_raw(mlir_sys::mlirDiagnosticGetLocation(diagnostic)),
            mlir_sys::mlirDiagnosticGetNumNotes(diagnostic),
        )
    };
    // Notes of notes do not occur in practice; the bound guards recursion.
    let notes = if depth > 8 {
        Vec::new()
    } else {
        (0..note_count.max(0))
            // SAFETY: `index` is below the note count of a live diagnostic.
            .map(|index| copy_diagnostic(unsafe { mlir_sys::mlirDiagnosticGetNote(diagnostic, index) }, depth + 1))
            .collect()
    };
    Reported {
        severity: DiagnosticSeverity::try_from(severity).unwrap_or(DiagnosticSeverity::Error),
        location,
        message: String::from_utf8_lossy(&message).into_owned(),
        notes,
    }
}

/// Attaches `handler` to `context`'s diagnostics. The handler returns
/// whether it handled the diagnostic (MLIR then stops; otherwise the
/// previously attached handlers, and finally MLIR's default printer, get it).
/// A panic in the handler is caught (it must not unwind into MLIR) and
/// counts as "not handled".
pub(crate) fn attach_diagnostic_handler<'c, F>(context: &'c Context, handler: F) -> DiagnosticHandlerId
where
    F: FnMut(Reported<'c>) -> bool + 'static,
{
    unsafe extern "C" fn handle<'c, F: FnMut(Reported<'c>) -> bool>(
        diagnostic: MlirDiagnostic,
        user_data: *mut c_void,
    ) -> MlirLogicalResult {
        // SAFETY: `user_data` is the `Box<F>` leaked below, alive until MLIR
        // calls `destroy`; MLIR serializes handler calls under its lock.
        let handler = unsafe { &mut *user_data.cast::<F>() };
        let handled = catch_unwind(AssertUnwindSafe(|| handler(copy_diagnostic(diagnostic, 0)))).unwrap_or(false);
        MlirLogicalResult { value: i8::from(handled) }
    }

    unsafe extern "C" fn destroy<F>(user_data: *mut c_void) {
        // SAFETY: called once by MLIR when the handler is detached or the
        // context destroyed, with the pointer leaked below.
        drop(unsafe { Box::from_raw(user_data.cast::<F>()) });
    }

    // SAFETY: the context is live; ownership of the boxed handler passes to
    // MLIR, which frees it through `destroy`; the id is the one MLIR returned.
    unsafe {
        DiagnosticHandlerId::from_raw(mlir_sys::mlirContextAttachDiagnosticHandler(
            context.to_raw(),
            Some(handle::<F>),
            Box::into_raw(Box::new(handler)).cast(),
            Some(destroy::<F>),
        ))
    }
}

/// Gives every location of `module` (ops and block arguments, at every
/// depth) that names the unnamed buffer `-` the name `name` instead, keeping
/// line and column: what [`parse_module_unnamed`] parsed then reads as if
/// parsed from `name`. Other locations (explicit `loc(...)` of the source)
/// are left alone.
pub(crate) fn rename_unnamed_locations(module: &Module<'_>, name: &str) {
    // SAFETY: every handle comes from walking the live `module`, and
    // `name` outlives each call that copies it into the context.
    unsafe { rename_in_operation(module.as_operation().to_raw(), name) }
}

unsafe fn renamed(location: mlir_sys::MlirLocation, name: &str) -> Option<mlir_sys::MlirLocation> {
    unsafe {
        if !mlir_sys::mlirLocationIsAFileLineColRange(location) {
            return None;
        }
        let file = mlir_sys::mlirIdentifierStr(mlir_sys::mlirLocationFileLineColRangeGetFilename(location));
        let file = super::string_ref_bytes(file);
        if file != b"-" && !file.is_empty() {
            return None;
        }
        let line = mlir_sys::mlirLocationFileLineColRangeGetStartLine(location);
        let column = mlir_sys::mlirLocationFileLineColRangeGetStartColumn(location);
        let context = mlir_sys::mlirLocationGetContext(location);
        Some(mlir_sys::mlirLocationFileLineColGet(context, string_ref(name.as_bytes()), line as u32, column as u32))
    }
}

unsafe fn rename_in_operation(operation: mlir_sys::MlirOperation, name: &str) {
    unsafe {
        if let Some(location) = renamed(mlir_sys::mlirOperationGetLocation(operation), name) {
            mlir_sys::mlirOperationSetLocation(operation, location);
        }
        for index in 0..mlir_sys::mlirOperationGetNumRegions(operation) {
            let mut block = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(operation, index));
            while !block.ptr.is_null() {
                for argument in 0..mlir_sys::mlirBlockGetNumArguments(block) {
                    let value = mlir_sys::mlirBlockGetArgument(block, argument);
                    if let Some(location) = renamed(mlir_sys::mlirValueGetLocation(value), name) {
                        mlir_sys::mlirBlockArgumentSetLocation(value, location);
                    }
                }
                let mut nested = mlir_sys::mlirBlockGetFirstOperation(block);
                while !nested.ptr.is_null() {
                    rename_in_operation(nested, name);
                    nested = mlir_sys::mlirOperationGetNextInBlock(nested);
                }
                block = mlir_sys::mlirBlockGetNextInRegion(block);
            }
        }
    }
}
