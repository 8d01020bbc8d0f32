//! The text path on arbitrary bytes: parse (as the tool reads a file),
//! convert with `convert-spirv-to-llvm`, verify, print, then what `--emit`
//! adds (the kernel ABI, the builtin definitions, the SPMD vectorizer, LLVM
//! IR at -O1). It never panics, aborts or hangs, whatever converts prints
//! text that parses again, and the ABI and builtins leave valid IR (issue
//! 9). Not `#![no_main]`, for the reason given in `binary.rs`.

use libfuzzer_sys::fuzz_target;
use melior::ir::operation::OperationLike;
use spirv_opt_rs::{pass::PassRegistry, pipeline};
use std::{
    ffi::{CString, c_char, c_int},
    os::unix::ffi::OsStrExt,
    sync::OnceLock,
};

fn registry() -> &'static PassRegistry {
    static REGISTRY: OnceLock<PassRegistry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut registry = PassRegistry::new();
        spirv_opt_passes::register_all(&mut registry);
        registry
    })
}

fuzz_target!(|data: &[u8]| run_on_big_stack(|| {
    record_current_input(data);
    let context = pipeline::create_context();
    let handler = context.attach_diagnostic_handler(|_| true);
    if let Some(mut module) = pipeline::parse_source(&context, data, "fuzz.mlir") {
        let converted = pipeline::run_pipeline(&context, registry(), "builtin.module(convert-spirv-to-llvm)", &mut module);
        if converted.is_ok() && module.as_operation().verify() {
            let printed = pipeline::print_operation(module.as_operation(), false);
            let again = pipeline::create_context();
            let quiet = again.attach_diagnostic_handler(|_| true);
            assert!(
                pipeline::parse_source(&again, &printed, "printed.mlir").is_some(),
                "converted output must parse again"
            );
            again.detach_diagnostic_handler(quiet);
            // Then what `--emit` does with it: the builtin definitions, the
            // kernel ABI with bounds checks, verification, LLVM IR. Errors are fine; crashes
            // and IR that fails verification after a success are not.
            let operation = module.as_operation();
            if spirv_opt_passes::builtins::define_builtins(&context, operation).is_ok()
                && spirv_opt_passes::kernel_abi::apply_kernel_abi(&context, operation, Default::default()).is_ok()
            {
                assert!(operation.verify(), "the kernel ABI and the builtins must leave valid IR");
                // At -O1, with the SPMD vectorizer on every barrier-free
                // kernel it takes (it runs before LLVM's pipeline).
                let vectorize = spirv_opt_passes::kernel_abi::spmd::before_optimization(
                    spirv_opt_passes::kernel_abi::spmd::SpmdOptions {
                        mode: spirv_opt_passes::kernel_abi::spmd::SpmdMode::Always,
                        width: 8,
                        subgroup_size: None,
                    },
                );
                let _ = spirv_opt_rs::translate::emit_with(
                    &context,
                    operation,
                    &spirv_opt_rs::translate::EmitOptions {
                        kind: spirv_opt_rs::translate::EmitKind::LlvmIr,
                        opt_level: 1,
                        target: None,
                        cpu: None,
                    },
                    &vectorize,
                );
            }
        }
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
    // SAFETY: as in binary.rs: argc strings alive for the run, then a null.
    let status = unsafe { LLVMFuzzerRunDriver(&mut argc, &mut argv, LLVMFuzzerTestOneInput) };
    std::process::exit(status);
}
