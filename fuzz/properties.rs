//! The properties the fuzz targets check, shared by the targets
//! (fuzz_targets/*.rs, coverage-guided with libFuzzer) and by the replay of
//! every kept input in the workspace's tests (tests/fuzz_corpus.rs, part of
//! `cargo test`, no instrumentation). Each function panics when its
//! property fails; errors of the code under test are fine.

// Each fuzz target uses one of the two properties.
#![allow(dead_code)]

use melior::ir::operation::OperationLike;
use spirv_opt_dialects::spirv::deserialize::{DeserializeOptions, PointerLayout, deserialize_with};
use spirv_opt_rs::{pass::PassRegistry, pipeline};
use std::sync::OnceLock;

/// The SPIR-V binary importer on arbitrary bytes: it never panics, aborts
/// or hangs, and what it accepts verifies and prints (issue 8's "Bad
/// binaries").
pub fn binary(data: &[u8]) {
    let context = pipeline::create_context();
    // Diagnostics of a failed import are in its error; keep MLIR quiet.
    let handler = context.attach_diagnostic_handler(|_| true);
    // Counts for the low bindings, so that unsized descriptor arrays there
    // go through their rewrite before import (docs/import.md).
    let descriptor_counts: Vec<_> = (0..4).flat_map(|set| (0..4).map(move |binding| ((set, binding), 2))).collect();
    // Both pointer layouts: a Physical32 module's byte offsets into memory
    // holding pointers are rewritten or refused for the host's and kept as
    // they are for the module's (docs/import.md, "Physical32").
    for pointer_layout in [PointerLayout::Host, PointerLayout::Module] {
        let descriptor_counts = descriptor_counts.clone();
        let options = DeserializeOptions { descriptor_counts, loop_markers: true, pointer_layout, ..Default::default() };
        if let Ok(module) = deserialize_with(&context, data, "fuzz.spv", &options) {
            assert!(module.as_operation().verify(), "an accepted module must verify");
            let printed = module.as_operation().to_string();
            assert!(printed.contains("spirv.module"), "an accepted module prints a spirv.module");
        }
    }
    context.detach_diagnostic_handler(handler);
}

fn registry() -> &'static PassRegistry {
    static REGISTRY: OnceLock<PassRegistry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut registry = PassRegistry::new();
        spirv_opt_passes::register_all(&mut registry);
        registry
    })
}

/// The text path on arbitrary bytes: parse (as the tool reads a file),
/// convert with `convert-spirv-to-llvm`, verify, print, then what `--emit`
/// adds (the kernel ABI, the builtin definitions, the SPMD vectorizer, LLVM
/// IR at -O1). It never panics, aborts or hangs, whatever converts prints
/// text that parses again, and the ABI and builtins leave valid IR (issue 9).
pub fn text(data: &[u8]) {
    convert_and_emit(data, "builtin.module(convert-spirv-to-llvm)");
    // A Physical32 module's pointers in memory as the module lays them out
    // (`i32`s) too: the other memory forms of loads, stores and initializers.
    if data.windows(b"Physical32".len()).any(|window| window == b"Physical32") {
        convert_and_emit(data, "builtin.module(convert-spirv-to-llvm{pointer-layout=module})");
    }
}

/// [`text`]'s property for one lowering pipeline.
fn convert_and_emit(data: &[u8], lowering: &str) {
    let context = pipeline::create_context();
    let handler = context.attach_diagnostic_handler(|_| true);
    if let Some(mut module) = pipeline::parse_source(&context, data, "fuzz.mlir") {
        let converted = pipeline::run_pipeline(&context, registry(), lowering, &mut module);
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
}

/// Runs `body` on a thread with a 1 GiB stack, as spirv-opt-rs runs its
/// work: MLIR's parser and verifier recurse once per nesting level, and the
/// tool's nesting limit (context::MAX_NESTING) is set for that stack, not
/// for the 8 MiB of the main thread. A panic goes on to the caller.
pub fn run_on_big_stack(body: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new().stack_size(1 << 30).spawn_scoped(scope, body);
        match worker.map(|worker| worker.join()) {
            Ok(Ok(())) => {}
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(error) => panic!("cannot start the fuzzing thread: {error}"),
        }
    });
}
