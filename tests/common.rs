//! Helpers shared by the test modules.

use melior::{
    Context,
    dialect::DialectRegistry,
    ir::Module,
    utility::register_all_dialects,
};

/// A context with every upstream dialect registered and loaded.
pub fn context() -> Context {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    context
}

/// Parses `source`, panicking with the text when it does not parse.
pub fn parse<'c>(context: &'c Context, source: &str) -> Module<'c> {
    Module::parse(context, source).unwrap_or_else(|| panic!("does not parse:\n{source}"))
}

/// The printed form of a module, for comparisons.
pub fn print(module: &Module<'_>) -> String {
    module.as_operation().to_string()
}
