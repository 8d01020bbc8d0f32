//! Integer division without traps. SPIR-V gives an undefined value for a
//! division or remainder by zero and for `INT_MIN / -1` (`OpSDiv`, `OpUDiv`,
//! `OpSRem`, `OpSMod`, `OpUMod`, scalar and vector); x86's `div` and `idiv`
//! raise SIGFPE on both, and LLVM makes either immediate undefined
//! behaviour. A kernel must not kill its host: every `llvm.sdiv`, `llvm.udiv`,
//! `llvm.srem` and `llvm.urem` of the module divides by
//! `select(d == 0 | (n == MIN & d == -1), 1, d)` instead of `d` (the second
//! term for the signed ones only), which gives the same result wherever
//! SPIR-V defines one.
//!
//! This is the ABI's, not the conversion's: `convert-spirv-to-llvm` stays
//! upstream's (scripts/differential compares the two). The SPMD vectorizer
//! still makes its masked-off lanes divide by 1: LLVM drops the select
//! where control flow proves it useless (`if (d != 0) x / d`), and
//! linearizing that control flow runs the division in lanes where it was
//! not.

use melior::{
    Context,
    ir::{
        OperationRef, Type, TypeLike, Value, ValueLike, attribute::IntegerAttribute, operation::OperationLike,
        r#type::IntegerType,
    },
};
use spirv_opt_rs::{ir::defining_op, surgery};

use super::{Result, bounds::Emitter, error, op_name};

/// The divisions and remainders, and whether each is signed.
const DIVISIONS: &[(&str, bool)] =
    &[("llvm.sdiv", true), ("llvm.srem", true), ("llvm.udiv", false), ("llvm.urem", false)];

/// `llvm.icmp`'s `eq` predicate.
const EQUAL: &str = "0 : i64";

/// Gives every integer division and remainder in `module` a divisor that
/// cannot trap (the module doc). Returns how many it changed.
pub(super) fn safe_divisions<'c>(context: &'c Context, module: OperationRef<'c, '_>) -> Result<'c, usize> {
    let divisions = surgery::nested_ops(module, &mut |op| {
        let name = op_name(op);
        DIVISIONS.iter().any(|(division, _)| *division == name)
    });
    let mut count = 0;
    for op in divisions {
        let name = op_name(op);
        let signed = DIVISIONS.iter().any(|(division, signed)| *division == name && *signed);
        let (Ok(dividend), Ok(divisor)) = (op.operand(0), op.operand(1)) else {
            return Err(error(op, format!("internal error: an {name} without two operands")));
        };
        if constant_is_safe(divisor, signed) {
            continue;
        }
        let block = op.block().ok_or_else(|| error(op, "internal error: a division outside any block"))?;
        let emitter = Emitter { context, location: op.location(), anchor: op, block };
        let ty = divisor.r#type();
        let width = element_width(ty).ok_or_else(|| error(op, format!("internal error: a division of {ty}")))?;
        let condition = condition_type(context, ty).ok_or_else(|| error(op, format!("internal error: {ty}")))?;
        let constant = |value: i128| {
            let attribute = if ty.is_vector() { format!("dense<{value}> : {ty}") } else { format!("{value} : {ty}") };
            emitter.op("llvm.mlir.constant", &[], &[ty], &[("value", &attribute)])
        };
        let zero = constant(0)?;
        let mut bad = emitter.op("llvm.icmp", &[divisor, zero], &[condition], &[("predicate", EQUAL)])?;
        if signed && width > 1 {
            let minimum = constant(-(1i128 << (width - 1)))?;
            let minus_one = constant(-1)?;
            let is_minimum = emitter.op("llvm.icmp", &[dividend, minimum], &[condition], &[("predicate", EQUAL)])?;
            let is_minus_one = emitter.op("llvm.icmp", &[divisor, minus_one], &[condition], &[("predicate", EQUAL)])?;
            let overflows = emitter.op("llvm.and", &[is_minimum, is_minus_one], &[condition], &[])?;
            bad = emitter.op("llvm.or", &[bad, overflows], &[condition], &[])?;
        }
        let one = constant(1)?;
        let safe = emitter.op("llvm.select", &[bad, one, divisor], &[ty], &[])?;
        surgery::set_operands(op, &[dividend, safe]);
        count += 1;
    }
    Ok(count)
}

/// Whether `divisor` is a constant that can never trap: not zero, and not
/// -1 for a signed division. (Vector constants are left to LLVM's folding.)
fn constant_is_safe(divisor: Value<'_, '_>, signed: bool) -> bool {
    let Some(op) = defining_op(divisor) else { return false };
    if op_name(op) != "llvm.mlir.constant" {
        return false;
    }
    let Some(value) = op.attribute("value").ok().and_then(|value| IntegerAttribute::try_from(value).ok()) else {
        return false;
    };
    let value = value.value();
    value != 0 && !(signed && value == -1)
}

/// The bit width of an integer or of a vector's integer elements.
fn element_width(ty: Type<'_>) -> Option<u32> {
    if let Ok(integer) = IntegerType::try_from(ty) {
        return Some(integer.width());
    }
    let text = ty.to_string();
    let element = text.strip_prefix("vector<")?.strip_suffix('>')?.rsplit('x').next()?;
    element.strip_prefix('i')?.parse().ok()
}

/// `i1`, or a vector of as many `i1` as `ty` has elements.
fn condition_type<'c>(context: &'c Context, ty: Type<'c>) -> Option<Type<'c>> {
    if !ty.is_vector() {
        return Some(IntegerType::new(context, 1).into());
    }
    let text = ty.to_string();
    let (shape, _) = text.rsplit_once('x')?;
    Type::parse(context, &format!("{shape}xi1>"))
}
