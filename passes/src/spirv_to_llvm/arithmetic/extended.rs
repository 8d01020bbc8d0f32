//! The extended arithmetic ops, whose result is a two-member struct
//! `!spirv.struct<(T, T)>` (converted to a literal LLVM struct of two `T`s):
//! `IAddCarry` and `ISubBorrow` (the result and the carry or borrow, 0 or 1)
//! and `SMulExtended` and `UMulExtended` (the low and high halves of the
//! full product). Upstream rejects all four. Each works per component on
//! scalars and vectors.
//!
//! The struct is built from `llvm.mlir.poison` with one `llvm.insertvalue`
//! per member, as `spirv.CompositeConstruct` is.

use crate::spirv_to_llvm::util::{emit, integer_constant, integer_like, two_operands};
use melior::{
    dialect::llvm,
    ir::{OperationRef, Type, Value, ValueLike, attribute::DenseI64ArrayAttribute},
};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
    ir::scalar_bit_width,
};

pub(super) fn populate(patterns: &mut PatternSet) {
    patterns
        .add(WithOverflow { op: ["spirv.IAddCarry"], intrinsic: "llvm.intr.uadd.with.overflow" })
        .add(WithOverflow { op: ["spirv.ISubBorrow"], intrinsic: "llvm.intr.usub.with.overflow" })
        .add(MulExtended { op: ["spirv.SMulExtended"], extension: "llvm.sext" })
        .add(MulExtended { op: ["spirv.UMulExtended"], extension: "llvm.zext" });
}

/// `llvm.extractvalue` of member `index` of `aggregate`.
fn extract<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    aggregate: Value<'c, 'r>,
    index: i64,
    ty: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let position = DenseI64ArrayAttribute::new(rewriter.context(), &[index]).into();
    rewriter.create_value("llvm.extractvalue", &[aggregate], ty, &[("position", position)])
}

/// The struct `{low, high}` of type `ty`.
fn pair<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ty: Type<'c>,
    low: Value<'c, 'r>,
    high: Value<'c, 'r>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let mut result = emit(rewriter, "llvm.mlir.poison", &[], ty)?;
    for (index, member) in [low, high].into_iter().enumerate() {
        let position = DenseI64ArrayAttribute::new(rewriter.context(), &[index as i64]).into();
        result = rewriter.create_value("llvm.insertvalue", &[result, member], ty, &[("position", position)])?;
    }
    Ok(result)
}

/// `IAddCarry` / `ISubBorrow`: the unsigned `*.with.overflow` intrinsic
/// gives the wrapped result and an `i1` overflow flag, which is exactly the
/// carry of the addition, or the borrow of the subtraction (`x < y`); the
/// flag is zero-extended to the member type.
struct WithOverflow {
    op: [&'static str; 1],
    intrinsic: &'static str,
}

impl ConversionPattern for WithOverflow {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let (lhs, rhs) = two_operands(operands)?;
        let result_type = rewriter.converted_result_type(op, 0)?;
        let ty = lhs.r#type();
        let flag_type = integer_like(rewriter, ty, 1);
        let intrinsic_type = llvm::r#type::r#struct(rewriter.context(), &[ty, flag_type], false);
        let both = emit(rewriter, self.intrinsic, &[lhs, rhs], intrinsic_type)?;
        let value = extract(rewriter, both, 0, ty)?;
        let flag = extract(rewriter, both, 1, flag_type)?;
        let flag = emit(rewriter, "llvm.zext", &[flag], ty)?;
        Ok(vec![pair(rewriter, result_type, value, flag)?])
    }
}

/// `SMulExtended` / `UMulExtended`: both operands sign- or zero-extended to
/// twice their width, multiplied (the product of two N-bit integers fits in
/// 2N bits), then split: the low half by `llvm.trunc`, the high half by
/// `llvm.lshr` by N and `llvm.trunc` (as MLIR's `arith.mulsi_extended` and
/// `arith.mului_extended` are lowered).
struct MulExtended {
    op: [&'static str; 1],
    extension: &'static str,
}

impl ConversionPattern for MulExtended {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let (lhs, rhs) = two_operands(operands)?;
        let result_type = rewriter.converted_result_type(op, 0)?;
        let ty = lhs.r#type();
        let width = scalar_bit_width(ty).ok_or_else(|| MatchFailure::new(format!("'{ty}' is not an integer type")))?;
        let wide = integer_like(rewriter, ty, 2 * width);
        let lhs = emit(rewriter, self.extension, &[lhs], wide)?;
        let rhs = emit(rewriter, self.extension, &[rhs], wide)?;
        let product = emit(rewriter, "llvm.mul", &[lhs, rhs], wide)?;
        let low = emit(rewriter, "llvm.trunc", &[product], ty)?;
        let shift = integer_constant(rewriter, wide, i64::from(width))?;
        let high = emit(rewriter, "llvm.lshr", &[product, shift], wide)?;
        let high = emit(rewriter, "llvm.trunc", &[high], ty)?;
        Ok(vec![pair(rewriter, result_type, low, high)?])
    }
}
