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
    // context outlives the module built in it, the module is disposed before
    // the context, and the string returned by LLVMPrintModuleToString is
    // copied before it is freed with LLVMDisposeMessage, as its docs require.
    unsafe {
        let llvm_context = mlir_sys::LLVMContextCreate();
        let llvm_module = mlir_sys::mlirTranslateModuleToLLVMIR(module.to_raw(), llvm_context);
        let text = if llvm_module.is_null() {
            None
        } else {
            let raw = mlir_sys::LLVMPrintModuleToString(llvm_module);
            let text = std::ffi::CStr::from_ptr(raw).to_string_lossy().into_owned();
            mlir_sys::LLVMDisposeMessage(raw);
            mlir_sys::LLVMDisposeModule(llvm_module);
            Some(text)
        };
        mlir_sys::LLVMContextDispose(llvm_context);
        text
    }
}
