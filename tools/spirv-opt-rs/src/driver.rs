//! Reading the input, running the pipeline on each chunk, writing the output.

use crate::{cli::Invocation, verify::Verifier};
use melior::{Context, ir::operation::OperationLike};
use spirv_opt_dialects::spirv::deserialize::{
    DeserializeOptions, EntryPoints, PointerLayout, check_entry_point, deserialize_with, is_spirv_binary,
};
use spirv_opt_passes::{
    builtins::define_builtins,
    kernel_abi::{
        KernelAbiOptions, apply_kernel_abi,
        regions,
        spmd::{self, SpmdOptions},
    },
    specialize::specialize,
};
use spirv_opt_rs::translate::{self, EmitOptions};
use spirv_opt_rs::{
    pass::PassRegistry,
    pipeline::{self, PassManagerOptions, Pipeline, PipelineElement},
};
use spirv_opt_tools::diagnostics::{Sink, Source, binary_error, tool_error};
use std::{
    borrow::Cow,
    io::{IsTerminal, Read, Write},
    path::Path,
    sync::Arc,
};

/// The marker `--split-input-file` splits on, and prints between outputs.
const SPLIT_MARKER: &[u8] = b"// -----";

/// One piece of the input.
struct Chunk<'a> {
    /// The 0-based line of the original file the chunk starts on.
    first_line: usize,
    /// Its lines (consecutive in the input: marker lines only end chunks).
    bytes: &'a [u8],
}

/// Splits `input` on lines starting with `// -----` (followed by anything but
/// another dash). The marker lines belong to no chunk.
fn split(input: &[u8]) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let (mut first_line, mut start, mut at) = (0, 0, 0);
    for (index, line) in input.split_inclusive(|byte| *byte == b'\n').enumerate() {
        let content = line.trim_ascii();
        let is_marker = content.starts_with(SPLIT_MARKER) && content.get(SPLIT_MARKER.len()) != Some(&b'-');
        if is_marker {
            chunks.push(Chunk { first_line, bytes: &input[start..at] });
            first_line = index + 1;
            start = at + line.len();
        }
        at += line.len();
    }
    chunks.push(Chunk { first_line, bytes: &input[start..] });
    chunks
}

/// One chunk of the input to process.
struct Input<'a> {
    /// Its bytes (a chunk padded to keep the file's line numbers).
    text: &'a [u8],
    /// Whether it is the last chunk (the process ends after it).
    last: bool,
    /// Whether it is a whole file, which MLIR then reads from the file.
    whole_file: bool,
}

/// Whether `path` names a regular file (not stdin, not a pipe: MLIR reads
/// it again, which a pipe would not allow).
fn reads_a_file(path: Option<&Path>) -> bool {
    path.is_some_and(|path| path.as_os_str() != "-" && std::fs::metadata(path).is_ok_and(|meta| meta.is_file()))
}

/// Reads the input file, or stdin for `-`/none. Errors are printed.
fn read_input(path: Option<&Path>) -> Option<(String, Vec<u8>)> {
    match path {
        None => read_stdin(),
        Some(path) if path.as_os_str() == "-" => read_stdin(),
        Some(path) => match std::fs::read(path) {
            Ok(bytes) => Some((path.to_string_lossy().into_owned(), bytes)),
            Err(error) => {
                tool_error(format_args!("cannot open input file '{}': {}", path.display(), io_message(&error)));
                None
            }
        },
    }
}

fn read_stdin() -> Option<(String, Vec<u8>)> {
    let mut bytes = Vec::new();
    match std::io::stdin().lock().read_to_end(&mut bytes) {
        Ok(_) => Some(("<stdin>".to_owned(), bytes)),
        Err(error) => {
            tool_error(format_args!("cannot read standard input: {}", io_message(&error)));
            None
        }
    }
}

