//! Cast ops (manual: "Cast ops"): numeric conversions are 1:1,
//! `spirv.FConvert`/`SConvert`/`UConvert` extend or truncate by width,
//! `spirv.Bitcast` is an `llvm.bitcast` (or nothing, between opaque
//! pointers). Beyond upstream, which rejects them: `spirv.ConvertPtrToU` and
//! `spirv.ConvertUToPtr` are `llvm.ptrtoint`/`llvm.inttoptr`,
//! `spirv.PtrCastToGeneric` and `spirv.GenericCastToPtr` are
//! `llvm.addrspacecast`s, and `spirv.GenericCastToPtrExplicit` calls the
//! SPIR-V builtin `__spirv_GenericCastToPtrExplicit_To{Global,Local,Private}`.

use super::{
    SpirvToLlvmOptions,
    comparison::{FloatPredicate, IntPredicate},
    intel,
    types::read_type,
    util::{fcmp, i32_constant, icmp, integer_constant, integer_like, printed_attribute, with_element_type},
};
use melior::{
    dialect::llvm,
    ir::{
        Attribute, Identifier, OperationRef, Region, Type, TypeLike, Value, ValueLike,
        attribute::{BoolAttribute, DenseI32ArrayAttribute, FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::attributes::StorageClass;
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, DirectConversion, PatternSet, Replacement},
    error::MatchFailure,
    ir::{scalar_bit_width, vector_shape},
};

const DIRECT: &[DirectConversion] = &[
    // LLVM's `ptrtoint` and `inttoptr` truncate or zero-extend exactly as
    // SPIR-V's conversions do when the widths differ.
    DirectConversion { from: "spirv.ConvertPtrToU", to: "llvm.ptrtoint" },
    DirectConversion { from: "spirv.ConvertUToPtr", to: "llvm.inttoptr" },
];

/// SPIR-V op, LLVM op extending, LLVM op truncating (manual: "Special cases").
const WIDTH_CASTS: &[(&str, &str, &str)] = &[
    ("spirv.FConvert", "llvm.fpext", "llvm.fptrunc"),
    ("spirv.SConvert", "llvm.sext", "llvm.trunc"),
    ("spirv.UConvert", "llvm.zext", "llvm.trunc"),
];

pub(crate) fn populate(patterns: &mut PatternSet, _options: SpirvToLlvmOptions) {
    patterns
        .add_direct(DIRECT)
        .add_fn("spirv.Bitcast", bitcast)
        .add_fn("spirv.ConvertFToS", float_to_integer)
        .add_fn("spirv.ConvertSToF", integer_to_float)
        .add_fn("spirv.ConvertUToF", integer_to_float)
        .add_fn("spirv.ConvertFToU", float_to_integer)
        .add_fn("spirv.GenericCastToPtrExplicit", generic_cast_to_ptr_explicit);
    for &(from, extend, truncate) in WIDTH_CASTS {
        patterns.add(WidthCast { names: [from], extend, truncate });
    }
    for from in ["spirv.PtrCastToGeneric", "spirv.GenericCastToPtr"] {
        patterns.add_fn(from, address_space_cast);
    }
}

/// `spirv.ConvertFToS`/`ConvertFToU` are `llvm.fptosi`/`llvm.fptoui`
/// (rounding toward zero), as upstream, honouring the decorations OpenCL's
/// `convert_<type>[_sat][_<rounding>]` leave on them: `FPRoundingMode`
/// rounds first (`RTE` to nearest even, `RTP` up, `RTN` down), and
/// `SaturatedConversion` clamps to the result's range with NaN giving 0,
/// which is exactly `llvm.fpto{s,u}i.sat`. Without them the result of an
/// out-of-range value is undefined in SPIR-V, and poison in LLVM.
fn float_to_integer<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let mut value = single(operands)?;
    let signed = op.name().as_string_ref().as_str() == Ok("spirv.ConvertFToS");
    let result = rewriter.converted_result_type(op, 0)?;
    let rounding = printed_attribute(op, "fp_rounding_mode").unwrap_or_default();
    let round = if rounding.contains("RTE") {
        Some("llvm.intr.roundeven")
    } else if rounding.contains("RTP") {
        Some("llvm.intr.ceil")
    } else if rounding.contains("RTN") {
        Some("llvm.intr.floor")
    } else {
        None
    };
    if let Some(round) = round {
        value = rewriter.create_value(round, &[value], value.r#type(), &[])?;
    }
    if op.attribute("saturated_conversion").is_err() {
        let convert = if signed { "llvm.fptosi" } else { "llvm.fptoui" };
        return Ok(vec![rewriter.create_value(convert, &[value], result, &[])?]);
    }
    // The dialect has no op for the saturating conversions: the intrinsic.
    let context = rewriter.context();
    let intrinsic = if signed { "llvm.fptosi.sat" } else { "llvm.fptoui.sat" };
    let attribute = |text: &str| {
        Attribute::parse(context, text).ok_or_else(|| MatchFailure::new(format!("cannot build {text}")))
    };
    let attributes = [
        ("intrin", StringAttribute::new(context, intrinsic).into()),
        ("fastmathFlags", attribute("#llvm.fastmath<none>")?),
        ("op_bundle_sizes", attribute("array<i32>")?),
        ("operandSegmentSizes", attribute("array<i32: 1, 0>")?),
    ];
    Ok(vec![rewriter.create_value("llvm.call_intrinsic", &[value], result, &attributes)?])
}

/// `spirv.ConvertSToF`/`ConvertUToF` are `llvm.sitofp`/`llvm.uitofp`, as
/// upstream: to nearest even. OpenCL's `convert_float_rtz/_rtp/_rtn` (and
/// `convert_half_*`, `convert_double_*`) of an integer leave the same ops
/// decorated `FPRoundingMode` RTZ/RTP/RTN, which upstream ignores; an
/// integer wider than the result's significand is then one ulp off in half
/// of the cases (found by scripts/fuzz-diff-cl; conversion manual "Cast
/// ops"). Such a conversion rounds in the integers, where nothing is lost:
/// see `directed_integer_to_float`. A half result goes through `f32` with
/// the same direction, then `directed_truncation` (two roundings in one
/// direction are one: the coarser grid is part of the finer one).
fn integer_to_float<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let value = single(operands)?;
    let signed = op.name().as_string_ref().as_str() == Ok("spirv.ConvertSToF");
    let convert = if signed { "llvm.sitofp" } else { "llvm.uitofp" };
    let result = rewriter.converted_result_type(op, 0)?;
    let Some(direction) = directed_rounding(op) else {
        return Ok(vec![rewriter.create_value(convert, &[value], result, &[])?]);
    };
    let width = |ty: Type<'c>| {
        scalar_bit_width(ty).ok_or_else(|| MatchFailure::new(format!("expected integers or floats, got '{ty}'")))
    };
    let (from, to) = (width(value.r#type())?, width(result)?);
    let precision = match to {
        16 => 11,
        32 => 24,
        64 => 53,
        other => return Err(MatchFailure::new(format!("no {other}-bit float conversion with a rounding mode"))),
    };
    if from <= precision {
        // Every value of the operand is a value of the result: no rounding.
        return Ok(vec![rewriter.create_value(convert, &[value], result, &[])?]);
    }
    if to != 16 {
        return Ok(vec![directed_integer_to_float(rewriter, value, signed, result, precision, direction)?]);
    }
    let single_type = Type::float32(rewriter.context());
    let single_type = match vector_shape(result) {
        Some((length, _)) => Type::vector(&[length], single_type),
        None => single_type,
    };
    let single = if from <= 24 {
        rewriter.create_value(convert, &[value], single_type, &[])?
    } else {
        directed_integer_to_float(rewriter, value, signed, single_type, 24, direction)?
    };
    let narrowed = rewriter.create_value("llvm.fptrunc", &[single], result, &[])?;
    Ok(vec![directed_truncation(rewriter, single, narrowed, direction, 16)?])
}

/// An integer to a float of `precision` significand bits (fewer than the
/// integer's), rounded in `direction`: the magnitude with the bits below the
/// float's precision cleared converts exactly (that is rounding toward
/// zero); when a cleared bit was set and the direction points away from
/// zero (up for a positive value, down for a negative one) the result is the
/// next float in magnitude, its bit pattern plus one (which carries into the
/// exponent when the significand is full; 64-bit integers cannot reach a
/// float's or a double's infinity). The sign is put back last: the
/// magnitude of the most negative integer is its unsigned value.
fn directed_integer_to_float<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    value: Value<'c, 'r>,
    signed: bool,
    result: Type<'c>,
    precision: u32,
    direction: Direction,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let ty = value.r#type();
    let bits = scalar_bit_width(ty).ok_or_else(|| MatchFailure::new(format!("expected integers, got '{ty}'")))?;
    let zero = integer_constant(rewriter, ty, 0)?;
    let one = integer_constant(rewriter, ty, 1)?;
    let negative = if signed { Some(icmp(rewriter, IntPredicate::Slt, value, zero)?) } else { None };
    let magnitude = match negative {
        Some(negative) => {
            let negated = rewriter.create_value("llvm.sub", &[zero, value], ty, &[])?;
            rewriter.create_value("llvm.select", &[negative, negated, value], ty, &[])?
        }
        None => value,
    };
    // Bits below the precision: (bits - leading zeros) - precision, at least 0.
    let poison = BoolAttribute::new(rewriter.context(), false).into();
    let leading = rewriter.create_value("llvm.intr.ctlz", &[magnitude], ty, &[("is_zero_poison", poison)])?;
    let room = integer_constant(rewriter, ty, i64::from(bits - precision))?;
    let excess = rewriter.create_value("llvm.sub", &[room, leading], ty, &[])?;
    let positive = icmp(rewriter, IntPredicate::Sgt, excess, zero)?;
    let shift = rewriter.create_value("llvm.select", &[positive, excess, zero], ty, &[])?;
    let unit = rewriter.create_value("llvm.shl", &[one, shift], ty, &[])?;
    let mask = rewriter.create_value("llvm.sub", &[unit, one], ty, &[])?;
    let low = rewriter.create_value("llvm.and", &[magnitude, mask], ty, &[])?;
    let kept = rewriter.create_value("llvm.xor", &[magnitude, low], ty, &[])?;
    let truncated = rewriter.create_value("llvm.uitofp", &[kept], result, &[])?;
    let inexact = icmp(rewriter, IntPredicate::Ne, low, zero)?;
    let away = match (direction, negative) {
        (Direction::TowardZero, _) | (Direction::Down, None) => None,
        (Direction::Up, None) => Some(inexact),
        (Direction::Up, Some(negative)) => {
            let flags = integer_like(rewriter, ty, 1);
            let true_ = integer_constant(rewriter, flags, 1)?;
            let positive = rewriter.create_value("llvm.xor", &[negative, true_], flags, &[])?;
            Some(rewriter.create_value("llvm.and", &[inexact, positive], flags, &[])?)
        }
        (Direction::Down, Some(negative)) => {
            let flags = integer_like(rewriter, ty, 1);
            Some(rewriter.create_value("llvm.and", &[inexact, negative], flags, &[])?)
        }
    };
    let rounded = match away {
        None => truncated,
        Some(away) => {
            let float_bits = scalar_bit_width(result).unwrap_or(32);
            let pattern_type = integer_like(rewriter, result, float_bits);
            let pattern = rewriter.create_value("llvm.bitcast", &[truncated], pattern_type, &[])?;
            let step = rewriter.create_value("llvm.zext", &[away], pattern_type, &[])?;
            let stepped = rewriter.create_value("llvm.add", &[pattern, step], pattern_type, &[])?;
            rewriter.create_value("llvm.bitcast", &[stepped], result, &[])?
        }
    };
    match negative {
        Some(negative) => {
            let negated = rewriter.create_value("llvm.fneg", &[rounded], result, &[])?;
            rewriter.create_value("llvm.select", &[negative, negated, rounded], result, &[])
        }
        None => Ok(rounded),
    }
}

