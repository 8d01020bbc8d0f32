//! Calls to SPIR-V builtin functions: the `__spirv_*` functions that stand
//! for SPIR-V instructions without an LLVM counterpart (barriers, group
//! operations, OpenCL extended instructions), named and mangled as the
//! SPIRV-LLVM-Translator's "SPIR-V friendly IR" does (seed 000:
//! `__spirv_{OpCodeName}` and `__spirv_ocl_{name}`, Itanium-mangled on the
//! argument types, literal operands passed as `i32`).
//!
//! The mangled name is computed from the unmangled name and the argument
//! types, never spelled out by hand: [`mangle`] is the single place that
//! knows the Itanium encoding. [`call_builtin`] declares the function once
//! per module (`spir_funccc`, with the attributes upstream puts on its
//! builtins) and calls it with the same calling convention and attributes,
//! as upstream's `lookupOrCreateSPIRVFn` and `createSPIRVBuiltinCall` do.

use crate::spirv_to_llvm::util::attribute;
use melior::{
    Context,
    dialect::llvm,
    ir::{
        Attribute, Identifier, Location, Operation, Region, Type, Value,
        attribute::{DenseI32ArrayAttribute, FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        operation::OperationBuilder,
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::attributes::SpirvEnumAttr;
use spirv_opt_rs::{
    conversion::{ConversionRewriter, Replacement},
    error::MatchFailure,
    ir::vector_shape,
};

/// How an integer argument is mangled: SPIR-V integers are signless, so the
/// signedness comes from the instruction (the translator mangles integers as
/// signed unless the instruction reads them as unsigned, e.g. `UMin`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sign {
    /// `c`, `s`, `i`, `l` for 8, 16, 32 and 64 bits.
    Signed,
    /// `h`, `t`, `j`, `m` for 8, 16, 32 and 64 bits.
    Unsigned,
}

/// The Itanium-mangled name of the C++-style function `name(params...)`,
/// e.g. `_Z22__spirv_ControlBarrieriii`. Vector types that repeat are
/// encoded as substitutions (`S_`, `S0_`, ...), as a C++ compiler does.
pub(crate) fn mangle(name: &str, params: &[(Type<'_>, Sign)]) -> Result<String, MatchFailure> {
    let mut mangled = format!("_Z{}{name}", name.len());
    // Substitution candidates seen so far, in order. Builtin types (`i`,
    // `f`, `Dh`, ...) are never candidates; vector types are.
    let mut candidates: Vec<String> = Vec::new();
    if params.is_empty() {
        mangled.push('v');
    }
    for &(ty, sign) in params {
        let Some((length, element)) = vector_shape(ty) else {
            mangled.push_str(&scalar_code(ty, sign)?);
            continue;
        };
        let encoding = format!("Dv{length}_{}", scalar_code(element, sign)?);
        match candidates.iter().position(|candidate| *candidate == encoding) {
            Some(index) => mangled.push_str(&substitution(index)),
            None => {
                mangled.push_str(&encoding);
                candidates.push(encoding);
            }
        }
    }
    Ok(mangled)
}

/// The Itanium code of a scalar type.
fn scalar_code(ty: Type<'_>, sign: Sign) -> Result<String, MatchFailure> {
    if let Ok(integer) = IntegerType::try_from(ty) {
        let code = match (integer.width(), sign) {
            (1, _) => "b",
            (8, Sign::Signed) => "c",
            (8, Sign::Unsigned) => "h",
            (16, Sign::Signed) => "s",
            (16, Sign::Unsigned) => "t",
            (32, Sign::Signed) => "i",
            (32, Sign::Unsigned) => "j",
            (64, Sign::Signed) => "l",
            (64, Sign::Unsigned) => "m",
            (width, _) => {
                return Err(MatchFailure::new(format!(
                    "no builtin function takes {width}-bit integers (the SPIR-V builtin libraries have 8, 16, 32 and 64-bit ones)"
                )));
            }
        };
        return Ok(code.to_owned());
    }
    let printed = ty.to_string();
    let code = match printed.as_str() {
        "f16" => "Dh",
        "f32" => "f",
        "f64" => "d",
        "bf16" => "DF16b",
        _ => return Err(MatchFailure::new(format!("no builtin function takes arguments of type '{printed}'"))),
    };
    Ok(code.to_owned())
}

/// The Itanium substitution for the `index`-th candidate: `S_`, `S0_`, ...,
/// `S9_`, `SA_`, ..., `SZ_`, `S10_`, ... (the sequence number in base 36).
fn substitution(index: usize) -> String {
    if index == 0 {
        return "S_".to_owned();
    }
    const DIGITS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut number = index - 1;
    let mut digits = Vec::new();
    loop {
        digits.push(DIGITS[number % 36] as char);
        number /= 36;
        if number == 0 {
            break;
        }
    }
    let digits: String = digits.iter().rev().collect();
    format!("S{digits}_")
}

/// What a builtin function is declared with, besides `spir_funccc`,
/// `nounwind` and `willreturn` (which every builtin gets, as upstream).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BuiltinKind {
    /// `convergent`: barriers and group operations, whose callers must not
    /// make them control dependent on more (or fewer) values.
    Convergent,
    /// Neither convergent nor known to be free of memory effects
    /// (`__spirv_MemoryBarrier`).
    Plain,
    /// `memory(none)`: pure math (OpenCL extended instructions), as the
    /// translator declares them.
    Pure,
}

/// A builtin function: its unmangled name, its parameters and result.
pub(crate) struct Builtin<'a, 'c> {
    /// The unmangled name, e.g. `__spirv_GroupIAdd`.
    pub name: &'a str,
    /// Parameter types, with how integers among them are mangled.
    pub params: &'a [(Type<'c>, Sign)],
    /// The result type; `None` for `void`.
    pub result: Option<Type<'c>>,
    /// Declaration and call attributes.
    pub kind: BuiltinKind,
}

/// Declares `builtin` in the enclosing module (once) and calls it with
/// `args`, returning the call's result (none for a `void` builtin).
pub(crate) fn call_builtin<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    builtin: &Builtin<'_, 'c>,
    args: &[Value<'c, 'r>],
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    if args.len() != builtin.params.len() {
        return Err(MatchFailure::new(format!(
            "'{}' takes {} arguments, {} given",
            builtin.name,
            builtin.params.len(),
            args.len()
        )));
    }
    let symbol = mangle(builtin.name, builtin.params)?;
    let context = rewriter.context();
    let flags = flag_attributes(context, builtin.kind)?;
    let param_types: Vec<Type<'c>> = builtin.params.iter().map(|&(ty, _)| ty).collect();
    let result = builtin.result.unwrap_or_else(|| llvm::r#type::void(context));
    let function_type = llvm::r#type::function(result, &param_types, false);
    let cconv = parse_attribute(context, "#llvm.cconv<spir_funccc>")?;

    let declaration_flags = flags.clone();
    let declared = rewriter.declare_symbol(&symbol, |context, location| {
        declare(context, location, &symbol, function_type, cconv, &declaration_flags)
    })?;

    let mut attributes: Vec<(&str, Attribute<'c>)> = vec![
        ("callee", FlatSymbolRefAttribute::new(context, &symbol).into()),
        ("operandSegmentSizes", DenseI32ArrayAttribute::new(context, &[args.len() as i32, 0]).into()),
        ("op_bundle_sizes", DenseI32ArrayAttribute::new(context, &[]).into()),
    ];
    // A builtin the module defines itself is a plain converted function: the
    // call takes its calling convention (C) and attributes (none), as
    // upstream copies them from the callee; a mismatched convention would be
    // undefined behaviour in LLVM.
    if declared.is_some() {
        attributes.push(("CConv", cconv));
        attributes.extend(flags.iter().map(|(name, value)| (*name, *value)));
    }
    let results: Vec<Type<'c>> = builtin.result.into_iter().collect();
    let call = rewriter.create("llvm.call", args, &results, &attributes)?;
    Ok(rewriter.results_of(call))
}

/// The `llvm.func` declaration of a builtin.
fn declare<'c>(
    context: &'c Context,
    location: Location<'c>,
    symbol: &str,
    function_type: Type<'c>,
    cconv: Attribute<'c>,
    flags: &[(&'static str, Attribute<'c>)],
) -> Result<Operation<'c>, MatchFailure> {
    let mut attributes = vec![
        (Identifier::new(context, "sym_name"), StringAttribute::new(context, symbol).into()),
        (Identifier::new(context, "function_type"), TypeAttribute::new(function_type).into()),
        (Identifier::new(context, "CConv"), cconv),
        (Identifier::new(context, "linkage"), parse_attribute(context, "#llvm.linkage<external>")?),
    ];
    attributes.extend(flags.iter().map(|(name, value)| (Identifier::new(context, name), *value)));
    Ok(OperationBuilder::new("llvm.func", location)
        .add_attributes(&attributes)
        .add_regions([Region::new()])
        .build()?)
}

