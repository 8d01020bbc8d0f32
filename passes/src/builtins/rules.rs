//! What each builtin is, and its definition as MLIR text for the declared
//! types. One table row per name; the logic is in the few expansions below.

use std::fmt::Write;

use super::Signature;
use crate::ir_text::Text;

mod math;

pub use math::Math;

/// How a builtin is defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuiltinRule {
    /// An LLVM intrinsic with the OpenCL meaning, on the arguments as given
    /// (vectors included).
    Intrinsic(&'static str),
    /// An LLVM intrinsic taking a trailing `i1 false` (`ctlz`, `cttz`, `abs`:
    /// defined for every input, as OpenCL wants).
    IntrinsicDefinedAtZero(&'static str),
    /// The C math library function (`name` for double, `namef` for float;
    /// half goes through float), lane by lane.
    Libm(&'static str),
    /// The same function as another OpenCL builtin of full precision (the
    /// `half_` and `native_` variants may be less precise; full precision
    /// meets their bounds).
    Alias(&'static str),
    /// An expansion of the OpenCL definition.
    Expansion(Expansion),
    /// A subgroup operation, in a subgroup of one invocation.
    Subgroup(Subgroup),
    /// An OpenCL C 1.x atomic function (`atomic_add`, `atom_inc`...), as an
    /// LLVM atomic on its pointer.
    Atomic(&'static str),
    /// A math function spelled out in `rules/math.rs` (the `*pi` functions,
    /// `rootn`, the functions with a pointer out-parameter...).
    Math(Math),
    /// An OpenCL C 1.x memory fence (`mem_fence`, `read_mem_fence`,
    /// `write_mem_fence`; clang imports the last two as library functions):
    /// a sequentially consistent fence, as the ABI makes `OpMemoryBarrier`.
    Fence,
    /// `__spirv_ReadClockKHR_R{ulong,v2uint}(scope)` (SPV_KHR_shader_clock): the processor's
    /// cycle counter (`llvm.readcyclecounter`), as an `i64` or a
    /// `vector<2xi32>` (low word first). One counter serves every scope:
    /// the extension only asks that reads in one invocation do not go back.
    Clock,
    /// `__spirv_GroupAsyncCopy(scope, destination, source, elements, stride,
    /// element size, stride on source)`, the importer's form of
    /// `OpGroupAsyncCopy` (byte pointers): the copy, element by element, the
    /// stride applied to the source (copies into workgroup memory) or to the
    /// destination. Every invocation copies the same values; the
    /// `OpGroupWaitEvents` after it is a workgroup barrier, so no invocation
    /// reads or writes the destination before all copies are done. Returns
    /// an `i32` 0 (the importer's builtin calls have a result).
    AsyncCopy,
    /// OpenCL C's `convert_<type>[n][_sat][_rte|_rtz|_rtp|_rtn]`, which
    /// clang-22 leaves as a call where it has no SPIR-V conversion for it
    /// (`convert_double16`, `convert_double_rtp` without `cl_khr_fp64`:
    /// fuzz-diff-cl finding 14); `signed`: the destination's signedness;
    /// `rounding`: the suffix's, else the default of the direction (to
    /// nearest even to a float type, toward zero to an integer one);
    /// `saturate`: `_sat` (integer destinations only).
    Convert { signed: bool, rounding: Rounding, saturate: bool },
}

/// The rounding of an OpenCL C conversion (`_rte`, `_rtz`, `_rtp`, `_rtn`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rounding {
    /// To nearest, ties to even (`_rte`).
    NearestEven,
    /// Toward zero (`_rtz`).
    Zero,
    /// Toward positive infinity (`_rtp`).
    Up,
    /// Toward negative infinity (`_rtn`).
    Down,
}

/// The builtins defined by an expansion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expansion {
    Identity,
    AbsDiff { signed: bool },
    Halving { signed: bool, round: bool },
    Clamp { signed: bool },
    MulHi { signed: bool, add: bool },
    MadSat { signed: bool },
    Mul24 { add: bool },
    Upsample { signed: bool },
    FClamp,
    Degrees,
    Radians,
    Mix,
    Step,
    SmoothStep,
    Sign,
    Mad,
    Divide,
    Recip,
    Rsqrt,
    Fdim,
    MaxMag { max: bool },
    Select,
    Bitselect,
    Cross,
    Dot,
    Length,
    Distance,
    Normalize,
    Shuffle,
    Shuffle2,
    Pown,
    Ldexp,
}

/// Subgroup operations, with a subgroup of one invocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subgroup {
    /// The value operand (`Broadcast`, `Shuffle*`, `All`, `Any`...): the
    /// only invocation's own.
    Own { value: usize },
    /// `true` (`Elect`, `AllEqual`).
    True,
    /// A reduction or scan of one value: the value, or the identity for an
    /// exclusive scan.
    Arithmetic(Identity),
    /// A ballot: bit 0 holds the predicate.
    Ballot,
    /// `PartitionEXT`'s ballot of the invocations with the same value: the
    /// only invocation's bit 0.
    Partition,
    /// The number of set bits among the invocations the operation counts.
    BallotBitCount,
    /// The lowest or highest set bit of a ballot, among the bits of the
    /// subgroup's invocations (bit 0 alone).
    BallotFind { msb: bool },
}

/// The identity of a group reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    Zero,
    One,
    AllOnes,
    SignedMin,
    SignedMax,
    UnsignedMax,
    FloatPlusInfinity,
    FloatMinusInfinity,
    False,
    True,
}

/// The OpenCL.std functions whose LLVM intrinsic has their name and meaning.
const SAME_NAME_INTRINSICS: &[&str] = &[
    "ceil", "floor", "fabs", "fma", "rint", "round", "trunc", "sqrt", "copysign", "exp", "exp2", "exp10", "log",
    "log2", "log10", "sin", "cos", "tan", "pow", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
];

/// The OpenCL.std functions the C math library computes within OpenCL's
/// bounds, under the same name.
const LIBM: &[&str] = &[
    "asinh",
    "acosh",
    "atanh",
    "erf",
    "erfc",
    "expm1",
    "fmod",
    "hypot",
    "log1p",
    "logb",
    "nextafter",
    "remainder",
    "tgamma",
];

