//! A development harness (the real tool is tools/spirv-opt-rs): converts the
//! file named on the command line and prints the result or the diagnostics.

use melior::{
    Context,
    dialect::DialectRegistry,
    ir::{Module, operation::OperationLike},
    utility::register_all_dialects,
};
use spirv_opt_passes::spirv_to_llvm::{ClientApi, SpirvToLlvmOptions, convert_spirv_to_llvm};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: convert FILE [CLIENT_API]");
    let client_api: ClientApi = args.next().map_or(ClientApi::Unknown, |api| api.parse().expect("client api"));
    let source = std::fs::read_to_string(&path).expect("readable file");
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context.attach_diagnostic_handler(|diagnostic| {
        eprintln!("{}: {}", diagnostic.location(), diagnostic);
        true
    });
    let Some(module) = Module::parse(&context, &source) else { std::process::exit(1) };
    match convert_spirv_to_llvm(&context, module.as_operation(), SpirvToLlvmOptions { client_api }) {
        Ok(_) => println!("{}", module.as_operation()),
        Err(error) => {
            error.emit();
            std::process::exit(1)
        }
    }
}