/// The attributes shared by a builtin's declaration and its calls.
fn flag_attributes(context: &Context, kind: BuiltinKind) -> Result<Vec<(&'static str, Attribute<'_>)>, MatchFailure> {
    let unit = parse_attribute(context, "unit")?;
    let mut flags = Vec::with_capacity(4);
    if kind == BuiltinKind::Convergent {
        flags.push(("convergent", unit));
    }
    flags.push(("no_unwind", unit));
    flags.push(("will_return", unit));
    if kind == BuiltinKind::Pure {
        flags.push((
            "memory_effects",
            parse_attribute(
                context,
                "#llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>",
            )?,
        ));
    }
    Ok(flags)
}

fn parse_attribute<'c>(context: &'c Context, text: &str) -> Result<Attribute<'c>, MatchFailure> {
    Attribute::parse(context, text).ok_or_else(|| MatchFailure::new(format!("cannot build attribute '{text}'")))
}

/// The SPIR-V enum attribute `name` of `op` (a scope, memory semantics or
/// group operation), read from its printed form.
pub(crate) fn enum_attribute<T: SpirvEnumAttr>(
    op: melior::ir::OperationRef<'_, '_>,
    name: &str,
) -> Result<T, MatchFailure> {
    let attribute = attribute(op, name)?;
    T::parse_attr(&attribute.to_string()).map_err(|error| MatchFailure::new(format!("attribute '{name}': {error}")))
}