/// An I/O error without Rust's " (os error N)" suffix, as LLVM prints it.
fn io_message(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Where the output goes.
enum Output {
    Stdout,
    /// Written only once everything succeeded, as LLVM's `ToolOutputFile`.
    File {
        path: std::path::PathBuf,
        /// The pieces to write, in order (kept as printed, not copied).
        parts: Vec<Vec<u8>>,
    },
}

impl Output {
    fn write(&mut self, bytes: Vec<u8>) -> bool {
        match self {
            Self::Stdout => {
                let mut stdout = std::io::stdout().lock();
                stdout.write_all(&bytes).and_then(|()| stdout.flush()).is_ok()
            }
            Self::File { parts, .. } => {
                parts.push(bytes);
                true
            }
        }
    }
}

/// Creates (truncates) `path` and writes `parts` into it, in order.
fn write_file(path: &Path, parts: &[Vec<u8>]) -> std::io::Result<()> {
    let mut file = std::fs::File::create(path)?;
    for part in parts {
        file.write_all(part)?;
    }
    Ok(())
}

/// Runs the tool; returns whether everything succeeded.
///
/// `context` checks the pipeline before the input is read, then serves the
/// first chunk (it holds no IR yet: creating a context and loading its
/// dialects is about 1% of a 10k-op run); every later chunk is processed in
/// a fresh context of its own, as mlir-opt does.
pub fn run(invocation: &Invocation, registry: &PassRegistry, context: Context) -> bool {
    let options = &invocation.options;
    let pass_manager_options = PassManagerOptions {
        verify_each: true,
        timing: options.mlir_timing,
        print_ir_after_all: options.mlir_print_ir_after_all,
        print_debug_info: options.mlir_print_debuginfo,
        print_generic: options.mlir_print_op_generic,
        implicit_nesting: invocation.from_flags,
    };

    // Reject a bad pipeline before reading anything, once rather than per chunk.
    {
        // Without timing: this manager never runs, its report would be empty noise.
        let check_options =
            PassManagerOptions { timing: false, print_ir_after_all: false, ..pass_manager_options.clone() };
        if let Err(error) = pipeline::build_pass_manager(&context, registry, &invocation.pipeline, &check_options) {
            tool_error(error);
            return false;
        }
    }

    if let Some(kind) = options.emit.kind() {
        if options.split_input_file {
            tool_error("--emit=llvm|bc|asm|obj writes one module: it cannot be used with --split-input-file");
            return false;
        }
        let to_stdout = options.output.as_ref().is_none_or(|path| path.as_os_str() == "-");
        if kind.is_binary() && to_stdout && std::io::stdout().is_terminal() {
            tool_error("refusing to write bitcode or an object to a terminal: use -o FILE");
            return false;
        }
    }
    let Some((name, input)) = read_input(options.input.as_deref()) else {
        return false;
    };
    let source = Arc::new(Source::from_bytes(&name, input));
    let input = source.bytes();
    // A SPIR-V binary is one module: it is never split.
    let binary = is_spirv_binary(input);
    let chunks =
        if options.split_input_file && !binary { split(input) } else { vec![Chunk { first_line: 0, bytes: input }] };
    tracing::debug!(file = %name, chunks = chunks.len(), pipeline = %invocation.pipeline, "processing");

    let mut output = match &options.output {
        // `-o -` is stdout, as in LLVM tools.
        Some(path) if path.as_os_str() != "-" => Output::File { path: path.clone(), parts: Vec::new() },
        _ => Output::Stdout,
    };
    let mut success = true;
    let mut unmet_expectations = String::new();
    let mut first_context = Some(context);
    for (index, chunk) in chunks.iter().enumerate() {
        if index > 0 && !output.write(b"// -----\n".to_vec()) {
            return false;
        }
        // Keep line numbers of the original file: pad with the lines before.
        let text: Cow<'_, [u8]> = if chunk.first_line == 0 {
            Cow::Borrowed(chunk.bytes)
        } else {
            let mut padded = vec![b'\n'; chunk.first_line];
            padded.extend_from_slice(chunk.bytes);
            Cow::Owned(padded)
        };
        let last = index + 1 == chunks.len();
        // A whole file is read by MLIR from the file itself, as mlir-opt reads it.
        let whole_file = chunks.len() == 1 && !binary && reads_a_file(options.input.as_deref());
        let input = Input { text: &text, last, whole_file };
        let context = first_context.take().unwrap_or_else(pipeline::create_context);
        let (ok, printed, unmet) = process_chunk(context, invocation, registry, &pass_manager_options, &source, &input);
        success &= ok;
        unmet_expectations.push_str(&unmet);
        if let Some(printed) = printed
            && !output.write(printed)
        {
            return false;
        }
    }

    // Reported after the last chunk, as mlir-opt's verifier does.
    let _ = std::io::stderr().write_all(unmet_expectations.as_bytes());

    match output {
        Output::Stdout => success,
        Output::File { path, parts } => {
            if !success {
                return false;
            }
            match write_file(&path, &parts) {
                Ok(()) => true,
                Err(error) => {
                    tool_error(format_args!("cannot write output file '{}': {}", path.display(), io_message(&error)));
                    false
                }
            }
        }
    }
}

