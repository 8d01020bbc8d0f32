//! Logical ops (manual: "Logical ops"), on `i1` and vectors of `i1`:
//! `spirv.LogicalAnd`/`Or` are `llvm.and`/`or`, `spirv.LogicalEqual`/
//! `NotEqual` are `llvm.icmp "eq"`/`"ne"`, and `spirv.LogicalNot` is a `xor`
//! with `true`, as bitwise `spirv.Not`.

use super::{
    bitwise,
    comparison::{Comparison, IntPredicate, add_comparisons, icmp},
};
use spirv_opt_rs::conversion::{DirectConversion, PatternSet};

const DIRECT: &[DirectConversion] = &[
    DirectConversion { from: "spirv.LogicalAnd", to: "llvm.and" },
    DirectConversion { from: "spirv.LogicalOr", to: "llvm.or" },
];

const COMPARISONS: &[Comparison] = &[
    icmp("spirv.LogicalEqual", IntPredicate::Eq),
    icmp("spirv.LogicalNotEqual", IntPredicate::Ne),
];

pub(crate) fn populate(patterns: &mut PatternSet) {
    patterns.add_direct(DIRECT).add_fn("spirv.LogicalNot", bitwise::not);
    add_comparisons(patterns, COMPARISONS);
}
