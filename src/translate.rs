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
use inkwell::passes::PassBuilderOptions;

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
    check_top_level(module)?;
    with_translation_diagnostics(context, || ffi::translate::translate_to_llvm_ir(module))
}

/// The ops LLVM IR has at module level; MLIR's translation crashes on any
/// other op found there (an `llvm.alloca` outside a function, from a
/// `spirv.Variable` written at the top level: the fuzzer found it).
const MODULE_LEVEL_OPS: &[&str] = &[
    "llvm.func",
    "llvm.mlir.global",
    "llvm.mlir.alias",
    "llvm.mlir.ifunc",
    "llvm.mlir.global_ctors",
    "llvm.mlir.global_dtors",
    "llvm.comdat",
    "llvm.module_flags",
    "llvm.linker_options",
    "builtin.module",
];

/// Refuses a module whose body holds an LLVM dialect op that LLVM IR
/// cannot have at module level, naming the first one and its location.
fn check_top_level(module: OperationRef<'_, '_>) -> Result<(), TranslateError> {
    let Ok(region) = module.region(0) else { return Ok(()) };
    let Some(block) = region.first_block() else { return Ok(()) };
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_owned();
        // Other dialects' ops are MLIR's to report (they have no translation).
        if name.starts_with("llvm.") && !MODULE_LEVEL_OPS.contains(&name.as_str()) {
            let location = crate::context::print_location(op.location());
            return Err(TranslateError {
                messages: vec![format!(
                    "{location}: '{name}' at the top level of a module: LLVM IR has only functions and globals there"
                )],
            });
        }
        if name == "builtin.module" {
            check_top_level(op)?;
        }
    }
    Ok(())
}

/// Runs `translate` with the LLVM IR translations registered and the
/// diagnostics it emits collected into the error, away from the context's
/// other handlers.
fn with_translation_diagnostics<T>(
    context: &Context,
    translate: impl FnOnce() -> Option<T>,
) -> Result<T, TranslateError> {
    register_all_llvm_translations(context);
    let messages = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&messages);
    let handler = context.attach_diagnostic_handler(move |diagnostic| {
        sink.borrow_mut().push(format!("{}: {}", diagnostic.location(), diagnostic));
        true
    });
    let result = translate();
    context.detach_diagnostic_handler(handler);
    let messages = messages.take();
    result.ok_or(TranslateError { messages })
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
            && melior::ir::attribute::StringAttribute::try_from(name).is_ok()
            && let Some(name) = crate::ir::string_value(name)
            && !seen.insert(name.clone())
            && clash.is_none()
        {
            *clash = Some(name);
        }
        op = current.next_in_block();
    }
}

/// What [`emit`] produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmitKind {
    /// LLVM IR text (`.ll`).
    LlvmIr,
    /// LLVM bitcode (`.bc`).
    Bitcode,
    /// Target assembly (`.s`).
    Assembly,
    /// A relocatable object (`.o`), position-independent.
    Object,
}

impl EmitKind {
    /// Whether the output is binary (not for a terminal).
    pub fn is_binary(self) -> bool {
        matches!(self, Self::Bitcode | Self::Object)
    }
}

/// How [`emit`] compiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmitOptions {
    /// What to produce.
    pub kind: EmitKind,
    /// LLVM's `default<On>` pipeline, 0 to 3.
    pub opt_level: u8,
    /// The target triple; the host's when `None`.
    pub target: Option<String>,
    /// The CPU; `generic` when `None`.
    pub cpu: Option<String>,
}