/// The rule for the builtin whose unmangled name is `base`.
pub fn rule_for(base: &str) -> Option<BuiltinRule> {
    use self::Expansion as E;
    use BuiltinRule::{Alias, Atomic, Intrinsic, IntrinsicDefinedAtZero, Libm, Subgroup};
    if let Some(rule) = convert_rule(base) {
        return Some(rule);
    }
    if let Some(op) = base.strip_prefix("__spirv_ocl_") {
        return Some(match op {
            _ if SAME_NAME_INTRINSICS.contains(&op) => {
                Intrinsic(SAME_NAME_INTRINSICS.iter().find(|name| **name == op).copied().unwrap_or_default())
            }
            "fmax" | "fmax_common" => Intrinsic("maxnum"),
            "fmin" | "fmin_common" => Intrinsic("minnum"),
            _ if LIBM.contains(&op) => Libm(LIBM.iter().find(|name| **name == op).copied().unwrap_or_default()),
            "powr" => Alias("pow"),
            "half_cos" | "native_cos" => Alias("cos"),
            "half_sin" | "native_sin" => Alias("sin"),
            "half_tan" | "native_tan" => Alias("tan"),
            "half_exp" | "native_exp" => Alias("exp"),
            "half_exp2" | "native_exp2" => Alias("exp2"),
            "half_exp10" | "native_exp10" => Alias("exp10"),
            "half_log" | "native_log" => Alias("log"),
            "half_log2" | "native_log2" => Alias("log2"),
            "half_log10" | "native_log10" => Alias("log10"),
            "half_powr" | "native_powr" => Alias("pow"),
            "half_sqrt" | "native_sqrt" => Alias("sqrt"),
            "half_rsqrt" | "native_rsqrt" | "rsqrt" => BuiltinRule::Expansion(E::Rsqrt),
            "half_recip" | "native_recip" => BuiltinRule::Expansion(E::Recip),
            "half_divide" | "native_divide" => BuiltinRule::Expansion(E::Divide),
            "mad" => BuiltinRule::Expansion(E::Mad),
            "fdim" => BuiltinRule::Expansion(E::Fdim),
            "maxmag" => BuiltinRule::Expansion(E::MaxMag { max: true }),
            "minmag" => BuiltinRule::Expansion(E::MaxMag { max: false }),
            "pown" => BuiltinRule::Expansion(E::Pown),
            "ldexp" => BuiltinRule::Expansion(E::Ldexp),
            "s_abs" => IntrinsicDefinedAtZero("abs"),
            "u_abs" => BuiltinRule::Expansion(E::Identity),
            "s_abs_diff" => BuiltinRule::Expansion(E::AbsDiff { signed: true }),
            "u_abs_diff" => BuiltinRule::Expansion(E::AbsDiff { signed: false }),
            "s_add_sat" => Intrinsic("sadd.sat"),
            "u_add_sat" => Intrinsic("uadd.sat"),
            "s_sub_sat" => Intrinsic("ssub.sat"),
            "u_sub_sat" => Intrinsic("usub.sat"),
            "s_hadd" => BuiltinRule::Expansion(E::Halving { signed: true, round: false }),
            "u_hadd" => BuiltinRule::Expansion(E::Halving { signed: false, round: false }),
            "s_rhadd" => BuiltinRule::Expansion(E::Halving { signed: true, round: true }),
            "u_rhadd" => BuiltinRule::Expansion(E::Halving { signed: false, round: true }),
            "s_clamp" => BuiltinRule::Expansion(E::Clamp { signed: true }),
            "u_clamp" => BuiltinRule::Expansion(E::Clamp { signed: false }),
            "clz" => IntrinsicDefinedAtZero("ctlz"),
            "ctz" => IntrinsicDefinedAtZero("cttz"),
            "popcount" => Intrinsic("ctpop"),
            "rotate" => Intrinsic("fshl"),
            "s_max" => Intrinsic("smax"),
            "u_max" => Intrinsic("umax"),
            "s_min" => Intrinsic("smin"),
            "u_min" => Intrinsic("umin"),
            "s_mul_hi" => BuiltinRule::Expansion(E::MulHi { signed: true, add: false }),
            "u_mul_hi" => BuiltinRule::Expansion(E::MulHi { signed: false, add: false }),
            "s_mad_hi" => BuiltinRule::Expansion(E::MulHi { signed: true, add: true }),
            "u_mad_hi" => BuiltinRule::Expansion(E::MulHi { signed: false, add: true }),
            "s_mad_sat" => BuiltinRule::Expansion(E::MadSat { signed: true }),
            "u_mad_sat" => BuiltinRule::Expansion(E::MadSat { signed: false }),
            "s_mul24" | "u_mul24" => BuiltinRule::Expansion(E::Mul24 { add: false }),
            "s_mad24" | "u_mad24" => BuiltinRule::Expansion(E::Mul24 { add: true }),
            "s_upsample" => BuiltinRule::Expansion(E::Upsample { signed: true }),
            "u_upsample" => BuiltinRule::Expansion(E::Upsample { signed: false }),
            "fclamp" => BuiltinRule::Expansion(E::FClamp),
            "degrees" => BuiltinRule::Expansion(E::Degrees),
            "radians" => BuiltinRule::Expansion(E::Radians),
            "mix" => BuiltinRule::Expansion(E::Mix),
            "step" => BuiltinRule::Expansion(E::Step),
            "smoothstep" => BuiltinRule::Expansion(E::SmoothStep),
            "sign" => BuiltinRule::Expansion(E::Sign),
            "select" => BuiltinRule::Expansion(E::Select),
            "bitselect" => BuiltinRule::Expansion(E::Bitselect),
            "cross" => BuiltinRule::Expansion(E::Cross),
            "dot" => BuiltinRule::Expansion(E::Dot),
            "length" | "fast_length" => BuiltinRule::Expansion(E::Length),
            "distance" | "fast_distance" => BuiltinRule::Expansion(E::Distance),
            "normalize" | "fast_normalize" => BuiltinRule::Expansion(E::Normalize),
            "shuffle" => BuiltinRule::Expansion(E::Shuffle),
            "shuffle2" => BuiltinRule::Expansion(E::Shuffle2),
            "sinpi" => BuiltinRule::Math(Math::SinPi),
            "cospi" => BuiltinRule::Math(Math::CosPi),
            "tanpi" => BuiltinRule::Math(Math::TanPi),
            "asinpi" => BuiltinRule::Math(Math::AsinPi),
            "acospi" => BuiltinRule::Math(Math::AcosPi),
            "atanpi" => BuiltinRule::Math(Math::AtanPi),
            "atan2pi" => BuiltinRule::Math(Math::Atan2Pi),
            "rootn" => BuiltinRule::Math(Math::RootN),
            "cbrt" => BuiltinRule::Math(Math::Cbrt),
            "nan" => BuiltinRule::Math(Math::Nan),
            "ilogb" => BuiltinRule::Math(Math::Ilogb),
            "frexp" => BuiltinRule::Math(Math::Frexp),
            "modf" => BuiltinRule::Math(Math::Modf),
            "fract" => BuiltinRule::Math(Math::Fract),
            "sincos" => BuiltinRule::Math(Math::SinCos),
            "remquo" => BuiltinRule::Math(Math::RemQuo),
            "lgamma_r" => BuiltinRule::Math(Math::LgammaR),
            "lgamma" => BuiltinRule::Math(Math::Lgamma),
            "prefetch" => BuiltinRule::Math(Math::Prefetch),
            _ => return None,
        });
    }
    if let Some(op) = base.strip_prefix("__spirv_GroupNonUniform") {
        use Identity as I;
        return Some(Subgroup(match op {
            "Elect" | "AllEqual" => self::Subgroup::True,
            "All" | "Any" | "Broadcast" | "BroadcastFirst" | "Shuffle" | "ShuffleXor" | "ShuffleUp" | "ShuffleDown"
            | "RotateKHR" => self::Subgroup::Own { value: 1 },
            "Ballot" => self::Subgroup::Ballot,
            "PartitionEXT" => self::Subgroup::Partition,
            "BallotBitCount" => self::Subgroup::BallotBitCount,
            "BallotFindLSB" => self::Subgroup::BallotFind { msb: false },
            "BallotFindMSB" => self::Subgroup::BallotFind { msb: true },
            "IAdd" | "FAdd" | "BitwiseOr" | "BitwiseXor" | "LogicalOr" | "LogicalXor" => {
                self::Subgroup::Arithmetic(if op == "LogicalOr" || op == "LogicalXor" { I::False } else { I::Zero })
            }
            "IMul" => self::Subgroup::Arithmetic(I::One),
            "FMul" => self::Subgroup::Arithmetic(I::One),
            "BitwiseAnd" => self::Subgroup::Arithmetic(I::AllOnes),
            "LogicalAnd" => self::Subgroup::Arithmetic(I::True),
            "SMin" => self::Subgroup::Arithmetic(I::SignedMax),
            "SMax" => self::Subgroup::Arithmetic(I::SignedMin),
            "UMin" => self::Subgroup::Arithmetic(I::UnsignedMax),
            "UMax" => self::Subgroup::Arithmetic(I::Zero),
            "FMin" => self::Subgroup::Arithmetic(I::FloatPlusInfinity),
            "FMax" => self::Subgroup::Arithmetic(I::FloatMinusInfinity),
            _ => return None,
        }));
    }
    if base == "__spirv_SubgroupBallotKHR" {
        return Some(Subgroup(self::Subgroup::Ballot));
    }
    if matches!(base, "mem_fence" | "read_mem_fence" | "write_mem_fence") {
        return Some(BuiltinRule::Fence);
    }
    // SPV_EXT_shader_atomic_float_min_max, as the importer calls them.
    match base {
        "__spirv_ReadClockKHR_Rulong" | "__spirv_ReadClockKHR_Rv2uint" => return Some(BuiltinRule::Clock),
        "__spirv_GroupAsyncCopy" => return Some(BuiltinRule::AsyncCopy),
        "__spirv_AtomicFMinEXT" => return Some(Atomic("fmin_ext")),
        "__spirv_AtomicFMaxEXT" => return Some(Atomic("fmax_ext")),
        _ => {}
    }
    let atomic = base.strip_prefix("atomic_").or_else(|| base.strip_prefix("atom_"))?;
    Some(Atomic(match atomic {
        "add" => "add",
        "sub" => "sub",
        "xchg" => "xchg",
        "min" => "min",
        "max" => "max",
        "and" => "_and",
        "or" => "_or",
        "xor" => "_xor",
        "inc" => "inc",
        "dec" => "dec",
        "cmpxchg" => "cmpxchg",
        // OpenCL C 2.0's atomic_fetch_min/max, in every form (with a memory
        // order, and a scope): clang-22's SPIR-V backend lowers the other
        // C11 atomics to OpAtomic* instructions but leaves these as imports
        // of the library functions. Sequentially consistent, at least the
        // order each call asks.
        "fetch_min" | "fetch_min_explicit" => "min",
        "fetch_max" | "fetch_max_explicit" => "max",
        _ => return None,
    }))
}

/// `(lanes, element)` of a printed type: `vector<4xf32>` is `(Some(4), "f32")`.
fn shape(ty: &str) -> (Option<usize>, &str) {
    if let Some(inner) = ty.strip_prefix("vector<").and_then(|inner| inner.strip_suffix('>'))
        && let Some((count, element)) = inner.split_once('x')
        && let Ok(count) = count.parse()
    {
        return (Some(count), element);
    }
    (None, ty)
}

