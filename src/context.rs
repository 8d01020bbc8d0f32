//! The MLIR context the tool and library users work in, and reading and
//! printing IR the way `mlir-opt` does.

use crate::ffi::pass as ffi;
use melior::{
    Context,
    diagnostic::{DiagnosticHandlerId, DiagnosticSeverity},
    dialect::{DialectHandle, DialectRegistry},
    ir::{
        Location, Module, OperationRef,
        block::BlockLike,
        operation::{OperationLike, OperationPrintingFlags},
    },
};
use std::{cell::Cell, rc::Rc, sync::Once};

/// Dialects that are registered (loaded on first use) so that inputs mixing
/// them with SPIR-V parse, and so that upstream passes can create their ops.
const LAZY_DIALECTS: &[&str] = &["math", "index", "ub", "vector", "gpu"];

/// Dialects loaded up front: the conversion's source and target.
const LOADED_DIALECTS: &[&str] = &["builtin", "spirv", "llvm"];

/// Creates a context for SPIR-V to LLVM work: `builtin`, `spirv` and `llvm`
/// are loaded; `func`, `arith`, `cf`, `math`, `index`, `ub`, `memref`, `scf`,
/// `vector` and `gpu` are registered (loaded when the input uses them). The
/// upstream passes a pipeline may name are registered too (see
/// [`register_upstream_passes`]). Threading is MLIR's default (enabled).
pub fn create_context() -> Context {
    register_upstream_passes();
    let registry = DialectRegistry::new();
    for handle in [
        DialectHandle::func(),
        DialectHandle::arith(),
        DialectHandle::cf(),
        DialectHandle::llvm(),
        DialectHandle::memref(),
        DialectHandle::scf(),
    ] {
        handle.insert_dialect(&registry);
    }
    for name in LAZY_DIALECTS.iter().chain(&["spirv"]) {
        if let Some(handle) = ffi::dialect_handle(name) {
            handle.insert_dialect(&registry);
        }
    }
    let context = Context::new();
    context.append_dialect_registry(&registry);
    for name in LOADED_DIALECTS {
        context.get_or_load_dialect(name);
    }
    context
}

/// A diagnostic reported by MLIR, copied out of the handler call.
#[derive(Debug, Clone)]
pub struct Reported<'c> {
    /// Error, warning, remark or note.
    pub severity: DiagnosticSeverity,
    /// Where MLIR located it.
    pub location: Location<'c>,
    /// The message; bytes that are not UTF-8 are replaced.
    pub message: String,
    /// The attached notes.
    pub notes: Vec<Reported<'c>>,
}

/// Attaches a diagnostic handler to `context`; it returns whether it handled
/// the diagnostic (if not, earlier handlers and then MLIR's default printer
/// get it). Unlike melior's `Context::attach_diagnostic_handler`, messages
/// that are not UTF-8 (a quoted symbol name with arbitrary bytes...) cannot
/// make it fail, and a panic in `handler` is caught instead of aborting the
/// process (it counts as "not handled"). Detach with
/// `Context::detach_diagnostic_handler`.
pub fn attach_diagnostic_handler<'c>(
    context: &'c Context,
    handler: impl FnMut(Reported<'c>) -> bool + 'static,
) -> DiagnosticHandlerId {
    ffi::attach_diagnostic_handler(context, handler)
}

/// The textual form of `location` (`loc("a.mlir":1:2)`), never failing on
/// names that are not UTF-8 (they are decoded lossily).
pub fn print_location(location: Location<'_>) -> String {
    ffi::print_location(location)
}

/// Registers, once per process, the upstream MLIR passes pipelines may use:
/// the generic transforms (`canonicalize`, `cse`, `symbol-dce`, `inline`...),
/// `reconcile-unrealized-casts`, the `*-to-llvm` conversions of `func`,
/// `arith`, `cf`, `math`, `index`, `memref` and `ub`, `convert-scf-to-cf`, and
/// the SPIR-V and LLVM dialect passes. Upstream's own `convert-spirv-to-llvm`
/// is deliberately left out.
pub fn register_upstream_passes() {
    static ONCE: Once = Once::new();
    ONCE.call_once(ffi::register_upstream_passes);
}

