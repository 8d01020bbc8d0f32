//! Atomic ops (manual: "Not implemented ops" lists all of them; upstream
//! lowers none). The read-modify-write ops become `llvm.atomicrmw`, the
//! compare-exchanges `llvm.cmpxchg` and an `llvm.extractvalue` of the
//! original value. Alignment is left out: LLVM then assumes the natural
//! alignment of the type, which SPIR-V requires of atomic operands.
//!
//! The SPIR-V memory semantics give the LLVM ordering (see [`ordering`]);
//! their storage-class bits (`WorkgroupMemory`, `UniformMemory`, ...) and
//! `MakeAvailable`/`MakeVisible` have no LLVM counterpart and are dropped:
//! an LLVM ordering orders every memory access, and LLVM's memory model has
//! no availability or visibility operations (every store is visible once
//! ordered). `Volatile` becomes LLVM's `volatile`. The SPIR-V scope gives
//! the `syncscope` (see [`syncscope`]). Atomics on a texel pointer
//! (`OpImageTexelPointer`: image atomics) call the host instead
//! (`image::image_atomic`).

use crate::spirv_to_llvm::{
    builtin_call::enum_attribute,
    util::{integer_constant, op_name},
};
use melior::{
    dialect::llvm,
    ir::{
        Attribute, OperationRef, Value,
        attribute::{DenseI64ArrayAttribute, IntegerAttribute, StringAttribute},
        r#type::IntegerType,
    },
};
use spirv_opt_dialects::spirv::attributes::{MemorySemantics, MemorySemanticsFlag, Scope};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

/// LLVM's `AtomicBinOp`, valued as the `bin_op` attribute of
/// `llvm.atomicrmw` (the operations SPIR-V has).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
enum AtomicBinOp {
    Xchg = 0,
    Add = 1,
    Sub = 2,
    And = 3,
    Or = 5,
    Xor = 6,
    Max = 7,
    Min = 8,
    UMax = 9,
    UMin = 10,
    FAdd = 11,
}

/// LLVM's `AtomicOrdering`, valued as the ordering attributes of
/// `llvm.atomicrmw` and `llvm.cmpxchg` (`unordered` is not used).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
enum AtomicOrdering {
    Monotonic = 2,
    Acquire = 4,
    Release = 5,
    AcqRel = 6,
    SeqCst = 7,
}

/// The second operand of an `llvm.atomicrmw`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Update {
    /// The op's value operand.
    Value,
    /// The constant 1 (`AtomicIIncrement`, `AtomicIDecrement`).
    One,
}