fn is_float(element: &str) -> bool {
    matches!(element, "f16" | "f32" | "f64" | "bf16")
}

fn bits(element: &str) -> Option<u32> {
    element.strip_prefix('i').and_then(|width| width.parse().ok())
}

/// `ty` with `element` in place of its element type.
fn with_element(ty: &str, element: &str) -> String {
    match shape(ty) {
        (Some(lanes), _) => format!("vector<{lanes}x{element}>"),
        (None, _) => element.to_owned(),
    }
}

/// A constant of type `ty` (splat for a vector); `value` in MLIR's syntax.
fn constant(text: &mut Text, ty: &str, value: &str) -> String {
    match shape(ty) {
        (Some(_), _) => text.value(format!("llvm.mlir.constant(dense<{value}> : {ty}) : {ty}")),
        // A bool attribute takes no type suffix: `true : i1` does not parse.
        (None, _) if value == "true" || value == "false" => text.value(format!("llvm.mlir.constant({value}) : {ty}")),
        (None, _) => text.value(format!("llvm.mlir.constant({value} : {ty}) : {ty}")),
    }
}

/// `value` of type `from` (a scalar) broadcast to `to` (a vector), or as is.
fn splat(text: &mut Text, value: &str, from: &str, to: &str) -> String {
    match (shape(from), shape(to)) {
        ((None, _), (Some(lanes), _)) => {
            let poison = text.value(format!("llvm.mlir.poison : {to}"));
            let zero = text.i32(0);
            let inserted = text.value(format!("llvm.insertelement {value}, {poison}[{zero} : i32] : {to}"));
            let mask = vec!["0"; lanes].join(", ");
            text.value(format!("llvm.shufflevector {inserted}, {inserted} [{mask}] : {to}"))
        }
        _ => value.to_owned(),
    }
}

fn call_intrinsic(text: &mut Text, name: &str, arguments: &[String], types: &[String], result: &str) -> String {
    text.value(format!(
        "llvm.call_intrinsic \"llvm.{name}\"({}) : ({}) -> {result}",
        arguments.join(", "),
        types.join(", ")
    ))
}

/// The `llvm.func` definition of `signature` by `rule`.
pub(crate) fn define(signature: &Signature<'_>, rule: BuiltinRule) -> Result<String, String> {
    let mut text = Text::new();
    let arguments: Vec<String> = (0..signature.inputs.len()).map(|index| format!("%a{index}")).collect();
    let types = &signature.inputs;
    let result_type = signature.result.as_str();
    let returned = body(&mut text, signature, rule, &arguments, types, result_type)?;
    match returned {
        Some(value) => text.line(format!("llvm.return {value} : {result_type}")),
        None => text.line("llvm.return"),
    }
    let parameters: Vec<String> =
        arguments.iter().zip(types).map(|(argument, ty)| format!("{argument}: {ty}")).collect();
    let result = if result_type == "!llvm.void" { String::new() } else { format!(" -> {result_type}") };
    let mut definition = String::new();
    let _ = write!(
        definition,
        "  llvm.func linkonce_odr {} {}({}){result} attributes {{always_inline, no_unwind}} {{\n{}  }}",
        signature.calling_convention,
        crate::ir_text::symbol(signature.name),
        parameters.join(", "),
        text.out
    );
    Ok(definition)
}

fn body(
    text: &mut Text,
    signature: &Signature<'_>,
    rule: BuiltinRule,
    arguments: &[String],
    types: &[String],
    result_type: &str,
) -> Result<Option<String>, String> {
    let argument = |index: usize| -> Result<&String, String> {
        arguments.get(index).ok_or_else(|| format!("expected at least {} arguments", index + 1))
    };
    Ok(Some(match rule {
        BuiltinRule::Intrinsic("fshl") => {
            // rotate(v, i) = fshl(v, v, i)
            let (value, amount) = (argument(0)?.clone(), argument(1)?.clone());
            call_intrinsic(
                text,
                "fshl",
                &[value.clone(), value, amount],
                &[types[0].clone(), types[0].clone(), types[1].clone()],
                result_type,
            )
        }
        BuiltinRule::Intrinsic(name) => {
            let splatted: Vec<String> =
                arguments.iter().zip(types).map(|(value, ty)| splat(text, value, ty, result_type)).collect();
            let same: Vec<String> = vec![result_type.to_owned(); arguments.len()];
            call_intrinsic(text, name, &splatted, &same, result_type)
        }
        BuiltinRule::IntrinsicDefinedAtZero(name) => {
            let no = text.value("llvm.mlir.constant(false) : i1");
            call_intrinsic(text, name, &[argument(0)?.clone(), no], &[types[0].clone(), "i1".to_owned()], result_type)
        }
        BuiltinRule::Libm(name) => lanewise(text, arguments, types, result_type, &mut |text, lanes, element| {
            libm_call(text, name, lanes, element)
        })?,
        BuiltinRule::Alias(name) => {
            let rule = rule_for(&format!("__spirv_ocl_{name}")).ok_or_else(|| format!("no rule for {name}"))?;
            return body(text, signature, rule, arguments, types, result_type);
        }
        BuiltinRule::Expansion(expansion) => expand(text, expansion, arguments, types, result_type)?,
        BuiltinRule::Subgroup(operation) => subgroup(text, operation, arguments, types, result_type)?,
        BuiltinRule::Atomic(operation) => {
            return atomic(text, operation, signature.mangled_parameters, arguments, types, result_type).map(Some);
        }
        BuiltinRule::Math(math) => return math::body(text, math, signature, arguments, types, result_type),
        BuiltinRule::Fence => {
            text.line("llvm.fence seq_cst");
            return Ok(None);
        }
        BuiltinRule::Convert { signed, rounding, saturate } => {
            let conversion = Conversion { signed, rounding, saturate };
            return convert(text, conversion, signature.mangled_parameters, arguments, types, result_type).map(Some);
        }
        BuiltinRule::AsyncCopy => {
            let [_, destination, source, elements, stride, size, on_source] = arguments else {
                return Err("expected (scope, destination, source, elements, stride, element size, stride on source)".into());
            };
            let (destination_type, source_type) = (&types[1], &types[2]);
            let on_source = text.value(format!("llvm.trunc {on_source} : i32 to i1"));
            let first = text.i64(0);
            text.line(format!("llvm.br ^loop({first} : i64)"));
            text.label("loop(%k: i64)");
            let more = text.value(format!("llvm.icmp \"ult\" %k, {elements} : i64"));
            text.line(format!("llvm.cond_br {more}, ^body, ^done"));
            text.label("body");
            let strided = text.value(format!("llvm.mul %k, {stride} : i64"));
            let source_index = text.value(format!("llvm.select {on_source}, {strided}, %k : i1, i64"));
            let destination_index = text.value(format!("llvm.select {on_source}, %k, {strided} : i1, i64"));
            let source_offset = text.value(format!("llvm.mul {source_index}, {size} : i64"));
            let destination_offset = text.value(format!("llvm.mul {destination_index}, {size} : i64"));
            let from = text.value(format!(
                "llvm.getelementptr {source}[{source_offset}] : ({source_type}, i64) -> {source_type}, i8"
            ));
            let to = text.value(format!(
                "llvm.getelementptr {destination}[{destination_offset}] : ({destination_type}, i64) -> {destination_type}, i8"
            ));
            text.line(format!(
                "\"llvm.intr.memcpy\"({to}, {from}, {size}) <{{isVolatile = false}}> : ({destination_type}, {source_type}, i64) -> ()"
            ));
            let one = text.i64(1);
            let next = text.value(format!("llvm.add %k, {one} : i64"));
            text.line(format!("llvm.br ^loop({next} : i64)"));
            text.label("done");
            // The importer's calls have a result: 0.
            text.i32(0)
        }
        BuiltinRule::Clock => {
            let cycles = call_intrinsic(text, "readcyclecounter", &[], &[], "i64");
            match result_type {
                "i64" => cycles,
                "vector<2xi32>" => text.value(format!("llvm.bitcast {cycles} : i64 to vector<2xi32>")),
                other => return Err(format!("a clock read as {other} (an i64 or a vector<2xi32>)")),
            }
        }
    }))
}

/// The body of a lanewise rule for one lane: (text, lane arguments, element type).
type ScalarBody<'a> = dyn FnMut(&mut Text, &[String], &str) -> Result<String, String> + 'a;

