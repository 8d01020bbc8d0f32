//! Bitfield ops (manual: "Bitfield ops"): `spirv.BitFieldInsert`,
//! `spirv.BitFieldSExtract` and `spirv.BitFieldUExtract` as sequences of
//! shifts and masks, op for op as upstream emits them.
//!
//! `offset` and `count` are scalars of any integer width: for a vector base
//! they are first broadcast (`llvm.mlir.poison` and an `llvm.insertelement`
//! per lane), then zero-extended or truncated to the base width (they are
//! unsigned, and only values below the base width are defined).

use super::util::{broadcast, integer_constant};
use melior::ir::{OperationRef, Type, Value, ValueLike};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::{scalar_bit_width, vector_shape},
};
use std::cmp::Ordering;

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add(BitFieldInsert).add(BitFieldSExtract).add(BitFieldUExtract);
}

/// `spirv.BitFieldInsert %base, %insert, %offset, %count`: the bits of
/// `%base` outside [offset, offset + count) or'ed with `%insert << offset`.
///
/// ```text
/// %minus_one = llvm.mlir.constant(-1)
/// %t0        = llvm.shl %minus_one, %count
/// %t1        = llvm.xor %t0, %minus_one
/// %t2        = llvm.shl %t1, %offset
/// %mask      = llvm.xor %t2, %minus_one
/// %new_base  = llvm.and %base, %mask
/// %sh_insert = llvm.shl %insert, %offset
/// %res       = llvm.or %new_base, %sh_insert
/// ```
struct BitFieldInsert;

impl ConversionPattern for BitFieldInsert {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.BitFieldInsert"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let &[base, insert, offset, count] = operands else {
            return Err(MatchFailure::new("expected base, insert, offset and count operands"));
        };
        let ty = rewriter.converted_result_type(op, 0)?;
        let [offset, count] = offsets_and_counts(rewriter, [offset, count], ty)?;
        let minus_one = integer_constant(rewriter, ty, -1)?;
        let mut binary = |name: &str, lhs, rhs| rewriter.create_value(name, &[lhs, rhs], ty, &[]);
        let shifted_by_count = binary("llvm.shl", minus_one, count)?;
        let negated = binary("llvm.xor", shifted_by_count, minus_one)?;
        let shifted_by_count_and_offset = binary("llvm.shl", negated, offset)?;
        let mask = binary("llvm.xor", shifted_by_count_and_offset, minus_one)?;
        let base_and_mask = binary("llvm.and", base, mask)?;
        let insert_shifted_by_offset = binary("llvm.shl", insert, offset)?;
        Ok(vec![binary("llvm.or", base_and_mask, insert_shifted_by_offset)?])
    }
}

/// `spirv.BitFieldSExtract %base, %offset, %count`: `%base` shifted left so
/// that bit offset + count - 1 is the sign bit, then arithmetically right.
///
/// ```text
/// %size    = llvm.mlir.constant(<width of base>)
/// %t0      = llvm.add %count, %offset
/// %t1      = llvm.sub %size, %t0
/// %sh_left = llvm.shl %base, %t1
/// %t2      = llvm.add %offset, %t1
/// %res     = llvm.ashr %sh_left, %t2
/// ```
struct BitFieldSExtract;

impl ConversionPattern for BitFieldSExtract {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.BitFieldSExtract"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
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
        let mut binary = |name: &str, lhs, rhs| rewriter.create_value(name, &[lhs, rhs], ty, &[]);
        let count_plus_offset = binary("llvm.add", count, offset)?;
        let amount_to_shift_left = binary("llvm.sub", size, count_plus_offset)?;
        let shifted_left = binary("llvm.shl", base, amount_to_shift_left)?;
        let amount_to_shift_right = binary("llvm.add", offset, amount_to_shift_left)?;
        Ok(vec![binary("llvm.ashr", shifted_left, amount_to_shift_right)?])
    }
}

/// `spirv.BitFieldUExtract %base, %offset, %count`: `%base >> offset`
/// masked with the `count` low bits.
///
/// ```text
/// %minus_one = llvm.mlir.constant(-1)
/// %t0        = llvm.shl %minus_one, %count
/// %mask      = llvm.xor %t0, %minus_one
/// %sh_base   = llvm.lshr %base, %offset
/// %res       = llvm.and %sh_base, %mask
/// ```
struct BitFieldUExtract;

impl ConversionPattern for BitFieldUExtract {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.BitFieldUExtract"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let &[base, offset, count] = operands else {
            return Err(MatchFailure::new("expected base, offset and count operands"));
        };
        let ty = rewriter.converted_result_type(op, 0)?;
        let [offset, count] = offsets_and_counts(rewriter, [offset, count], ty)?;
        let minus_one = integer_constant(rewriter, ty, -1)?;
        let mut binary = |name: &str, lhs, rhs| rewriter.create_value(name, &[lhs, rhs], ty, &[]);
        let shifted_by_count = binary("llvm.shl", minus_one, count)?;
        let mask = binary("llvm.xor", shifted_by_count, minus_one)?;
        let shifted_base = binary("llvm.lshr", base, offset)?;
        Ok(vec![binary("llvm.and", shifted_base, mask)?])
    }
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
