//! Comparison ops (manual: "Comparison ops"): every integer comparison is an
//! `llvm.icmp`, every float comparison an `llvm.fcmp`, each with a fixed
//! predicate, declared as the table [`COMPARISONS`]. Beyond upstream, which
//! rejects them, `spirv.Ordered`/`spirv.Unordered` are `fcmp "ord"`/`"uno"`
//! and `spirv.IsNan`/`IsInf`/`IsFinite` are `llvm.intr.is.fpclass` tests, as
//! MLIR's `math.isnan`/`math.isfinite` lower.

use melior::ir::{
    Attribute, OperationRef, Value, attribute::IntegerAttribute, r#type::IntegerType,
};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

/// `llvm.icmp` predicates, valued as LLVM's `ICmpPredicate` (the value of
/// the op's `predicate` attribute).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
pub(super) enum IntPredicate {
    Eq = 0,
    Ne = 1,
    Slt = 2,
    Sle = 3,
    Sgt = 4,
    Sge = 5,
    Ult = 6,
    Ule = 7,
    Ugt = 8,
    Uge = 9,
}

/// `llvm.fcmp` predicates, valued as LLVM's `FCmpPredicate` (the constant
/// `false`/`true` predicates are left out: no SPIR-V op needs them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
pub(super) enum FloatPredicate {
    Oeq = 1,
    Ogt = 2,
    Oge = 3,
    Olt = 4,
    Ole = 5,
    One = 6,
    Ord = 7,
    Ueq = 8,
    Ugt = 9,
    Uge = 10,
    Ult = 11,
    Ule = 12,
    Une = 13,
    Uno = 14,
}

/// A comparison: the LLVM op and its predicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Predicate {
    /// `llvm.icmp`.
    Integer(IntPredicate),
    /// `llvm.fcmp`.
    Float(FloatPredicate),
}

impl Predicate {
    /// The LLVM op name.
    fn op_name(self) -> &'static str {
        match self {
            Self::Integer(_) => "llvm.icmp",
            Self::Float(_) => "llvm.fcmp",
        }
    }

    /// The value of the `predicate` attribute.
    fn value(self) -> i64 {
        match self {
            Self::Integer(predicate) => predicate as i64,
            Self::Float(predicate) => predicate as i64,
        }
    }
}

/// A row of a comparison table: op `from` becomes the comparison `to`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Comparison {
    /// The SPIR-V op.
    pub from: &'static str,
    /// The LLVM comparison.
    pub to: Predicate,
}

/// A row comparing integers (or booleans).
pub(super) const fn icmp(from: &'static str, predicate: IntPredicate) -> Comparison {
    Comparison { from, to: Predicate::Integer(predicate) }
}

/// A row comparing floats.
const fn fcmp(from: &'static str, predicate: FloatPredicate) -> Comparison {
    Comparison { from, to: Predicate::Float(predicate) }
}

/// The manual's table, plus `spirv.Ordered` and `spirv.Unordered`.
const COMPARISONS: &[Comparison] = &[
    icmp("spirv.IEqual", IntPredicate::Eq),
    icmp("spirv.INotEqual", IntPredicate::Ne),
    fcmp("spirv.FOrdEqual", FloatPredicate::Oeq),
    fcmp("spirv.FOrdGreaterThan", FloatPredicate::Ogt),
    fcmp("spirv.FOrdGreaterThanEqual", FloatPredicate::Oge),
    fcmp("spirv.FOrdLessThan", FloatPredicate::Olt),
    fcmp("spirv.FOrdLessThanEqual", FloatPredicate::Ole),
    fcmp("spirv.FOrdNotEqual", FloatPredicate::One),
    fcmp("spirv.FUnordEqual", FloatPredicate::Ueq),
    fcmp("spirv.FUnordGreaterThan", FloatPredicate::Ugt),
    fcmp("spirv.FUnordGreaterThanEqual", FloatPredicate::Uge),
    fcmp("spirv.FUnordLessThan", FloatPredicate::Ult),
    fcmp("spirv.FUnordLessThanEqual", FloatPredicate::Ule),
    fcmp("spirv.FUnordNotEqual", FloatPredicate::Une),
    icmp("spirv.SGreaterThan", IntPredicate::Sgt),
    icmp("spirv.SGreaterThanEqual", IntPredicate::Sge),
    icmp("spirv.SLessThan", IntPredicate::Slt),
    icmp("spirv.SLessThanEqual", IntPredicate::Sle),
    icmp("spirv.UGreaterThan", IntPredicate::Ugt),
    icmp("spirv.UGreaterThanEqual", IntPredicate::Uge),
    icmp("spirv.ULessThan", IntPredicate::Ult),
    icmp("spirv.ULessThanEqual", IntPredicate::Ule),
    // Not lowered upstream: "both operands are not NaN", "either is NaN".
    fcmp("spirv.Ordered", FloatPredicate::Ord),
    fcmp("spirv.Unordered", FloatPredicate::Uno),
];

/// `llvm.intr.is.fpclass` masks (LLVM's `FPClassTest`): signaling and quiet
/// NaN; negative and positive infinity; the finite classes.
const CLASS_TESTS: &[(&str, i64)] = &[
    ("spirv.IsNan", 0x003),
    ("spirv.IsInf", 0x204),
    ("spirv.IsFinite", 0x1f8),
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    add_comparisons(patterns, COMPARISONS);
    for &(name, mask) in CLASS_TESTS {
        patterns.add(ClassTest { names: [name], mask });
    }
}

/// Adds a [`ComparisonPattern`] per row of `table`.
pub(super) fn add_comparisons(patterns: &mut PatternSet, table: &[Comparison]) {
    for row in table {
        patterns.add(ComparisonPattern { names: [row.from], to: row.to });
    }
}

/// `%r = <cmp> %a, %b` is `%r = llvm.icmp/fcmp "<predicate>" %a, %b`.
struct ComparisonPattern {
    names: [&'static str; 1],
    to: Predicate,
}

impl ConversionPattern for ComparisonPattern {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn name(&self) -> &str {
        self.to.op_name()
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let i64_type = IntegerType::new(rewriter.context(), 64).into();
        let predicate: Attribute<'c> = IntegerAttribute::new(i64_type, self.to.value()).into();
        let ty = rewriter.converted_result_type(op, 0)?;
        Ok(vec![rewriter.create_value(self.to.op_name(), operands, ty, &[("predicate", predicate)])?])
    }
}

/// `%r = spirv.IsNan/IsInf/IsFinite %x` is `llvm.intr.is.fpclass` of `%x`
/// with the class mask of the test. Unlike `fcmp`, it never raises a
/// floating-point exception, and it needs no constant for infinity.
struct ClassTest {
    names: [&'static str; 1],
    mask: i64,
}

impl ConversionPattern for ClassTest {
    fn root_names(&self) -> &[&'static str] {
        &self.names
    }

    fn name(&self) -> &str {
        "llvm.intr.is.fpclass"
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let i32_type = IntegerType::new(rewriter.context(), 32).into();
        let bit: Attribute<'c> = IntegerAttribute::new(i32_type, self.mask).into();
        let ty = rewriter.converted_result_type(op, 0)?;
        Ok(vec![rewriter.create_value("llvm.intr.is.fpclass", operands, ty, &[("bit", bit)])?])
    }
}