/// Applies `scalar` lane by lane (or once, for scalars). Scalar arguments
/// are given to every lane.
fn lanewise(
    text: &mut Text,
    arguments: &[String],
    types: &[String],
    result_type: &str,
    scalar: &mut ScalarBody<'_>,
) -> Result<String, String> {
    let (lanes, element) = shape(result_type);
    let Some(lanes) = lanes else { return scalar(text, arguments, element) };
    let mut vector = text.value(format!("llvm.mlir.poison : {result_type}"));
    for lane in 0..lanes {
        let index = text.i32(lane as i64);
        let mut scalars = Vec::new();
        for (value, ty) in arguments.iter().zip(types) {
            scalars.push(match shape(ty) {
                (Some(_), _) => text.value(format!("llvm.extractelement {value}[{index} : i32] : {ty}")),
                (None, _) => value.clone(),
            });
        }
        let computed = scalar(text, &scalars, element)?;
        vector = text.value(format!("llvm.insertelement {computed}, {vector}[{index} : i32] : {result_type}"));
    }
    Ok(vector)
}

/// A call of the C math library function `name` on scalars of `element`.
fn libm_call(text: &mut Text, name: &str, arguments: &[String], element: &str) -> Result<String, String> {
    let (function, ty) = match element {
        "f64" => (name.to_owned(), "f64"),
        "f32" | "f16" => (format!("{name}f"), "f32"),
        other => return Err(format!("{name} is not defined for {other}")),
    };
    let widened: Vec<String> = if element == "f16" {
        arguments.iter().map(|value| text.value(format!("llvm.fpext {value} : f16 to f32"))).collect()
    } else {
        arguments.to_vec()
    };
    let types = vec![ty; widened.len()].join(", ");
    let result = text.value(format!("llvm.call @{function}({}) : ({types}) -> {ty}", widened.join(", ")));
    Ok(if element == "f16" { text.value(format!("llvm.fptrunc {result} : f32 to f16")) } else { result })
}

/// The declarations of the C math library functions `definitions` call.
pub(crate) fn libm_declarations(definitions: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    for line in definitions.lines() {
        let Some((_, call)) = line.split_once("llvm.call @") else { continue };
        let Some((name, rest)) = call.split_once('(') else { continue };
        let Some((_, signature)) = rest.split_once(" : ") else { continue };
        if found.iter().any(|(known, _)| known == name) {
            continue;
        }
        let Some((inputs, output)) = signature.split_once(" -> ") else { continue };
        // `lgammaf_r` writes its sign through its pointer; the others touch no memory.
        let arguments = if inputs.contains("!llvm.ptr") { "readwrite" } else { "none" };
        found.push((name.to_owned(), format!("  llvm.func @{name}{inputs} -> {output} attributes {{memory_effects = #llvm.memory_effects<other = none, argMem = {arguments}, inaccessibleMem = none, errnoMem = none, targetMem0 = none, targetMem1 = none>, no_unwind}}")));
    }
    found
}

fn binary(text: &mut Text, op: &str, a: &str, b: &str, ty: &str) -> String {
    text.value(format!("llvm.{op} {a}, {b} : {ty}"))
}

fn select(text: &mut Text, condition: &str, a: &str, b: &str, ty: &str) -> String {
    let (lanes, _) = shape(ty);
    let condition_type = match lanes {
        Some(lanes) => format!("vector<{lanes}xi1>"),
        None => "i1".to_owned(),
    };
    text.value(format!("llvm.select {condition}, {a}, {b} : {condition_type}, {ty}"))
}

fn icmp(text: &mut Text, predicate: &str, a: &str, b: &str, ty: &str) -> String {
    text.value(format!("llvm.icmp \"{predicate}\" {a}, {b} : {ty}"))
}

fn fcmp(text: &mut Text, predicate: &str, a: &str, b: &str, ty: &str) -> String {
    text.value(format!("llvm.fcmp \"{predicate}\" {a}, {b} : {ty}"))
}

fn float_constant(text: &mut Text, ty: &str, value: f64) -> String {
    if value.is_infinite() {
        // MLIR spells infinities by their bits.
        let (_, element) = shape(ty);
        let bits = match (element, value > 0.0) {
            ("f16", true) => "0x7C00",
            ("f16", false) => "0xFC00",
            ("f64", true) => "0x7FF0000000000000",
            ("f64", false) => "0xFFF0000000000000",
            (_, true) => "0x7F800000",
            (_, false) => "0xFF800000",
        };
        return constant(text, ty, bits);
    }
    // MLIR's float literals need a fraction: `1.0e0`, not `1e0`.
    let printed = format!("{value:e}");
    let printed = match printed.split_once('e') {
        Some((mantissa, exponent)) if !mantissa.contains('.') => format!("{mantissa}.0e{exponent}"),
        _ => printed,
    };
    constant(text, ty, &printed)
}