/// Parses the file `path`, whose bytes are `source`, exactly as `mlir-opt`
/// reads a file: in one linear parse, one `builtin.module` as is, several
/// top-level ops (or one other op) in an implicit module located at
/// `path:0:0`, with one symbol table for all of them, locations naming
/// `path` as given. [`parse_source`] serves sources without a file (stdin,
/// `--split-input-file` chunks).
///
/// Errors are emitted as MLIR diagnostics and yield `None`.
pub fn parse_file<'c>(context: &'c Context, path: &str, source: &[u8]) -> Option<Module<'c>> {
    if too_deep(context, source, path) || crashes_the_verifier(context, source, path) {
        return None;
    }
    ffi::parse_module_file(context, path)
}

/// How deeply brackets (`{`, `(`, `[`, `<`) may nest in a source
/// [`parse_source`] reads. MLIR's parser, verifier and printer recurse once
/// per level; on an 8 MiB main-thread stack they overflow somewhere past
/// 4,000 levels, and the tools run them on a thread whose stack is sized for
/// this limit (`spirv-opt-rs`: 1 GiB, mostly never touched).
pub const MAX_NESTING: usize = 10_000;

/// MLIR's parser recurses once per nesting level: refuses (with a located
/// error) a source that could overflow the stack, before MLIR sees it.
fn too_deep(context: &Context, source: &[u8], name: &str) -> bool {
    let Err(position) = check_nesting(source) else { return false };
    crate::emit_error(
        Location::new(context, name, position.line, position.column),
        &format!("nesting deeper than {MAX_NESTING} levels (regions, blocks, types, attributes): not parsed"),
    );
    true
}

/// Refuses, with a located error, what MLIR 22's parser or verifier would
/// crash on (the verifier runs as part of parsing, so this must come
/// first); mlir-opt crashes on each: a specialization constant composite
/// whose constituent is not a `spirv.SpecConstant` (its verifier
/// dereferences the missing op), and a `spirv.ExecutionMode` value that is
/// not an integer (its parser casts any attribute to an integer). Both
/// found by the text fuzzer.
fn crashes_the_verifier(context: &Context, source: &[u8], name: &str) -> bool {
    let check = check_spec_constant_composites(source).and_then(|()| check_execution_mode_values(source));
    let Err((position, message)) = check else { return false };
    crate::emit_error(Location::new(context, name, position.line, position.column), &message);
    true
}

/// `source` as text: borrowed when it is UTF-8 (validating it is much
/// faster than `String::from_utf8_lossy`, which every input goes through
/// here before MLIR parses it), lossily decoded otherwise.
fn decode(source: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(source) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(source),
    }
}

/// The `@name` symbols of a line, in order, with their byte columns.
fn symbol_references(line: &str) -> Vec<(usize, String)> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'@' {
            let start = index + 1;
            let (name, end) = if bytes.get(start) == Some(&b'"') {
                let end = line[start + 1..].find('"').map_or(bytes.len(), |at| start + 1 + at);
                (line[start + 1..end].to_owned(), end + 1)
            } else {
                let end = line[start..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || "_$.-".contains(c)))
                    .map_or(bytes.len(), |at| start + at);
                (line[start..end].to_owned(), end)
            };
            found.push((index + 1, name));
            index = end.max(index + 1);
        } else {
            index += 1;
        }
    }
    found
}

