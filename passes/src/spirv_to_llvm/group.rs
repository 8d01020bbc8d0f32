//! Group and non-uniform group ops (manual: "Group ops"): calls to the
//! SPIR-V builtin functions `__spirv_{OpCodeName}` of the
//! SPIRV-LLVM-Translator's naming scheme (seed 000), declared `convergent`.
//!
//! A call's arguments are the op's literal operands (execution scope, then
//! group operation) as `i32` constants, followed by its SSA operands. The
//! mangled name is computed from the argument types; how integer operands
//! are mangled (signed or unsigned) follows the translator, which reads
//! every integer as signed except where the instruction treats it as
//! unsigned (the operands of `UMin`/`UMax`, ids, deltas, masks, cluster
//! sizes and ballots). Upstream instead mangles every reduced integer as
//! unsigned (`_Z17__spirv_GroupSMiniij`), a name no builtin library
//! defines; see docs/conversion-manual/group.md.

use super::{
    builtin_call::{Builtin, BuiltinKind, Sign, call_builtin, enum_attribute, i32_type},
    util::i32_constant,
};
use melior::ir::{OperationRef, Value, ValueLike, operation::OperationLike};
use spirv_opt_dialects::spirv::attributes::{GroupOperation, Scope};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

use Sign::{Signed, Unsigned};

/// The reductions and scans: `(scope, group operation, value)`, plus the
/// cluster size of the non-uniform ones when it is given.
const REDUCTIONS: &[GroupToCall] = &[
    reduction("spirv.GroupFAdd", "__spirv_GroupFAdd", Signed),
    reduction("spirv.GroupFMax", "__spirv_GroupFMax", Signed),
    reduction("spirv.GroupFMin", "__spirv_GroupFMin", Signed),
    reduction("spirv.GroupIAdd", "__spirv_GroupIAdd", Signed),
    reduction("spirv.GroupSMax", "__spirv_GroupSMax", Signed),
    reduction("spirv.GroupSMin", "__spirv_GroupSMin", Signed),
    reduction("spirv.GroupUMax", "__spirv_GroupUMax", Unsigned),
    reduction("spirv.GroupUMin", "__spirv_GroupUMin", Unsigned),
    reduction("spirv.KHR.GroupFMul", "__spirv_GroupFMulKHR", Signed),
    reduction("spirv.KHR.GroupIMul", "__spirv_GroupIMulKHR", Signed),
    reduction("spirv.GroupNonUniformFAdd", "__spirv_GroupNonUniformFAdd", Signed),
    reduction("spirv.GroupNonUniformFMax", "__spirv_GroupNonUniformFMax", Signed),
    reduction("spirv.GroupNonUniformFMin", "__spirv_GroupNonUniformFMin", Signed),
    reduction("spirv.GroupNonUniformFMul", "__spirv_GroupNonUniformFMul", Signed),
    reduction("spirv.GroupNonUniformIAdd", "__spirv_GroupNonUniformIAdd", Signed),
    reduction("spirv.GroupNonUniformIMul", "__spirv_GroupNonUniformIMul", Signed),
    reduction("spirv.GroupNonUniformSMax", "__spirv_GroupNonUniformSMax", Signed),
    reduction("spirv.GroupNonUniformSMin", "__spirv_GroupNonUniformSMin", Signed),
    reduction("spirv.GroupNonUniformUMax", "__spirv_GroupNonUniformUMax", Unsigned),
    reduction("spirv.GroupNonUniformUMin", "__spirv_GroupNonUniformUMin", Unsigned),
    reduction("spirv.GroupNonUniformBitwiseAnd", "__spirv_GroupNonUniformBitwiseAnd", Signed),
    reduction("spirv.GroupNonUniformBitwiseOr", "__spirv_GroupNonUniformBitwiseOr", Signed),
    reduction("spirv.GroupNonUniformBitwiseXor", "__spirv_GroupNonUniformBitwiseXor", Signed),
    reduction("spirv.GroupNonUniformLogicalAnd", "__spirv_GroupNonUniformLogicalAnd", Signed),
    reduction("spirv.GroupNonUniformLogicalOr", "__spirv_GroupNonUniformLogicalOr", Signed),
    reduction("spirv.GroupNonUniformLogicalXor", "__spirv_GroupNonUniformLogicalXor", Signed),
];