/// Why [`emit`] failed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EmitError {
    /// The nested modules could not be merged.
    #[error(transparent)]
    Inline(#[from] InlineError),
    /// The module is not (only) LLVM dialect.
    #[error(transparent)]
    Translate(#[from] TranslateError),
    /// LLVM does not know the triple.
    #[error("unknown target triple '{triple}': {reason}")]
    UnknownTarget {
        /// The triple asked for.
        triple: String,
        /// LLVM's reason.
        reason: String,
    },
    /// LLVM does not know the CPU for the target.
    #[error("unknown CPU '{cpu}' for target '{triple}' (llc -mtriple={triple} -mcpu=help lists them)")]
    UnknownCpu {
        /// The CPU asked for.
        cpu: String,
        /// The target triple.
        triple: String,
    },
    /// LLVM rejected a step (parsing the IR, the pass pipeline, code generation).
    #[error("{0}")]
    Llvm(String),
}

/// `features` (LLVM's `+f,-g` list) for code generation on `triple`, with
/// the x86 bfloat16 conversion instructions turned off: LLVM moves
/// `bfloat` values through `f32` registers and, with AVX512-BF16 or
/// AVX-NE-CONVERT, narrows them back with `vcvtneps2bf16`, which reads and
/// writes subnormals as zero whatever MXCSR says, so a bfloat16 subnormal
/// merely copied into a vector became zero (docs/import.md, "bfloat16").
/// Without them a `bfloat` is held as its 16 bits. Other targets: as given.
pub fn exact_bfloat16_features(triple: &str, features: &str) -> String {
    if !triple.starts_with("x86_64") && !triple.starts_with("i686") && !triple.starts_with("i386") {
        return features.to_owned();
    }
    let mut kept: Vec<&str> = features
        .split(',')
        .filter(|feature| !feature.is_empty() && !matches!(&feature[1..], "avx512bf16" | "avxneconvert"))
        .collect();
    kept.extend(["-avx512bf16", "-avxneconvert"]);
    kept.join(",")
}

/// Compiles `module`, a `builtin.module` of LLVM dialect ops (nested modules
/// such as `convert-spirv-to-llvm` makes are merged first), to LLVM IR,
/// bitcode, assembly or an object, through LLVM's new pass manager
/// (`default<On>`) for the target and CPU of `options`.
///
/// # Errors
///
/// An [`EmitError`] saying which step failed.
pub fn emit<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: &EmitOptions,
) -> Result<Vec<u8>, EmitError> {
    emit_with(context, module, options, &|_, _| Ok(()))
}

/// A step on the LLVM module before LLVM's pipeline, given the target
/// machine, at every optimization level (the kernel ABI's regions of
/// barrier kernels; the SPMD vectorizer of barrier-free kernels, which its
/// callers run only when optimizing).
pub type BeforeOptimization<'a> =
    dyn Fn(&inkwell::module::Module<'_>, &inkwell::targets::TargetMachine) -> Result<(), String> + 'a;

/// [`emit`], with `before` run on the LLVM module first.
///
/// # Errors
///
/// As [`emit`]; `before`'s error as [`EmitError::Llvm`].
pub fn emit_with<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: &EmitOptions,
    before: &BeforeOptimization<'_>,
) -> Result<Vec<u8>, EmitError> {
    use inkwell::{
        OptimizationLevel,
        targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple},
    };
    inline_nested_modules(module)?;
    check_top_level(module)?;
    Target::initialize_all(&InitializationConfig::default());
    let triple = match &options.target {
        Some(triple) => TargetTriple::create(triple),
        None => TargetMachine::get_default_triple(),
    };
    let triple_text = triple.as_str().to_string_lossy().into_owned();
    let target = Target::from_triple(&triple)
        .map_err(|reason| EmitError::UnknownTarget { triple: triple_text.clone(), reason: reason.to_string() })?;
    let level = match options.opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let cpu = options.cpu.as_deref().unwrap_or("generic");
    // LLVM only warns about an unknown CPU, then some targets abort.
    if crate::ffi::translate::cpu_is_valid(&triple_text, cpu) == Some(false) {
        return Err(EmitError::UnknownCpu { cpu: cpu.to_owned(), triple: triple_text });
    }
    let features = exact_bfloat16_features(&triple_text, "");
    let machine = target
        .create_target_machine(&triple, cpu, &features, level, RelocMode::PIC, CodeModel::Default)
        .ok_or_else(|| EmitError::Llvm(format!("LLVM cannot make a target machine for '{triple_text}'")))?;
    // The translation folds constant sizes and offsets (the kernel ABI's
    // `getelementptr null[1]` sizes of push constants and bounds checks)
    // with the module's data layout: LLVM's default aligns an i64 to 4
    // bytes, which made `{ i32, i64 }` 12 bytes instead of the target's 16.
    let data_layout = machine.get_target_data().get_data_layout();
    let layout_text = data_layout.as_str().to_string_lossy().into_owned();
    let layout_attribute = melior::ir::attribute::StringAttribute::new(context, &layout_text);
    crate::surgery::set_attribute(module, "llvm.data_layout", layout_attribute.into());
    // Straight from the LLVM dialect to LLVM's in-memory IR: no text between.
    let llvm = inkwell::context::Context::create();
    let llvm_module = with_translation_diagnostics(context, || ffi::translate::translate_into(module, &llvm))?;
    llvm_module.set_triple(&triple);
    llvm_module.set_data_layout(&data_layout);
    before(&llvm_module, &machine).map_err(EmitError::Llvm)?;
    remove_loop_markers(&llvm_module);
    let pipeline = format!("default<O{}>", options.opt_level.min(3));
    let optimize = |module: &inkwell::module::Module<'_>, machine: &TargetMachine| {
        run_default_pipeline(module, machine, options.opt_level)?;
        // After every pass: nothing may fold the guard's conversions back.
        let widened = crate::backend_guard::widen_half_ldexp(module);
        tracing::debug!(widened, "vector ldexp of half computed in float");
        module.verify().map_err(|message| EmitError::Llvm(format!("LLVM's {pipeline} made an invalid module: {message}")))
    };
    // LLVM 22's loop vectorizer can leave an invalid module when it widens
    // pointer inductions that step in opposite directions to 256-bit
    // vectors (x86-64-v3 and znver3; an `insertelement` of a vector into a
    // vector, a store to a `<8 x ptr>`: test/Runner/opposite-pointer-inductions.test).
    // Turning loop vectorization off in the pass builder's options does not
    // stop it, so such a module is optimized again, from a copy taken
    // before, for the target's generic CPU (the code is still generated for
    // `cpu`: the JIT and `write_to_memory_buffer` use `machine`).
    let copy = (options.opt_level > 0).then(|| llvm_module.clone());
    let llvm_module = match (optimize(&llvm_module, &machine), copy) {
        (Ok(()), _) => llvm_module,
        (Err(error), Some(copy)) => {
            let generic = target
                .create_target_machine(&triple, "generic", "", level, RelocMode::PIC, CodeModel::Default)
                .ok_or(error)?;
            optimize(&copy, &generic)?;
            copy
        }
        (Err(error), None) => return Err(error),
    };
    Ok(match options.kind {
        EmitKind::LlvmIr => ffi::translate::print_llvm_module(&llvm_module),
        EmitKind::Bitcode => llvm_module.write_bitcode_to_memory().as_slice().to_vec(),
        EmitKind::Assembly | EmitKind::Object => {
            let file_type = if options.kind == EmitKind::Assembly { FileType::Assembly } else { FileType::Object };
            machine
                .write_to_memory_buffer(&llvm_module, file_type)
                .map_err(|error| EmitError::Llvm(error.to_string()))?
                .as_slice()
                .to_vec()
        }
    })
}

