//! Keeping one entry point of a SPIR-V module: what a pipeline does when it
//! is created for one shader stage of a module that holds several.
//!
//! A module from naga, Tint or DXC often holds vertex and fragment entry
//! points beside the compute one (a WGSL file with every stage of a
//! program). The kernel ABI covers compute entry points only, and the
//! graphics functions use what a compute kernel has no meaning for (stage
//! inputs and outputs), so a runner asked for the compute entry point
//! drops the others first, with every function and global variable that
//! only they reach: a Vulkan driver compiles only the stage its pipeline
//! names.

use std::collections::{HashMap, HashSet};

use melior::ir::{
    OperationRef,
    operation::{OperationLike, OperationPrintingFlags},
};
use spirv_opt_rs::surgery::{erase, nested_ops};

/// In every `spirv.module` nested in `root` that declares an entry point
/// named `entry` (its function's symbol), removes the other entry points,
/// their execution modes, and the `spirv.func` and `spirv.GlobalVariable`
/// ops that `entry` does not reach through symbol references (calls,
/// addresses, initializers). Returns how many ops were removed.
pub fn keep_entry_point(root: OperationRef<'_, '_>, entry: &str) -> usize {
    let mut removed = 0;
    for module in nested_ops(root, &mut |op| op_name(op) == "spirv.module") {
        let top: Vec<OperationRef<'_, '_>> = nested_ops(module, &mut |op| {
            op.parent_operation().is_some_and(|parent| parent == module)
        });
        let kept_entry: Vec<OperationRef<'_, '_>> = top
            .iter()
            .copied()
            .filter(|op| op_name(*op) == "spirv.EntryPoint" && referenced_function(*op).as_deref() == Some(entry))
            .collect();
        if kept_entry.is_empty() {
            continue;
        }
        // Symbol definitions, and the symbols each one's text references.
        let mut definitions: HashMap<String, OperationRef<'_, '_>> = HashMap::new();
        for op in &top {
            if matches!(op_name(*op).as_str(), "spirv.func" | "spirv.GlobalVariable")
                && let Some(name) = symbol_name(*op)
            {
                definitions.insert(name, *op);
            }
        }
        let mut reached: HashSet<String> = HashSet::new();
        // The entry point's own references (its interface variables) too.
        let mut work = vec![entry.to_owned()];
        for op in &kept_entry {
            work.extend(references(*op));
        }
        while let Some(name) = work.pop() {
            if !reached.insert(name.clone()) {
                continue;
            }
            if let Some(definition) = definitions.get(&name) {
                work.extend(references(*definition).into_iter().filter(|symbol| !reached.contains(symbol)));
            }
        }
        for op in &top {
            let drop = match op_name(*op).as_str() {
                "spirv.EntryPoint" | "spirv.ExecutionMode" | "spirv.ExecutionModeId" => {
                    referenced_function(*op).as_deref() != Some(entry)
                }
                "spirv.func" | "spirv.GlobalVariable" => symbol_name(*op).is_some_and(|name| !reached.contains(&name)),
                _ => false,
            };
            if drop {
                erase(*op);
                removed += 1;
            }
        }
    }
    removed
}

fn op_name(op: OperationRef<'_, '_>) -> String {
    op.name().as_string_ref().as_str().map(str::to_owned).unwrap_or_default()
}

fn symbol_name(op: OperationRef<'_, '_>) -> Option<String> {
    // Not melior's `value()`, which panics on a name that is not UTF-8.
    spirv_opt_rs::ir::string_value(op.attribute("sym_name").ok()?)
}

/// The function an entry point or execution mode names (`fn`).
fn referenced_function(op: OperationRef<'_, '_>) -> Option<String> {
    let text = op.attribute("fn").ok()?.to_string();
    parse_symbol(text.strip_prefix('@')?).map(|(name, _)| name)
}

/// The symbols `op` references anywhere in its printed form (`@name` or
/// `@"quoted name"`), its own name excepted. Printing sees every attribute
/// of every nested op, discardable ones too, without a walker per kind.
fn references(op: OperationRef<'_, '_>) -> HashSet<String> {
    let own = symbol_name(op);
    let flags = OperationPrintingFlags::new();
    let text = op.to_string_with_flags(flags).unwrap_or_default();
    let mut found = HashSet::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find('@') {
        rest = &rest[at + 1..];
        if let Some((name, length)) = parse_symbol(rest) {
            if own.as_deref() != Some(name.as_str()) {
                found.insert(name);
            }
            rest = &rest[length..];
        }
    }
    found
}

/// A symbol name at the start of `text` (after its `@`) and how many bytes
/// it spans: a bare identifier, or a quoted string in which MLIR writes a
/// byte it escapes as `\` and two hexadecimal digits.
fn parse_symbol(text: &str) -> Option<(String, usize)> {
    if let Some(quoted) = text.strip_prefix('"') {
        let bytes = quoted.as_bytes();
        let mut name = Vec::new();
        let mut index = 0;
        while index < bytes.len() {
            match bytes[index] {
                b'"' => return Some((String::from_utf8_lossy(&name).into_owned(), index + 2)),
                b'\\' => {
                    let hex = quoted.get(index + 1..index + 3)?;
                    match u8::from_str_radix(hex, 16) {
                        Ok(byte) => {
                            name.push(byte);
                            index += 3;
                        }
                        Err(_) => {
                            name.push(bytes[index + 1]);
                            index += 2;
                        }
                    }
                }
                byte => {
                    name.push(byte);
                    index += 1;
                }
            }
        }
        return None;
    }
    let length = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')))
        .map_or(text.len(), |(index, _)| index);
    (length > 0).then(|| (text[..length].to_owned(), length))
}

#[cfg(test)]
mod tests {
    use super::parse_symbol;

    #[test]
    fn symbols_bare_and_quoted() {
        assert_eq!(parse_symbol("main(%arg0"), Some(("main".to_owned(), 4)));
        assert_eq!(parse_symbol("spirv_var_59 bind(0, 0)"), Some(("spirv_var_59".to_owned(), 12)));
        assert_eq!(parse_symbol("\"a \\22b\\22\" x"), Some(("a \"b\"".to_owned(), 11)));
        assert_eq!(parse_symbol(" x"), None);
    }
}