/// The other group ops: `(scope, operands...)`, each operand mangled with
/// the sign in the row.
const OTHERS: &[GroupToCall] = &[
    GroupToCall {
        op: ["spirv.GroupBroadcast"],
        builtin: "__spirv_GroupBroadcast",
        scope: true,
        group_operation: false,
        // The translator mangles the local id as signed here (but the id of
        // the non-uniform broadcast as unsigned).
        operands: &[Signed, Signed],
    },
    scoped("spirv.GroupNonUniformBroadcast", "__spirv_GroupNonUniformBroadcast", &[Signed, Unsigned]),
    scoped("spirv.GroupNonUniformShuffle", "__spirv_GroupNonUniformShuffle", &[Signed, Unsigned]),
    scoped("spirv.GroupNonUniformShuffleDown", "__spirv_GroupNonUniformShuffleDown", &[Signed, Unsigned]),
    scoped("spirv.GroupNonUniformShuffleUp", "__spirv_GroupNonUniformShuffleUp", &[Signed, Unsigned]),
    scoped("spirv.GroupNonUniformShuffleXor", "__spirv_GroupNonUniformShuffleXor", &[Signed, Unsigned]),
    // The delta is an `int` and the cluster size a `uint`, as in OpenCL's
    // `sub_group_clustered_rotate`.
    scoped("spirv.GroupNonUniformRotateKHR", "__spirv_GroupNonUniformRotateKHR", &[Signed, Signed, Unsigned]),
    scoped("spirv.GroupNonUniformElect", "__spirv_GroupNonUniformElect", &[]),
    scoped("spirv.GroupNonUniformAll", "__spirv_GroupNonUniformAll", &[Signed]),
    scoped("spirv.GroupNonUniformAny", "__spirv_GroupNonUniformAny", &[Signed]),
    scoped("spirv.GroupNonUniformAllEqual", "__spirv_GroupNonUniformAllEqual", &[Signed]),
    scoped("spirv.GroupNonUniformBallot", "__spirv_GroupNonUniformBallot", &[Signed]),
    scoped("spirv.GroupNonUniformBallotFindLSB", "__spirv_GroupNonUniformBallotFindLSB", &[Unsigned]),
    scoped("spirv.GroupNonUniformBallotFindMSB", "__spirv_GroupNonUniformBallotFindMSB", &[Unsigned]),
    GroupToCall {
        op: ["spirv.GroupNonUniformBallotBitCount"],
        builtin: "__spirv_GroupNonUniformBallotBitCount",
        scope: true,
        group_operation: true,
        operands: &[Unsigned],
    },
    GroupToCall {
        op: ["spirv.KHR.SubgroupBallot"],
        builtin: "__spirv_SubgroupBallotKHR",
        scope: false,
        group_operation: false,
        operands: &[Signed],
    },
];

/// Group ops left as errors, with the reason.
const NOT_LOWERED: &[NotLowered] = &[
    NotLowered {
        op: ["spirv.INTEL.SubgroupBlockRead"],
        reason: "not lowered yet: the '__spirv_SubgroupBlockReadINTEL' builtin is mangled on its pointer's SPIR address space and pointee, which is not implemented",
    },
    NotLowered {
        op: ["spirv.INTEL.SubgroupBlockWrite"],
        reason: "not lowered yet: the '__spirv_SubgroupBlockWriteINTEL' builtin is mangled on its pointer's SPIR address space and pointee, which is not implemented",
    },
];

/// The builtins (unmangled names) these patterns call.
pub(crate) fn builtin_names() -> impl Iterator<Item = &'static str> {
    REDUCTIONS.iter().chain(OTHERS).map(|group| group.builtin)
}

pub(crate) fn populate(patterns: &mut PatternSet) {
    for group in REDUCTIONS.iter().chain(OTHERS) {
        patterns.add(*group);
    }
    for op in NOT_LOWERED {
        patterns.add(*op);
    }
    patterns.add(QuadSwap);
}

/// `spirv.GroupNonUniformQuadSwap(scope, value, direction)`: no builtin
/// library has it (the translator cannot represent the instruction), so it
/// is the shuffle xor it means, a quad being 4 consecutive subgroup
/// invocations: `__spirv_GroupNonUniformShuffleXor(scope, value,
/// (direction + 1) & 3)` (horizontal 1, vertical 2, diagonal 3), as the
/// importer makes of the instruction (docs/import.md).
#[derive(Debug, Clone, Copy)]
struct QuadSwap;

