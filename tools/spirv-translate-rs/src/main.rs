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
use spirv_opt_dialects::spirv::deserialize::deserialize;
use spirv_opt_rs::{pipeline, translate};
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
}

fn main() -> ExitCode {
    // LLVM-style single-dash long options (-deserialize-spirv), as mlir-translate takes them.
    let arguments = std::env::args_os().enumerate().map(|(index, argument)| {
        let text = argument.to_string_lossy();
        if index > 0 && text.len() > 2 && text.starts_with('-') && !text.starts_with("--") && text != "-o" {
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
    let (name, input) = match read_input(options.input.as_ref()) {
        Ok(read) => read,
        Err(message) => {
            tool_error(message);
            return false;
        }
    };
    let context = pipeline::create_context();
    let source = Arc::new(Source::new(&name, &input));
    let sink = Sink::new(Arc::clone(&source), false);
    let handler = sink.attach(&context);
    let output = if options.deserialize_spirv {
        match deserialize(&context, &input, &name) {
            // mlir-translate prints the spirv.module itself, not the module around it.
            Ok(module) => module
                .body()
                .first_operation()
                .map(|spirv_module| pipeline::print_operation(spirv_module, options.mlir_print_debuginfo)),
            Err(error) => {
                binary_error(&name, &error);
                None
            }
        }
    } else {
        pipeline::parse_source(&context, &input, &name).and_then(|module| {
            if let Err(error) = translate::inline_nested_modules(module.as_operation()) {
                tool_error(error);
                return None;
            }
            match translate::to_llvm_ir(&context, module.as_operation()) {
                Ok(text) => Some(text.into_bytes()),
                Err(error) => {
                    tool_error(error);
                    None
                }
            }
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