/// LLVM's `default<O{level}>` pipeline on `module`, in two halves around its
/// loop vectorizer with the guard against its narrowed-index miscompile
/// between them (`vectorizer_guard`); level 0 as LLVM has it.
pub(crate) fn run_default_pipeline(
    module: &inkwell::module::Module<'_>,
    machine: &inkwell::targets::TargetMachine,
    level: u8,
) -> Result<(), EmitError> {
    let run = |passes: &str| {
        module
            .run_passes(passes.trim(), machine, PassBuilderOptions::create())
            .map_err(|error| EmitError::Llvm(error.to_string()))
    };
    match crate::vectorizer_guard::split_pipeline(level) {
        Some((before_vectorizer, from_vectorizer)) => {
            run(before_vectorizer)?;
            let fast = crate::range_checks::add_fast_tests(module);
            if fast > 0 {
                crate::range_checks::shield_other_branches(module);
                run(crate::range_checks::ELIMINATE)?;
                crate::vectorizer_guard::remove_copies(module);
                let taken = crate::range_checks::settle_fast_tests(module);
                tracing::debug!(fast, taken, "bounds checks hoisted by irce");
                run(crate::range_checks::CLEAN_UP)?;
            }
            let shielded = crate::vectorizer_guard::shield_narrow_indices(module);
            tracing::debug!(shielded, "narrowed indices hidden from LLVM's loop vectorizer");
            run(from_vectorizer)?;
            crate::vectorizer_guard::remove_copies(module);
            Ok(())
        }
        None => run(&format!("default<O{level}>")),
    }
}

/// Deletes the calls of the importer's loop markers and of the latches
/// that `spirv_opt_passes::kernel_abi::loop_exits` made (functions named
/// `__spvabi_loop_*`, which nothing defines): the steps before the
/// optimization (the SPMD vectorizer, the rendezvous) have read them, and
/// a tool whose steps did not run them needs them gone too.
fn remove_loop_markers(module: &inkwell::module::Module<'_>) {
    use inkwell::values::{CallSiteValue, InstructionOpcode};
    for function in module.get_functions() {
        let mut calls = Vec::new();
        for block in function.get_basic_block_iter() {
            for instruction in block.get_instructions() {
                if instruction.get_opcode() == InstructionOpcode::Call
                    && let Ok(call) = CallSiteValue::try_from(instruction)
                    && let Some(callee) = call.get_called_fn_value()
                    && callee.get_name().to_bytes().starts_with(b"__spvabi_loop_")
                {
                    calls.push(instruction);
                }
            }
        }
        for call in calls {
            call.erase_from_basic_block();
        }
    }
}
