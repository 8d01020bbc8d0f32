//! Reads a SPIR-V binary, lowers it to the LLVM dialect and writes an object
//! file, with the libraries only:
//!
//! ```text
//! cargo run -p spv-to-object-example -- kernel.spv kernel.o [Vulkan|OpenCL]
//! ```

use spirv_opt_dialects::spirv::deserialize::deserialize;
use spirv_opt_rs::{
    pass::PassRegistry,
    pipeline,
    translate::{self, EmitKind, EmitOptions},
};
use std::process::ExitCode;

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().collect();
    let [_, input, output, rest @ ..] = arguments.as_slice() else {
        eprintln!("usage: spv-to-object INPUT.spv OUTPUT.o [Vulkan|OpenCL]");
        return ExitCode::FAILURE;
    };
    let client_api = rest.first().map_or("Vulkan", String::as_str);
    match convert(input, output, client_api) {
        Ok(bytes) => {
            println!("{input} -> {output} ({bytes} bytes)");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("spv-to-object: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The whole job: read, import, lower, emit, write. Returns the object's size.
fn convert(input: &str, output: &str, client_api: &str) -> Result<usize, String> {
    let binary = std::fs::read(input).map_err(|error| format!("cannot read {input}: {error}"))?;

    // A context with the SPIR-V and LLVM dialects; the binary becomes a
    // builtin.module holding one spirv.module.
    let context = pipeline::create_context();
    let mut module = deserialize(&context, &binary, input).map_err(|error| format!("{input}: {error}"))?;

    // The conversion, as `--convert-spirv-to-llvm=client-api=...` runs it.
    let mut registry = PassRegistry::new();
    spirv_opt_passes::register_all(&mut registry);
    let conversion = format!("builtin.module(convert-spirv-to-llvm{{client-api={client_api}}})");
    pipeline::run_pipeline(&context, &registry, &conversion, &mut module)
        .map_err(|error| format!("{input}: cannot lower: {error}"))?;

    // One LLVM module, optimized at -O2 for the host, as a relocatable object.
    let options = EmitOptions { kind: EmitKind::Object, opt_level: 2, target: None, cpu: None };
    let object = translate::emit(&context, module.as_operation(), &options).map_err(|error| error.to_string())?;
    std::fs::write(output, &object).map_err(|error| format!("cannot write {output}: {error}"))?;
    Ok(object.len())
}