/// Every constituent of a `spirv.SpecConstantComposite` (or its `EXT`
/// replicate) must be a `spirv.SpecConstant` of the source: a line-based
/// check of the custom form (`@name (@a, @b)`) and of the generic one
/// (`constituents = [@a, @b]`), against every `spirv.SpecConstant` the source
/// defines in either form.
pub fn check_spec_constant_composites(source: &[u8]) -> Result<(), (TooDeep, String)> {
    let text = decode(source);
    if !text.contains("SpecConstantComposite") {
        return Ok(());
    }
    let code = |line: &str| line.split("//").next().unwrap_or("").to_owned();
    let mut defined = std::collections::HashSet::new();
    for line in text.lines().map(code) {
        if let Some(at) = line.find("spirv.SpecConstant ") {
            if let Some((_, name)) = symbol_references(&line[at..]).first() {
                defined.insert(name.clone());
            }
        } else if line.contains("\"spirv.SpecConstant\"")
            && let Some(at) = line.find("sym_name = \"")
        {
            let rest = &line[at + 12..];
            defined.insert(rest.split('"').next().unwrap_or("").to_owned());
        }
    }
    for (number, line) in text.lines().map(code).enumerate() {
        let Some(at) = line.find("SpecConstantComposite") else { continue };
        let mut references = symbol_references(&line);
        if let Some(list) = line.find("constituents") {
            references.retain(|(column, _)| *column > list);
        } else {
            // The custom form: the op's own symbol comes first.
            references.retain(|(column, _)| *column > at);
            if !references.is_empty() {
                references.remove(0);
            }
        }
        for (column, name) in references {
            if !defined.contains(&name) {
                return Err((
                    TooDeep { line: number + 1, column },
                    format!(
                        "the constituent @{name} of a specialization constant composite is not a spirv.SpecConstant \
                         (refused before parsing: MLIR 22's verifier crashes on it)"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Every value of a `spirv.ExecutionMode` in the custom form (`@fn "Mode",
/// v0, v1...`) must be an integer literal.
pub fn check_execution_mode_values(source: &[u8]) -> Result<(), (TooDeep, String)> {
    let text = decode(source);
    if !text.contains("spirv.ExecutionMode") {
        return Ok(());
    }
    for (number, line) in text.lines().enumerate() {
        // A trailing location (`loc(...)`, printed with debug info) is not a value.
        let code = line.split("//").next().unwrap_or("");
        let code = code.split(" loc(").next().unwrap_or("");
        let Some(at) = code.find("spirv.ExecutionMode ") else { continue };
        // The values follow the quoted mode name.
        let rest = &code[at..];
        let Some(open) = rest.find('"') else { continue };
        let Some(close) = rest[open + 1..].find('"') else { continue };
        let values_at = at + open + 1 + close + 1;
        let mut column = values_at;
        for (index, piece) in code[values_at..].split(',').enumerate() {
            let value = piece.trim();
            let is_integer = {
                let digits = value.strip_prefix('-').unwrap_or(value);
                match digits.strip_prefix("0x") {
                    Some(hex) => !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()),
                    None => !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()),
                }
            };
            if index > 0 && !is_integer {
                return Err((
                    TooDeep { line: number + 1, column: column + 1 + (piece.len() - piece.trim_start().len()) },
                    format!(
                        "'{value}' is not an integer: spirv.ExecutionMode takes integer values (refused before \
                         parsing: MLIR 22's parser crashes on it)"
                    ),
                ));
            }
            if index == 0 && !value.is_empty() {
                // Text between the mode and the first comma: not this form.
                break;
            }
            column += piece.len() + 1;
        }
    }
    Ok(())
}

/// Where a source first nests deeper than [`MAX_NESTING`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooDeep {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in bytes).
    pub column: usize,
}

/// Checks, in one pass, that no bracket nests deeper than [`MAX_NESTING`]
/// levels, outside string literals and `//` comments. `>` of `->` closes
/// nothing. Unbalanced closing brackets are left to MLIR's parser.
///
/// Every byte of the input goes through here before MLIR parses it, so the
/// loop only looks at the bytes that matter (a table lookup for the others)
/// and strings and comments are skipped in one search each; the line and
/// column are only counted for the error. The byte before a bracket or a
/// slash outside strings and comments is always the one that decides (`-`
/// of `->`, `/` of `//`): a closing quote is a `"` either way.
pub fn check_nesting(source: &[u8]) -> Result<(), TooDeep> {
    /// The bytes the scan stops at outside strings and comments.
    const STOPS: [bool; 256] = {
        let mut stops = [false; 256];
        let mut index = 0;
        let bytes = b"\"/{([<})]>";
        while index < bytes.len() {
            stops[bytes[index] as usize] = true;
            index += 1;
        }
        stops
    };
    let mut depth = 0usize;
    let mut index = 0;
    while index < source.len() {
        let byte = source[index];
        if !STOPS[byte as usize] {
            index += 1;
            continue;
        }
        let previous = if index > 0 { source[index - 1] } else { 0 };
        match byte {
            b'"' => {
                // To the closing quote; a backslash escapes the next byte
                // other than a newline (a line break does not end a string).
                index += 1;
                let mut escaped = false;
                while index < source.len() {
                    let byte = source[index];
                    index += 1;
                    match byte {
                        b'\n' => {}
                        _ if escaped => escaped = false,
                        b'\\' => escaped = true,
                        b'"' => break,
                        _ => {}
                    }
                }
                continue;
            }
            b'/' if previous == b'/' => {
                // To the end of the line.
                index = source[index..].iter().position(|&byte| byte == b'\n').map_or(source.len(), |at| index + at);
                continue;
            }
            b'{' | b'(' | b'[' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(position_of(source, index));
                }
            }
            b'>' if previous == b'-' => {}
            b'}' | b')' | b']' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        index += 1;
    }
    Ok(())
}

/// The 1-based line and column (in bytes) of `source[index]`.
fn position_of(source: &[u8], index: usize) -> TooDeep {
    let before = &source[..index];
    let line = 1 + before.iter().filter(|&&byte| byte == b'\n').count();
    let line_start = before.iter().rposition(|&byte| byte == b'\n').map_or(0, |at| at + 1);
    TooDeep { line, column: index - line_start + 1 }
}

/// The message MLIR emits when a source does not hold exactly one op.
const NOT_ONE_OP: &str = "source must contain a single top-level operation, found: ";

/// Parses `source` (MLIR text or bytecode; any bytes, it need not be UTF-8)
/// into a `builtin.module`, with locations naming `source_name`, exactly as
/// `mlir-opt` reads its input: a file holding one `builtin.module` gives that
/// module; anything else (no op, one other op, several ops) is wrapped into
/// an implicit module located at `source_name:0:0`.
///
/// Errors are emitted as MLIR diagnostics (to the context's handlers) and
/// yield `None`.
pub fn parse_source<'c>(context: &'c Context, source: &[u8], source_name: &str) -> Option<Module<'c>> {
    if too_deep(context, source, source_name) || crashes_the_verifier(context, source, source_name) {
        return None;
    }
    // MLIR's single-op parser reports zero or several top-level ops as an
    // error; swallow just that one (the input is fine), pass on the others.
    // The handler outlives this borrow scope as far as melior's API is
    // concerned, hence the shared cell rather than a captured `&mut`.
    let op_count = Rc::new(Cell::new(None));
    let handler = attach_diagnostic_handler(context, {
        let op_count = Rc::clone(&op_count);
        move |diagnostic| match diagnostic.message.strip_prefix(NOT_ONE_OP) {
            Some(count) => {
                op_count.set(count.trim().parse::<usize>().ok());
                true
            }
            None => false,
        }
    });
    let parsed = ffi::parse_operation(context, source, source_name);
    context.detach_diagnostic_handler(handler);
    let op_count = op_count.get();
    let implicit_location = Location::new(context, source_name, 0, 0);

    if let Some(operation) = parsed {
        if operation.name().as_string_ref().as_str() == Ok("builtin.module") {
            return Module::from_operation(operation);
        }
        let module = Module::new(implicit_location);
        module.body().append_operation(operation);
        // The op was verified on its own; as in mlir-opt, verify it within
        // the implicit module too (symbol uses are only checked there).
        return module.as_operation().verify().then_some(module);
    }
    match op_count {
        Some(0) => Some(Module::new(implicit_location)),
        Some(_) => parse_implicit_module(context, source, source_name),
        None => None,
    }
}

/// Several top-level ops: MLIR's own reader makes the implicit module, in
/// one linear parse with one symbol table, exactly as mlir-opt does, but the
/// C API gives the buffer no name (`-`): the locations it made are renamed
/// afterwards, and its diagnostics re-emitted under the right name.
fn parse_implicit_module<'c>(context: &'c Context, source: &[u8], source_name: &str) -> Option<Module<'c>> {
    // Errors as plain data (message, and file position when there is one):
    // the handler outlives this borrow of the context.
    let errors = Rc::new(std::cell::RefCell::new(Vec::<(String, Option<(String, usize, usize)>)>::new()));
    let handler = attach_diagnostic_handler(context, {
        let errors = Rc::clone(&errors);
        move |diagnostic| {
            if matches!(diagnostic.severity, DiagnosticSeverity::Error) {
                let location = diagnostic.location;
                let position = location.is_file_line_col_range().then(|| {
                    let file = location.file_line_col_range_filename();
                    let file = file.as_string_ref().as_str().unwrap_or("-").to_owned();
                    (file, location.file_line_col_range_start_line(), location.file_line_col_range_start_column())
                });
                errors.borrow_mut().push((diagnostic.message, position));
            }
            true
        }
    });
    let module = ffi::parse_module_unnamed(context, source);
    context.detach_diagnostic_handler(handler);
    for (message, position) in errors.take() {
        let location = match position {
            Some((file, line, column)) if file == "-" || file.is_empty() => {
                Location::new(context, source_name, line, column)
            }
            Some((file, line, column)) => Location::new(context, &file, line, column),
            None => Location::new(context, source_name, 0, 0),
        };
        crate::emit_error(location, &message);
    }
    let module = module?;
    ffi::rename_unnamed_locations(&module, source_name);
    Some(module)
}

