//! Bitfield ops (manual: "Bitfield ops"): `spirv.BitFieldInsert`,
//! `spirv.BitFieldSExtract` and `spirv.BitFieldUExtract` as sequences of
//! shifts and masks.
//!
//! Unlike upstream (and the manual), every shift amount stays below the bit
//! width for every input SPIR-V defines (`offset + count <= width`), so no
//! defined input gives LLVM poison. The one case where any shift-based
//! sequence needs an amount equal to the width, `count == 0`, is settled by a
//! final `llvm.select` (which does not propagate poison from the operand it
//! does not select). Upstream's sequences give poison for `count == width`
//! (`shl -1, count`), for `count == 0` in `SExtract` and `offset == width` in
//! `UExtract`, and its `BitFieldInsert` also ors in the bits of `insert` above
//! `count`; see docs/conversion-manual/bitfield.md.
//!
//! `offset` and `count` are scalars of any integer width: for a vector base
//! they are first broadcast (`llvm.mlir.poison` and an `llvm.insertelement`
//! per lane), then zero-extended or truncated to the base width (they are
//! unsigned, and only values up to the base width are defined).

use super::comparison::IntPredicate;
use super::util::{broadcast, integer_constant, with_element_type};
use melior::ir::{Attribute, OperationRef, Type, Value, ValueLike, attribute::IntegerAttribute, r#type::IntegerType};
use spirv_opt_rs::{
    conversion::{ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::{scalar_bit_width, vector_shape},
};
use std::cmp::Ordering;

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add_fn("spirv.BitFieldInsert", bitfield_insert)
        .add_fn("spirv.BitFieldSExtract", bitfield_sextract)
        .add_fn("spirv.BitFieldUExtract", bitfield_uextract);
}

/// `spirv.BitFieldInsert %base, %insert, %offset, %count`: `%base` with bits
/// [offset, offset + count) replaced by the `count` low bits of `%insert`.
///
/// ```text
/// %minus_one = llvm.mlir.constant(-1)
/// %width     = llvm.mlir.constant(<width of base>)
/// %zero      = llvm.mlir.constant(0)
/// %t0        = llvm.sub %width, %count        // < width unless count == 0
/// %ones      = llvm.lshr %minus_one, %t0      // the count low bits
/// %field     = llvm.shl %ones, %offset        // bits [offset, offset + count)
/// %sh_insert = llvm.shl %insert, %offset
/// %diff      = llvm.xor %base, %sh_insert
/// %in_field  = llvm.and %diff, %field
/// %inserted  = llvm.xor %base, %in_field      // field from insert, rest from base
/// %is_empty  = llvm.icmp "eq" %count, %zero
/// %res       = llvm.select %is_empty, %base, %inserted
/// ```
///
/// The masked merge `base ^ ((base ^ insert') & field)` is one op shorter
/// than `(base & ~field) | (insert' & field)`. With `count == 0`, `%t0` (and
/// `%offset`, which may then be the width) are shift amounts of poison: the
/// select picks `%base`, as SPIR-V defines.
fn bitfield_insert<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[base, insert, offset, count] = operands else {
        return Err(MatchFailure::new("expected base, insert, offset and count operands"));
    };
    let ty = rewriter.converted_result_type(op, 0)?;
    let size = width(ty)?;
    let [offset, count] = offsets_and_counts(rewriter, [offset, count], ty)?;
    let minus_one = integer_constant(rewriter, ty, -1)?;
    let size = integer_constant(rewriter, ty, i64::from(size))?;
    let zero = integer_constant(rewriter, ty, 0)?;
    let mut binary = |name: &str, lhs, rhs| rewriter.create_value(name, &[lhs, rhs], ty, &[]);
    let width_minus_count = binary("llvm.sub", size, count)?;
    let ones = binary("llvm.lshr", minus_one, width_minus_count)?;
    let field = binary("llvm.shl", ones, offset)?;
    let insert_shifted_by_offset = binary("llvm.shl", insert, offset)?;
    let difference = binary("llvm.xor", base, insert_shifted_by_offset)?;
    let difference_in_field = binary("llvm.and", difference, field)?;
    let inserted = binary("llvm.xor", base, difference_in_field)?;
    Ok(vec![unless_empty(rewriter, count, zero, base, inserted, ty)?])
}

/// `spirv.BitFieldSExtract %base, %offset, %count`: `%base` shifted left so
/// that bit offset + count - 1 is the sign bit, then arithmetically right.
///
/// ```text
/// %size     = llvm.mlir.constant(<width of base>)
/// %zero     = llvm.mlir.constant(0)
/// %t0       = llvm.add %count, %offset
/// %t1       = llvm.sub %size, %t0             // < width unless count == 0
/// %sh_left  = llvm.shl %base, %t1
/// %t2       = llvm.add %offset, %t1           // size - count
/// %extract  = llvm.ashr %sh_left, %t2
/// %is_empty = llvm.icmp "eq" %count, %zero
/// %res      = llvm.select %is_empty, %zero, %extract
/// ```
///
/// Upstream's sequence plus the select: with `count == 0` (where SPIR-V
/// defines the result as 0) the right shift is by the width.
fn bitfield_sextract<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[base, offset, count] = operands else {
        return Err(MatchFailure::new("expected base, offset and count operands"));
    };
    let ty = rewriter.converted_result_type(op, 0)?;
    let size = width(ty)?;
    let [offset, count] = offsets_and_counts(rewriter, [offset, count], ty)?;
    let size = integer_constant(rewriter, ty, i64::from(size))?;
    let zero = integer_constant(rewriter, ty, 0)?;
    let mut binary = |name: &str, lhs, rhs| rewriter.create_value(name, &[lhs, rhs], ty, &[]);
    let count_plus_offset = binary("llvm.add", count, offset)?;
    let amount_to_shift_left = binary("llvm.sub", size, count_plus_offset)?;
    let shifted_left = binary("llvm.shl", base, amount_to_shift_left)?;
    let amount_to_shift_right = binary("llvm.add", offset, amount_to_shift_left)?;
    let extracted = binary("llvm.ashr", shifted_left, amount_to_shift_right)?;
    Ok(vec![unless_empty(rewriter, count, zero, zero, extracted, ty)?])
}

