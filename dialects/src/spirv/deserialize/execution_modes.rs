//! Execution modes of the SPIR-V grammar that MLIR's `execution_mode` enum
//! lacks. A `spirv.ExecutionMode` cannot name them, so each is decided here:
//! kept aside, when it asks nothing of this implementation that it does not
//! already do (listed on the module as `spirv_entry.execution_modes`, as
//! capabilities the dialect lacks are in `spirv_vce.capabilities`), or
//! refused with the reason where it would ask for more. A mode of the
//! grammar neither here nor in the dialect is refused, naming its value. Every row is a fact of the mode's extension
//! specification; docs/import.md's table says the same.

/// What the importer does with a mode the dialect cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Disposition {
    /// Nothing to do: the reason it already holds here.
    Kept(&'static str),
}

/// Whether the module's instructions (`opcodes`) or capabilities hold a
/// tangled instruction: one whose result depends on which invocations run
/// it together. An instruction is one when the grammar enables it by a
/// capability of [`TANGLED_CAPABILITIES`] (subgroup operations of every
/// kind, quad control, the kernel `OpGroup*` operations); derivatives and
/// implicit-LOD sampling are, in a compute module, when it declares a
/// derivative group.
pub(super) fn tangled(opcodes: impl IntoIterator<Item = u16>, capabilities: &[u32]) -> bool {
    const DERIVATIVE_GROUPS: [u32; 2] = [5288, 5350];
    capabilities.iter().any(|capability| DERIVATIVE_GROUPS.contains(capability))
        || opcodes.into_iter().any(|opcode| {
            rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(u32::from(opcode)).is_some_and(|instruction| {
                instruction.capabilities.iter().any(|&capability| TANGLED_CAPABILITIES.contains(&(capability as u32)))
            })
        })
}

/// The capabilities that enable tangled instructions (see [`tangled`]).
pub(super) const TANGLED_CAPABILITIES: &[u32] = &[
    18,   // Groups
    61,   // GroupNonUniform
    62,   // GroupNonUniformVote
    63,   // GroupNonUniformArithmetic
    64,   // GroupNonUniformBallot
    65,   // GroupNonUniformShuffle
    66,   // GroupNonUniformShuffleRelative
    67,   // GroupNonUniformClustered
    68,   // GroupNonUniformQuad
    4423, // SubgroupBallotKHR
    4431, // SubgroupVoteKHR
    5087, // QuadControlKHR
    5297, // GroupNonUniformPartitionedEXT
    5568, // SubgroupShuffleINTEL
    6026, // GroupNonUniformRotateKHR
    6400, // GroupUniformArithmeticKHR
];

/// A mode by value and name, and what is done with it.
pub(super) struct UnrepresentedMode {
    pub value: u32,
    pub name: &'static str,
    pub disposition: Disposition,
}

pub(super) const MODES: &[UnrepresentedMode] = &[
    UnrepresentedMode {
        value: 5088,
        name: "QuadDerivativesKHR",
        // SPV_KHR_quad_control: derivatives for implicit LOD always per quad.
        disposition: Disposition::Kept(
            "derivative groups are quad groups here: a 2x2 block runs as 4 consecutive subgroup lanes",
        ),
    },
    UnrepresentedMode {
        value: 5089,
        name: "RequireFullQuadsKHR",
        // Only valid with the Fragment execution model (helper invocations),
        // whose entry points are not run here.
        disposition: Disposition::Kept("a fragment shader's mode; fragment entry points are not run here"),
    },
    UnrepresentedMode {
        value: 5427,
        name: "Shader64BitIndexingEXT",
        // SPV_EXT_shader_64bit_indexing: addressing calculations of 64 bits.
        disposition: Disposition::Kept("addresses are computed in 64 bits whatever the mode"),
    },
    UnrepresentedMode {
        value: 6023,
        name: "MaximallyReconvergesKHR",
        // SPV_KHR_maximal_reconvergence. Invocations reconverge at every
        // merge here, the lanes of an `if` or a loop iteration run
        // together, and a loop's exit paths (a `break` or a `return` inside
        // an `if`) run inside the iteration (session 18: the importer's
        // loop markers, kernel_abi/loop_exits.rs; session 19: the return
        // markers of loops left only by returns, whatever the kernel ABI
        // or the inliner made of the return; docs/abi.md, "Subgroups").
        disposition: Disposition::Kept("loop exit paths run inside their iterations (kernel_abi::loop_exits)"),
    },
    UnrepresentedMode {
        value: 6028,
        name: "FPFastMathDefault",
        // SPV_KHR_float_controls2: the default fast-math flags of a type.
        disposition: Disposition::Kept("fast-math flags only permit optimizations; exact results are always allowed"),
    },
];

/// The row of `value`, if the dialect lacks that mode and it is listed.
pub(super) fn unrepresented(value: u32) -> Option<&'static UnrepresentedMode> {
    MODES.iter().find(|mode| mode.value == value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spirv::deserialize::tables;

    /// A row the dialect's enum has learnt goes: `spirv.ExecutionMode`
    /// then holds it.
    #[test]
    fn rows_are_not_in_the_dialect() {
        let dialect = tables::enum_by_mnemonic("execution_mode").expect("execution_mode");
        for mode in MODES {
            assert!(dialect.name(mode.value).is_none(), "{}", mode.name);
        }
    }

    /// The names are the grammar's (SPIRV-Headers' `spirv.core.grammar.json`).
    #[test]
    fn tangled_by_instruction_or_derivative_group() {
        // OpGroupNonUniformElect (333), OpGroupNonUniformQuadAllKHR (5110).
        assert!(tangled([333], &[]));
        assert!(tangled([5110], &[]));
        // OpIAdd (128) alone, even with subgroup capabilities declared.
        assert!(!tangled([128], &[61, 64, 5087]));
        // A derivative group.
        assert!(tangled([128], &[5288]));
    }

    #[test]
    fn names_are_the_grammars() {
        for mode in MODES {
            let grammar = rspirv::spirv::ExecutionMode::from_u32(mode.value).map(|mode| format!("{mode:?}"));
            if let Some(grammar) = grammar {
                assert_eq!(grammar, mode.name);
            }
        }
    }
}
