//! Bounds tests of coordinates the shader clamped to the same bound,
//! folded before the vectorizer (docs/abi.md, "SPMD vectorization").
//!
//! An inlined image read tests each coordinate against the extent
//! (`x <u width`, robustImageAccess2); a shader that clamps first
//! (`clamp(x, 0, imageSize(img).x - 1)`, blur's taps) makes that test
//! `smin(smax(x, 0), width - 1) <u width` or, after LLVM's instcombine,
//! `umin(smax(x, 0), width - 1) <u width`. Both are `width != 0` for
//! every `x` and `width` (checked exhaustively on 8-bit integers): with
//! `width` 0, `width - 1` is all ones and the clamped value never below
//! 0 unsigned; otherwise the clamped value is at most `width - 1`
//! unsigned (the `smin` form needs the `smax(x, 0)` for that; with a
//! negative `width`, `width - 1` is below it as unsigned numbers too).
//! Folded, the test no longer depends on the invocation: one uniform
//! compare instead of a vector compare and mask per texel, and a
//! uniform address select.

use inkwell::{
    IntPredicate,
    values::{AnyValue, BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode as Op, InstructionValue, IntValue, Operand},
};

use super::key;

/// Replaces each `min(..., w - 1) <u w` of `function` as above by
/// `w != 0`; returns how many.
pub(super) fn fold_clamped_bounds(function: FunctionValue<'_>) -> usize {
    let context = function.get_type().get_context();
    let builder = context.create_builder();
    let mut folded = 0;
    let compares: Vec<InstructionValue<'_>> = function
        .get_basic_block_iter()
        .flat_map(|block| block.get_instructions())
        .filter(|instruction| {
            instruction.get_opcode() == Op::ICmp && instruction.get_icmp_predicate() == Some(IntPredicate::ULT)
        })
        .collect();
    for compare in compares {
        let (Some(Operand::Value(BasicValueEnum::IntValue(clamped))), Some(Operand::Value(BasicValueEnum::IntValue(bound)))) =
            (compare.get_operand(0), compare.get_operand(1))
        else {
            continue;
        };
        if !clamped_below(clamped, bound) {
            continue;
        }
        builder.position_before(&compare);
        let zero = bound.get_type().const_zero();
        let Ok(nonzero) = builder.build_int_compare(IntPredicate::NE, bound, zero, "") else { continue };
        let inkwell::values::AnyValueEnum::IntValue(old) = compare.as_any_value_enum() else { continue };
        old.replace_all_uses_with(nonzero);
        compare.erase_from_basic_block();
        folded += 1;
    }
    folded
}

/// Whether `value` is `smin(smax(x, 0), bound - 1)` or `umin(y, bound -
/// 1)` (either operand order).
fn clamped_below<'ctx>(value: IntValue<'ctx>, bound: IntValue<'ctx>) -> bool {
    let Some(call) = value.as_instruction().filter(|i| i.get_opcode() == Op::Call) else { return false };
    let Ok(site) = CallSiteValue::try_from(call) else { return false };
    let Some(callee) = site.get_called_fn_value() else { return false };
    let name = callee.get_name().to_string_lossy();
    let unsigned = name.starts_with("llvm.umin.i");
    if !unsigned && !name.starts_with("llvm.smin.i") {
        return false;
    }
    let operands: Vec<IntValue<'ctx>> = (0..2)
        .filter_map(|index| match call.get_operand(index) {
            Some(Operand::Value(BasicValueEnum::IntValue(operand))) => Some(operand),
            _ => None,
        })
        .collect();
    let [first, second] = operands[..] else { return false };
    for (other, limit) in [(first, second), (second, first)] {
        if is_less_one(limit, bound) && (unsigned || is_nonnegative_max(other)) {
            return true;
        }
    }
    false
}

/// Whether `value` is `bound - 1` (`add bound, -1`).
fn is_less_one<'ctx>(value: IntValue<'ctx>, bound: IntValue<'ctx>) -> bool {
    let Some(add) = value.as_instruction().filter(|i| i.get_opcode() == Op::Add) else { return false };
    match (add.get_operand(0), add.get_operand(1)) {
        (Some(Operand::Value(BasicValueEnum::IntValue(base))), Some(Operand::Value(BasicValueEnum::IntValue(one)))) => {
            key(&base) == key(&bound) && one.get_sign_extended_constant() == Some(-1)
        }
        _ => false,
    }
}

/// Whether `value` is `smax(x, 0)` (either operand order).
fn is_nonnegative_max(value: IntValue<'_>) -> bool {
    let Some(call) = value.as_instruction().filter(|i| i.get_opcode() == Op::Call) else { return false };
    let Ok(site) = CallSiteValue::try_from(call) else { return false };
    let Some(callee) = site.get_called_fn_value() else { return false };
    if !callee.get_name().to_string_lossy().starts_with("llvm.smax.i") {
        return false;
    }
    (0..2).any(|index| {
        matches!(call.get_operand(index), Some(Operand::Value(BasicValueEnum::IntValue(operand)))
            if operand.get_zero_extended_constant() == Some(0))
    })
}