/// A read-modify-write op: the `llvm.atomicrmw` operation and its operand.
#[derive(Debug, Clone, Copy)]
struct AtomicRmw {
    op: [&'static str; 1],
    bin_op: AtomicBinOp,
    update: Update,
}

const fn rmw(op: &'static str, bin_op: AtomicBinOp, update: Update) -> AtomicRmw {
    AtomicRmw { op: [op], bin_op, update }
}

/// Every read-modify-write op. SPIR-V's signed and unsigned minimum and
/// maximum are LLVM's `min`/`max` (signed) and `umin`/`umax`.
const ATOMIC_RMW: &[AtomicRmw] = &[
    rmw("spirv.AtomicAnd", AtomicBinOp::And, Update::Value),
    rmw("spirv.AtomicExchange", AtomicBinOp::Xchg, Update::Value),
    rmw("spirv.AtomicIAdd", AtomicBinOp::Add, Update::Value),
    rmw("spirv.AtomicIDecrement", AtomicBinOp::Sub, Update::One),
    rmw("spirv.AtomicIIncrement", AtomicBinOp::Add, Update::One),
    rmw("spirv.AtomicISub", AtomicBinOp::Sub, Update::Value),
    rmw("spirv.AtomicOr", AtomicBinOp::Or, Update::Value),
    rmw("spirv.AtomicSMax", AtomicBinOp::Max, Update::Value),
    rmw("spirv.AtomicSMin", AtomicBinOp::Min, Update::Value),
    rmw("spirv.AtomicUMax", AtomicBinOp::UMax, Update::Value),
    rmw("spirv.AtomicUMin", AtomicBinOp::UMin, Update::Value),
    rmw("spirv.AtomicXor", AtomicBinOp::Xor, Update::Value),
    rmw("spirv.EXT.AtomicFAdd", AtomicBinOp::FAdd, Update::Value),
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    for &op in ATOMIC_RMW {
        patterns.add(op);
    }
    patterns.add(CompareExchange);
}

/// The LLVM ordering of SPIR-V memory semantics: `SequentiallyConsistent`
/// is `seq_cst`, `AcquireRelease` `acq_rel`, `Acquire` `acquire`, `Release`
/// `release`, none of them (relaxed) `monotonic`. SPIR-V allows at most one
/// of the four.
fn ordering(semantics: MemorySemantics) -> Result<AtomicOrdering, MatchFailure> {
    const ORDERS: [(MemorySemanticsFlag, AtomicOrdering); 4] = [
        (MemorySemanticsFlag::Acquire, AtomicOrdering::Acquire),
        (MemorySemanticsFlag::Release, AtomicOrdering::Release),
        (MemorySemanticsFlag::AcquireRelease, AtomicOrdering::AcqRel),
        (MemorySemanticsFlag::SequentiallyConsistent, AtomicOrdering::SeqCst),
    ];
    let mut named = ORDERS.iter().filter(|(flag, _)| semantics.contains(*flag));
    match (named.next(), named.next()) {
        (None, _) => Ok(AtomicOrdering::Monotonic),
        (Some(&(_, order)), None) => Ok(order),
        (Some(&(first, _)), Some(&(second, _))) => Err(MatchFailure::new(format!(
            "memory semantics name two memory orders ({} and {}); SPIR-V allows at most one",
            first.name(),
            second.name()
        ))),
    }
}

/// The failure ordering of a `cmpxchg` from the `unequal` semantics. LLVM
/// forbids `release` and `acq_rel` there (a failed exchange stores
/// nothing); SPIR-V forbids them too, but where they appear they keep
/// their acquire part, as C++ derives a failure order from a success order.
fn failure_ordering(semantics: MemorySemantics) -> Result<AtomicOrdering, MatchFailure> {
    Ok(match ordering(semantics)? {
        AtomicOrdering::Release => AtomicOrdering::Monotonic,
        AtomicOrdering::AcqRel => AtomicOrdering::Acquire,
        order => order,
    })
}

/// The LLVM `syncscope` of a SPIR-V scope, with the names LLVM's SPIR-V
/// backend maps to and from SPIR-V scopes: `CrossDevice` is the default
/// (system) scope, `Device` `"device"`, `Workgroup` `"workgroup"`,
/// `Subgroup` `"subgroup"`, `Invocation` `"singlethread"`. `QueueFamily`
/// (a Vulkan scope between workgroup and device) is widened to `"device"`:
/// synchronizing a wider set of invocations is always a valid
/// implementation of a narrower scope. `ShaderCallKHR` has no counterpart.
fn syncscope(scope: Scope) -> Result<Option<&'static str>, MatchFailure> {
    match scope {
        Scope::CrossDevice => Ok(None),
        Scope::Device | Scope::QueueFamily => Ok(Some("device")),
        Scope::Workgroup => Ok(Some("workgroup")),
        Scope::Subgroup => Ok(Some("subgroup")),
        Scope::Invocation => Ok(Some("singlethread")),
        Scope::ShaderCallKHR => Err(MatchFailure::new("memory scope ShaderCallKHR has no LLVM synchronization scope")),
    }
}

/// An `i64` enum attribute (`bin_op`, the orderings).
fn enum_value<'c>(rewriter: &ConversionRewriter<'c, '_, '_>, value: i64) -> Attribute<'c> {
    IntegerAttribute::new(IntegerType::new(rewriter.context(), 64).into(), value).into()
}

/// The attributes every atomic op gets from its scope and semantics: the
/// `syncscope` (left out for the system scope) and `volatile_`.
fn scope_attributes<'c>(
    rewriter: &ConversionRewriter<'c, '_, '_>,
    scope: Option<&str>,
    volatile: bool,
) -> Vec<(&'static str, Attribute<'c>)> {
    let mut attributes = Vec::new();
    if let Some(scope) = scope {
        attributes.push(("syncscope", StringAttribute::new(rewriter.context(), scope).into()));
    }
    if volatile {
        attributes.push(("volatile_", Attribute::unit(rewriter.context())));
    }
    attributes
}