/// Prints `operation` as `mlir-opt` does (custom form), with locations when
/// `debug_info` is set (`--mlir-print-debuginfo`). The bytes are what MLIR
/// printed: not necessarily UTF-8.
pub fn print_operation(operation: OperationRef<'_, '_>, debug_info: bool) -> Vec<u8> {
    let flags = OperationPrintingFlags::new().enable_debug_info(debug_info, false);
    ffi::print_operation(operation, &flags)
}

/// [`print_operation`] for an op the caller has just verified (after the
/// pass manager's verification, say): MLIR's printer verifies what it prints
/// unless told otherwise, a full verification of the output (about 5% of a
/// conversion run). The text is the same.
pub fn print_verified_operation(operation: OperationRef<'_, '_>, debug_info: bool) -> Vec<u8> {
    let flags = OperationPrintingFlags::new().enable_debug_info(debug_info, false);
    ffi::assume_verified(&flags);
    ffi::print_operation(operation, &flags)
}

/// [`print_verified_operation`] in the generic form (`--mlir-print-op-generic`),
/// which shows every attribute: the custom forms of some ops
/// (`spirv.BranchConditional`, `spirv.mlir.loop`, `spirv.mlir.selection`)
/// print none of their discardable attributes.
pub fn print_verified_operation_generic(operation: OperationRef<'_, '_>, debug_info: bool) -> Vec<u8> {
    let flags = OperationPrintingFlags::new().enable_debug_info(debug_info, false).print_generic_operation_form();
    ffi::assume_verified(&flags);
    ffi::print_operation(operation, &flags)
}

