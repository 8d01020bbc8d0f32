//! `spirv-translate-rs`: translations in and out of MLIR, as `mlir-translate`
//! does them, one per run:
//!
//! ```text
//! spirv-translate-rs --deserialize-spirv kernel.spv          # the spirv.module
//! spirv-translate-rs --mlir-to-llvmir converted.mlir -o k.ll # one LLVM module
//! ```
//!
//! `--deserialize-spirv` takes any SPIR-V binary real compilers emit
//! (docs/import.md); `--mlir-to-llvmir` first merges the modules that
//! `convert-spirv-to-llvm` nests (which `mlir-translate` skips). Diagnostics
//! as `spirv-opt-rs` prints them; exit status 0 on success, 1 on any error.

use clap::{ArgGroup, Parser};
use melior::ir::BlockLike;
use spirv_opt_dialects::spirv::deserialize::{
    DeserializeOptions, EntryPoints, PointerLayout, check_entry_point, deserialize_with, parse_descriptor_count,
};
use spirv_opt_passes::specialize::{SpecValue, parse_spec, specialize};
use spirv_opt_rs::{
    pipeline,
    translate::{self, EmitKind, EmitOptions},
};
use spirv_opt_tools::diagnostics::{Sink, Source, binary_error, tool_error};
use std::{
    io::{Read, Write},
    path::PathBuf,
    process::ExitCode,
    sync::Arc,
};

/// The command line: the input, the output, and exactly one translation.
#[derive(Debug, Parser)]
#[command(
    name = "spirv-translate-rs",
    version,
    about = "Translations between SPIR-V binaries, MLIR and LLVM IR, as mlir-translate",
    group(ArgGroup::new("translation").required(true).args(["deserialize_spirv", "mlir_to_llvmir"]))
)]
struct Options {
    /// Input file; '-' or none reads stdin
    #[arg(value_name = "INPUT")]
    input: Option<PathBuf>,

    /// Output file (default: stdout); only written when the translation succeeds
    #[arg(short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,

    /// SPIR-V binary (either byte order) to the SPIR-V dialect
    #[arg(long)]
    deserialize_spirv: bool,

    /// MLIR in the LLVM dialect (nested modules merged) to LLVM IR
    #[arg(long)]
    mlir_to_llvmir: bool,

    /// Print locations (loc(...)) in MLIR output
    #[arg(long)]
    mlir_print_debuginfo: bool,

    /// With --deserialize-spirv: fix a specialization constant before types are built, as
    /// `spirv-opt-rs --spec` (VALUE: an integer, a float, true or false); repeatable
    #[arg(long = "spec", value_name = "ID=VALUE", value_parser = spec_value)]
    specs: Vec<(u32, SpecValue)>,

    /// With --deserialize-spirv: the number of descriptors at SET:BINDING, where the shader
    /// declares an unsized descriptor array (runtimeDescriptorArray): it becomes an array of N,
    /// as `spirv-opt-rs --descriptor-count`; repeatable
    #[arg(long = "descriptor-count", value_name = "SET:BINDING=N", value_parser = parse_descriptor_count)]
    descriptor_counts: Vec<((u32, u32), u32)>,

    /// With --deserialize-spirv: import only this entry point (its OpEntryPoint name) and the
    /// functions it reaches, without the module's other entry points (default: everything)
    #[arg(long, value_name = "NAME")]
    entry_point: Option<String>,

    /// With --deserialize-spirv: the layout the output will be lowered with, as
    /// `convert-spirv-to-llvm{pointer-layout=...}`: `host` (default: a Physical32 module's byte
    /// offsets and counts into memory holding pointers are rewritten to the host's 8-byte pointers,
    /// or refused) or `module` (its own 4-byte pointers: the bytes are imported as they are)
    #[arg(long, value_name = "LAYOUT", value_parser = str::parse::<PointerLayout>)]
    pointer_layout: Option<PointerLayout>,

    /// With --mlir-to-llvmir: write LLVM IR (default), bitcode, assembly or an object
    #[arg(long, value_enum, default_value = "llvm", value_name = "KIND")]
    emit: Emit,

    /// With --emit=bc|asm|obj or -O1..-O3: LLVM's default<On> pipeline (default: none, as mlir-translate)
    #[arg(short = 'O', value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: Option<u8>,

    /// Target triple (default: the host)
    #[arg(long, value_name = "TRIPLE")]
    target: Option<String>,

    /// Target CPU (default: generic)
    #[arg(long, value_name = "CPU")]
    mcpu: Option<String>,
}

/// What `--mlir-to-llvmir` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Emit {
    /// LLVM IR text.
    Llvm,
    /// LLVM bitcode.
    Bc,
    /// Target assembly.
    Asm,
    /// A relocatable object.
    Obj,
}

fn spec_value(text: &str) -> Result<(u32, SpecValue), String> {
    parse_spec(text).map_err(|error| error.to_string())
}