/// Parses, transforms and prints one chunk in `context`, which holds no IR
/// (a fresh context per chunk, as mlir-opt does). Returns whether it
/// succeeded, the IR to print, if any, and (with `--verify-diagnostics`)
/// the report of unmet expectations.
fn process_chunk(
    context: Context,
    invocation: &Invocation,
    registry: &PassRegistry,
    pass_manager_options: &PassManagerOptions,
    source: &Arc<Source>,
    input: &Input<'_>,
) -> (bool, Option<Vec<u8>>, String) {
    let (text, last) = (input.text, input.last);
    let options = &invocation.options;
    context.set_allow_unregistered_dialects(options.allow_unregistered_dialect);
    let sink = Sink::new(Arc::clone(source), options.verify_diagnostics);
    let handler = sink.attach(&context);

    let printed = transform(&context, invocation, registry, pass_manager_options, &source.name, input);
    let (ok, unmet) = if options.verify_diagnostics {
        let mut verifier = Verifier::new(source, &String::from_utf8_lossy(text));
        for diagnostic in sink.take() {
            verifier.process(source, &diagnostic);
        }
        let (ok, unexpected, unmet) = verifier.finish(source);
        let _ = std::io::stderr().write_all(unexpected.as_bytes());
        (ok, unmet)
    } else {
        (printed.is_some() && sink.error_count() == 0, String::new())
    };
    context.detach_diagnostic_handler(handler);
    if last {
        // The process ends after the last chunk: tearing the context down
        // (every uniqued type, attribute and location) would only cost time,
        // as clang's -disable-free knows. Earlier chunks are freed, so that
        // memory stays bounded by one chunk.
        std::mem::forget(context);
    }
    (ok, printed, unmet)
}