/// `spirv.BitFieldUExtract %base, %offset, %count`: `%base >> offset`
/// masked with the `count` low bits.
///
/// ```text
/// %minus_one = llvm.mlir.constant(-1)
/// %width     = llvm.mlir.constant(<width of base>)
/// %zero      = llvm.mlir.constant(0)
/// %t0        = llvm.sub %width, %count        // < width unless count == 0
/// %mask      = llvm.lshr %minus_one, %t0      // the count low bits
/// %sh_base   = llvm.lshr %base, %offset
/// %extract   = llvm.and %sh_base, %mask
/// %is_empty  = llvm.icmp "eq" %count, %zero
/// %res       = llvm.select %is_empty, %zero, %extract
/// ```
///
/// The mask is `-1 >> (width - count)`, not upstream's `~(-1 << count)`, so
/// that `count == width` is in range; `count == 0` (where `offset` may be
/// the width too) is the select's.
fn bitfield_uextract<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let &[base, offset, count] = operands else {
        return Err(MatchFailure::new("expected base, offset and count operands"));
    };
    let ty = rewriter.converted_result_type(op, 0)?;
    let size = width(ty)?;
    let [offset, count] = offsets_and_counts(rewriter, [offset, count], ty)?;
    let minus_one = integer_constant(rewriter, ty, -1)?;
    let size = integer_constant(rewriter, ty, i64::from(size))?;
    let zero = integer_constant(rewriter, ty, 0)?;
    let mut binary = |name: &str, lhs, rhs| rewriter.create_value(name, &[lhs, rhs], ty, &[]);
    let width_minus_count = binary("llvm.sub", size, count)?;
    let mask = binary("llvm.lshr", minus_one, width_minus_count)?;
    let shifted_base = binary("llvm.lshr", base, offset)?;
    let extracted = binary("llvm.and", shifted_base, mask)?;
    Ok(vec![unless_empty(rewriter, count, zero, zero, extracted, ty)?])
}

/// `llvm.select (icmp eq count, zero), empty, value`: the result for a
/// `count` of 0, where the shift sequences shift by the width (poison), and
/// `value` otherwise. `select` does not propagate poison from the operand it
/// does not pick, so the result is never poison for a defined input.
fn unless_empty<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    count: Value<'c, 'r>,
    zero: Value<'c, 'r>,
    empty: Value<'c, 'r>,
    value: Value<'c, 'r>,
    ty: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let condition_type = with_element_type(ty, IntegerType::new(rewriter.context(), 1).into());
    let i64_type = IntegerType::new(rewriter.context(), 64).into();
    let predicate: Attribute<'c> = IntegerAttribute::new(i64_type, IntPredicate::Eq as i64).into();
    let is_empty = rewriter.create_value("llvm.icmp", &[count, zero], condition_type, &[("predicate", predicate)])?;
    rewriter.create_value("llvm.select", &[is_empty, empty, value], ty, &[])
}

/// The bit width of the integers of `ty`, an integer or vector type.
fn width(ty: Type<'_>) -> Result<u32, MatchFailure> {
    scalar_bit_width(ty).ok_or_else(|| MatchFailure::new(format!("expected integers, got '{ty}'")))
}

/// `offset` and `count` (in this order, as upstream) made of type `ty`, the
/// converted base type. Their widths are checked before anything is created.
fn offsets_and_counts<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    [offset, count]: [Value<'c, 'r>; 2],
    ty: Type<'c>,
) -> Result<[Value<'c, 'r>; 2], MatchFailure> {
    let target_width = width(ty)?;
    let (offset_width, count_width) = (width(offset.r#type())?, width(count.r#type())?);
    Ok([
        count_or_offset(rewriter, offset, offset_width, ty, target_width)?,
        count_or_offset(rewriter, count, count_width, ty, target_width)?,
    ])
}

/// A scalar `value` of width `width` as type `ty` (of width `target_width`):
/// broadcast to a vector if `ty` is one, then zero-extended or truncated.
fn count_or_offset<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    value: Value<'c, 'r>,
    width: u32,
    ty: Type<'c>,
    target_width: u32,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let value = match vector_shape(ty) {
        Some((length, _)) => broadcast(rewriter, value, Type::vector(&[length], value.r#type()))?,
        None => value,
    };
    match width.cmp(&target_width) {
        Ordering::Less => rewriter.create_value("llvm.zext", &[value], ty, &[]),
        Ordering::Greater => rewriter.create_value("llvm.trunc", &[value], ty, &[]),
        Ordering::Equal => Ok(value),
    }
}