impl ConversionPattern for AtomicRmw {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let semantics = enum_attribute::<MemorySemantics>(op, "semantics")?;
        let order = ordering(semantics)?;
        let scope = syncscope(enum_attribute::<Scope>(op, "memory_scope")?)?;
        let result_type = rewriter.converted_result_type(op, 0)?;
        let (pointer, value) = match (operands, self.update) {
            (&[pointer, value], Update::Value) => (pointer, Some(value)),
            (&[pointer], Update::One) => (pointer, None),
            _ => return Err(MatchFailure::new(format!("unexpected operands of '{}'", op_name(op)))),
        };
        let value = match value {
            Some(value) => value,
            None => integer_constant(rewriter, result_type, 1)?,
        };
        if super::image::is_texel_pointer(op, operands) {
            let code = self.bin_op as i64;
            return Ok(vec![super::image::image_atomic(rewriter, pointer, code, value, None, result_type)?]);
        }
        let mut attributes = vec![
            ("bin_op", enum_value(rewriter, self.bin_op as i64)),
            ("ordering", enum_value(rewriter, order as i64)),
        ];
        attributes.extend(scope_attributes(rewriter, scope, semantics.contains(MemorySemanticsFlag::Volatile)));
        Ok(vec![rewriter.create_value("llvm.atomicrmw", &[pointer, value], result_type, &attributes)?])
    }
}

/// `AtomicCompareExchange[Weak] ptr, value, comparator`: stores `value`
/// where the original equals `comparator`, so it is `llvm.cmpxchg ptr,
/// comparator, value` (LLVM takes the expected value first), whose success
/// ordering comes from the `equal` semantics and failure ordering from the
/// `unequal` ones; the result is the original value, member 0 of the
/// `{value, success}` pair. `AtomicCompareExchangeWeak` "has the same
/// semantics as OpAtomicCompareExchange" (SPIR-V), so it is a strong
/// `cmpxchg` too: LLVM's `weak` may fail spuriously, leaving memory
/// unchanged while the original value, the op's only result, equals the
/// comparator, so the program would take the failed exchange for a
/// successful one.
struct CompareExchange;

impl ConversionPattern for CompareExchange {
    fn root_names(&self) -> &[&'static str] {
        &["spirv.AtomicCompareExchange", "spirv.AtomicCompareExchangeWeak"]
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        let equal = enum_attribute::<MemorySemantics>(op, "equal_semantics")?;
        let unequal = enum_attribute::<MemorySemantics>(op, "unequal_semantics")?;
        let success = ordering(equal)?;
        let failure = failure_ordering(unequal)?;
        let scope = syncscope(enum_attribute::<Scope>(op, "memory_scope")?)?;
        let &[pointer, value, comparator] = operands else {
            return Err(MatchFailure::new(format!("unexpected operands of '{}'", op_name(op))));
        };
        let result_type = rewriter.converted_result_type(op, 0)?;
        if super::image::is_texel_pointer(op, operands) {
            let code = super::image::IMAGE_ATOMIC_COMPARE_EXCHANGE;
            return Ok(vec![super::image::image_atomic(rewriter, pointer, code, value, Some(comparator), result_type)?]);
        }
        let i1 = IntegerType::new(rewriter.context(), 1).into();
        let pair_type = llvm::r#type::r#struct(rewriter.context(), &[result_type, i1], false);
        let volatile =
            equal.contains(MemorySemanticsFlag::Volatile) || unequal.contains(MemorySemanticsFlag::Volatile);
        let mut attributes = vec![
            ("success_ordering", enum_value(rewriter, success as i64)),
            ("failure_ordering", enum_value(rewriter, failure as i64)),
        ];
        attributes.extend(scope_attributes(rewriter, scope, volatile));
        let pair = rewriter.create_value("llvm.cmpxchg", &[pointer, comparator, value], pair_type, &attributes)?;
        let position = DenseI64ArrayAttribute::new(rewriter.context(), &[0]).into();
        Ok(vec![rewriter.create_value("llvm.extractvalue", &[pair], result_type, &[("position", position)])?])
    }
}
