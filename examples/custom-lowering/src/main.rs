//! Lowers a small `arith`/`math` function with the example's patterns and
//! prints the result.

use melior::{
    Context,
    dialect::DialectRegistry,
    ir::{Module, operation::OperationLike},
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
}
