//! `spirv-opt-rs`: an `mlir-opt`-compatible driver for the SPIR-V to LLVM
//! conversion. Swap it in for `mlir-opt` in RUN lines:
//!
//! ```text
//! spirv-opt-rs --convert-spirv-to-llvm='client-api=OpenCL' input.mlir
//! spirv-opt-rs --split-input-file --verify-diagnostics input.mlir
//! spirv-opt-rs --pass-pipeline='builtin.module(convert-spirv-to-llvm,reconcile-unrealized-casts)' input.mlir
//! ```
//!
//! Exit status: 0 on success, 1 on any error (diagnostics on stderr).

mod cli;
mod driver;
mod verify;

use spirv_opt_rs::{pass::PassRegistry, pipeline};
use spirv_opt_tools::diagnostics;
use std::{
    io::{IsTerminal, Write},
    panic::{AssertUnwindSafe, catch_unwind},
    process::ExitCode,
};
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    // A safety net: the tool is meant never to panic, but if it does the user
    // gets one clear line and exit status 1 rather than a backtrace dump.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|text| (*text).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        let location = info.location().map(|at| format!(" at {}:{}", at.file(), at.line())).unwrap_or_default();
        let _ = writeln!(std::io::stderr(), "spirv-opt-rs: internal error: {message}{location}");
    }));
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn"));
    // Fails only if a subscriber is already set, which cannot happen here.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();

    // MLIR's parser, verifier and printer recurse once per nesting level of
    // the input; this stack holds MAX_NESTING levels (parse_source refuses
    // deeper input) with a wide margin. Only the pages used are committed.
    let worker = std::thread::Builder::new()
        .name("spirv-opt-rs".to_owned())
        .stack_size(STACK_BYTES)
        .spawn(|| catch_unwind(AssertUnwindSafe(run)));
    match worker.map(|handle| handle.join()) {
        Ok(Ok(Ok(true))) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(error) => {
            diagnostics::tool_error(format_args!("cannot start the worker thread: {error}"));
            ExitCode::FAILURE
        }
    }
}

/// The worker thread's stack: 1 GiB of address space for inputs nested up
/// to `spirv_opt_rs::context::MAX_NESTING` levels.
const STACK_BYTES: usize = 1 << 30;

fn run() -> bool {
    let mut registry = PassRegistry::new();
    spirv_opt_passes::register_all(&mut registry);

    let args = cli::normalize(std::env::args_os().collect());
    // Pass flags are recognised by asking MLIR's pass registry, which needs a
    // context; the same one then serves to check the pipeline, and to process
    // the first input chunk (each later chunk gets a fresh context of its
    // own, as in mlir-opt).
    let context = pipeline::create_context();
    match cli::parse(args, &registry, &context) {
        cli::Parsed::Print(text) => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()).is_ok()
        }
        cli::Parsed::Fail(message) => {
            diagnostics::tool_error(message);
            false
        }
        cli::Parsed::Run(invocation) => driver::run(&invocation, &registry, context),
    }
}
