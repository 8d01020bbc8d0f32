//! Intel extension conversions (`SPIRVIntelExtOps.td`): the bfloat16
//! conversions of `SPV_INTEL_bfloat16_conversion` and the tensor-float32
//! rounding of `SPV_INTEL_tensor_float32_conversion`. Upstream rejects all
//! three ("failed to legalize").
//!
//! bfloat16 values travel as their bits in `i16` in SPIR-V. LLVM has a
//! `bfloat` type, but on CPUs without bfloat16 instructions its `fptrunc`
//! from `f32` is a call of compiler-rt's `__truncsfbf2`, which neither the
//! runner's JIT nor a link with libc and libm alone resolves (the kernel
//! called address 0): so the rounding is spelled out on the bits of the
//! `f32`, as for tensor float32, which has no LLVM type at all, and the
//! widening is a shift. The
//! other `spirv.INTEL.*` ops belong to the barrier (`ControlBarrierArrive`,
//! `ControlBarrierWait`) and group (`SubgroupBlockRead`/`Write`) families.

use super::comparison::FloatPredicate;
use super::util::{integer_constant, with_element_type};
use melior::ir::{Attribute, OperationRef, Type, Value, attribute::IntegerAttribute, r#type::IntegerType};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns
        .add(Bfloat16Conversion { names: ["spirv.INTEL.ConvertFToBF16"], direction: Direction::FromF32 })
        .add(Bfloat16Conversion { names: ["spirv.INTEL.ConvertBF16ToF"], direction: Direction::ToF32 })
        .add(RoundFToTf32);
}

/// Which way a [`Bfloat16Conversion`] goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// `f32` to the bits of a `bf16` in `i16`.
    FromF32,
    /// The bits of a `bf16` in `i16` to `f32`.
    ToF32,
}

/// `spirv.INTEL.ConvertFToBF16 %x : f32 to i16` is `%x` rounded to the
/// nearest bfloat16, ties to even (as the extension asks), as its bits: the
/// top 16 bits of the `f32` rounded as [`round_low_bits`] does, shifted down
/// and truncated. `spirv.INTEL.ConvertBF16ToF %b : i16 to f32` is exact:
/// `%b` widened and shifted into the top half of an `f32`. Vectors convert
/// lane by lane.
struct Bfloat16Conversion {
    names: [&'static str; 1],
    direction: Direction,
}

impl ConversionPattern for Bfloat16Conversion {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let &[operand] = operands else {
            return Err(MatchFailure::new("expected one operand"));
        };
        let ty = rewriter.converted_result_type(op, 0)?;
        let i32_type = IntegerType::new(rewriter.context(), 32).into();
        let bits_type = with_element_type(ty, i32_type);
        let sixteen = integer_constant(rewriter, bits_type, 16)?;
        let result = match self.direction {
            Direction::FromF32 => {
                let rounded = round_low_bits(rewriter, operand, bits_type, 16)?;
                let top = rewriter.create_value("llvm.lshr", &[rounded, sixteen], bits_type, &[])?;
                rewriter.create_value("llvm.trunc", &[top], ty, &[])?
            }
            Direction::ToF32 => {
                let widened = rewriter.create_value("llvm.zext", &[operand], bits_type, &[])?;
                let bits = rewriter.create_value("llvm.shl", &[widened, sixteen], bits_type, &[])?;
                rewriter.create_value("llvm.bitcast", &[bits], ty, &[])?
            }
        };
        Ok(vec![result])
    }
}

/// The quiet bit of an `f32` NaN.
const QUIET_NAN_BIT: i64 = 0x40_0000;

/// `spirv.INTEL.RoundFToTF32 %x : f32 to f32`: `%x` rounded to the nearest
/// tensor float32 (1 sign, 8 exponent and 10 fraction bits, the top 19
/// bits of an `f32`), ties to even, as an `f32`: [`round_low_bits`] of its
/// 13 low fraction bits.
struct RoundFToTf32;

