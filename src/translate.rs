//! Translation of a module in the LLVM dialect to LLVM IR, as
//! `mlir-translate --mlir-to-llvmir` does: the last step from a converted
//! module to something LLVM's tools (or a JIT) can consume.

use std::{cell::RefCell, rc::Rc};

use melior::{Context, ir::OperationRef, utility::register_all_llvm_translations};
use thiserror::Error;

use crate::ffi;

/// Why a module could not be translated to LLVM IR.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot translate to LLVM IR{}", if messages.is_empty() { String::new() } else { format!(": {}", messages.join("; ")) })]
pub struct TranslateError {
    /// The diagnostics the translation emitted, each prefixed by its location.
    pub messages: Vec<String>,
}

/// Translates `module`, a `builtin.module` of LLVM dialect ops owned by
/// `context`, to the text of an LLVM IR module.
///
/// Registers the LLVM IR translations of every dialect in `context` first
/// (idempotent). The diagnostics of a failed translation are returned in the
/// error instead of reaching the context's other handlers.
pub fn to_llvm_ir<'c>(context: &'c Context, module: OperationRef<'c, '_>) -> Result<String, TranslateError> {
    register_all_llvm_translations(context);
    let messages = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&messages);
    let handler = context.attach_diagnostic_handler(move |diagnostic| {
        sink.borrow_mut().push(format!("{}: {}", diagnostic.location(), diagnostic));
        true
    });
    let text = ffi::translate::translate_to_llvm_ir(module);
    context.detach_diagnostic_handler(handler);
    let messages = messages.take();
    text.ok_or(TranslateError { messages })
}
