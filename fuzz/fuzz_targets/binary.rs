//! The SPIR-V binary importer on arbitrary bytes: it never panics, aborts or
//! hangs, and what it accepts verifies and prints (the property of issue 8's
//! "Bad binaries").
//!
//! Not `#![no_main]`: a static MLIR library defines a `main` of its own (an
//! opt-like driver) that the linker would pick over libFuzzer's. Our `main`
//! hands control to libFuzzer's driver instead.

use libfuzzer_sys::fuzz_target;
use melior::ir::operation::OperationLike;
use spirv_opt_dialects::spirv::deserialize::deserialize;
use std::{
    ffi::{CString, c_char, c_int},
    os::unix::ffi::OsStrExt,
};

fuzz_target!(|data: &[u8]| run_on_big_stack(|| {
    record_current_input(data);
    let context = spirv_opt_rs::pipeline::create_context();
    // Diagnostics of a failed import are in its error; keep MLIR quiet.
    let handler = context.attach_diagnostic_handler(|_| true);
    if let Ok(module) = deserialize(&context, data, "fuzz.spv") {
        assert!(module.as_operation().verify(), "an accepted module must verify");
        let printed = module.as_operation().to_string();
        assert!(printed.contains("spirv.module"), "an accepted module prints a spirv.module");
    }
    context.detach_diagnostic_handler(handler);
}));

/// With `FUZZ_CURRENT_INPUT=FILE`, writes each input to FILE before running
/// it: a crash libFuzzer cannot catch (a stack overflow kills the process
/// before its handler runs) then leaves the culprit there.
fn record_current_input(data: &[u8]) {
    if let Some(path) = std::env::var_os("FUZZ_CURRENT_INPUT") {
        let _ = std::fs::write(path, data);
    }
}

/// Runs `body` on a thread with a 1 GiB stack, as spirv-opt-rs runs its
/// work: MLIR's parser and verifier recurse once per nesting level, and the
/// tool's nesting limit (context::MAX_NESTING) is set for that stack, not
/// for the 8 MiB of the main thread. A panic goes on to libFuzzer.
fn run_on_big_stack(body: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new().stack_size(1 << 30).spawn_scoped(scope, body);
        match worker.map(|worker| worker.join()) {
            Ok(Ok(())) => {}
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(error) => panic!("cannot start the fuzzing thread: {error}"),
        }
    });
}

unsafe extern "C" {
    /// libFuzzer's driver (FuzzerDriver.cpp): parses libFuzzer's flags and fuzzes `callback`.
    fn LLVMFuzzerRunDriver(
        argc: *mut c_int,
        argv: *mut *mut *mut c_char,
        callback: unsafe extern "C" fn(*const u8, usize) -> c_int,
    ) -> c_int;
    /// Defined by `fuzz_target!` above.
    fn LLVMFuzzerTestOneInput(data: *const u8, size: usize) -> c_int;
}

fn main() {
    let arguments: Vec<CString> = std::env::args_os()
        .map(|argument| CString::new(argument.as_bytes()).unwrap_or_default())
        .collect();
    let mut pointers: Vec<*mut c_char> = arguments.iter().map(|argument| argument.as_ptr().cast_mut()).collect();
    pointers.push(std::ptr::null_mut());
    let mut argc = c_int::try_from(arguments.len()).unwrap_or(c_int::MAX);
    let mut argv = pointers.as_mut_ptr();
    // SAFETY: argv holds argc NUL-terminated strings (kept alive by
    // `arguments` for the whole run) and a final null, as C's main gets;
    // the callback is the fuzz target's entry point.
    let status = unsafe { LLVMFuzzerRunDriver(&mut argc, &mut argv, LLVMFuzzerTestOneInput) };
    std::process::exit(status);
}