/// `spirv.Bitcast` is `llvm.bitcast`, except between pointers: LLVM's
/// pointers are opaque, so the operand itself replaces the result, as
/// upstream does. SPIR-V requires both pointers in the same storage class,
/// which MLIR's verifier does not check: a bitcast across storage classes is
/// an error (upstream leaves an `unrealized_conversion_cast` between the two
/// address spaces).
fn bitcast<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let operand = single(operands)?;
    let ty = rewriter.converted_result_type(op, 0)?;
    if ty.is_llvm_pointer_type() {
        let (from, to) = (pointer_storage_class(input_type(op, 0)?)?, pointer_storage_class(result_type(op)?)?);
        if from != to {
            return Err(MatchFailure::new(format!(
                "cannot bitcast a pointer from storage class {from} to {to} (SPIR-V requires the same storage \
                 class; use spirv.PtrCastToGeneric or spirv.GenericCastToPtr)"
            )));
        }
        return Ok(vec![operand]);
    }
    Ok(vec![rewriter.create_value("llvm.bitcast", &[operand], ty, &[])?])
}

/// A conversion between widths: `extend` when the result's components are
/// wider than the operand's, `truncate` when narrower. The SPIR-V verifier
/// rejects equal widths.
struct WidthCast {
    names: [&'static str; 1],
    extend: &'static str,
    truncate: &'static str,
}

impl ConversionPattern for WidthCast {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let operand = single(operands)?;
        let ty = rewriter.converted_result_type(op, 0)?;
        let width = |ty: Type<'c>| {
            scalar_bit_width(ty).ok_or_else(|| MatchFailure::new(format!("expected integers or floats, got '{ty}'")))
        };
        let element = |ty: Type<'c>| vector_shape(ty).map_or(ty, |(_, element)| element);
        if self.extend == "llvm.fpext" && (element(operand.r#type()).is_bf16() || element(ty).is_bf16()) {
            if directed_rounding(op).is_some() {
                return Err(MatchFailure::new("a bfloat16 conversion with a rounding mode other than to nearest even"));
            }
            return Ok(vec![bfloat16_conversion(rewriter, operand, ty)?]);
        }
        let (from, to) = (width(operand.r#type())?, width(ty)?);
        let name = match from.cmp(&to) {
            std::cmp::Ordering::Less => self.extend,
            std::cmp::Ordering::Greater => self.truncate,
            std::cmp::Ordering::Equal => {
                return Err(MatchFailure::new("operand and result components have the same width"));
            }
        };
        let narrowed = rewriter.create_value(name, &[operand], ty, &[])?;
        if name != "llvm.fptrunc" {
            return Ok(vec![narrowed]);
        }
        let Some(direction) = directed_rounding(op) else {
            return Ok(vec![narrowed]);
        };
        Ok(vec![directed_truncation(rewriter, operand, narrowed, direction, to)?])
    }
}

/// `spirv.FConvert` to or from bfloat16 (SPV_KHR_bfloat16), with no
/// `fptrunc` to LLVM's `bfloat`: on CPUs without bfloat16 instructions that
/// is a call of compiler-rt's `__truncsfbf2`, which neither the runner's
/// JIT nor libc and libm resolve (the kernel called address 0). Through
/// `f32`, on the bits:
///
/// - to bfloat16: an `f16` widens exactly; an `f64` narrows to `f32`
///   rounding to odd (truncated, the lowest bit set when inexact), so that
///   the one rounding to nearest even after it is the correctly rounded
///   result; then the `f32`'s top 16 bits rounded to nearest even as
///   `spirv.INTEL.ConvertFToBF16` rounds them (`intel::round_low_bits`:
///   NaNs stay quiet NaNs, overflow gives infinity);
/// - from bfloat16: exact, the bits shifted into the top of an `f32`, then
///   `fpext` to `f64` or `fptrunc` to `f16` (one rounding).
pub(crate) fn bfloat16_conversion<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    operand: Value<'c, 'r>,
    result: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let context = rewriter.context();
    let shaped = |element: Type<'c>| with_element_type(result, element);
    let (f32_type, i32_type, i16_type) = (
        shaped(Type::float32(context)),
        shaped(IntegerType::new(context, 32).into()),
        shaped(IntegerType::new(context, 16).into()),
    );
    let element = |ty: Type<'c>| vector_shape(ty).map_or(ty, |(_, element)| element);
    let sixteen = integer_constant(rewriter, i32_type, 16)?;
    let from = element(operand.r#type());
    if from.is_bf16() {
        let bits = rewriter.create_value("llvm.bitcast", &[operand], i16_type, &[])?;
        let widened = rewriter.create_value("llvm.zext", &[bits], i32_type, &[])?;
        let top = rewriter.create_value("llvm.shl", &[widened, sixteen], i32_type, &[])?;
        let single = rewriter.create_value("llvm.bitcast", &[top], f32_type, &[])?;
        return match scalar_bit_width(result) {
            Some(32) => Ok(single),
            Some(64) => rewriter.create_value("llvm.fpext", &[single], result, &[]),
            Some(16) if element(result).is_bf16() => Ok(operand),
            Some(16) => rewriter.create_value("llvm.fptrunc", &[single], result, &[]),
            _ => Err(MatchFailure::new(format!("no bfloat16 conversion to '{result}'"))),
        };
    }
    let single = match scalar_bit_width(operand.r#type()) {
        Some(32) => operand,
        Some(16) => rewriter.create_value("llvm.fpext", &[operand], f32_type, &[])?,
        Some(64) => round_to_odd_f32(rewriter, operand, f32_type, i32_type)?,
        _ => return Err(MatchFailure::new(format!("no bfloat16 conversion from '{}'", operand.r#type()))),
    };
    let rounded = intel::round_low_bits(rewriter, single, i32_type, 16)?;
    let top = rewriter.create_value("llvm.lshr", &[rounded, sixteen], i32_type, &[])?;
    let bits = rewriter.create_value("llvm.trunc", &[top], i16_type, &[])?;
    rewriter.create_value("llvm.bitcast", &[bits], result, &[])
}

/// The `f64` `operand` as an `f32` rounded to odd: `fptrunc` (to nearest
/// even), one step toward zero when that rounded away from zero, and the
/// lowest bit set when it was inexact. NaNs and infinities convert as
/// `fptrunc` converts them (a NaN compares unordered: neither step).
fn round_to_odd_f32<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    operand: Value<'c, 'r>,
    f32_type: Type<'c>,
    i32_type: Type<'c>,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let double = operand.r#type();
    let nearest = rewriter.create_value("llvm.fptrunc", &[operand], f32_type, &[])?;
    let back = rewriter.create_value("llvm.fpext", &[nearest], double, &[])?;
    let magnitude = rewriter.create_value("llvm.intr.fabs", &[operand], double, &[])?;
    let back_magnitude = rewriter.create_value("llvm.intr.fabs", &[back], double, &[])?;
    let inexact = fcmp(rewriter, FloatPredicate::One, back, operand)?;
    let away = fcmp(rewriter, FloatPredicate::Ogt, back_magnitude, magnitude)?;
    let bits = rewriter.create_value("llvm.bitcast", &[nearest], i32_type, &[])?;
    let one = integer_constant(rewriter, i32_type, 1)?;
    let toward_zero = rewriter.create_value("llvm.sub", &[bits, one], i32_type, &[])?;
    let truncated = rewriter.create_value("llvm.select", &[away, toward_zero, bits], i32_type, &[])?;
    let odd = rewriter.create_value("llvm.or", &[truncated, one], i32_type, &[])?;
    let result = rewriter.create_value("llvm.select", &[inexact, odd, truncated], i32_type, &[])?;
    rewriter.create_value("llvm.bitcast", &[result], f32_type, &[])
}

/// The direction of the op's `FPRoundingMode` decoration when it is not to
/// nearest even (RTZ, RTP, RTN); None without one, or for RTE.
fn directed_rounding(op: OperationRef<'_, '_>) -> Option<Direction> {
    let rounding = printed_attribute(op, "fp_rounding_mode").unwrap_or_default();
    if rounding.contains("RTZ") {
        Some(Direction::TowardZero)
    } else if rounding.contains("RTP") {
        Some(Direction::Up)
    } else if rounding.contains("RTN") {
        Some(Direction::Down)
    } else {
        None
    }
}

/// A rounding direction other than to nearest even (`FPRoundingMode` RTZ,
/// RTP, RTN).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    TowardZero,
    Up,
    Down,
}

/// `llvm.fptrunc` rounds to nearest even; `FPRoundingMode` RTZ/RTP/RTN on a
/// narrowing `spirv.FConvert` (OpenCL's `vstore_half_rtz`..., `convert_half_rtp`)
/// asks for a directed rounding. From the nearest result `narrowed`, widened
/// back exactly: when it lies on the wrong side of the operand (beyond it in
/// magnitude for RTZ, below it for RTP, above it for RTN), the right result
/// is its neighbour one unit in the last place in the rounding direction,
/// which is the integer of its bits plus or minus one (sign and magnitude):
/// toward zero, `bits - 1`; toward +inf, `bits + 1` when positive and
/// `bits - 1` when negative; toward -inf the reverse. Overflow comes out as
/// the spec says (RTZ of a finite value beyond the largest finite is the
/// largest finite: `inf - 1ulp`), NaN and infinities compare unordered or
/// equal and stay.
fn directed_truncation<'c, 'r>(
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    operand: Value<'c, 'r>,
    narrowed: Value<'c, 'r>,
    direction: Direction,
    bits: u32,
) -> Result<Value<'c, 'r>, MatchFailure> {
    let back = rewriter.create_value("llvm.fpext", &[narrowed], operand.r#type(), &[])?;
    let wrong = match direction {
        Direction::TowardZero => {
            let fabs = |rewriter: &mut ConversionRewriter<'c, 'r, '_>, value: Value<'c, 'r>| {
                rewriter.create_value("llvm.intr.fabs", &[value], value.r#type(), &[])
            };
            let (back_magnitude, operand_magnitude) = (fabs(rewriter, back)?, fabs(rewriter, operand)?);
            fcmp(rewriter, FloatPredicate::Ogt, back_magnitude, operand_magnitude)?
        }
        Direction::Up => fcmp(rewriter, FloatPredicate::Olt, back, operand)?,
        Direction::Down => fcmp(rewriter, FloatPredicate::Ogt, back, operand)?,
    };
    let integer = integer_like(rewriter, narrowed.r#type(), bits);
    let pattern = rewriter.create_value("llvm.bitcast", &[narrowed], integer, &[])?;
    let one = integer_constant(rewriter, integer, 1)?;
    let minus_one = integer_constant(rewriter, integer, -1)?;
    let step = if direction == Direction::TowardZero {
        minus_one
    } else {
        let zero = integer_constant(rewriter, integer, 0)?;
        let negative = icmp(rewriter, IntPredicate::Slt, pattern, zero)?;
        let (if_negative, if_positive) = if direction == Direction::Up { (minus_one, one) } else { (one, minus_one) };
        rewriter.create_value("llvm.select", &[negative, if_negative, if_positive], integer, &[])?
    };
    let stepped_pattern = rewriter.create_value("llvm.add", &[pattern, step], integer, &[])?;
    let stepped = rewriter.create_value("llvm.bitcast", &[stepped_pattern], narrowed.r#type(), &[])?;
    rewriter.create_value("llvm.select", &[wrong, stepped, narrowed], narrowed.r#type(), &[])
}

/// `spirv.PtrCastToGeneric` and `spirv.GenericCastToPtr` change the storage
/// class of a pointer: an `llvm.addrspacecast` between the address spaces
/// the client API gives the two storage classes, or nothing when they are
/// the same (as for every storage class with the default client API).
fn address_space_cast<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let operand = single(operands)?;
    let ty = rewriter.converted_result_type(op, 0)?;
    if operand.r#type() == ty {
        return Ok(vec![operand]);
    }
    Ok(vec![rewriter.create_value("llvm.addrspacecast", &[operand], ty, &[])?])
}

/// `spirv.GenericCastToPtrExplicit` yields a null pointer when the generic
/// pointer does not point into the target storage class: only the runtime
/// knows, so it becomes a call to the SPIR-V builtin named by seed 000's
/// scheme (`__spirv_GenericCastToPtrExplicit_To{Global|Local|Private}`),
/// with the signature Clang's `__clang_spirv_builtins.h` gives it
/// (`__global void *__spirv_GenericCastToPtrExplicit_ToGlobal(__generic void
/// *, int)`, mangled for the SPIR target: `PU3AS4vi`), the storage class
/// number as second argument:
///
/// ```text
/// llvm.func spir_funccc @_Z41__spirv_GenericCastToPtrExplicit_ToGlobalPU3AS4vi(!llvm.ptr<4>, i32) -> !llvm.ptr<1>
/// %storage = llvm.mlir.constant(5 : i32) : i32
/// %result = llvm.call spir_funccc @_Z41...(%pointer, %storage) : (!llvm.ptr<4>, i32) -> !llvm.ptr<1>
/// ```
fn generic_cast_to_ptr_explicit<'c, 'r>(
    op: OperationRef<'c, 'r>,
    operands: &[Value<'c, 'r>],
    rewriter: &mut ConversionRewriter<'c, 'r, '_>,
) -> Result<Replacement<'c, 'r>, MatchFailure> {
    let pointer = single(operands)?;
    let result = result_type(op)?;
    let storage_class = pointer_storage_class(result)?;
    let &(_, suffix) = EXPLICIT_CAST_TARGETS.iter().find(|(target, _)| *target == storage_class).ok_or_else(|| {
        MatchFailure::new(format!(
            "the result storage class must be CrossWorkgroup, Workgroup or Function, not {storage_class}"
        ))
    })?;
    let ty = rewriter.converted_result_type(op, 0)?;
    let context = rewriter.context();
    let i32_type: Type<'c> = IntegerType::new(context, 32).into();
    let unmangled = format!("__spirv_GenericCastToPtrExplicit_{suffix}");
    let name = format!("_Z{}{unmangled}PU3AS4vi", unmangled.len());
    let function_type = llvm::r#type::function(ty, &[pointer.r#type(), i32_type], false);
    let attributes = builtin_attributes(context)?;
    rewriter.declare_symbol(&name, |context, location| {
        let mut named = vec![
            (Identifier::new(context, "sym_name"), StringAttribute::new(context, &name).into()),
            (Identifier::new(context, "function_type"), TypeAttribute::new(function_type).into()),
        ];
        named.extend(attributes.iter().map(|&(key, value)| (Identifier::new(context, key), value)));
        Ok(OperationBuilder::new("llvm.func", location).add_attributes(&named).add_regions([Region::new()]).build()?)
    })?;
    let storage = i32_constant(rewriter, i64::from(storage_class.value()))?;
    let mut call_attributes = vec![
        ("callee", FlatSymbolRefAttribute::new(context, &name).into()),
        ("operandSegmentSizes", DenseI32ArrayAttribute::new(context, &[2, 0]).into()),
        ("op_bundle_sizes", DenseI32ArrayAttribute::new(context, &[]).into()),
    ];
    call_attributes.extend(attributes);
    Ok(vec![rewriter.create_value("llvm.call", &[pointer, storage], ty, &call_attributes)?])
}
/// Target storage class, the builtin's name suffix.
const EXPLICIT_CAST_TARGETS: &[(StorageClass, &str)] = &[
    (StorageClass::CrossWorkgroup, "ToGlobal"),
    (StorageClass::Workgroup, "ToLocal"),
    (StorageClass::Function, "ToPrivate"),
];

/// The attributes of SPIR-V builtin declarations and calls, as MLIR's
/// `convert-gpu-to-llvm-spv` gives them: the SPIR calling convention, no
/// memory access, no unwinding, always returns.
fn builtin_attributes(context: &melior::Context) -> Result<Vec<(&'static str, Attribute<'_>)>, MatchFailure> {
    let parse = |text: &str| {
        Attribute::parse(context, text).ok_or_else(|| MatchFailure::new(format!("cannot build attribute {text}")))
    };
    Ok(vec![
        ("CConv", parse("#llvm.cconv<spir_funccc>")?),
        (
            "memory_effects",
            parse(
                "#llvm.memory_effects<other = none, argMem = none, inaccessibleMem = none, errnoMem = none, \
                 targetMem0 = none, targetMem1 = none>",
            )?,
        ),
        ("no_unwind", Attribute::unit(context)),
        ("will_return", Attribute::unit(context)),
    ])
}

/// The storage class of the SPIR-V pointer type `ty`.
fn pointer_storage_class(ty: Type<'_>) -> Result<StorageClass, MatchFailure> {
    read_type(ty)?
        .storage_class()
        .ok_or_else(|| MatchFailure::new(format!("expected a SPIR-V pointer type, got '{ty}'")))
}

/// The (SPIR-V) type of operand `index` of `op`.
fn input_type<'c>(op: OperationRef<'c, '_>, index: usize) -> Result<Type<'c>, MatchFailure> {
    Ok(op.operand(index).map_err(|_| MatchFailure::new(format!("expected operand #{index}")))?.r#type())
}

/// The (SPIR-V) type of the result of `op`.
fn result_type<'c>(op: OperationRef<'c, '_>) -> Result<Type<'c>, MatchFailure> {
    Ok(op.result(0).map_err(|_| MatchFailure::new("expected a result"))?.r#type())
}

/// The only operand of a cast.
fn single<'c, 'r>(operands: &[Value<'c, 'r>]) -> Result<Value<'c, 'r>, MatchFailure> {
    match operands {
        &[operand] => Ok(operand),
        _ => Err(MatchFailure::new("expected one operand")),
    }
}