/// The `i32` type, of the literal operands of builtins.
pub(crate) fn i32_type(context: &Context) -> Type<'_> {
    IntegerType::new(context, 32).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::Type;

    fn context() -> Context {
        let context = Context::new();
        context.load_all_available_dialects();
        context
    }

    fn ty<'c>(context: &'c Context, text: &str) -> Type<'c> {
        Type::parse(context, text).expect("valid type")
    }

    #[test]
    fn mangles_scalars_with_their_signedness() {
        let context = context();
        let i32 = ty(&context, "i32");
        let signed = [(i32, Sign::Signed); 3];
        assert_eq!(mangle("__spirv_ControlBarrier", &signed).unwrap(), "_Z22__spirv_ControlBarrieriii");
        let params = [(i32, Sign::Signed), (i32, Sign::Signed), (ty(&context, "i8"), Sign::Unsigned)];
        assert_eq!(mangle("__spirv_GroupUMin", &params).unwrap(), "_Z17__spirv_GroupUMiniih");
        let params = [(i32, Sign::Signed), (ty(&context, "f16"), Sign::Signed), (i32, Sign::Unsigned)];
        assert_eq!(mangle("__spirv_GroupNonUniformShuffle", &params).unwrap(), "_Z30__spirv_GroupNonUniformShuffleiDhj");
        assert_eq!(mangle("__spirv_Nothing", &[]).unwrap(), "_Z15__spirv_Nothingv");
    }

    #[test]
    fn substitutes_repeated_vector_types() {
        let context = context();
        let v2i32 = ty(&context, "vector<2xi32>");
        let params = [(ty(&context, "i32"), Sign::Signed), (v2i32, Sign::Signed), (v2i32, Sign::Signed)];
        assert_eq!(mangle("__spirv_GroupBroadcast", &params).unwrap(), "_Z22__spirv_GroupBroadcastiDv2_iS_");
        // Same shape, different signedness: a different type, no substitution.
        let params = [(v2i32, Sign::Signed), (v2i32, Sign::Unsigned), (v2i32, Sign::Unsigned)];
        assert_eq!(mangle("f", &params).unwrap(), "_Z1fDv2_iDv2_jS0_");
    }

    #[test]
    fn numbers_substitutions_in_base_36() {
        assert_eq!(substitution(0), "S_");
        assert_eq!(substitution(1), "S0_");
        assert_eq!(substitution(10), "S9_");
        assert_eq!(substitution(11), "SA_");
        assert_eq!(substitution(36), "SZ_");
        assert_eq!(substitution(37), "S10_");
    }

    #[test]
    fn rejects_types_without_a_code() {
        let context = context();
        assert!(mangle("f", &[(ty(&context, "i7"), Sign::Signed)]).is_err());
        assert!(mangle("f", &[(ty(&context, "index"), Sign::Signed)]).is_err());
        assert!(mangle("f", &[(ty(&context, "f80"), Sign::Signed)]).is_err());
    }
}