fn main() -> ExitCode {
    // LLVM-style single-dash long options (-deserialize-spirv), as mlir-translate takes them.
    let arguments = std::env::args_os().enumerate().map(|(index, argument)| {
        let text = argument.to_string_lossy();
        let level =
            text.strip_prefix("-O").is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()));
        if index > 0 && text.len() > 2 && text.starts_with('-') && !text.starts_with("--") && text != "-o" && !level {
            format!("-{text}").into()
        } else {
            argument
        }
    });
    let options = match Options::try_parse_from(arguments) {
        Ok(options) => options,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() { ExitCode::FAILURE } else { ExitCode::SUCCESS };
        }
    };
    if run(&options) { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn run(options: &Options) -> bool {
    let binary_output = options.mlir_to_llvmir && matches!(options.emit, Emit::Bc | Emit::Obj);
    let to_stdout = options.output.as_ref().is_none_or(|path| path.as_os_str() == "-");
    if binary_output && to_stdout && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        tool_error("refusing to write bitcode or an object to a terminal: use -o FILE");
        return false;
    }
    let (name, input) = match read_input(options.input.as_ref()) {
        Ok(read) => read,
        Err(message) => {
            tool_error(message);
            return false;
        }
    };
    let context = pipeline::create_context();
    let source = Arc::new(Source::from_bytes(&name, input));
    let input = source.bytes();
    let sink = Sink::new(Arc::clone(&source), false);
    let handler = sink.attach(&context);
    if !options.specs.is_empty() && !options.deserialize_spirv {
        tool_error("--spec applies to --deserialize-spirv");
        return false;
    }
    if options.entry_point.is_some() && !options.deserialize_spirv {
        tool_error("--entry-point applies to --deserialize-spirv");
        return false;
    }
    if !options.descriptor_counts.is_empty() && !options.deserialize_spirv {
        tool_error("--descriptor-count applies to --deserialize-spirv");
        return false;
    }
    if options.pointer_layout.is_some() && !options.deserialize_spirv {
        tool_error("--pointer-layout applies to --deserialize-spirv");
        return false;
    }
    if let Err(message) = check_entry_point(input, options.entry_point.as_deref()) {
        tool_error(message);
        return false;
    }
    let output = if options.deserialize_spirv {
        // Specialized before types are built (docs/import.md), then checked
        // and applied to every constant as spirv-opt-rs does.
        let entry_points = options.entry_point.clone().map_or(EntryPoints::All, EntryPoints::Named);
        let import_options = DeserializeOptions {
            spec_values: options.specs.clone(),
            entry_points,
            descriptor_counts: options.descriptor_counts.clone(),
            loop_markers: false,
            pointer_layout: options.pointer_layout.unwrap_or_default(),
        };
        let imported = deserialize_with(&context, input, &name, &import_options);
        // The other entry points' variables too, as the runner does.
        if let (Ok(module), Some(entry)) = (&imported, &options.entry_point) {
            spirv_opt_passes::prune::keep_entry_point(module.as_operation(), entry);
        }
        match imported {
            Ok(module) => match specialize(&context, module.as_operation(), &options.specs) {
                // mlir-translate prints the spirv.module itself, not the
                // module around it. The importer verified it: the printer
                // need not (specialize only changes constants' values).
                Ok(()) => module
                    .body()
                    .first_operation()
                    .map(|spirv_module| pipeline::print_verified_operation(spirv_module, options.mlir_print_debuginfo)),
                Err(error) => {
                    tool_error(format!("--spec: {error}"));
                    None
                }
            },
            Err(error) => {
                binary_error(&name, &error);
                None
            }
        }
    } else {
        pipeline::parse_source(&context, input, &name).and_then(|module| {
            // Plain LLVM IR, as mlir-translate writes it, unless LLVM is asked
            // for more (an optimization level, a target, a binary form).
            let plain = options.emit == Emit::Llvm
                && options.opt_level.is_none()
                && options.target.is_none()
                && options.mcpu.is_none();
            let result = if plain {
                translate::inline_nested_modules(module.as_operation())
                    .map_err(|error| error.to_string())
                    .and_then(|()| {
                        translate::to_llvm_ir(&context, module.as_operation()).map_err(|error| error.to_string())
                    })
                    .map(String::into_bytes)
            } else {
                let kind = match options.emit {
                    Emit::Llvm => EmitKind::LlvmIr,
                    Emit::Bc => EmitKind::Bitcode,
                    Emit::Asm => EmitKind::Assembly,
                    Emit::Obj => EmitKind::Object,
                };
                let emit_options = EmitOptions {
                    kind,
                    opt_level: options.opt_level.unwrap_or(0),
                    target: options.target.clone(),
                    cpu: options.mcpu.clone(),
                };
                // Kernels with barriers as regions (docs/abi.md, "Barriers").
                translate::emit_with(
                    &context,
                    module.as_operation(),
                    &emit_options,
                    &spirv_opt_passes::kernel_abi::regions::form_all,
                )
                .map_err(|error| error.to_string())
            };
            result.map_err(tool_error).ok()
        })
    };
    context.detach_diagnostic_handler(handler);
    let Some(mut output) = output else { return false };
    if !output.ends_with(b"\n") {
        output.push(b'\n');
    }
    let written = match &options.output {
        Some(path) if path.as_os_str() != "-" => std::fs::write(path, &output)
            .map_err(|error| format!("cannot write output file '{}': {error}", path.display())),
        _ => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(&output).and_then(|()| stdout.flush()).map_err(|error| format!("cannot write: {error}"))
        }
    };
    written.map_err(tool_error).is_ok()
}

/// The input's name (for locations) and bytes: a file, or stdin for `-`/none.
fn read_input(path: Option<&PathBuf>) -> Result<(String, Vec<u8>), String> {
    match path {
        Some(path) if path.as_os_str() != "-" => std::fs::read(path)
            .map(|bytes| (path.to_string_lossy().into_owned(), bytes))
            .map_err(|error| format!("cannot open input file '{}': {}", path.display(), without_os_error(&error))),
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map(|_| ("<stdin>".to_owned(), bytes))
                .map_err(|error| format!("cannot read standard input: {}", without_os_error(&error)))
        }
    }
}

/// An I/O error without Rust's " (os error N)" suffix, as LLVM prints it.
fn without_os_error(error: &std::io::Error) -> String {
    let text = error.to_string();
    text.split(" (os error").next().unwrap_or(&text).to_owned()
}
