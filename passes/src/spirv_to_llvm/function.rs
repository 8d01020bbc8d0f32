//! Function ops (manual: "Function conversion and related ops"): `spirv.func`
//! with signature conversion, function control and linkage, `spirv.Return`
//! and `spirv.ReturnValue`.

use super::{
    abi_attributes,
    util::{attribute, op_name, printed_attribute, type_attribute},
};
use melior::{
    dialect::llvm,
    ir::{
        Attribute, Identifier, OperationRef, Region, RegionLike, Type, Value,
        attribute::{StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::FunctionType,
    },
};
use spirv_opt_dialects::spirv::attributes::{FunctionControl, FunctionControlFlag, LinkageType};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
};

const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.Return", to: "llvm.return" },
    DirectConversion { from: "spirv.ReturnValue", to: "llvm.return" },
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_direct(DIRECT).add_fn("spirv.func", func);
}

/// `spirv.func` to `llvm.func`, converting the signature and the body.
fn func<'c, 'r>(
    op: OperationRef<'c, 'r>,
    _operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let function_type = FunctionType::try_from(type_attribute(op, "function_type")?)
        .map_err(|_| MatchFailure::new("'function_type' is not a function type"))?;
    let signature = rewriter.type_converter().convert_signature(function_type)?;
    let result: Type<'c> = match signature.results.as_slice() {
        [] => llvm::r#type::void(context),
        [result] => *result,
        _ => return Err(MatchFailure::new("functions with several results have no LLVM equivalent")),
    };
    let body = op.region(0).map_err(|_| MatchFailure::new("spirv.func has no body region"))?;
    let is_declaration = body.first_block().is_none();
    let llvm_type = llvm::r#type::function(result, &signature.inputs, false);
    let mut attributes: Vec<(&str, Attribute<'c>)> = vec![
        ("sym_name", StringAttribute::new(context, &llvm_symbol_name(op)?).into()),
        ("function_type", TypeAttribute::new(llvm_type).into()),
    ];
    attributes.extend(linkage_attributes(rewriter, op, is_declaration)?);
    attributes.extend(function_control_attributes(rewriter, op)?);
    if let Some(entry_point) = abi_attributes::entry_point_attribute(rewriter, op)? {
        attributes.push((abi_attributes::ENTRY_POINT, entry_point));
    }
    let identified: Vec<_> =
        attributes.iter().map(|(key, value)| (Identifier::new(context, key), *value)).collect();
    let func = OperationBuilder::new("llvm.func", rewriter.location())
        .add_attributes(&identified)
        .add_regions([Region::new()])
        .build()?;
    let func = rewriter.insert(func);
    if !is_declaration {
        let into = func.region(0).map_err(|_| MatchFailure::new("llvm.func has no region"))?;
        rewriter.convert_region_into(op, body, into, &signature.inputs)?;
    }
    Ok(vec![])
}

/// The LLVM attributes for the function control of a `spirv.func`.
///
/// Each flag is mapped on its own, where upstream switches on the whole mask
/// and so drops every combination (`Inline|Pure` gets nothing):
/// `Inline` → `always_inline`, `DontInline` → `no_inline`,
/// `OptNoneINTEL` → `optimize_none` (with `no_inline`, which LLVM requires
/// alongside `optnone`), `Pure` → `memory(read)`, `Const` →
/// `memory(argmem: read)` (no other memory; see below for the arguments).
/// Upstream spells the last two `passthrough = ["readonly"]` and
/// `["readnone"]`, which LLVM 22 rejects on functions ("Attribute 'readonly'
/// does not apply to functions"); `memory_effects` is the current spelling
/// of the same meaning. Contradictory hints are resolved towards the one
/// LLVM can honour: `Inline` is dropped when `DontInline` or `OptNoneINTEL`
/// is set (LLVM rejects `alwaysinline` with `noinline`), and `Const` wins
/// over `Pure`.
fn function_control_attributes<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    op: OperationRef<'c, '_>,
) -> Result<Vec<(&'static str, Attribute<'c>)>, MatchFailure> {
    let context = rewriter.context();
    let Some(text) = printed_attribute(op, "function_control") else { return Ok(Vec::new()) };
    let control = FunctionControl::parse(&text)
        .map_err(|error| MatchFailure::new(format!("cannot read 'function_control': {error}")))?;
    let unit = || Attribute::unit(context);
    let mut attributes = Vec::new();
    let opt_none = control.contains(FunctionControlFlag::OptNoneINTEL);
    let dont_inline = control.contains(FunctionControlFlag::DontInline) || opt_none;
    if control.contains(FunctionControlFlag::Inline) && !dont_inline {
        attributes.push(("always_inline", unit()));
    }
    if dont_inline {
        attributes.push(("no_inline", unit()));
    }
    if opt_none {
        attributes.push(("optimize_none", unit()));
    }
    let access = if control.contains(FunctionControlFlag::Const) {
        Some("none")
    } else if control.contains(FunctionControlFlag::Pure) {
        Some("read")
    } else {
        None
    };
    if let Some(access) = access {
        // `Const` promises not to dereference the parameters, but clang-22
        // marks a function `Const` that reads a struct passed by value
        // through its pointer (LLVM allows `memory(none)` with `byval`,
        // which SPIR-V lowers to a plain pointer): reads of the arguments'
        // memory stay allowed, or LLVM drops the caller's stores to the
        // struct before the call.
        let argument = if access == "none" { "read" } else { access };
        let text = format!(
            "#llvm.memory_effects<other = {access}, argMem = {argument}, inaccessibleMem = {access}, \
             errnoMem = {access}, targetMem0 = {access}, targetMem1 = {access}>"
        );
        let effects = Attribute::parse(context, &text)
            .ok_or_else(|| MatchFailure::new("cannot build the memory effects of the function control"))?;
        attributes.push(("memory_effects", effects));
    }
    Ok(attributes)
}