impl ConversionPattern for QuadSwap {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.GroupNonUniformQuadSwap"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let &[value, direction] = operands else {
            return Err(MatchFailure::new("expected a value and a direction"));
        };
        let scope = enum_attribute::<Scope>(op, "execution_scope")?.value();
        let i32 = i32_type(rewriter.context());
        let width = melior::ir::r#type::IntegerType::try_from(direction.r#type())
            .map_err(|_| MatchFailure::new(format!("a direction of type {}", direction.r#type())))?
            .width();
        let params = [(i32, Signed), (value.r#type(), Signed), (i32, Unsigned)];
        let result = Some(rewriter.converted_result_type(op, 0)?);
        super::builtin_call::mangle("__spirv_GroupNonUniformShuffleXor", &params)?;
        let direction = match width {
            32 => direction,
            ..32 => rewriter.create_value("llvm.zext", &[direction], i32, &[])?,
            _ => rewriter.create_value("llvm.trunc", &[direction], i32, &[])?,
        };
        let one = i32_constant(rewriter, 1)?;
        let three = i32_constant(rewriter, 3)?;
        let next = rewriter.create_value("llvm.add", &[direction, one], i32, &[])?;
        let mask = rewriter.create_value("llvm.and", &[next, three], i32, &[])?;
        let scope = i32_constant(rewriter, i64::from(scope))?;
        let builtin = Builtin {
            name: "__spirv_GroupNonUniformShuffleXor",
            params: &params,
            result,
            kind: BuiltinKind::Convergent,
        };
        call_builtin(rewriter, &builtin, &[scope, value, mask])
    }
}

/// An op this family does not lower, failing with a precise reason.
#[derive(Debug, Clone, Copy)]
struct NotLowered {
    op: [&'static str; 1],
    reason: &'static str,
}

impl ConversionPattern for NotLowered {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        _op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        _rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        Err(MatchFailure::new(self.reason))
    }
}

const fn reduction(op: &'static str, builtin: &'static str, value: Sign) -> GroupToCall {
    // The optional cluster size is unsigned.
    let operands: &'static [Sign] = match value {
        Signed => &[Signed, Unsigned],
        Unsigned => &[Unsigned, Unsigned],
    };
    GroupToCall { op: [op], builtin, scope: true, group_operation: true, operands }
}

const fn scoped(op: &'static str, builtin: &'static str, operands: &'static [Sign]) -> GroupToCall {
    GroupToCall { op: [op], builtin, scope: true, group_operation: false, operands }
}

/// A group op lowered to a call of a convergent builtin.
#[derive(Debug, Clone, Copy)]
struct GroupToCall {
    op: [&'static str; 1],
    builtin: &'static str,
    /// Whether the op has an `execution_scope`, passed first.
    scope: bool,
    /// Whether the op has a `group_operation`, passed after the scope.
    group_operation: bool,
    /// How each SSA operand is mangled, in order (optional trailing operands
    /// such as a cluster size have a sign too).
    operands: &'static [Sign],
}

impl ConversionPattern for GroupToCall {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        if operands.len() > self.operands.len() {
            return Err(MatchFailure::new(format!("expected at most {} operands", self.operands.len())));
        }
        // Read everything before creating anything.
        let mut literals = Vec::with_capacity(2);
        if self.scope {
            literals.push(enum_attribute::<Scope>(op, "execution_scope")?.value());
        }
        if self.group_operation {
            literals.push(enum_attribute::<GroupOperation>(op, "group_operation")?.value());
        }
        let i32 = i32_type(rewriter.context());
        let mut params: Vec<_> = literals.iter().map(|_| (i32, Signed)).collect();
        params.extend(operands.iter().zip(self.operands).map(|(operand, &sign)| (operand.r#type(), sign)));
        let result = match op.result_count() {
            0 => None,
            _ => Some(rewriter.converted_result_type(op, 0)?),
        };
        // Mangling fails on types no builtin takes: find out now.
        super::builtin_call::mangle(self.builtin, &params)?;

        let mut args = literals
            .into_iter()
            .map(|literal| i32_constant(rewriter, i64::from(literal)))
            .collect::<Result<Vec<_>, _>>()?;
        args.extend_from_slice(operands);
        let builtin = Builtin { name: self.builtin, params: &params, result, kind: BuiltinKind::Convergent };
        call_builtin(rewriter, &builtin, &args)
    }
}