/// The rule of OpenCL C's `convert_<type>[n][_sat][_rte|_rtz|_rtp|_rtn]`,
/// if `base` is one (`_sat` only to an integer type, as OpenCL C declares).
fn convert_rule(base: &str) -> Option<BuiltinRule> {
    let rest = base.strip_prefix("convert_")?;
    let (rest, rounding) = match rest.rsplit_once('_') {
        Some((rest, "rte")) => (rest, Some(Rounding::NearestEven)),
        Some((rest, "rtz")) => (rest, Some(Rounding::Zero)),
        Some((rest, "rtp")) => (rest, Some(Rounding::Up)),
        Some((rest, "rtn")) => (rest, Some(Rounding::Down)),
        _ => (rest, None),
    };
    let (rest, saturate) = match rest.strip_suffix("_sat") {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    let name = rest.trim_end_matches(|c: char| c.is_ascii_digit());
    let count = &rest[name.len()..];
    if !matches!(count, "" | "2" | "3" | "4" | "8" | "16") {
        return None;
    }
    let (float, signed) = match name {
        "char" | "short" | "int" | "long" => (false, true),
        "uchar" | "ushort" | "uint" | "ulong" => (false, false),
        "half" | "float" | "double" => (true, true),
        _ => return None,
    };
    if float && saturate {
        return None;
    }
    let default = if float { Rounding::NearestEven } else { Rounding::Zero };
    Some(BuiltinRule::Convert { signed, rounding: rounding.unwrap_or(default), saturate })
}

/// What a `convert_` builtin asks: see [`BuiltinRule::Convert`].
#[derive(Debug, Clone, Copy)]
struct Conversion {
    signed: bool,
    rounding: Rounding,
    saturate: bool,
}

/// `convert_<type>[n][_sat][_<rounding>]` of `arguments[0]` (of type
/// `types[0]`, its signedness from the mangled parameter) to `ty`, exactly:
/// integers extended by the source's signedness or truncated (`_sat`:
/// clamped to the destination's range first); integers to floats and
/// floats to narrower floats rounded as asked (LLVM's conversion rounds to
/// nearest even; a directed rounding then steps the result one ulp where
/// it lies on the wrong side of the exact value, compared exactly: in
/// `i128` for integers, in the source type for floats); floats to integers
/// rounded as asked and then saturated, NaN to 0 (`llvm.fptosi.sat`:
/// OpenCL leaves an out-of-range value without `_sat`
/// implementation-defined, and LLVM's plain `fptosi` would give poison).
fn convert(
    text: &mut Text,
    conversion: Conversion,
    mangled: &str,
    arguments: &[String],
    types: &[String],
    ty: &str,
) -> Result<String, String> {
    let ([value], [from]) = (arguments, types) else {
        return Err("convert_ takes one argument".to_owned());
    };
    let (from_count, from_element) = shape(from);
    let (to_count, to_element) = shape(ty);
    if from_count != to_count {
        return Err(format!("converts {from} to {ty}: the lane counts differ"));
    }
    // Itanium codes of unsigned integers: h uchar, t ushort, j uint, m ulong
    // (`Dh` is half, a float).
    let source_signed = !mangled.ends_with(['h', 't', 'j', 'm']) || mangled.ends_with("Dh");
    let float_bits = |element: &str| element.strip_prefix('f').and_then(|width| width.parse::<u32>().ok());
    let resize = |text: &mut Text, value: &str, from: &str, from_bits: u32, to_bits: u32, wider: &str, narrower: &str| {
        match from_bits.cmp(&to_bits) {
            std::cmp::Ordering::Less => text.value(format!("llvm.{wider} {value} : {from} to {ty}")),
            std::cmp::Ordering::Greater => text.value(format!("llvm.{narrower} {value} : {from} to {ty}")),
            std::cmp::Ordering::Equal => value.to_owned(),
        }
    };
    let extend = if source_signed { "sext" } else { "zext" };
    Ok(match (bits(from_element), float_bits(from_element), bits(to_element), float_bits(to_element)) {
        (Some(_), _, Some(to_bits), _) if conversion.saturate => {
            // Clamp in i128 (wide enough for every value of both types), then truncate.
            let wide = with_element(ty, "i128");
            let exact = text.value(format!("llvm.{extend} {value} : {from} to {wide}"));
            let (low, high) = if conversion.signed {
                (-(1i128 << (to_bits - 1)), (1i128 << (to_bits - 1)) - 1)
            } else {
                (0, ((1u128 << to_bits) - 1) as i128)
            };
            let low = constant(text, &wide, &low.to_string());
            let high = constant(text, &wide, &high.to_string());
            let pair = [wide.clone(), wide.clone()];
            let raised = call_intrinsic(text, "smax", &[exact, low], &pair, &wide);
            let clamped = call_intrinsic(text, "smin", &[raised, high], &pair, &wide);
            text.value(format!("llvm.trunc {clamped} : {wide} to {ty}"))
        }
        (Some(from_bits), _, Some(to_bits), _) => resize(text, value, from, from_bits, to_bits, extend, "trunc"),
        (Some(_), _, _, Some(_)) => {
            let op = if source_signed { "sitofp" } else { "uitofp" };
            let nearest = text.value(format!("llvm.{op} {value} : {from} to {ty}"));
            if conversion.rounding == Rounding::NearestEven {
                return Ok(nearest);
            }
            // The rounded value back as an integer (exact: it is at most
            // 2^64, or infinite and then saturated) against the source.
            let wide = with_element(ty, "i128");
            let exact = text.value(format!("llvm.{extend} {value} : {from} to {wide}"));
            let back = call_intrinsic(text, "fptosi.sat", std::slice::from_ref(&nearest), &[ty.to_owned()], &wide);
            let above = icmp(text, "sgt", &back, &exact, &wide);
            let below = icmp(text, "slt", &back, &exact, &wide);
            directed(text, conversion.rounding, &nearest, &above, &below, ty)?
        }
        (_, Some(from_bits), _, Some(to_bits)) => {
            let nearest = resize(text, value, from, from_bits, to_bits, "fpext", "fptrunc");
            if from_bits <= to_bits || conversion.rounding == Rounding::NearestEven {
                return Ok(nearest);
            }
            // Widened back, the rounded value compares exactly with the source (NaN: neither).
            let back = text.value(format!("llvm.fpext {nearest} : {ty} to {from}"));
            let above = fcmp(text, "ogt", &back, value, from);
            let below = fcmp(text, "olt", &back, value, from);
            directed(text, conversion.rounding, &nearest, &above, &below, ty)?
        }
        (_, Some(_), Some(_), _) => {
            let rounded = match conversion.rounding {
                Rounding::Zero => value.clone(),
                Rounding::NearestEven => call_intrinsic(text, "roundeven", std::slice::from_ref(value), std::slice::from_ref(from), from),
                Rounding::Up => call_intrinsic(text, "ceil", std::slice::from_ref(value), std::slice::from_ref(from), from),
                Rounding::Down => call_intrinsic(text, "floor", std::slice::from_ref(value), std::slice::from_ref(from), from),
            };
            let name = if conversion.signed { "fptosi.sat" } else { "fptoui.sat" };
            call_intrinsic(text, name, &[rounded], std::slice::from_ref(from), ty)
        }
        _ => return Err(format!("no conversion from {from} to {ty}")),
    })
}

/// `nearest` (a float of type `ty`, the exact value rounded to nearest
/// even) moved one ulp toward `rounding`'s direction where it lies on the
/// other side of the exact value (`above`/`below`: it is greater/less).
/// A step works on the bits: away from zero is +1, toward zero -1; from a
/// zero up is the least positive denormal, down the least negative one.
fn directed(text: &mut Text, rounding: Rounding, nearest: &str, above: &str, below: &str, ty: &str) -> Result<String, String> {
    let (lanes, element) = shape(ty);
    let width = match element {
        "f16" => 16,
        "f32" => 32,
        "f64" => 64,
        _ => return Err(format!("no directed rounding to {ty}")),
    };
    let condition = match lanes {
        Some(lanes) => format!("vector<{lanes}xi1>"),
        None => "i1".to_owned(),
    };
    let int = with_element(ty, &format!("i{width}"));
    let raw = text.value(format!("llvm.bitcast {nearest} : {ty} to {int}"));
    let one = constant(text, &int, "1");
    let outward = binary(text, "add", &raw, &one, &int);
    let inward = binary(text, "sub", &raw, &one, &int);
    let zero = float_constant(text, ty, 0.0);
    let positive = fcmp(text, "ogt", nearest, &zero, ty);
    let negative = fcmp(text, "olt", nearest, &zero, ty);
    let stepped = match rounding {
        Rounding::NearestEven => return Ok(nearest.to_owned()),
        Rounding::Up | Rounding::Down => {
            let (toward, step, from_zero) = if rounding == Rounding::Up {
                (below, &negative, "1".to_owned())
            } else {
                (above, &positive, (-(1i128 << (width - 1)) + 1).to_string())
            };
            // Toward the direction: inward from its side of zero, outward from the other.
            let from_zero = constant(text, &int, &from_zero);
            let is_zero = fcmp(text, "oeq", nearest, &zero, ty);
            let away = select(text, &is_zero, &from_zero, &outward, &int);
            let moved = select(text, step, &inward, &away, &int);
            select(text, toward, &moved, &raw, &int)
        }
        Rounding::Zero => {
            // Only a magnitude above the exact one moves, inward.
            let high = text.value(format!("llvm.and {positive}, {above} : {condition}"));
            let low = text.value(format!("llvm.and {negative}, {below} : {condition}"));
            let either = text.value(format!("llvm.or {high}, {low} : {condition}"));
            select(text, &either, &inward, &raw, &int)
        }
    };
    Ok(text.value(format!("llvm.bitcast {stepped} : {int} to {ty}")))
}

/// The OpenCL definitions spelled out.
fn expand(
    text: &mut Text,
    expansion: Expansion,
    arguments: &[String],
    types: &[String],
    ty: &str,
) -> Result<String, String> {
    use self::Expansion as E;
    let (_, element) = shape(ty);
    let wanted = match expansion {
        E::Identity | E::Degrees | E::Radians | E::Sign | E::Recip | E::Rsqrt | E::Length | E::Normalize => 1,
        E::AbsDiff { .. }
        | E::Halving { .. }
        | E::Mul24 { add: false }
        | E::MulHi { add: false, .. }
        | E::Upsample { .. } => 2,
        E::Divide
        | E::Fdim
        | E::MaxMag { .. }
        | E::Cross
        | E::Dot
        | E::Distance
        | E::Shuffle
        | E::Step
        | E::Pown
        | E::Ldexp => 2,
        _ => 3,
    };
    if arguments.len() != wanted {
        return Err(format!("expected {wanted} arguments, not {}", arguments.len()));
    }
    // Scalars given with vectors (`clamp(x, lo, hi)`, `mix(x, y, a)`...) apply to every lane.
    let splatted: Vec<String> = if matches!(
        expansion,
        E::Shuffle | E::Shuffle2 | E::Dot | E::Length | E::Distance | E::Pown | E::Ldexp | E::Upsample { .. }
    ) {
        arguments.to_vec()
    } else {
        arguments.iter().zip(types).map(|(value, from)| splat(text, value, from, ty)).collect()
    };
    let a = splatted[0].clone();
    let b = splatted.get(1).cloned().unwrap_or_default();
    let c = splatted.get(2).cloned().unwrap_or_default();
    Ok(match expansion {
        E::Identity => a,
        E::AbsDiff { signed } => {
            let greater = icmp(text, if signed { "sgt" } else { "ugt" }, &a, &b, ty);
            let forward = binary(text, "sub", &a, &b, ty);
            let backward = binary(text, "sub", &b, &a, ty);
            select(text, &greater, &forward, &backward, ty)
        }
        E::Halving { signed, round } => {
            // (a >> 1) + (b >> 1) + ((a op b) & 1), op `|` rounding up, `&` down.
            let one = constant(text, ty, "1");
            let shift = if signed { "ashr" } else { "lshr" };
            let half_a = binary(text, shift, &a, &one, ty);
            let half_b = binary(text, shift, &b, &one, ty);
            let low = binary(text, if round { "or" } else { "and" }, &a, &b, ty);
            let carry = binary(text, "and", &low, &one, ty);
            let sum = binary(text, "add", &half_a, &half_b, ty);
            binary(text, "add", &sum, &carry, ty)
        }
        E::Clamp { signed } => {
            let (max, min) = if signed { ("smax", "smin") } else { ("umax", "umin") };
            let low = call_intrinsic(text, max, &[a, b], &[ty.to_owned(), ty.to_owned()], ty);
            call_intrinsic(text, min, &[low, c], &[ty.to_owned(), ty.to_owned()], ty)
        }
        E::MulHi { signed, add } => {
            let width = bits(element).ok_or("mul_hi takes integers")?;
            let wide = with_element(ty, &format!("i{}", width * 2));
            let extend = if signed { "sext" } else { "zext" };
            let wide_a = text.value(format!("llvm.{extend} {a} : {ty} to {wide}"));
            let wide_b = text.value(format!("llvm.{extend} {b} : {ty} to {wide}"));
            let product = binary(text, "mul", &wide_a, &wide_b, &wide);
            let shift = constant(text, &wide, &width.to_string());
            let high = binary(text, "lshr", &product, &shift, &wide);
            let high = text.value(format!("llvm.trunc {high} : {wide} to {ty}"));
            if add { binary(text, "add", &high, &c, ty) } else { high }
        }
        E::MadSat { signed } => {
            // a * b + c in twice the width, clamped to the type's range.
            let width = bits(element).ok_or("mad_sat takes integers")?;
            let wide = with_element(ty, &format!("i{}", width * 2 + 2));
            let extend = if signed { "sext" } else { "zext" };
            let [wide_a, wide_b, wide_c] =
                [&a, &b, &c].map(|value| text.value(format!("llvm.{extend} {value} : {ty} to {wide}")));
            let product = binary(text, "mul", &wide_a, &wide_b, &wide);
            let sum = binary(text, "add", &product, &wide_c, &wide);
            let (low, high) = if signed {
                (format!("{}", -(1i128 << (width - 1))), format!("{}", (1i128 << (width - 1)) - 1))
            } else {
                ("0".to_owned(), format!("{}", (1i128 << width) - 1))
            };
            let low = constant(text, &wide, &low);
            let high = constant(text, &wide, &high);
            let clamped = call_intrinsic(text, "smax", &[sum, low], &[wide.clone(), wide.clone()], &wide);
            let clamped = call_intrinsic(text, "smin", &[clamped, high], &[wide.clone(), wide.clone()], &wide);
            text.value(format!("llvm.trunc {clamped} : {wide} to {ty}"))
        }
        E::Mul24 { add } => {
            let product = binary(text, "mul", &a, &b, ty);
            if add { binary(text, "add", &product, &c, ty) } else { product }
        }
        E::Upsample { signed } => {
            // upsample(hi, lo) = (wide(hi) << width) | zext(lo); hi keeps its sign.
            let (_, narrow) = shape(&types[0]);
            let width = bits(narrow).ok_or("upsample takes integers")?;
            let extend = if signed { "sext" } else { "zext" };
            let high = text.value(format!("llvm.{extend} {a} : {} to {ty}", types[0]));
            let low = text.value(format!("llvm.zext {b} : {} to {ty}", types[1]));
            let shift = constant(text, ty, &width.to_string());
            let high = binary(text, "shl", &high, &shift, ty);
            binary(text, "or", &high, &low, ty)
        }
        E::FClamp => {
            let low = call_intrinsic(text, "maxnum", &[a, b], &[ty.to_owned(), ty.to_owned()], ty);
            call_intrinsic(text, "minnum", &[low, c], &[ty.to_owned(), ty.to_owned()], ty)
        }
        E::Degrees => {
            let factor = float_constant(text, ty, 180.0 / std::f64::consts::PI);
            binary(text, "fmul", &a, &factor, ty)
        }
        E::Radians => {
            let factor = float_constant(text, ty, std::f64::consts::PI / 180.0);
            binary(text, "fmul", &a, &factor, ty)
        }
        E::Mix => {
            let difference = binary(text, "fsub", &b, &a, ty);
            let scaled = binary(text, "fmul", &difference, &c, ty);
            binary(text, "fadd", &a, &scaled, ty)
        }
        E::Step => {
            // step(edge, x) = x < edge ? 0 : 1
            let below = fcmp(text, "olt", &b, &a, ty);
            let zero = float_constant(text, ty, 0.0);
            let one = float_constant(text, ty, 1.0);
            select(text, &below, &zero, &one, ty)
        }
        E::SmoothStep => {
            // t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2t)
            let zero = float_constant(text, ty, 0.0);
            let one = float_constant(text, ty, 1.0);
            let numerator = binary(text, "fsub", &c, &a, ty);
            let denominator = binary(text, "fsub", &b, &a, ty);
            let t = binary(text, "fdiv", &numerator, &denominator, ty);
            let t = call_intrinsic(text, "maxnum", &[t, zero], &[ty.to_owned(), ty.to_owned()], ty);
            let t = call_intrinsic(text, "minnum", &[t, one], &[ty.to_owned(), ty.to_owned()], ty);
            let two = float_constant(text, ty, 2.0);
            let three = float_constant(text, ty, 3.0);
            let twice = binary(text, "fmul", &two, &t, ty);
            let rest = binary(text, "fsub", &three, &twice, ty);
            let square = binary(text, "fmul", &t, &t, ty);
            binary(text, "fmul", &square, &rest, ty)
        }
        E::Sign => {
            // 1.0 with x's sign for x > 0 or x < 0; x itself for ±0 and NaN (OpenCL).
            let zero = float_constant(text, ty, 0.0);
            let one = float_constant(text, ty, 1.0);
            let signed_one = call_intrinsic(text, "copysign", &[one, a.clone()], &[ty.to_owned(), ty.to_owned()], ty);
            let nonzero = fcmp(text, "one", &a, &zero, ty);
            select(text, &nonzero, &signed_one, &a, ty)
        }
        E::Mad => call_intrinsic(text, "fmuladd", &[a, b, c], &[ty.to_owned(), ty.to_owned(), ty.to_owned()], ty),
        E::Divide => binary(text, "fdiv", &a, &b, ty),
        E::Recip => {
            let one = float_constant(text, ty, 1.0);
            binary(text, "fdiv", &one, &a, ty)
        }
        E::Rsqrt => {
            let root = call_intrinsic(text, "sqrt", &[a], &[ty.to_owned()], ty);
            let one = float_constant(text, ty, 1.0);
            binary(text, "fdiv", &one, &root, ty)
        }
        E::Fdim => {
            // x - y if x > y, +0 if x <= y, NaN if either is NaN.
            let difference = binary(text, "fsub", &a, &b, ty);
            let greater = fcmp(text, "ugt", &a, &b, ty);
            let zero = float_constant(text, ty, 0.0);
            select(text, &greater, &difference, &zero, ty)
        }
        E::MaxMag { max } => {
            let magnitude_a = call_intrinsic(text, "fabs", std::slice::from_ref(&a), &[ty.to_owned()], ty);
            let magnitude_b = call_intrinsic(text, "fabs", std::slice::from_ref(&b), &[ty.to_owned()], ty);
            let (first, second) = if max { ("ogt", "olt") } else { ("olt", "ogt") };
            let takes_a = fcmp(text, first, &magnitude_a, &magnitude_b, ty);
            let takes_b = fcmp(text, second, &magnitude_a, &magnitude_b, ty);
            let fallback = call_intrinsic(
                text,
                if max { "maxnum" } else { "minnum" },
                &[a.clone(), b.clone()],
                &[ty.to_owned(), ty.to_owned()],
                ty,
            );
            let inner = select(text, &takes_b, &b, &fallback, ty);
            select(text, &takes_a, &a, &inner, ty)
        }
        E::Select => {
            // select(a, b, c): c's most significant bit (vector) or c != 0 (scalar) picks b.
            let (lanes, condition_element) = shape(&types[2]);
            let c = arguments[2].clone();
            let condition = match lanes {
                Some(_) => {
                    let zero = constant(text, &types[2], "0");
                    icmp(text, "slt", &c, &zero, &types[2])
                }
                None => {
                    let zero = constant(text, condition_element, "0");
                    icmp(text, "ne", &c, &zero, condition_element)
                }
            };
            select(text, &condition, &b, &a, ty)
        }
        E::Bitselect => {
            // (a & ~c) | (b & c), bitwise; floats through integers.
            let integer =
                if is_float(element) { with_element(ty, &format!("i{}", float_bits(element))) } else { ty.to_owned() };
            let [a, b, c] = [&a, &b, &c].map(|value| {
                if is_float(element) {
                    text.value(format!("llvm.bitcast {value} : {ty} to {integer}"))
                } else {
                    (*value).clone()
                }
            });
            let ones = constant(text, &integer, "-1");
            let not_c = binary(text, "xor", &c, &ones, &integer);
            let from_a = binary(text, "and", &a, &not_c, &integer);
            let from_b = binary(text, "and", &b, &c, &integer);
            let bits = binary(text, "or", &from_a, &from_b, &integer);
            if is_float(element) { text.value(format!("llvm.bitcast {bits} : {integer} to {ty}")) } else { bits }
        }
        E::Cross => {
            // (a.y b.z - a.z b.y, a.z b.x - a.x b.z, a.x b.y - a.y b.x[, 0])
            let lanes = shape(ty).0.ok_or("cross takes vectors")?;
            let lane = |text: &mut Text, value: &str, index: i64| {
                let index = text.i32(index);
                text.value(format!("llvm.extractelement {value}[{index} : i32] : {ty}"))
            };
            let [ax, ay, az] = [0, 1, 2].map(|index| lane(text, &a, index));
            let [bx, by, bz] = [0, 1, 2].map(|index| lane(text, &b, index));
            let mut components = Vec::new();
            for (p, q, r, s) in [(&ay, &bz, &az, &by), (&az, &bx, &ax, &bz), (&ax, &by, &ay, &bx)] {
                let left = binary(text, "fmul", p, q, element);
                let right = binary(text, "fmul", r, s, element);
                components.push(binary(text, "fsub", &left, &right, element));
            }
            if lanes == 4 {
                components.push(float_constant(text, element, 0.0));
            }
            let mut vector = text.value(format!("llvm.mlir.poison : {ty}"));
            for (index, component) in components.iter().enumerate() {
                let index = text.i32(index as i64);
                vector = text.value(format!("llvm.insertelement {component}, {vector}[{index} : i32] : {ty}"));
            }
            vector
        }
        E::Dot => dot(text, &a, &b, &types[0], ty),
        E::Length => length(text, &a, &types[0], ty),
        E::Distance => {
            let difference = binary(text, "fsub", &a, &b, &types[0]);
            length(text, &difference, &types[0], ty)
        }
        E::Normalize => {
            // x / length(x), scaled as length is; a zero vector stays zero (OpenCL).
            let (scaled, _) = scale_by_largest(text, &a, ty, element);
            let square = dot(text, &scaled, &scaled, ty, element);
            let root = call_intrinsic(text, "sqrt", &[square], &[element.to_owned()], element);
            let zero = float_constant(text, element, 0.0);
            let is_zero = fcmp(text, "oeq", &root, &zero, element);
            let one = float_constant(text, element, 1.0);
            let divisor = text.value(format!("llvm.select {is_zero}, {one}, {root} : i1, {element}"));
            let divisor = splat(text, &divisor, element, ty);
            binary(text, "fdiv", &scaled, &divisor, ty)
        }
        E::Shuffle | E::Shuffle2 => {
            // Each result lane i is input lane (mask[i] mod n); shuffle2 picks from x ++ y.
            let mask_type = types.last().cloned().unwrap_or_default();
            let mask = arguments.last().cloned().unwrap_or_default();
            let (input_lanes, _) = shape(&types[0]);
            let input_lanes = input_lanes.ok_or("shuffle takes vectors")?;
            let sources = if expansion == E::Shuffle2 { 2 } else { 1 };
            let (result_lanes, _) = shape(ty);
            let result_lanes = result_lanes.ok_or("shuffle returns a vector")?;
            let (_, mask_element) = shape(&mask_type);
            let mut vector = text.value(format!("llvm.mlir.poison : {ty}"));
            for lane in 0..result_lanes {
                let index = text.i32(lane as i64);
                let selector = text.value(format!("llvm.extractelement {mask}[{index} : i32] : {mask_type}"));
                let modulus = constant(text, mask_element, &(input_lanes * sources).to_string());
                let selector = binary(text, "urem", &selector, &modulus, mask_element);
                let picked = if sources == 2 {
                    let lanes = constant(text, mask_element, &input_lanes.to_string());
                    let from_second = icmp(text, "uge", &selector, &lanes, mask_element);
                    let second_index = binary(text, "sub", &selector, &lanes, mask_element);
                    let first =
                        text.value(format!("llvm.extractelement {a}[{selector} : {mask_element}] : {}", types[0]));
                    let second = text.value(format!(
                        "llvm.extractelement {}[{second_index} : {mask_element}] : {}",
                        arguments[1], types[1]
                    ));
                    text.value(format!("llvm.select {from_second}, {second}, {first} : i1, {element}"))
                } else {
                    text.value(format!("llvm.extractelement {a}[{selector} : {mask_element}] : {}", types[0]))
                };
                vector = text.value(format!("llvm.insertelement {picked}, {vector}[{index} : i32] : {ty}"));
            }
            vector
        }
        E::Pown => lanewise(text, arguments, types, ty, &mut |text, lanes, element| {
            // pow with an exact integer exponent (|n| < 2^24 converts exactly).
            let exponent = text.value(format!("llvm.sitofp {} : i32 to {element}", lanes[1]));
            libm_call(text, "pow", &[lanes[0].clone(), exponent], element)
        })?,
        E::Ldexp => lanewise(text, arguments, types, ty, &mut |text, lanes, element| {
            let (function, float) = if element == "f64" { ("ldexp", "f64") } else { ("ldexpf", "f32") };
            let value = if element == "f16" {
                text.value(format!("llvm.fpext {} : f16 to f32", lanes[0]))
            } else {
                lanes[0].clone()
            };
            let result =
                text.value(format!("llvm.call @{function}({value}, {}) : ({float}, i32) -> {float}", lanes[1]));
            Ok(if element == "f16" { text.value(format!("llvm.fptrunc {result} : f32 to f16")) } else { result })
        })?,
    })
}

fn float_bits(element: &str) -> u32 {
    match element {
        "f16" | "bf16" => 16,
        "f64" => 64,
        _ => 32,
    }
}

/// `v / m` and `m`, `m` the largest magnitude among `v`'s lanes (1 when it
/// is 0 or infinite), so that squaring cannot overflow or underflow.
fn scale_by_largest(text: &mut Text, v: &str, ty: &str, element: &str) -> (String, String) {
    let magnitudes = call_intrinsic(text, "fabs", &[v.to_owned()], &[ty.to_owned()], ty);
    let largest = match shape(ty) {
        (Some(lanes), _) => {
            let mut largest: Option<String> = None;
            for lane in 0..lanes {
                let index = text.i32(lane as i64);
                let magnitude = text.value(format!("llvm.extractelement {magnitudes}[{index} : i32] : {ty}"));
                largest = Some(match largest {
                    None => magnitude,
                    Some(largest) => call_intrinsic(
                        text,
                        "maxnum",
                        &[largest, magnitude],
                        &[element.to_owned(), element.to_owned()],
                        element,
                    ),
                });
            }
            largest.unwrap_or(magnitudes)
        }
        (None, _) => magnitudes,
    };
    let zero = float_constant(text, element, 0.0);
    let infinity = float_constant(text, element, f64::INFINITY);
    let one = float_constant(text, element, 1.0);
    let is_zero = fcmp(text, "oeq", &largest, &zero, element);
    let is_infinite = fcmp(text, "oeq", &largest, &infinity, element);
    let degenerate = binary(text, "or", &is_zero, &is_infinite, "i1");
    let scale = text.value(format!("llvm.select {degenerate}, {one}, {largest} : i1, {element}"));
    let divisor = splat(text, &scale, element, ty);
    (binary(text, "fdiv", v, &divisor, ty), scale)
}

/// `length(v)` without overflow or underflow in the squares (OpenCL):
/// `m * sqrt(dot(v / m, v / m))`; infinite when a lane is.
fn length(text: &mut Text, v: &str, ty: &str, element: &str) -> String {
    let (scaled, scale) = scale_by_largest(text, v, ty, element);
    let square = dot(text, &scaled, &scaled, ty, element);
    let root = call_intrinsic(text, "sqrt", &[square], &[element.to_owned()], element);
    let result = binary(text, "fmul", &root, &scale, element);
    let magnitudes = call_intrinsic(text, "fabs", &[v.to_owned()], &[ty.to_owned()], ty);
    let infinity = float_constant(text, ty, f64::INFINITY);
    let infinite_lanes = fcmp(text, "oeq", &magnitudes, &infinity, ty);
    let any_infinite = match shape(ty) {
        (Some(lanes), _) => {
            call_intrinsic(text, "vector.reduce.or", &[infinite_lanes], &[format!("vector<{lanes}xi1>")], "i1")
        }
        (None, _) => infinite_lanes,
    };
    let infinity = float_constant(text, element, f64::INFINITY);
    text.value(format!("llvm.select {any_infinite}, {infinity}, {result} : i1, {element}"))
}

/// The dot product of two vectors of type `ty` (or the product of scalars), as `element`.
fn dot(text: &mut Text, a: &str, b: &str, ty: &str, element: &str) -> String {
    let product = binary(text, "fmul", a, b, ty);
    match shape(ty) {
        (Some(lanes), _) => {
            let mut sum: Option<String> = None;
            for lane in 0..lanes {
                let index = text.i32(lane as i64);
                let term = text.value(format!("llvm.extractelement {product}[{index} : i32] : {ty}"));
                sum = Some(match sum {
                    None => term,
                    Some(sum) => binary(text, "fadd", &sum, &term, element),
                });
            }
            sum.unwrap_or(product)
        }
        (None, _) => product,
    }
}

/// Subgroup operations in a subgroup of one invocation. Their first operand
/// is the execution scope; a workgroup scope would need every invocation of
/// the workgroup, which a subgroup of one cannot give: refused.
fn subgroup(
    text: &mut Text,
    operation: Subgroup,
    arguments: &[String],
    types: &[String],
    ty: &str,
) -> Result<String, String> {
    let _ = types;
    Ok(match operation {
        Subgroup::Own { value } => arguments.get(value).cloned().ok_or("missing the value operand")?,
        Subgroup::True => text.value("llvm.mlir.constant(true) : i1"),
        Subgroup::Arithmetic(identity) => {
            // (scope, group operation, value[, cluster size or partition]):
            // Reduce (0), InclusiveScan (1), ClusteredReduce (3) and the
            // partitioned reduce and inclusive scan (6, 7; the partition
            // holds the invocation) give the value, ExclusiveScan (2) and
            // PartitionedExclusiveScan (8) the identity.
            let operation = arguments.get(1).ok_or("missing the group operation")?;
            let value = arguments.get(2).ok_or("missing the value")?;
            let identity = identity_value(text, identity, ty)?;
            let exclusive = text.i32(2);
            let is_exclusive = icmp(text, "eq", operation, &exclusive, "i32");
            let partitioned_exclusive = text.i32(8);
            let is_partitioned_exclusive = icmp(text, "eq", operation, &partitioned_exclusive, "i32");
            let either = binary(text, "or", &is_exclusive, &is_partitioned_exclusive, "i1");
            text.value(format!("llvm.select {either}, {identity}, {value} : i1, {ty}"))
        }
        Subgroup::Ballot => {
            let predicate = arguments.last().ok_or("missing the predicate")?;
            let bit = text.value(format!("llvm.zext {predicate} : i1 to i32"));
            let zero = text.value("llvm.mlir.constant(dense<0> : vector<4xi32>) : vector<4xi32>");
            let index = text.i32(0);
            text.value(format!("llvm.insertelement {bit}, {zero}[{index} : i32] : vector<4xi32>"))
        }
        Subgroup::Partition => {
            let one = text.i32(1);
            let zero = text.value("llvm.mlir.constant(dense<0> : vector<4xi32>) : vector<4xi32>");
            let index = text.i32(0);
            text.value(format!("llvm.insertelement {one}, {zero}[{index} : i32] : vector<4xi32>"))
        }
        Subgroup::BallotBitCount => {
            // (scope, group operation, ballot): bit 0 counts, but not in an exclusive scan.
            let operation = arguments.get(1).ok_or("missing the group operation")?;
            let ballot = arguments.get(2).ok_or("missing the ballot")?;
            let index = text.i32(0);
            let word = text.value(format!("llvm.extractelement {ballot}[{index} : i32] : vector<4xi32>"));
            let one = text.i32(1);
            let bit = binary(text, "and", &word, &one, "i32");
            let exclusive = text.i32(2);
            let is_exclusive = icmp(text, "eq", operation, &exclusive, "i32");
            let zero = text.i32(0);
            text.value(format!("llvm.select {is_exclusive}, {zero}, {bit} : i1, i32"))
        }
        Subgroup::BallotFind { msb: true } => {
            // Only the bits of the group's invocations count (SPIR-V:
            // "considering only the bits in Value required to represent all
            // bits of the group's invocations"): bit 0. Set, the highest set
            // bit is 0; clear, the result is undefined, and 0 will do.
            text.i32(0)
        }
        Subgroup::BallotFind { msb: false } => {
            // The lowest set bit: bit 0 when it is set, as the spec asks;
            // when it is not, the result is undefined and the lowest set bit
            // of the 128 is as good as any.
            let ballot = arguments.last().ok_or("missing the ballot")?;
            let no = text.value("llvm.mlir.constant(false) : i1");
            let mut result: Option<String> = None;
            for word_index in [3, 2, 1, 0] {
                let index = text.i32(word_index);
                let word = text.value(format!("llvm.extractelement {ballot}[{index} : i32] : vector<4xi32>"));
                let count =
                    call_intrinsic(text, "cttz", &[word.clone(), no.clone()], &["i32".into(), "i1".into()], "i32");
                let base = text.i32(word_index * 32);
                let bit = binary(text, "add", &base, &count, "i32");
                let zero = text.i32(0);
                let nonzero = icmp(text, "ne", &word, &zero, "i32");
                result = Some(match result {
                    None => bit,
                    Some(previous) => text.value(format!("llvm.select {nonzero}, {bit}, {previous} : i1, i32")),
                });
            }
            result.unwrap_or_default()
        }
    })
}

fn identity_value(text: &mut Text, identity: Identity, ty: &str) -> Result<String, String> {
    let (_, element) = shape(ty);
    let width = bits(element);
    Ok(match identity {
        Identity::Zero if is_float(element) => float_constant(text, ty, 0.0),
        Identity::One if is_float(element) => float_constant(text, ty, 1.0),
        Identity::Zero | Identity::False => constant(text, ty, if element == "i1" { "false" } else { "0" }),
        Identity::One => constant(text, ty, "1"),
        Identity::True => constant(text, ty, "true"),
        Identity::AllOnes | Identity::UnsignedMax => constant(text, ty, "-1"),
        Identity::SignedMin => {
            let width = width.ok_or("a signed identity for a non-integer")?;
            constant(text, ty, &(-(1i128 << (width - 1))).to_string())
        }
        Identity::SignedMax => {
            let width = width.ok_or("a signed identity for a non-integer")?;
            constant(text, ty, &((1i128 << (width - 1)) - 1).to_string())
        }
        Identity::FloatPlusInfinity => float_constant(text, ty, f64::INFINITY),
        Identity::FloatMinusInfinity => float_constant(text, ty, f64::NEG_INFINITY),
    })
}

/// OpenCL C 1.x atomics on `*p` (any address space): `atomic_op(p, v)`
/// returns the old value; `inc`/`dec` take no value; `cmpxchg(p, cmp, v)`.
/// Sequentially consistent, as OpenCL 1.x's atomics are relaxed at least.
fn atomic(
    text: &mut Text,
    operation: &str,
    mangled_parameters: &str,
    arguments: &[String],
    types: &[String],
    ty: &str,
) -> Result<String, String> {
    let pointer = arguments.first().ok_or("missing the pointer")?;
    let pointer_type = &types[0];
    // The parameters' mangling ends with the value type: `i`/`l` signed,
    // `j`/`m` unsigned (then, in the C11 forms, the order and the scope:
    // `...jj12memory_order12memory_scope`).
    let value_part = mangled_parameters.trim_end_matches("12memory_scope").trim_end_matches("12memory_order");
    let unsigned = value_part.ends_with('j') || value_part.ends_with('m');
    if matches!(operation, "min" | "max") && is_float(shape(ty).1) {
        return Err(format!("no integer atomic {operation} on {ty}"));
    }
    let kind = match operation {
        "inc" | "add" => "add",
        "dec" | "sub" => "sub",
        "min" => {
            if unsigned {
                "umin"
            } else {
                "min"
            }
        }
        "max" => {
            if unsigned {
                "umax"
            } else {
                "max"
            }
        }
        "_and" => "_and",
        "_or" => "_or",
        "_xor" => "_xor",
        "xchg" => "xchg",
        // (pointer, scope, semantics, value): LLVM's `fmin`/`fmax` are
        // `minnum`/`maxnum`, which SPIR-V's FMin/FMax allow. Sequentially
        // consistent, at least the order the semantics ask.
        "fmin_ext" | "fmax_ext" => {
            let kind = if operation == "fmin_ext" { "fmin" } else { "fmax" };
            let value = arguments.get(3).ok_or("missing the value")?;
            return Ok(text.value(format!("llvm.atomicrmw {kind} {pointer}, {value} seq_cst : {pointer_type}, {ty}")));
        }
        "cmpxchg" => {
            let expected = arguments.get(1).ok_or("missing the compared value")?;
            let value = arguments.get(2).ok_or("missing the value")?;
            let pair = text
                .value(format!("llvm.cmpxchg {pointer}, {expected}, {value} seq_cst seq_cst : {pointer_type}, {ty}"));
            return Ok(text.value(format!("llvm.extractvalue {pair}[0] : !llvm.struct<({ty}, i1)>")));
        }
        other => return Err(format!("no atomic {other}")),
    };
    let value = match operation {
        "inc" | "dec" => constant(text, ty, "1"),
        _ => arguments.get(1).cloned().ok_or("missing the value")?,
    };
    Ok(text.value(format!("llvm.atomicrmw {kind} {pointer}, {value} seq_cst : {pointer_type}, {ty}")))
}
