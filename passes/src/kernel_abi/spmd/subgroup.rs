//! Subgroups as wide as the lanes (docs/abi.md, "Subgroups"): in a function
//! the vectorizer runs `width` invocations of, those invocations are one
//! subgroup, and the subgroup operations the builtins define for a subgroup
//! of one (`__spirv_GroupNonUniform*`, `__spirv_SubgroupBallotKHR`) are
//! computed here across the lanes of the block's mask, the subgroup's active
//! invocations. Masked-off lanes never contribute: they hold the operation's
//! identity in reductions and scans, a clear bit in ballots. Reductions run
//! as butterflies and scans as Hillis-Steele steps, in a fixed order: the
//! same inputs give the same floating-point result in every lane and run.
//!
//! Atomics of several lanes run here too, one lane after the other in lane
//! order, each under its lane's mask bit.

use inkwell::{
    FloatPredicate, IntPredicate,
    types::{BasicTypeEnum, VectorType},
    values::{BasicValueEnum, CallSiteValue, InstructionValue, IntValue, Operand, VectorValue},
};

use super::{Lanes, Result, Vectorizer, key, no_type, unsupported};

/// The subgroup operation a function of the module computes, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SubgroupOp {
    /// `__spvabi_E.subgroup_size`: the kernel ABI's subgroup size.
    Size,
    Elect,
    All,
    Any,
    AllEqual,
    Broadcast,
    BroadcastFirst,
    Shuffle,
    ShuffleXor,
    ShuffleUp,
    ShuffleDown,
    Rotate,
    /// `Ballot(scope, predicate)` and `SubgroupBallotKHR(predicate)`.
    Ballot,
    BallotBitCount,
    BallotFindLsb,
    BallotFindMsb,
    /// `PartitionEXT(value)`: the ballot of the active lanes whose value
    /// has the same bits.
    Partition,
    /// Reduce, scans and clustered reduce of one operation (also the
    /// `OpGroup*` collectives', `__spirv_GroupIAdd`..., whose operands are
    /// those of the non-uniform ones).
    Arithmetic(Arithmetic),
}

/// The operation of a group reduction or scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Arithmetic {
    IAdd,
    FAdd,
    IMul,
    FMul,
    SMin,
    UMin,
    FMin,
    SMax,
    UMax,
    FMax,
    /// Bitwise and logical (on `i1`).
    And,
    Or,
    Xor,
}

/// The subgroup operation function `name` computes, if it is one.
pub(super) fn subgroup_op(name: &str) -> Option<SubgroupOp> {
    use Arithmetic as A;
    use SubgroupOp as S;
    if name.starts_with("__spvabi_") && name.ends_with(".subgroup_size") {
        return Some(S::Size);
    }
    let base = crate::builtins::demangle_base(name).map_or(name, |(base, _)| base);
    if base == "__spirv_SubgroupBallotKHR" {
        return Some(S::Ballot);
    }
    // The OpGroup* collectives (OpenCL's sub_group_*, and work_group_* at
    // the workgroup scope, which emit_subgroup refuses): their operands are
    // the non-uniform forms' (scope, operation, value) and (scope, value,
    // id); all and any come as unsigned min and max of 0 or 1.
    if let Some(collective) = crate::builtins::collectives::collective(base) {
        use crate::builtins::collectives::{Collective, Combine as C};
        return Some(match collective {
            Collective::Broadcast => S::Broadcast,
            Collective::Reduce(combine) => S::Arithmetic(match combine {
                C::IAdd => A::IAdd,
                C::IMul => A::IMul,
                C::FAdd => A::FAdd,
                C::FMul => A::FMul,
                C::FMin => A::FMin,
                C::FMax => A::FMax,
                C::SMin => A::SMin,
                C::SMax => A::SMax,
                C::UMin => A::UMin,
                C::UMax => A::UMax,
                C::BitwiseAnd => A::And,
                C::BitwiseOr => A::Or,
                C::BitwiseXor => A::Xor,
            }),
        });
    }
    Some(match base.strip_prefix("__spirv_GroupNonUniform")? {
        "Elect" => S::Elect,
        "All" => S::All,
        "Any" => S::Any,
        "AllEqual" => S::AllEqual,
        "Broadcast" => S::Broadcast,
        "BroadcastFirst" => S::BroadcastFirst,
        "Shuffle" => S::Shuffle,
        "ShuffleXor" => S::ShuffleXor,
        "ShuffleUp" => S::ShuffleUp,
        "ShuffleDown" => S::ShuffleDown,
        "RotateKHR" => S::Rotate,
        "Ballot" => S::Ballot,
        "PartitionEXT" => S::Partition,
        "BallotBitCount" => S::BallotBitCount,
        "BallotFindLSB" => S::BallotFindLsb,
        "BallotFindMSB" => S::BallotFindMsb,
        "IAdd" => S::Arithmetic(A::IAdd),
        "FAdd" => S::Arithmetic(A::FAdd),
        "IMul" => S::Arithmetic(A::IMul),
        "FMul" => S::Arithmetic(A::FMul),
        "SMin" => S::Arithmetic(A::SMin),
        "UMin" => S::Arithmetic(A::UMin),
        "FMin" => S::Arithmetic(A::FMin),
        "SMax" => S::Arithmetic(A::SMax),
        "UMax" => S::Arithmetic(A::UMax),
        "FMax" => S::Arithmetic(A::FMax),
        "BitwiseAnd" | "LogicalAnd" => S::Arithmetic(A::And),
        "BitwiseOr" | "LogicalOr" => S::Arithmetic(A::Or),
        "BitwiseXor" | "LogicalXor" => S::Arithmetic(A::Xor),
        _ => return None,
    })
}