/// Parse, run the pipeline, verify, print. `None` when any step failed
/// (the diagnostics say why).
fn transform(
    context: &Context,
    invocation: &Invocation,
    registry: &PassRegistry,
    pass_manager_options: &PassManagerOptions,
    name: &str,
    input: &Input<'_>,
) -> Option<Vec<u8>> {
    let (text, last) = (input.text, input.last);
    let binary = is_spirv_binary(text);
    let mut module = if binary {
        // The importer builds IR on this thread only: without threading,
        // MLIR uniques its types, attributes and locations (one per
        // instruction) without locks and thread-local caches, about 2% of a
        // binary run fewer instructions (its verification, at the end, runs
        // on this thread too).
        context.enable_multi_threading(false);
        // --spec values apply before types are built (spec-sized arrays);
        // `specialize` below sets them again and checks them.
        let entry_point = &invocation.options.entry_point;
        if let Err(message) = check_entry_point(text, entry_point.as_deref()) {
            context.enable_multi_threading(true);
            tool_error(message);
            return None;
        }
        let entry_points = entry_point.clone().map_or(EntryPoints::All, EntryPoints::Named);
        let import_options = DeserializeOptions {
            spec_values: invocation.options.specs.clone(),
            entry_points,
            descriptor_counts: invocation.options.descriptor_counts.clone(),
            // --emit compiles: loops marked for kernel_abi::loop_exits.
            loop_markers: invocation.options.emit.kind().is_some(),
            // The importer's Physical32 refusals follow the lowering's layout.
            pointer_layout: lowering_pointer_layout(&invocation.pipeline),
        };
        let imported = deserialize_with(context, text, name, &import_options);
        context.enable_multi_threading(true);
        match imported {
            Ok(module) => {
                // The other entry points' variables too, as the runner does.
                if let Some(entry) = entry_point {
                    spirv_opt_passes::prune::keep_entry_point(module.as_operation(), entry);
                }
                module
            }
            Err(error) => {
                binary_error(name, &error);
                return None;
            }
        }
    } else if input.whole_file {
        pipeline::parse_file(context, name, text)?
    } else {
        pipeline::parse_source(context, text, name)?
    };
    if let Err(error) = specialize(context, module.as_operation(), &invocation.options.specs) {
        tool_error(format!("--spec: {error}"));
        return None;
    }
    let manager = match pipeline::build_pass_manager(context, registry, &invocation.pipeline, pass_manager_options) {
        Ok(manager) => manager,
        Err(error) => {
            // Validated up front; only reachable if building depends on the input.
            tool_error(error);
            return None;
        }
    };
    let result = pipeline::run_pass_manager(&manager, &mut module);
    // Dropping the manager prints the timing report, before the output.
    drop(manager);
    result.ok()?;
    // The parsed input is verified (by MLIR's parser, or by `parse_source`
    // for an implicit module), an imported binary by the importer; with
    // `verify_each`, the pass manager verifies after every pass that may
    // have changed the IR. Verify here only what changed since it was last
    // verified: passes that ran with verification after each pass off, or
    // `--spec` values with no pass after them (a second verification of the
    // parsed input was about 10% of a parse-and-print run).
    let ran_passes = has_pass(&invocation.pipeline);
    let specialized = !invocation.options.specs.is_empty();
    let verified = if ran_passes { pass_manager_options.verify_each } else { !specialized };
    if !verified && !module.as_operation().verify() {
        return None;
    }
    let printed = match invocation.options.emit.kind() {
        None => {
            // Verified just above (by the pass manager, the explicit check
            // or the importer): the printer need not verify it again.
            let (operation, debug_info) = (module.as_operation(), invocation.options.mlir_print_debuginfo);
            let mut printed = if invocation.options.mlir_print_op_generic {
                pipeline::print_verified_operation_generic(operation, debug_info)
            } else {
                pipeline::print_verified_operation(operation, debug_info)
            };
            printed.push(b'\n');
            printed
        }
        Some(kind) => {
            // Code is only callable through the kernel ABI: --emit applies
            // it where the pipeline did not (it leaves nothing for a second run).
            // The builtins the code calls are defined in it (objects that
            // link), before the ABI's bounds checks, which check them too.
            let builtins = match define_builtins(context, module.as_operation()) {
                Ok(defined) => defined.defined.len(),
                Err(error) => {
                    spirv_opt_rs::emit_error(error.location, &error.message);
                    return None;
                }
            };
            let kernels = match apply_kernel_abi(context, module.as_operation(), KernelAbiOptions::default()) {
                Ok(kernels) => kernels,
                Err(error) => {
                    spirv_opt_rs::emit_error(error.location, &error.message);
                    return None;
                }
            };
            // What they changed is verified before LLVM's translation reads it.
            if (kernels > 0 || builtins > 0) && !module.as_operation().verify() {
                return None;
            }
            let emit_options = EmitOptions {
                kind,
                opt_level: invocation.options.opt_level,
                target: invocation.options.target.clone(),
                cpu: invocation.options.mcpu.clone(),
            };
            // Barrier-free kernels run several invocations per call, as in
            // the runner (docs/abi.md, "SPMD vectorization").
            let spmd_step = spmd::before_optimization(SpmdOptions {
                mode: invocation.options.spmd,
                width: invocation.options.spmd_width,
                subgroup_size: None,
            });
            // Kernels with barriers as regions first, at every level
            // (docs/abi.md, "Barriers").
            let vectorize = regions::before_optimization(spmd_step, invocation.options.opt_level > 0);
            match translate::emit_with(context, module.as_operation(), &emit_options, &vectorize) {
                Ok(bytes) => bytes,
                Err(error) => {
                    tool_error(error);
                    return None;
                }
            }
        }
    };
    if last {
        // Not destroyed, with its context (see process_chunk).
        std::mem::forget(module);
    }
    Some(printed)
}

/// Whether `pipeline` holds at least one pass (at any nesting level).
fn has_pass(pipeline: &Pipeline) -> bool {
    pipeline.elements.iter().any(|element| match element {
        PipelineElement::Pass { .. } => true,
        PipelineElement::Nested(inner) => has_pass(inner),
    })
}

/// [`PointerLayout::Module`] when `pipeline` (or a pipeline nested in it)
/// runs `convert-spirv-to-llvm{pointer-layout=module}`: the module is then
/// imported for that layout (a `Physical32` module's byte offsets into
/// memory holding pointers taken as they are, not rewritten or refused).
fn lowering_pointer_layout(pipeline: &spirv_opt_rs::pipeline::Pipeline) -> PointerLayout {
    use spirv_opt_rs::pipeline::PipelineElement;
    let module = pipeline.elements.iter().any(|element| match element {
        PipelineElement::Pass { name, options } => {
            name == "convert-spirv-to-llvm"
                && options.as_deref().is_some_and(|options| {
                    options.split_whitespace().any(|option| option.trim_matches(['\'', '"']) == "pointer-layout=module")
                })
        }
        PipelineElement::Nested(nested) => lowering_pointer_layout(nested) == PointerLayout::Module,
    });
    if module { PointerLayout::Module } else { PointerLayout::Host }
}
