//! Translation of a module in the LLVM dialect to LLVM IR, as
//! `mlir-translate --mlir-to-llvmir` does: the last step from a converted
//! module to something LLVM's tools (or a JIT) can consume.

use std::{cell::RefCell, rc::Rc};

use std::collections::HashSet;

use melior::{
    Context,
    ir::{BlockLike, OperationRef, RegionLike, operation::OperationLike},
    utility::register_all_llvm_translations,
};
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

/// Why nested modules could not be inlined into their parent.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot merge the nested modules: the symbol @{symbol} is defined {count} times")]
pub struct InlineError {
    /// The symbol defined more than once.
    pub symbol: String,
    /// How many definitions there are.
    pub count: usize,
}

/// Moves the ops of the `builtin.module`s nested in `module` (what
/// `convert-spirv-to-llvm` makes of each `spirv.module`, as upstream) into
/// `module` itself, so that it translates to one LLVM module:
/// `mlir-translate --mlir-to-llvmir` skips nested modules. The nested
/// modules' names and attributes are dropped.
///
/// # Errors
///
/// An [`InlineError`] when two of the modules define the same symbol (then
/// nothing is moved).
pub fn inline_nested_modules(module: OperationRef<'_, '_>) -> Result<(), InlineError> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut clash = None;
    collect_symbols(module, &mut seen, &mut clash);
    if let Some(symbol) = clash {
        return Err(InlineError { symbol, count: 2 });
    }
    ffi::translate::inline_nested_modules(module);
    Ok(())
}

/// The `sym_name`s of the ops in `module`'s body and, recursively, in its
/// nested modules; the first one seen twice goes to `clash`.
fn collect_symbols(module: OperationRef<'_, '_>, seen: &mut HashSet<String>, clash: &mut Option<String>) {
    let Ok(region) = module.region(0) else { return };
    let Some(block) = region.first_block() else { return };
    let mut op = block.first_operation();
    while let Some(current) = op {
        if current.name().as_string_ref().as_str() == Ok("builtin.module") {
            collect_symbols(current, seen, clash);
        } else if let Ok(name) = current.attribute("sym_name")
            && let Ok(name) = melior::ir::attribute::StringAttribute::try_from(name)
        {
            let name = name.value().to_owned();
            if !seen.insert(name.clone()) && clash.is_none() {
                *clash = Some(name);
            }
        }
        op = current.next_in_block();
    }
}