#[cfg(test)]
mod tests {
    use super::{MAX_NESTING, TooDeep, check_nesting};

    /// The straightforward byte-by-byte scan `check_nesting` replaced, kept
    /// as the oracle.
    fn reference(source: &[u8]) -> Result<(), TooDeep> {
        let (mut depth, mut line, mut column) = (0usize, 1usize, 0usize);
        let (mut in_string, mut escaped, mut in_comment) = (false, false, false);
        let mut previous = 0u8;
        for &byte in source {
            column += 1;
            if byte == b'\n' {
                line += 1;
                column = 0;
                in_comment = false;
                previous = byte;
                continue;
            }
            if in_comment {
                continue;
            }
            if in_string {
                match byte {
                    _ if escaped => escaped = false,
                    b'\\' => escaped = true,
                    b'"' => in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => in_string = true,
                b'/' if previous == b'/' => in_comment = true,
                b'{' | b'(' | b'[' | b'<' => {
                    depth += 1;
                    if depth > MAX_NESTING {
                        return Err(TooDeep { line, column });
                    }
                }
                b'>' if previous == b'-' => {}
                b'}' | b')' | b']' | b'>' => depth = depth.saturating_sub(1),
                _ => {}
            }
            previous = byte;
        }
        Ok(())
    }

    fn deep(prefix: &str, open: &str, levels: usize) -> Vec<u8> {
        let mut text = prefix.as_bytes().to_vec();
        for _ in 0..levels {
            text.extend_from_slice(open.as_bytes());
        }
        text
    }

    #[test]
    fn agrees_with_the_byte_by_byte_scan() {
        let mut cases: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"module {\n}\n".to_vec(),
            deep("", "{", MAX_NESTING),
            deep("", "{", MAX_NESTING + 1),
            deep("x\n  y", "(\n", MAX_NESTING + 5),
            deep("", "[<", MAX_NESTING),
            deep("", "{->", MAX_NESTING + 1),
            deep("// comment {{{\n", "<", MAX_NESTING + 1),
            deep("\"(((\"", "{", MAX_NESTING + 1),
            deep("a /b/", "{", MAX_NESTING + 1),
            deep("\"/\"/", "{", MAX_NESTING + 1),
            deep("\"", "{", MAX_NESTING + 2),
            deep("\"esc \\\" still in\" ", "{", MAX_NESTING + 1),
            deep("\"esc \\\ndone\" ", "{", MAX_NESTING + 1),
            deep("\"esc \\\n\" still in\" ", "{", MAX_NESTING + 1),
            deep("\"line\nbreak\" ", "{", MAX_NESTING + 1),
            deep("//", "{", MAX_NESTING + 1),
            deep("/", "{", MAX_NESTING + 1),
            deep("}}}]]>>-", ">", 3),
        ];
        // Pseudo-random mixes of the bytes that matter.
        let alphabet = b"{}()[]<>-/\\\"\nab ";
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for length in [10usize, 100, 1_000, 30_000] {
            for _ in 0..20 {
                let text: Vec<u8> = (0..length)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        // Opening brackets more often, so that the limit is crossed.
                        if state.is_multiple_of(3) { b'{' } else { alphabet[(state >> 8) as usize % alphabet.len()] }
                    })
                    .collect();
                cases.push(text);
            }
        }
        for case in &cases {
            assert_eq!(
                check_nesting(case),
                reference(case),
                "on {:?}",
                String::from_utf8_lossy(&case[..case.len().min(40)])
            );
        }
        assert!(cases.iter().any(|case| reference(case).is_err()));
    }

    #[test]
    fn the_error_is_located() {
        let text = deep("module {\n", "{\n", MAX_NESTING);
        // `module {` opens level 1 on line 1, line k opens level k.
        assert_eq!(check_nesting(&text), Err(TooDeep { line: MAX_NESTING + 1, column: 1 }));
        let text = deep("module {\n  x", "{", MAX_NESTING);
        assert_eq!(check_nesting(&text), Err(TooDeep { line: 2, column: 3 + MAX_NESTING }));
    }
}