/// The subgroup operation `instruction` calls, if it is such a call.
pub(super) fn subgroup_call(instruction: InstructionValue<'_>) -> Option<SubgroupOp> {
    let callee = CallSiteValue::try_from(instruction).ok()?.get_called_fn_value()?;
    subgroup_op(&callee.get_name().to_string_lossy())
}

/// SPIR-V's `Subgroup` scope.
const SUBGROUP_SCOPE: u64 = 3;

/// SPIR-V's group operations (the second operand of reductions and
/// `BallotBitCount`).
const REDUCE: u64 = 0;
const INCLUSIVE_SCAN: u64 = 1;
const EXCLUSIVE_SCAN: u64 = 2;
const CLUSTERED_REDUCE: u64 = 3;
const PARTITIONED_REDUCE: u64 = 6;
const PARTITIONED_INCLUSIVE_SCAN: u64 = 7;
const PARTITIONED_EXCLUSIVE_SCAN: u64 = 8;

impl<'ctx> Vectorizer<'_, 'ctx> {
    /// A call of subgroup operation `op` in a block running under `mask`.
    pub(super) fn emit_subgroup(
        &mut self,
        instruction: InstructionValue<'ctx>,
        op: SubgroupOp,
        mask: VectorValue<'ctx>,
    ) -> Result<()> {
        let count = instruction.get_num_operands().saturating_sub(1);
        let arguments: Vec<BasicValueEnum<'ctx>> = (0..count)
            .map(|index| match instruction.get_operand(index) {
                Some(Operand::Value(value)) => Ok(value),
                _ => Err(no_type()),
            })
            .collect::<Result<_>>()?;
        let argument = |index: usize| arguments.get(index).copied().ok_or_else(no_type);
        let width = self.width;
        // The execution scope, where the operation has one: the subgroup's.
        let scoped = !(op == SubgroupOp::Size
            || op == SubgroupOp::Partition
            || (op == SubgroupOp::Ballot && arguments.len() == 1));
        if scoped && self.constant_argument(argument(0)?, "the scope")? != SUBGROUP_SCOPE {
            return unsupported("a group operation over more than a subgroup");
        }
        let lanes = match op {
            SubgroupOp::Size => {
                let size = self.context.i64_type().const_int(u64::from(self.subgroup_size), false);
                self.values.insert(key(&instruction), Lanes::Uniform(size.into()));
                return Ok(());
            }
            SubgroupOp::Elect => {
                let first = self.first_active(mask)?;
                let first = self.splat(first.into())?.into_vector_value();
                let lane = self.lane_numbers();
                vec![self.builder.build_int_compare(IntPredicate::EQ, lane, first, "elect")?.into()]
            }
            SubgroupOp::All | SubgroupOp::Any => {
                let predicate = self.widen(argument(1)?)?[0].into_vector_value();
                let all = op == SubgroupOp::All;
                let fill = VectorType::const_vector(&fill_lanes(self, all));
                let counted = self.builder.build_select(mask, predicate, fill, "")?.into_vector_value();
                let name = if all { "llvm.vector.reduce.and" } else { "llvm.vector.reduce.or" };
                let result = self.reduce(name, counted)?;
                vec![self.splat(result.into())?]
            }
            SubgroupOp::AllEqual => {
                let components = self.widen(argument(1)?)?;
                let first = self.first_active(mask)?;
                let mut equal: Option<VectorValue<'ctx>> = None;
                for component in components {
                    let vector = component.into_vector_value();
                    let chosen = self.builder.build_extract_element(vector, first, "")?;
                    let chosen = self.splat(chosen)?.into_vector_value();
                    let same = if vector.get_type().get_element_type().is_float_type() {
                        self.builder.build_float_compare(FloatPredicate::OEQ, vector, chosen, "")?
                    } else {
                        self.builder.build_int_compare(IntPredicate::EQ, vector, chosen, "")?
                    };
                    equal = Some(match equal {
                        None => same,
                        Some(previous) => self.builder.build_and(previous, same, "")?,
                    });
                }
                let equal = equal.ok_or_else(no_type)?;
                let ones = VectorType::const_vector(&fill_lanes(self, true));
                let counted = self.builder.build_select(mask, equal, ones, "")?.into_vector_value();
                let result = self.reduce("llvm.vector.reduce.and", counted)?;
                vec![self.splat(result.into())?]
            }
            SubgroupOp::Broadcast | SubgroupOp::BroadcastFirst => {
                let source = if op == SubgroupOp::Broadcast {
                    // (OpGroupBroadcast's id may be a 2- or 3-vector: its
                    // x, the subgroup being one-dimensional.)
                    let id = self.lane_index(argument(2)?)?;
                    self.builder.build_and(id, self.splat_i32(width - 1)?, "")?
                } else {
                    let first = self.first_active(mask)?;
                    self.splat(first.into())?.into_vector_value()
                };
                self.permute(argument(1)?, source)?
            }
            SubgroupOp::Shuffle
            | SubgroupOp::ShuffleXor
            | SubgroupOp::ShuffleUp
            | SubgroupOp::ShuffleDown
            | SubgroupOp::Rotate => {
                let operand = self.lane_index(argument(2)?)?;
                let lane = self.lane_numbers();
                let b = &self.builder;
                let source = match op {
                    SubgroupOp::Shuffle => operand,
                    SubgroupOp::ShuffleXor => b.build_xor(lane, operand, "")?,
                    SubgroupOp::ShuffleUp => b.build_int_sub(lane, operand, "")?,
                    SubgroupOp::ShuffleDown => b.build_int_add(lane, operand, "")?,
                    _ => {
                        // Within clusters of the given size (the whole
                        // subgroup without one), of the subgroup's size:
                        // past capped lanes, a rotate wraps at the
                        // subgroup's end, not the lanes'.
                        let cluster = match arguments.get(3) {
                            Some(&size) => {
                                let size = self.constant_argument(size, "a cluster size")?;
                                if !size.is_power_of_two() {
                                    return unsupported(format!("a cluster size of {size}"));
                                }
                                size.min(u64::from(self.subgroup_size)) as u32
                            }
                            None => self.subgroup_size,
                        };
                        let within = self.splat_i32(cluster - 1)?;
                        let moved = self.builder.build_int_add(lane, operand, "")?;
                        let moved = self.builder.build_and(moved, within, "")?;
                        let not_within = self.splat_i32(!(cluster - 1))?;
                        let base = self.builder.build_and(lane, not_within, "")?;
                        self.builder.build_or(base, moved, "")?
                    }
                };
                if self.subgroup_size > width {
                    // Lanes capped at a narrower workgroup (spmd.rs
                    // `capped_lanes`): an index past the lanes is an
                    // invocation past the workgroup, never active, whose
                    // value is undefined: 0, as the masked-off lanes of an
                    // uncapped run mostly hold (their loads read 0), not
                    // a lane's the wrap would pick.
                    let source = self.builder.build_and(source, self.splat_i32(self.subgroup_size - 1)?, "")?;
                    let inside =
                        self.builder.build_int_compare(IntPredicate::ULT, source, self.splat_i32(width)?, "")?;
                    let source = self.builder.build_and(source, self.splat_i32(width - 1)?, "")?;
                    let moved = self.permute(argument(1)?, source)?;
                    let mut kept = Vec::new();
                    for component in moved {
                        let vector = component.into_vector_value();
                        let zero = vector.get_type().const_zero();
                        kept.push(self.builder.build_select(inside, vector, zero, "")?);
                    }
                    kept
                } else {
                    let source = self.builder.build_and(source, self.splat_i32(width - 1)?, "")?;
                    self.permute(argument(1)?, source)?
                }
            }
            SubgroupOp::Ballot => {
                let predicate = self.widen(*arguments.last().ok_or_else(no_type)?)?[0].into_vector_value();
                let zero = self.mask_type().const_zero();
                let set = self.builder.build_select(mask, predicate, zero, "")?.into_vector_value();
                let bits_type = self.bits_type(width).map_err(|_| no_type())?;
                let bits = self.builder.build_bit_cast(set, bits_type, "")?.into_int_value();
                let wide = self.builder.build_int_z_extend_or_bit_cast(bits, self.context.i128_type(), "")?;
                let mut words = Vec::new();
                for word in 0..4u64 {
                    let shift = self.context.i128_type().const_int(32 * word, false);
                    let moved = self.builder.build_right_shift(wide, shift, false, "")?;
                    let word = self.builder.build_int_truncate(moved, self.context.i32_type(), "")?;
                    words.push(self.splat(word.into())?);
                }
                words
            }
            SubgroupOp::Partition => self.partition(argument(0)?, mask)?,
            SubgroupOp::BallotBitCount => {
                let operation = self.constant_argument(argument(1)?, "the group operation of BallotBitCount")?;
                let words = self.widen(argument(2)?)?;
                let mut total: Option<VectorValue<'ctx>> = None;
                for (word, value) in words.iter().enumerate() {
                    // The bits counted for each lane: the subgroup's, or
                    // those up to (inclusive) or below (exclusive) the lane.
                    let bits = self.word_masks(word as u32, |lane| match operation {
                        INCLUSIVE_SCAN => lane + 1,
                        EXCLUSIVE_SCAN => lane,
                        // The subgroup's bits: a ballot made of a constant
                        // has them past capped lanes too.
                        _ => self.subgroup_size,
                    });
                    let kept = self.builder.build_and(value.into_vector_value(), bits, "")?;
                    let counted =
                        self.intrinsic_call("llvm.ctpop", &[kept.get_type().into()], &[kept.into()], None)?;
                    let counted = counted.into_vector_value();
                    total = Some(match total {
                        None => counted,
                        Some(previous) => self.builder.build_int_add(previous, counted, "")?,
                    });
                }
                vec![total.ok_or_else(no_type)?.into()]
            }
            SubgroupOp::BallotFindLsb | SubgroupOp::BallotFindMsb => {
                let words = self.widen(argument(1)?)?;
                let msb = op == SubgroupOp::BallotFindMsb;
                let no = self.context.bool_type().const_zero();
                let mut result: Option<VectorValue<'ctx>> = None;
                // Low to high words for the MSB (the last nonzero wins),
                // high to low for the LSB.
                let order: Vec<usize> = if msb { (0..words.len()).collect() } else { (0..words.len()).rev().collect() };
                for word in order {
                    let bits = self.word_masks(word as u32, |_| self.subgroup_size);
                    let kept = self.builder.build_and(words[word].into_vector_value(), bits, "")?;
                    let ty: BasicTypeEnum<'ctx> = kept.get_type().into();
                    let position = if msb {
                        let leading = self
                            .intrinsic_call("llvm.ctlz", &[ty], &[kept.into(), no.into()], None)?
                            .into_vector_value();
                        self.builder.build_int_sub(self.splat_i32(32 * word as u32 + 31)?, leading, "")?
                    } else {
                        let trailing = self
                            .intrinsic_call("llvm.cttz", &[ty], &[kept.into(), no.into()], None)?
                            .into_vector_value();
                        self.builder.build_int_add(self.splat_i32(32 * word as u32)?, trailing, "")?
                    };
                    let zero = kept.get_type().const_zero();
                    let nonzero = self.builder.build_int_compare(IntPredicate::NE, kept, zero, "")?;
                    result = Some(match result {
                        None => position,
                        Some(previous) => {
                            self.builder.build_select(nonzero, position, previous, "")?.into_vector_value()
                        }
                    });
                }
                vec![result.ok_or_else(no_type)?.into()]
            }
            SubgroupOp::Arithmetic(arithmetic) => {
                let operation = self.constant_argument(argument(1)?, "the group operation")?;
                let components = self.widen(argument(2)?)?;
                if (PARTITIONED_REDUCE..=PARTITIONED_EXCLUSIVE_SCAN).contains(&operation) {
                    let partition = self.widen(argument(3)?)?;
                    let mut out = Vec::new();
                    for component in components {
                        out.push(self.partitioned(arithmetic, operation, component.into_vector_value(), &partition, mask)?);
                    }
                    self.values.insert(key(&instruction), Lanes::Varying(out));
                    return Ok(());
                }
                let cluster = match operation {
                    CLUSTERED_REDUCE => self.cluster_size(argument(3)?)?,
                    _ => width,
                };
                let mut out = Vec::new();
                for component in components {
                    let vector = component.into_vector_value();
                    let identity = self.identity(arithmetic, vector.get_type())?;
                    let value = self.builder.build_select(mask, vector, identity, "")?.into_vector_value();
                    out.push(match operation {
                        REDUCE | CLUSTERED_REDUCE => self.butterfly(arithmetic, value, cluster)?,
                        INCLUSIVE_SCAN | EXCLUSIVE_SCAN => {
                            let mut scan = value;
                            let mut step = 1;
                            while step < width {
                                let earlier = self.shift_up(scan, identity, step)?;
                                scan = self.combine(arithmetic, earlier, scan)?;
                                step *= 2;
                            }
                            if operation == EXCLUSIVE_SCAN {
                                scan = self.shift_up(scan, identity, 1)?;
                                if arithmetic == Arithmetic::FAdd {
                                    let earlier = self.any_earlier(mask)?;
                                    scan = self.positive_zero_unless(earlier, scan)?;
                                }
                            }
                            scan
                        }
                        other => return unsupported(format!("the group operation {other}")),
                    }
                    .into());
                }
                out
            }
        };
        self.values.insert(key(&instruction), Lanes::Varying(lanes));
        Ok(())
    }

    /// `PartitionEXT(value)`: per lane, the 4-word ballot of the active
    /// lanes whose value (every component) has the same bits as its own
    /// (floats compared as bits, so a NaN is in its own partition): for
    /// each lane j, lane j's value broadcast and compared with every lane's.
    fn partition(&mut self, value: BasicValueEnum<'ctx>, mask: VectorValue<'ctx>) -> Result<Vec<BasicValueEnum<'ctx>>> {
        let mut components = Vec::new();
        for component in self.widen(value)? {
            let vector = component.into_vector_value();
            components.push(match vector.get_type().get_element_type() {
                BasicTypeEnum::FloatType(float) => {
                    let bits = self.bits_type(float.get_bit_width()).map_err(|_| no_type())?;
                    self.builder.build_bit_cast(vector, bits.vec_type(self.width), "")?.into_vector_value()
                }
                BasicTypeEnum::IntType(_) => vector,
                _ => return unsupported("a partition of pointers"),
            });
        }
        let i32_type = self.context.i32_type();
        let zero = i32_type.vec_type(self.width).const_zero();
        let mut words = [zero; 4];
        for lane in 0..self.width {
            let index = i32_type.const_int(u64::from(lane), false);
            let active = self.builder.build_extract_element(mask, index, "")?.into_int_value();
            let mut same = self.splat(active.into())?.into_vector_value();
            for vector in &components {
                let theirs = self.shuffle(*vector, *vector, &vec![lane; self.width as usize])?;
                let equal = self.builder.build_int_compare(IntPredicate::EQ, *vector, theirs, "")?;
                same = self.builder.build_and(same, equal, "")?;
            }
            let word = (lane / 32) as usize;
            let bit = self.splat_i32(1 << (lane % 32))?;
            let set = self.builder.build_select(same, bit, zero, "")?.into_vector_value();
            words[word] = self.builder.build_or(words[word], set, "")?;
        }
        Ok(words.iter().map(|word| (*word).into()).collect())
    }

    /// A partitioned reduce or scan (`operation` 6, 7 or 8) of `value`
    /// over the active lanes of each lane's `partition` (a 4-word ballot):
    /// the lanes' values combined from the identity in lane order (so the
    /// lanes of one partition get the same floating-point reduction), up to
    /// the lane itself for an inclusive scan and below it for an exclusive
    /// one.
    fn partitioned(
        &mut self,
        arithmetic: Arithmetic,
        operation: u64,
        value: VectorValue<'ctx>,
        partition: &[BasicValueEnum<'ctx>],
        mask: VectorValue<'ctx>,
    ) -> Result<BasicValueEnum<'ctx>> {
        let identity = self.identity(arithmetic, value.get_type())?;
        let value = self.builder.build_select(mask, value, identity, "")?.into_vector_value();
        let zero = self.context.i32_type().vec_type(self.width).const_zero();
        let mut result = identity;
        // The lanes that combined a value (an exclusive FAdd scan's lanes
        // without one get SPIR-V's identity, +0.0: see `positive_zero_unless`).
        let mut seen = self.mask_type().const_zero();
        for lane in 0..self.width {
            let word = partition.get((lane / 32) as usize).ok_or_else(no_type)?.into_vector_value();
            let bit = self.builder.build_and(word, self.splat_i32(1 << (lane % 32))?, "")?;
            let mut counted = self.builder.build_int_compare(IntPredicate::NE, bit, zero, "")?;
            if operation != PARTITIONED_REDUCE {
                // The lanes that count lane `lane`'s value in their scan.
                let upto: Vec<IntValue<'ctx>> = (0..self.width)
                    .map(|own| {
                        let counts = if operation == PARTITIONED_INCLUSIVE_SCAN { lane <= own } else { lane < own };
                        self.context.bool_type().const_int(u64::from(counts), false)
                    })
                    .collect();
                counted = self.builder.build_and(counted, VectorType::const_vector(&upto), "")?;
            }
            let theirs = self.shuffle(value, value, &vec![lane; self.width as usize])?;
            let combined = self.combine(arithmetic, result, theirs)?;
            result = self.builder.build_select(counted, combined, result, "")?.into_vector_value();
            seen = self.builder.build_or(seen, counted, "")?;
        }
        if operation == PARTITIONED_EXCLUSIVE_SCAN && arithmetic == Arithmetic::FAdd {
            result = self.positive_zero_unless(seen, result)?;
        }
        Ok(result.into())
    }

    /// Per lane: whether a lane below it is set in `mask`.
    fn any_earlier(&self, mask: VectorValue<'ctx>) -> Result<VectorValue<'ctx>> {
        let none = self.mask_type().const_zero();
        let mut earlier = self.shift_up(mask, none, 1)?;
        let mut step = 1;
        while step < self.width {
            let shifted = self.shift_up(earlier, none, step)?;
            earlier = self.builder.build_or(earlier, shifted, "")?;
            step *= 2;
        }
        Ok(earlier)
    }

    /// `value` where `combined` is set, +0.0 elsewhere. An FAdd scan pads
    /// with -0.0 (x + -0.0 is x for every x, so inactive lanes change no
    /// sum), but the identity SPIR-V gives a lane with no earlier value
    /// (the first active lane of an exclusive scan) is 0, +0.0: with
    /// `SignedZeroInfNanPreserve` its sign is observable.
    fn positive_zero_unless(&self, combined: VectorValue<'ctx>, value: VectorValue<'ctx>) -> Result<VectorValue<'ctx>> {
        let zero = value.get_type().const_zero();
        Ok(self.builder.build_select(combined, value, zero, "")?.into_vector_value())
    }

    /// The lowest lane of `mask`, as an i32 (0 when none is set).
    fn first_active(&self, mask: VectorValue<'ctx>) -> Result<IntValue<'ctx>> {
        let bits_type = self.bits_type(self.width).map_err(|_| no_type())?;
        let bits = self.builder.build_bit_cast(mask, bits_type, "")?.into_int_value();
        let no = self.context.bool_type().const_zero();
        let first = self.intrinsic_call("llvm.cttz", &[bits_type.into()], &[bits.into(), no.into()], None)?;
        let first = self.builder.build_int_cast(first.into_int_value(), self.context.i32_type(), "")?;
        let last = self.context.i32_type().const_int(u64::from(self.width - 1), false);
        Ok(self.builder.build_and(first, last, "first")?)
    }

    /// An integer of `bits` bits (a mask as a bitfield).
    fn bits_type(&self, bits: u32) -> std::result::Result<inkwell::types::IntType<'ctx>, ()> {
        let bits = std::num::NonZeroU32::new(bits).ok_or(())?;
        self.context.custom_width_int_type(bits).map_err(|_| ())
    }

    /// `<0, 1, ..., width - 1>` as i32.
    fn lane_numbers(&self) -> VectorValue<'ctx> {
        let lanes: Vec<IntValue<'ctx>> =
            (0..self.width).map(|lane| self.context.i32_type().const_int(u64::from(lane), false)).collect();
        VectorType::const_vector(&lanes)
    }

    fn splat_i32(&self, value: u32) -> Result<VectorValue<'ctx>> {
        let lanes = vec![self.context.i32_type().const_int(u64::from(value), false); self.width as usize];
        Ok(VectorType::const_vector(&lanes))
    }

    /// A lane id, delta or mask operand as an `<width x i32>`.
    fn lane_index(&mut self, value: BasicValueEnum<'ctx>) -> Result<VectorValue<'ctx>> {
        let vector = self.widen(value)?[0].into_vector_value();
        let ty = self.context.i32_type().vec_type(self.width);
        Ok(self.builder.build_int_cast(vector, ty, "")?)
    }

    /// A constant operand (a group operation).
    fn constant_argument(&self, value: BasicValueEnum<'ctx>, what: &str) -> Result<u64> {
        match value {
            BasicValueEnum::IntValue(value) => value.get_zero_extended_constant(),
            _ => None,
        }
        .ok_or_else(|| super::SpmdError::Unsupported(format!("{what} not a constant")))
    }

    /// A cluster size operand: a constant power of two, at most the width.
    fn cluster_size(&self, value: BasicValueEnum<'ctx>) -> Result<u32> {
        let size = self.constant_argument(value, "a cluster size")?;
        if !size.is_power_of_two() {
            return unsupported(format!("a cluster size of {size}"));
        }
        Ok(size.min(u64::from(self.width)) as u32)
    }

    /// Per lane, lane `source[lane]`'s value of `value` (each component).
    fn permute(&mut self, value: BasicValueEnum<'ctx>, source: VectorValue<'ctx>) -> Result<Vec<BasicValueEnum<'ctx>>> {
        let components = self.widen(value)?;
        let mut out = Vec::new();
        for component in components {
            let vector = component.into_vector_value();
            let mut result = vector.get_type().get_poison();
            for lane in 0..self.width {
                let index = self.context.i32_type().const_int(u64::from(lane), false);
                let from = self.builder.build_extract_element(source, index, "")?.into_int_value();
                let element = self.builder.build_extract_element(vector, from, "")?;
                result = self.builder.build_insert_element(result, element, index, "")?;
            }
            out.push(result.into());
        }
        Ok(out)
    }

    /// Per lane, the bits of ballot word `word` (bits 32·word to 32·word +
    /// 31) below `limit(lane)`, as an `<width x i32>` constant.
    fn word_masks(&self, word: u32, limit: impl Fn(u32) -> u32) -> VectorValue<'ctx> {
        let lanes: Vec<IntValue<'ctx>> = (0..self.width)
            .map(|lane| {
                let count = limit(lane).saturating_sub(32 * word).min(32);
                let bits = if count == 32 { u64::from(u32::MAX) } else { (1u64 << count) - 1 };
                self.context.i32_type().const_int(bits, false)
            })
            .collect();
        VectorType::const_vector(&lanes)
    }

    /// The identity of `arithmetic` for `ty`'s elements, in every lane.
    fn identity(&self, arithmetic: Arithmetic, ty: VectorType<'ctx>) -> Result<VectorValue<'ctx>> {
        let element = ty.get_element_type();
        let scalar: BasicValueEnum<'ctx> = match element {
            BasicTypeEnum::FloatType(float) => {
                let value = match arithmetic {
                    Arithmetic::FAdd => -0.0,
                    Arithmetic::FMul => 1.0,
                    Arithmetic::FMin => f64::INFINITY,
                    Arithmetic::FMax => f64::NEG_INFINITY,
                    other => return unsupported(format!("the group operation {other:?} on floats")),
                };
                float.const_float(value).into()
            }
            BasicTypeEnum::IntType(int) => {
                let bits = int.get_bit_width();
                let ones = int.const_all_ones();
                match arithmetic {
                    Arithmetic::IAdd | Arithmetic::Or | Arithmetic::Xor | Arithmetic::UMax => int.const_zero().into(),
                    Arithmetic::IMul => int.const_int(1, false).into(),
                    Arithmetic::And | Arithmetic::UMin => ones.into(),
                    Arithmetic::SMin if bits > 1 => {
                        self.builder.build_right_shift(ones, int.const_int(1, false), false, "")?.into()
                    }
                    Arithmetic::SMax if bits > 1 => {
                        self.builder.build_left_shift(int.const_int(1, false), int.const_int(u64::from(bits - 1), false), "")?.into()
                    }
                    other => return unsupported(format!("the group operation {other:?} on i{bits}")),
                }
            }
            _ => return unsupported("a group operation on pointers"),
        };
        Ok(self.splat(scalar)?.into_vector_value())
    }

    /// `a op b`, lane by lane.
    fn combine(&self, arithmetic: Arithmetic, a: VectorValue<'ctx>, b: VectorValue<'ctx>) -> Result<VectorValue<'ctx>> {
        use inkwell::values::InstructionOpcode as Op;
        let binary = match arithmetic {
            Arithmetic::IAdd => Some(Op::Add),
            Arithmetic::FAdd => Some(Op::FAdd),
            Arithmetic::IMul => Some(Op::Mul),
            Arithmetic::FMul => Some(Op::FMul),
            Arithmetic::And => Some(Op::And),
            Arithmetic::Or => Some(Op::Or),
            Arithmetic::Xor => Some(Op::Xor),
            _ => None,
        };
        if let Some(binary) = binary {
            return Ok(self.builder.build_binop(binary, a, b, "")?.into_vector_value());
        }
        let intrinsic = match arithmetic {
            Arithmetic::SMin => "llvm.smin",
            Arithmetic::SMax => "llvm.smax",
            Arithmetic::UMin => "llvm.umin",
            Arithmetic::UMax => "llvm.umax",
            Arithmetic::FMin => "llvm.minnum",
            _ => "llvm.maxnum",
        };
        Ok(self.intrinsic_call(intrinsic, &[a.get_type().into()], &[a.into(), b.into()], None)?.into_vector_value())
    }

    /// Every lane the combination of the lanes of its cluster (`cluster`
    /// lanes, aligned): log2(cluster) exchanges with the lane `step` away.
    fn butterfly(&self, arithmetic: Arithmetic, mut value: VectorValue<'ctx>, cluster: u32) -> Result<VectorValue<'ctx>> {
        let mut step = 1;
        while step < cluster {
            // The lower lane's value first in both: the same result in each.
            let (low, high): (Vec<u32>, Vec<u32>) =
                (0..self.width).map(|lane| if lane & step == 0 { (lane, lane ^ step) } else { (lane ^ step, lane) }).unzip();
            let first = self.shuffle(value, value, &low)?;
            let second = self.shuffle(value, value, &high)?;
            value = self.combine(arithmetic, first, second)?;
            step *= 2;
        }
        Ok(value)
    }

    /// Lane i takes lane i - step's value, the first `step` lanes `fill`'s.
    fn shift_up(&self, value: VectorValue<'ctx>, fill: VectorValue<'ctx>, step: u32) -> Result<VectorValue<'ctx>> {
        let sources: Vec<u32> =
            (0..self.width).map(|lane| if lane >= step { lane - step } else { self.width + lane }).collect();
        self.shuffle(value, fill, &sources)
    }

    /// A shufflevector of `a` and `b` with constant lane `sources`.
    fn shuffle(&self, a: VectorValue<'ctx>, b: VectorValue<'ctx>, sources: &[u32]) -> Result<VectorValue<'ctx>> {
        let indices: Vec<IntValue<'ctx>> =
            sources.iter().map(|&source| self.context.i32_type().const_int(u64::from(source), false)).collect();
        Ok(self.builder.build_shuffle_vector(a, b, VectorType::const_vector(&indices), "")?)
    }

    /// An atomic (read-modify-write, compare-exchange, atomic load or
    /// store) of varying operands: the scalar instruction once per lane, in
    /// lane order, each under its lane's mask bit; the results gathered
    /// (a compare-exchange's two fields apart, for its `extractvalue`s).
    pub(super) fn emit_per_lane(&mut self, instruction: InstructionValue<'ctx>, mask: VectorValue<'ctx>) -> Result<()> {
        let count = instruction.get_num_operands();
        let mut operands = Vec::new();
        for index in 0..count {
            let Some(Operand::Value(value)) = instruction.get_operand(index) else { return Err(no_type()) };
            operands.push(match self.lanes(value)? {
                Lanes::Uniform(value) => Lanes::Uniform(value),
                Lanes::Varying(components) if components.len() == 1 => Lanes::Varying(components),
                Lanes::Varying(_) => return unsupported("an atomic on a vector"),
            });
        }
        let result_type: Option<BasicTypeEnum<'ctx>> = instruction.get_type().try_into().ok();
        let fields: Vec<BasicTypeEnum<'ctx>> = match result_type {
            Some(BasicTypeEnum::StructType(pair)) => pair.get_field_types(),
            Some(ty) => vec![ty],
            None => Vec::new(),
        };
        let mut gathered: Vec<VectorValue<'ctx>> = Vec::new();
        for ty in &fields {
            let shape = self.components_of(*ty)?;
            if shape.count != 1 {
                return unsupported("an atomic on a vector");
            }
            gathered.push(shape.poison(self.width)[0].into_vector_value());
        }
        let i32_type = self.context.i32_type();
        for lane in 0..self.width {
            let index = i32_type.const_int(u64::from(lane), false);
            let active = self.builder.build_extract_element(mask, index, "")?.into_int_value();
            let here = self.builder.get_insert_block().ok_or_else(no_type)?;
            let run = self.context.append_basic_block(self.vector, "lane.atomic");
            let join = self.context.append_basic_block(self.vector, "lane.join");
            self.builder.build_conditional_branch(active, run, join)?;
            self.builder.position_at_end(run);
            let mut values = Vec::with_capacity(operands.len());
            for operand in &operands {
                values.push(match operand {
                    Lanes::Uniform(value) => *value,
                    Lanes::Varying(components) => {
                        self.builder.build_extract_element(components[0].into_vector_value(), index, "")?
                    }
                });
            }
            let copy = instruction.explicit_clone();
            self.builder.insert_instruction(&copy, None);
            for (position, value) in values.into_iter().enumerate() {
                copy.set_operand(position as u32, value);
            }
            let mut results = Vec::new();
            if !fields.is_empty() {
                let value = super::value_of(copy)?;
                if fields.len() == 1 {
                    results.push(value);
                } else {
                    for field in 0..fields.len() {
                        results.push(self.builder.build_extract_value(value.into_struct_value(), field as u32, "")?);
                    }
                }
            }
            self.builder.build_unconditional_branch(join)?;
            self.builder.position_at_end(join);
            let mut phis = Vec::new();
            for (field, value) in results.into_iter().enumerate() {
                let phi = self.builder.build_phi(fields[field], "")?;
                phi.add_incoming(&[(&value, run), (&super::poison_of(fields[field]), here)]);
                phis.push(phi);
            }
            for (field, phi) in phis.into_iter().enumerate() {
                gathered[field] =
                    self.builder.build_insert_element(gathered[field], phi.as_basic_value(), index, "")?;
            }
        }
        match gathered.len() {
            0 => {}
            1 => {
                self.values.insert(key(&instruction), Lanes::Varying(vec![gathered[0].into()]));
            }
            _ => {
                self.pairs.insert(key(&instruction), gathered.iter().map(|vector| (*vector).into()).collect());
            }
        }
        Ok(())
    }
}

fn fill_lanes<'ctx>(vectorizer: &Vectorizer<'_, 'ctx>, value: bool) -> Vec<IntValue<'ctx>> {
    vec![vectorizer.context.bool_type().const_int(u64::from(value), false); vectorizer.width as usize]
}