/// The `linkage` of the `llvm.func` for the `linkage_attributes` of a
/// `spirv.func`: `Import` and `Export` are LLVM's default `external` linkage,
/// `LinkOnceODR` is `linkonce_odr` (which LLVM allows on definitions only).
fn linkage_attributes<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    op: OperationRef<'c, '_>,
    is_declaration: bool,
) -> Result<Vec<(&'static str, Attribute<'c>)>, MatchFailure> {
    let Some(linkage) = Linkage::of(op)? else { return Ok(Vec::new()) };
    match linkage.kind {
        LinkageType::Export | LinkageType::Import => Ok(Vec::new()),
        LinkageType::LinkOnceODR if is_declaration => {
            Err(MatchFailure::new("a function declaration cannot have 'LinkOnceODR' linkage"))
        }
        LinkageType::LinkOnceODR => {
            let linkage = Attribute::parse(rewriter.context(), "#llvm.linkage<linkonce_odr>")
                .ok_or_else(|| MatchFailure::new("cannot build the 'linkonce_odr' linkage"))?;
            Ok(vec![("linkage", linkage)])
        }
    }
}

/// The name of the `llvm.func` for a `spirv.func`: its linkage name when it
/// has `linkage_attributes` (the name other modules link against, as the
/// SPIR-V to LLVM translator does), else its symbol name. Upstream always
/// keeps the symbol name.
pub(super) fn llvm_symbol_name(func: OperationRef<'_, '_>) -> Result<String, MatchFailure> {
    if let Some(linkage) = Linkage::of(func)? {
        return Ok(linkage.name);
    }
    let name = attribute(func, "sym_name")?;
    // `string_value`: melior's `value()` panics on a name that is not UTF-8.
    StringAttribute::try_from(name)
        .ok()
        .and_then(|_| spirv_opt_rs::ir::string_value(name))
        .ok_or_else(|| MatchFailure::new("'sym_name' is not a string"))
}

/// The `spirv.func` named `callee` in the symbol table enclosing `op`.
pub(super) fn lookup_function<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    op: OperationRef<'c, 'r>,
    callee: &str,
) -> Option<OperationRef<'c, 'r>> {
    rewriter.lookup_symbol(op, callee).filter(|func| op_name(*func) == "spirv.func")
}

/// The `linkage_attributes` of a `spirv.func`, read from their printed form
/// `#spirv.linkage_attributes<linkage_name = "n", linkage_type = <Import>>`
/// (the C API has no accessor for them).
struct Linkage {
    name: String,
    kind: LinkageType,
}

impl Linkage {
    fn of(func: OperationRef<'_, '_>) -> Result<Option<Self>, MatchFailure> {
        let Some(text) = printed_attribute(func, "linkage_attributes") else { return Ok(None) };
        let malformed = || MatchFailure::new(format!("cannot read 'linkage_attributes' {text}"));
        let rest = text.split_once("linkage_name = \"").ok_or_else(malformed)?.1;
        let (name, rest) = unescape_string(rest).ok_or_else(malformed)?;
        let kind = rest.split_once("linkage_type = ").ok_or_else(malformed)?.1;
        let kind = kind.strip_suffix('>').ok_or_else(malformed)?;
        let kind = LinkageType::parse(kind).map_err(|error| MatchFailure::new(format!("{error}")))?;
        Ok(Some(Self { name, kind }))
    }
}

/// Reads an MLIR string literal whose opening quote was consumed: returns
/// its value and the text after the closing quote. MLIR escapes `"`, `\` and
/// non-printable bytes as `\` followed by two hex digits (`\\` for `\`).
fn unescape_string(text: &str) -> Option<(String, &str)> {
    let bytes = text.as_bytes();
    let mut value = Vec::new();
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'"' => return Some((String::from_utf8(value).ok()?, &text[index + 1..])),
            b'\\' if bytes.get(index + 1) == Some(&b'\\') => {
                value.push(b'\\');
                index += 2;
            }
            b'\\' => {
                value.push(u8::from_str_radix(text.get(index + 1..index + 3)?, 16).ok()?);
                index += 3;
            }
            byte => {
                value.push(byte);
                index += 1;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::unescape_string;

    #[test]
    fn unescapes_mlir_string_literals() {
        assert_eq!(unescape_string(r#"plain", rest"#), Some(("plain".to_owned(), ", rest")));
        assert_eq!(unescape_string(r#"a\22b\\c\0Ad">"#), Some(("a\"b\\c\nd".to_owned(), ">")));
        assert_eq!(unescape_string("unterminated"), None);
    }
}
