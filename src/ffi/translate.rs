//! FFI for the translation of the LLVM dialect to LLVM IR.

use melior::ir::OperationRef;

/// Translates `module` (an op satisfying the LLVM module requirements, in
/// practice a `builtin.module` holding only LLVM dialect ops) to the textual
/// form of an LLVM IR module.
///
/// Returns `None` when the translation fails; the reasons were emitted as
/// diagnostics through the handlers of the module's context. Assumes the
/// LLVM translation interfaces are registered in that context
/// (`register_all_llvm_translations`) and that `module` is live.
pub(crate) fn translate_to_llvm_ir(module: OperationRef<'_, '_>) -> Option<String> {
    // The LLVM module is built in a context of its own, created and disposed
    // here, so no LLVM object escapes this function: only the printed text does.
    // (mlirTranslateModuleToLLVMIRToString would do the same but dereferences
    // the null module of a failed translation.)
    //
    // SAFETY: `module` is a live operation (caller's contract). The LLVM
    // context outlives the module built in it, and the module is disposed
    // before the context; the printing shim only reads the module.
    let text = unsafe {
        let llvm_context = mlir_sys::LLVMContextCreate();
        let llvm_module = mlir_sys::mlirTranslateModuleToLLVMIR(module.to_raw(), llvm_context);
        let text = if llvm_module.is_null() {
            None
        } else {
            let text = print_raw_llvm_module(llvm_module.cast());
            mlir_sys::LLVMDisposeModule(llvm_module);
            Some(text)
        };
        mlir_sys::LLVMContextDispose(llvm_context);
        text
    }?;
    Some(String::from_utf8(text).unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned()))
}

unsafe extern "C" {
    /// `LLVMPrintModuleToString` through a stream with a 64 KiB buffer and no
    /// intermediate string (src/ffi/stream.cpp).
    fn spirv_opt_rs_print_llvm_module(
        module: *mut std::ffi::c_void,
        callback: mlir_sys::MlirStringCallback,
        user_data: *mut std::ffi::c_void,
    );
}

/// Prints the LLVM module `module` (a live `LLVMModuleRef`) as LLVM IR text.
///
/// # Safety
///
/// `module` must be a live LLVM module, not disposed during the call.
unsafe fn print_raw_llvm_module(module: *mut std::ffi::c_void) -> Vec<u8> {
    let mut buffer = Vec::<u8>::new();
    // SAFETY: `module` is live (caller's contract); the shim only reads it
    // and flushes before it returns; the callback only appends to `buffer`,
    // which outlives the call.
    unsafe { spirv_opt_rs_print_llvm_module(module, super::pass::APPEND_BYTES, (&raw mut buffer).cast()) };
    buffer
}

/// Prints `module` as LLVM IR text, as `LLVMPrintModuleToString` does, but
/// buffered and straight into the returned bytes.
pub(crate) fn print_llvm_module(module: &inkwell::module::Module<'_>) -> Vec<u8> {
    // SAFETY: inkwell's module is live while borrowed.
    unsafe { print_raw_llvm_module(module.as_mut_ptr().cast()) }
}

/// Translates `module` (as [`translate_to_llvm_ir`] does) into an LLVM
/// module of `llvm`, with no text in between; `None` when the translation
/// fails (the reasons went to the module's context's diagnostic handlers).
pub(crate) fn translate_into<'ctx>(
    module: OperationRef<'_, '_>,
    llvm: &'ctx inkwell::context::Context,
) -> Option<inkwell::module::Module<'ctx>> {
    // SAFETY: `module` is live (caller's contract) and `llvm` outlives the
    // module built in it, which inkwell's Module owns and disposes. mlir-sys
    // and inkwell name the same C types differently: the casts only change
    // the Rust pointer type. One statically linked LLVM serves both.
    unsafe {
        let raw = mlir_sys::mlirTranslateModuleToLLVMIR(module.to_raw(), llvm.raw().cast());
        if raw.is_null() { None } else { Some(inkwell::module::Module::new(raw.cast())) }
    }
}

/// Moves the ops of every `builtin.module` found directly in `module`'s body
/// (recursively, innermost first) in front of that nested module, then
/// destroys the emptied nested module, so that the whole program is one
/// module as `mlirTranslateModuleToLLVMIR` wants.
///
/// Assumes `module` is a live `builtin.module` whose nested modules nobody
/// else refers to (they are destroyed), and that symbol clashes were ruled
/// out by the caller.
pub(crate) fn inline_nested_modules(module: OperationRef<'_, '_>) {
    // SAFETY: every handle comes from walking the live `module`; `next` is
    // read before an op is moved or destroyed, and a nested module is only
    // destroyed once its ops have all been moved out (caller's contract: no
    // outside references to it).
    unsafe { inline_nested(module.to_raw()) }
}

unsafe fn inline_nested(module: mlir_sys::MlirOperation) {
    unsafe {
        let body = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(module, 0));
        if body.ptr.is_null() {
            return;
        }
        let mut op = mlir_sys::mlirBlockGetFirstOperation(body);
        while !op.ptr.is_null() {
            let next = mlir_sys::mlirOperationGetNextInBlock(op);
            let name = mlir_sys::mlirIdentifierStr(mlir_sys::mlirOperationGetName(op));
            let name = super::string_ref_bytes(name);
            if name == b"builtin.module" {
                inline_nested(op);
                let inner_body = mlir_sys::mlirRegionGetFirstBlock(mlir_sys::mlirOperationGetRegion(op, 0));
                if !inner_body.ptr.is_null() {
                    let mut inner = mlir_sys::mlirBlockGetFirstOperation(inner_body);
                    while !inner.ptr.is_null() {
                        let following = mlir_sys::mlirOperationGetNextInBlock(inner);
                        mlir_sys::mlirOperationMoveBefore(inner, op);
                        inner = following;
                    }
                }
                mlir_sys::mlirOperationDestroy(op);
            }
            op = next;
        }
    }
}

unsafe extern "C" {
    fn spirv_opt_rs_cpu_is_valid(triple: *const std::ffi::c_char, cpu: *const std::ffi::c_char) -> std::ffi::c_int;
}

/// Whether LLVM knows `cpu` for `triple`: `None` when it does not know the
/// triple. Assumes LLVM's targets are initialized (inkwell's
/// `Target::initialize_all`).
pub(crate) fn cpu_is_valid(triple: &str, cpu: &str) -> Option<bool> {
    let triple = std::ffi::CString::new(triple).ok()?;
    let cpu = std::ffi::CString::new(cpu).ok()?;
    // SAFETY: two NUL-terminated strings that outlive the call; the shim
    // (src/ffi/cpu.cpp) only reads them and owns what it creates.
    match unsafe { spirv_opt_rs_cpu_is_valid(triple.as_ptr(), cpu.as_ptr()) } {
        1 => Some(true),
        0 => Some(false),
        _ => None,
    }
}
