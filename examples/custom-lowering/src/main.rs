//! Lowers a small `arith`/`math` function with the example's patterns, once
//! through the driver and once as a pass in a pipeline, and prints both.

use melior::{
    Context,
    dialect::DialectRegistry,
    ir::Module,
    utility::register_all_dialects,
};

const INPUT: &str = "func.func @square_abs(%a: index) -> index {
  %0 = arith.muli %a, %a : index
  %1 = math.absi %0 : index
  return %1 : index
}";

fn main() {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    let Some(module) = Module::parse(&context, INPUT) else {
        eprintln!("custom-lowering: the input does not parse");
        std::process::exit(1);
    };
    match custom_lowering_example::lower(&context, module.as_operation()) {
        Ok(stats) => {
            println!("{}", module.as_operation());
            eprintln!("{stats:?}");
        }
        Err(error) => {
            eprintln!("custom-lowering: {error}");
            std::process::exit(1);
        }
    }

    let context = spirv_opt_rs::pipeline::create_context();
    let Some(mut module) = Module::parse(&context, INPUT) else { std::process::exit(1) };
    let pipeline = "builtin.module(lower-index-arithmetic, reconcile-unrealized-casts)";
    match spirv_opt_rs::pipeline::run_pipeline(&context, &custom_lowering_example::registry(), pipeline, &mut module) {
        Ok(()) => println!("// {pipeline}\n{}", module.as_operation()),
        Err(error) => {
            eprintln!("custom-lowering: {error}");
            std::process::exit(1);
        }
    }
}
