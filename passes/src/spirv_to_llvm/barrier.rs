//! Barrier ops (manual: "Barrier ops", not in upstream's manual): calls to
//! the SPIR-V builtin functions `__spirv_ControlBarrier`,
//! `__spirv_ControlBarrierArriveINTEL`, `__spirv_ControlBarrierWaitINTEL`
//! and `__spirv_MemoryBarrier`, whose operands (scopes and memory semantics)
//! are passed as `i32` constants, as upstream and the SPIRV-LLVM-Translator
//! do.

// The builtin-call helper is shared by the barrier and group families.

use super::util::i32_constant;
use super::builtin_call::{Builtin, BuiltinKind, Sign, call_builtin, enum_attribute, i32_type};
use melior::ir::{OperationRef, Value};
use spirv_opt_dialects::spirv::attributes::{MemorySemantics, Scope};
use spirv_opt_rs::{
    conversion::{ConversionPattern, ConversionRewriter, PatternSet, Replacement},
    error::MatchFailure,
};

/// Each barrier op, the builtin it calls and what that builtin is declared
/// with. `spirv.MemoryBarrier` orders memory only: it is not convergent (the
/// translator declares `__spirv_MemoryBarrier` without `convergent` too).
const BARRIERS: &[BarrierToCall] = &[
    BarrierToCall {
        op: ["spirv.ControlBarrier"],
        builtin: "__spirv_ControlBarrier",
        execution_scope: true,
        kind: BuiltinKind::Convergent,
    },
    BarrierToCall {
        op: ["spirv.INTEL.ControlBarrierArrive"],
        builtin: "__spirv_ControlBarrierArriveINTEL",
        execution_scope: true,
        kind: BuiltinKind::Convergent,
    },
    BarrierToCall {
        op: ["spirv.INTEL.ControlBarrierWait"],
        builtin: "__spirv_ControlBarrierWaitINTEL",
        execution_scope: true,
        kind: BuiltinKind::Convergent,
    },
    BarrierToCall {
        op: ["spirv.MemoryBarrier"],
        builtin: "__spirv_MemoryBarrier",
        execution_scope: false,
        kind: BuiltinKind::Plain,
    },
];

/// The builtins (unmangled names) these patterns call.
pub(crate) fn builtin_names() -> impl Iterator<Item = &'static str> {
    BARRIERS.iter().map(|barrier| barrier.builtin)
}

pub(crate) fn populate(patterns: &mut PatternSet) {
    for barrier in BARRIERS {
        patterns.add(*barrier);
    }
}

/// A barrier op lowered to `call @builtin([execution scope,] memory scope,
/// memory semantics)`, all `i32` (mangled `i`).
#[derive(Debug, Clone, Copy)]
struct BarrierToCall {
    op: [&'static str; 1],
    builtin: &'static str,
    /// Whether the op has an `execution_scope` (all but `MemoryBarrier`).
    execution_scope: bool,
    kind: BuiltinKind,
}

impl ConversionPattern for BarrierToCall {
    fn root_names(&self) -> &[&'static str] {
        &self.op
    }

    fn match_and_rewrite<'c, 'r>(
        &self,
        op: OperationRef<'c, 'r>,
        _operands: &[Value<'c, 'r>],
        rewriter: &mut ConversionRewriter<'c, 'r, '_>,
    ) -> Result<Replacement<'c, 'r>, MatchFailure> {
        // Read every attribute before creating anything.
        let mut literals = Vec::with_capacity(3);
        if self.execution_scope {
            literals.push(enum_attribute::<Scope>(op, "execution_scope")?.value());
        }
        literals.push(enum_attribute::<Scope>(op, "memory_scope")?.value());
        literals.push(enum_attribute::<MemorySemantics>(op, "memory_semantics")?.value());
        let args = literals
            .into_iter()
            .map(|literal| i32_constant(rewriter, i64::from(literal)))
            .collect::<Result<Vec<_>, _>>()?;
        let i32 = i32_type(rewriter.context());
        let params = vec![(i32, Sign::Signed); args.len()];
        let builtin = Builtin { name: self.builtin, params: &params, result: None, kind: self.kind };
        call_builtin(rewriter, &builtin, &args)
    }
}