impl ConversionPattern for RoundFToTf32 {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.INTEL.RoundFToTF32"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let &[operand] = operands else {
            return Err(MatchFailure::new("expected one operand"));
        };
        let ty = rewriter.converted_result_type(op, 0)?;
        let i32_type = IntegerType::new(rewriter.context(), 32).into();
        let bits_type = with_element_type(ty, i32_type);
        let result = round_low_bits(rewriter, operand, bits_type, 13)?;
        Ok(vec![rewriter.create_value("llvm.bitcast", &[result], ty, &[])?])
    }
}

/// The bits (`bits_type`: `i32` or a vector of them) of the `f32` `operand`
/// rounded to nearest, ties to even, at bit `dropped`: the `dropped` low
/// bits are zero in the result.
///
/// ```text
/// %bits     = llvm.bitcast %x : f32 to i32
/// %t0       = llvm.lshr %bits, dropped
/// %lsb      = llvm.and %t0, 1                 // the lowest kept bit
/// %bias     = llvm.add %lsb, half - 1         // half = 1 << (dropped - 1)
/// %sum      = llvm.add %bits, %bias
/// %rounded  = llvm.and %sum, mask             // mask = -1 << dropped
/// %kept     = llvm.and %bits, mask
/// %nan      = llvm.or %kept, 0x400000
/// %is_nan   = llvm.fcmp "uno" %x, %x
/// %r        = llvm.select %is_nan, %nan, %rounded
/// ```
///
/// Adding the bias to the bits rounds the magnitude (the sign bit is
/// untouched): a carry out of the fraction steps the exponent, which is the
/// right next value for normals and subnormals alike, and rounds the largest
/// values up to infinity, as round-to-nearest must; infinities and zeros
/// are kept. Only NaNs would go wrong (their payload may carry into the
/// exponent or the sign), so they are selected apart: a quiet NaN with the
/// sign and the top payload bits of `%x`, as LLVM's `fptrunc` keeps them.
/// The rounding is done on the bits because the extensions ask for ties to
/// even whatever the floating-point environment.
pub(super) fn round_low_bits<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    operand: Value<'c, 'r>,
    bits_type: Type<'c>,
    dropped: i64,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let i1_type = with_element_type(bits_type, IntegerType::new(rewriter.context(), 1).into());
    let i64_type: Type<'c> = IntegerType::new(rewriter.context(), 64).into();
    let bits = rewriter.create_value("llvm.bitcast", &[operand], bits_type, &[])?;
    let kept_bit = integer_constant(rewriter, bits_type, dropped)?;
    let one = integer_constant(rewriter, bits_type, 1)?;
    let half_ulp_minus_one = integer_constant(rewriter, bits_type, (1 << (dropped - 1)) - 1)?;
    let mask = integer_constant(rewriter, bits_type, !((1 << dropped) - 1))?;
    let quiet = integer_constant(rewriter, bits_type, QUIET_NAN_BIT)?;
    let mut binary = |name: &str, lhs, rhs| rewriter.create_value(name, &[lhs, rhs], bits_type, &[]);
    let shifted = binary("llvm.lshr", bits, kept_bit)?;
    let lowest_kept = binary("llvm.and", shifted, one)?;
    let bias = binary("llvm.add", lowest_kept, half_ulp_minus_one)?;
    let sum = binary("llvm.add", bits, bias)?;
    let rounded = binary("llvm.and", sum, mask)?;
    let kept = binary("llvm.and", bits, mask)?;
    let nan = binary("llvm.or", kept, quiet)?;
    let unordered: Attribute<'c> = IntegerAttribute::new(i64_type, FloatPredicate::Uno as i64).into();
    let is_nan = rewriter.create_value("llvm.fcmp", &[operand, operand], i1_type, &[("predicate", unordered)])?;
    rewriter.create_value("llvm.select", &[is_nan, nan, rounded], bits_type, &[])
}
