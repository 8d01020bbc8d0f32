//! Bounds checks hoisted out of invocation loops: LLVM's inductive range
//! check elimination (`irce`) given checks it can read.
//!
//! The kernel ABI's bounds checks (passes/src/kernel_abi/bounds.rs) test
//! every access's byte offset against its buffer's size, `off <=u size -
//! len` (and `size >=u len`). With a 32-bit index the offset reaches LLVM
//! as `sext(trunc v) << k` (`ashr exact (shl v, 32), 32 - k`), which scalar
//! evolution cannot read as a recurrence, so `irce` leaves it alone and the
//! loop vectorizer widens it into a `<16 x i64>` compare chain and masked
//! accesses per row of 16 invocations (saxpy: about 20 instructions more
//! per row than `--unchecked`).
//!
//! Between the halves of LLVM's pipeline (src/vectorizer_guard.rs), each
//! such check `c` that a conditional branch tests (alone or as an operand
//! of an `and`) gets a fast test before it: `v <=u umin(room >> k, 2^31 -
//! 1)` (for the `ashr` form), `v <=u umin(room >> k, 2^m - 1)` (for
//! `shl (and v, 2^m - 1), k`: OpenCL's 32-bit unsigned index) or `v <=u
//! room >> k` (for `shl v, k`), with
//! the rest of the `and` (the `size >=u len` test); where that rest is
//! `size >=u len` with `room = size - len` and `len <= 2^k` (an access no
//! wider than its stride: saxpy's floats), the one test `v <u umin(size >>
//! k, cap + 1)` instead, which implies both, so that the main loop keeps
//! no loop-invariant mask either (plain loads and stores, not masked ones:
//! AVX2's masked stores are slow). The fast test implies
//! `c` (`v` is then a non-negative 32-bit value, `sext(trunc v) = v`, and
//! `v << k <= room` without overflow), so the access runs when it passes;
//! when it fails the original check decides (same results, bit for bit).
//! `v` is the invocation loop's induction (`base + local`), so the fast
//! test is an inductive range check: `irce` splits the loop into a main
//! loop where it always holds (no per-invocation check; vectorized like
//! `--unchecked`) and short pre- and post-loops, computing the main
//! loop's range once per loop (once per run of workgroups where the run
//! is one loop, whose trip count `count x width` is no constant:
//! [`constant_factor`], [`bound_exit_test`]). Fast tests `irce` did not take are set to
//! `false` afterwards (the original checks alone again), and
//! `instcombine` and `simplifycfg` clean up before the vectorizer.
//!
//! A kernel's own test of its 32-bit global id, `if (i < n)` (saxpy's),
//! is `icmp ult (trunc v), n`: `irce` reads neither the truncation nor a
//! 32-bit test against the 64-bit loop (the invocation loop counts in 64
//! bits), so it stayed a per-lane mask in the vector body. It gets a fast
//! test the same way, widened instead of the loop narrowed: `v <u zext n`
//! (signed: `v <u smax(sext n, 0)`; `<=`: the bound plus one; `i >= n`,
//! the negation, takes the false successor), which implies the test
//! whatever `v` is (`v` is then below 2^32, or 2^31, so `trunc v = v`);
//! a global id past 2^32, whose 32-bit `i` wrapped, fails it and the
//! original test decides. Only ids `phi + base` (a workgroup's first id
//! plus the local one) are taken, see [`limit_check`].

use inkwell::{
    IntPredicate,
    basic_block::BasicBlock,
    builder::Builder,
    intrinsics::Intrinsic,
    module::Module,
    values::{AnyValueEnum, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue, PhiValue, ValueKind},
};

/// The name of the fast tests (LLVM numbers them; `irce`'s copies in its
/// pre- and post-loops get `.preloop` and `.postloop` appended).
const FAST: &str = "spvabi.fast";

/// The passes run after the fast tests are made.
pub(crate) const ELIMINATE: &str = "function(irce)";

/// The passes run after the fast tests `irce` left are removed.
pub(crate) const CLEAN_UP: &str = "function(instcombine<max-iterations=1;no-verify-fixpoint>,simplifycfg)";

/// Puts a fast test before every bounds check of the recognised forms (see
/// the module's documentation). Returns how many.
pub(crate) fn add_fast_tests(module: &Module<'_>) -> usize {
    let mut branches = Vec::new();
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            if let Some(terminator) = block.get_terminator()
                && terminator.get_opcode() == InstructionOpcode::Br
                && terminator.get_num_operands() == 3
                && let Some(check) = branch_check(terminator)
            {
                branches.push((block, terminator, check));
            }
        }
    }
    let context = module.get_context();
    let builder: Builder<'_> = context.create_builder();
    let i64_type = context.i64_type();
    let mut made = 0;
    for (head, branch, check) in branches {
        let Some(condition) = operand_int(branch, 0) else { continue };
        // Successors: operand 2 is taken when true, operand 1 when false;
        // `taken` is the one a passing fast test implies.
        let (Some(when_true), Some(when_false)) = (operand_block(branch, 2), operand_block(branch, 1)) else { continue };
        let (taken, skipped) = if check.implies { (when_true, when_false) } else { (when_false, when_true) };
        if taken == skipped || taken == head || skipped == head {
            continue;
        }
        // The bound, where what it is made of is defined (loop invariant for
        // `irce`).
        let invariant = match &check.bound {
            Bound::Room { room, .. } => *room,
            Bound::Size { size, .. } => *size,
            Bound::Limit { limit, .. } => *limit,
        };
        match invariant.as_instruction_value() {
            Some(definition) if definition.get_opcode() != InstructionOpcode::Phi => match definition.get_next_instruction() {
                Some(next) => builder.position_before(&next),
                None => continue,
            },
            Some(_) => continue,
            None => {
                let Some(entry) = head.get_parent().and_then(|function| function.get_first_basic_block()) else {
                    continue;
                };
                match entry.get_first_instruction() {
                    Some(first) => builder.position_before(&first),
                    None => continue,
                }
            }
        }
        let Some(bound) = build_bound(module, &builder, &check.bound) else { continue };
        builder.position_before(&branch);
        let tested = match check.addend {
            Some(addend) => {
                let Ok(wide) = builder.build_int_s_extend(addend, i64_type, "spvabi.addend") else { continue };
                match builder.build_int_add(check.value, wide, "spvabi.index") {
                    Ok(sum) => sum,
                    Err(_) => continue,
                }
            }
            None => check.value,
        };
        let predicate = if matches!(check.bound, Bound::Room { .. }) { IntPredicate::ULE } else { IntPredicate::ULT };
        let Ok(fast) = builder.build_int_compare(predicate, tested, bound, FAST) else { continue };
        let fast_condition = match check.rest {
            Some(rest) => match builder.build_and(rest, fast, "spvabi.fast.and") {
                Ok(value) => value,
                Err(_) => continue,
            },
            None => fast,
        };
        // The original test moves into a block of its own, `slow`. (The
        // builder is positioned: building a branch cannot fail.)
        let slow = context.insert_basic_block_after(head, "spvabi.slow");
        builder.position_at_end(slow);
        if builder.build_conditional_branch(condition, when_true, when_false).is_err() {
            continue;
        }
        builder.position_before(&branch);
        if builder.build_conditional_branch(fast_condition, taken, slow).is_err() {
            continue;
        }
        branch.erase_from_basic_block();
        // `taken` is reached from `slow` too, with `head`'s values; `skipped`
        // from `slow` instead of `head`.
        for phi in phis(taken) {
            let incoming: Vec<_> = phi.get_incomings().filter(|(_, block)| *block == head).collect();
            for (value, _) in incoming {
                phi.add_incoming(&[(&value as &dyn BasicValue<'_>, slow)]);
            }
        }
        for phi in phis(skipped) {
            let Some(first) = skipped.get_first_instruction() else { continue };
            builder.position_before(&first);
            let Ok(replacement) = builder.build_phi(phi.as_basic_value().get_type(), "") else { continue };
            for (value, block) in phi.get_incomings() {
                let block = if block == head { slow } else { block };
                replacement.add_incoming(&[(&value as &dyn BasicValue<'_>, block)]);
            }
            phi.as_instruction().replace_all_uses_with(&replacement.as_instruction());
            phi.as_instruction().erase_from_basic_block();
        }
        made += 1;
        bound_exit_test(module, &builder, check.value);
    }
    made
}

/// For the loop of `value`'s induction (see [`long_induction`]) whose trip
/// count is no constant but a multiple of one ([`constant_factor`], a fused
/// run of workgroups), its exit test `i + 1 == n` becomes `i + 1 ==
/// umax(n, 1)`: `irce` takes a loop whose exit test it can read as
/// `i + 1 > n - 1` only when scalar evolution sees that `n` is not 0, which it
/// does not get from the test of the run's count guarding the loop (a
/// width written `(count - 1) * c + c` in the workgroup function reached
/// here as another exit test, `i == (count - 1) * c + c - 1`, which
/// neither this module nor `irce` reads). The same loop: it starts at 0
/// and is entered with `n` at least 1 (an `n` of 0 would have it count
/// through all 2^64 values).
fn bound_exit_test<'ctx>(module: &Module<'ctx>, builder: &Builder<'ctx>, value: IntValue<'ctx>) {
    let Some(instruction) = value.as_instruction_value() else { return };
    let mut phis = vec![instruction];
    if instruction.get_opcode() == InstructionOpcode::Add {
        phis = (0..2).filter_map(|index| operand_int(instruction, index)?.as_instruction_value()).collect();
    }
    for phi in phis.into_iter().filter(|phi| phi.get_opcode() == InstructionOpcode::Phi) {
        let Some((compare, index, count)) = exit_test(phi) else { continue };
        if count.is_const() || constant_factor(count).is_none_or(|factor| factor < MIN_TRIP_COUNT) {
            continue;
        }
        let Some(definition) = count.as_instruction_value() else { continue };
        let Some(next) = definition.get_next_instruction() else { continue };
        builder.position_before(&next);
        let i64_type = module.get_context().i64_type();
        if count.get_type() != i64_type {
            continue;
        }
        let Some(declaration) = Intrinsic::find("llvm.umax").and_then(|umax| umax.get_declaration(module, &[i64_type.into()]))
        else {
            continue;
        };
        let one = i64_type.const_int(1, false);
        let Ok(call) = builder.build_call(declaration, &[count.into(), one.into()], "spvabi.trips") else { continue };
        if let ValueKind::Basic(BasicValueEnum::IntValue(at_least_one)) = call.try_as_basic_value() {
            compare.set_operand(index, at_least_one);
        }
    }
}

/// The exit test `step == n` of the loop whose induction `phi` is (`phi
/// [0, ...], [phi + 1, ...]`), the operand index of `n`, and `n`.
fn exit_test(phi: InstructionValue<'_>) -> Option<(InstructionValue<'_>, u32, IntValue<'_>)> {
    let phi_value = PhiValue::try_from(phi).ok()?;
    if phi_value.count_incoming() != 2 {
        return None;
    }
    let values: Vec<_> = phi_value.get_incomings().map(|(value, _)| value).collect();
    let step = match (values[0], values[1]) {
        (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) if a.get_zero_extended_constant() == Some(0) => b,
        (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) if b.get_zero_extended_constant() == Some(0) => a,
        _ => return None,
    };
    let step = step.as_instruction_value().filter(|step| step.get_opcode() == InstructionOpcode::Add)?;
    let by_one = (0..2).any(|index| operand_int(step, index).and_then(|operand| operand.as_instruction_value()) == Some(phi))
        && (0..2).any(|index| operand_int(step, index).and_then(|operand| operand.get_zero_extended_constant()) == Some(1));
    if !by_one {
        return None;
    }
    for user in equality_users(step) {
        for index in 0..2 {
            let Some(other) = operand_int(user, index) else { continue };
            if other.as_instruction_value() != Some(step) {
                return Some((user, index, other));
            }
        }
    }
    None
}

/// The `icmp eq` instructions among the users of `step` (a loop's exit
/// tests, where `step` is its induction plus one).
fn equality_users(step: InstructionValue<'_>) -> impl Iterator<Item = InstructionValue<'_>> {
    std::iter::successors(step.get_first_use(), |this| this.get_next_use())
        .filter_map(|this| match this.get_user() {
            AnyValueEnum::IntValue(value) => value.as_instruction_value(),
            AnyValueEnum::InstructionValue(instruction) => Some(instruction),
            _ => None,
        })
        .filter(|user| user.get_opcode() == InstructionOpcode::ICmp && user.get_icmp_predicate() == Some(IntPredicate::EQ))
}

/// The 64-bit bound of a fast test (see [`Bound`]), built at the builder's
/// position.
fn build_bound<'ctx>(module: &Module<'ctx>, builder: &Builder<'ctx>, bound: &Bound<'ctx>) -> Option<IntValue<'ctx>> {
    let i64_type = module.get_context().i64_type();
    let one = i64_type.const_int(1, false);
    match *bound {
        Bound::Room { room, shift, cap } => {
            let shift = i64_type.const_int(u64::from(shift), false);
            let bound = builder.build_right_shift(room, shift, false, "spvabi.bound").ok()?;
            let Some(cap) = cap else { return Some(bound) };
            let declaration = Intrinsic::find("llvm.umin")?.get_declaration(module, &[i64_type.into()])?;
            let limit = i64_type.const_int(cap, false);
            let call = builder.build_call(declaration, &[bound.into(), limit.into()], "spvabi.bound").ok()?;
            match call.try_as_basic_value() {
                ValueKind::Basic(BasicValueEnum::IntValue(value)) => Some(value),
                _ => None,
            }
        }
        Bound::Size { size, shift, cap } => {
            let shift = i64_type.const_int(u64::from(shift), false);
            let bound = builder.build_right_shift(size, shift, false, "spvabi.bound").ok()?;
            let Some(cap) = cap else { return Some(bound) };
            let declaration = Intrinsic::find("llvm.umin")?.get_declaration(module, &[i64_type.into()])?;
            let limit = i64_type.const_int(cap + 1, false);
            let call = builder.build_call(declaration, &[bound.into(), limit.into()], "spvabi.bound").ok()?;
            match call.try_as_basic_value() {
                ValueKind::Basic(BasicValueEnum::IntValue(value)) => Some(value),
                _ => None,
            }
        }
        Bound::Limit { limit, signed: false, inclusive } => {
            let wide = builder.build_int_z_extend(limit, i64_type, "spvabi.bound").ok()?;
            if inclusive { builder.build_int_add(wide, one, "spvabi.bound").ok() } else { Some(wide) }
        }
        Bound::Limit { limit, signed: true, inclusive } => {
            let wide = builder.build_int_s_extend(limit, i64_type, "spvabi.bound").ok()?;
            let wide = if inclusive { builder.build_int_add(wide, one, "spvabi.bound").ok()? } else { wide };
            let declaration = Intrinsic::find("llvm.smax")?.get_declaration(module, &[i64_type.into()])?;
            let call = builder.build_call(declaration, &[wide.into(), i64_type.const_zero().into()], "spvabi.bound").ok()?;
            match call.try_as_basic_value() {
                ValueKind::Basic(BasicValueEnum::IntValue(value)) => Some(value),
                _ => None,
            }
        }
    }
}

/// Puts the condition of every other conditional branch through
/// `llvm.ssa.copy`, so that `irce` takes only the fast tests: it would also
/// split loops on a kernel's own conditions (reduce's `if (l < s)` in each
/// level's region loop: scalar post-loops doing most of the work, 4x
/// slower). [`crate::vectorizer_guard::remove_copies`] removes them.
pub(crate) fn shield_other_branches(module: &Module<'_>) -> usize {
    let Some(copy) = Intrinsic::find("llvm.ssa.copy") else { return 0 };
    let builder: Builder<'_> = module.get_context().create_builder();
    let mut shielded = 0;
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            let Some(branch) = block.get_terminator() else { continue };
            if branch.get_opcode() != InstructionOpcode::Br || branch.get_num_operands() != 3 {
                continue;
            }
            let Some(condition) = operand_int(branch, 0) else { continue };
            let ours = condition
                .as_instruction_value()
                .and_then(|instruction| instruction.get_name().and_then(|name| name.to_str().ok()).map(|name| name.starts_with(FAST)))
                .unwrap_or(false);
            if ours || condition.is_const() || is_latch_test(condition) {
                continue;
            }
            let Some(declaration) = copy.get_declaration(module, &[condition.get_type().into()]) else { continue };
            builder.position_before(&branch);
            let Ok(call) = builder.build_call(declaration, &[condition.into()], "spvabi.shielded") else { continue };
            if let ValueKind::Basic(value) = call.try_as_basic_value()
                && branch.set_operand(0, value)
            {
                shielded += 1;
            }
        }
    }
    shielded
}

/// Whether `condition` is a loop's exit test as the invocation loops have
/// it, `icmp eq|ne (phi + 1), n` (`irce` needs the latch's test).
fn is_latch_test(condition: IntValue<'_>) -> bool {
    let Some(compare) = condition.as_instruction_value() else { return false };
    if compare.get_opcode() != InstructionOpcode::ICmp
        || !matches!(compare.get_icmp_predicate(), Some(IntPredicate::EQ | IntPredicate::NE))
    {
        return false;
    }
    (0..2).any(|index| {
        operand_int(compare, index)
            .and_then(|value| value.as_instruction_value())
            .filter(|add| add.get_opcode() == InstructionOpcode::Add)
            .is_some_and(|add| {
                let operands: Vec<_> = (0..2).filter_map(|index| operand_int(add, index)).collect();
                operands.iter().any(|operand| operand.get_zero_extended_constant() == Some(1))
                    && operands
                        .iter()
                        .any(|operand| operand.as_instruction_value().is_some_and(|phi| phi.get_opcode() == InstructionOpcode::Phi))
            })
    })
}

/// Sets every fast test `irce` left in place (its own loop's, not its
/// pre- and post-loops' copies) to `false`: the original check alone again.
/// Returns how many `irce` took (whose tests have no use left).
pub(crate) fn settle_fast_tests(module: &Module<'_>) -> usize {
    let context = module.get_context();
    let no = context.bool_type().const_zero();
    let mut taken = 0;
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            let mut next = block.get_first_instruction();
            while let Some(instruction) = next {
                next = instruction.get_next_instruction();
                let Some(name) = instruction.get_name().and_then(|name| name.to_str().ok()) else { continue };
                if !name.starts_with(FAST) || name.starts_with("spvabi.fast.and") || name.contains(".preloop") || name.contains(".postloop") {
                    continue;
                }
                let Ok(value) = IntValue::try_from(instruction) else { continue };
                if instruction.get_first_use().is_none() {
                    taken += 1;
                    instruction.erase_from_basic_block();
                } else {
                    value.replace_all_uses_with(no);
                }
            }
        }
    }
    taken
}

/// A check a branch tests: a bounds check, or a kernel's own test of its
/// global id against a limit.
struct Check<'ctx> {
    /// The value whose range is tested (`v`), plus `sext addend` if any.
    value: IntValue<'ctx>,
    /// A 32-bit value added to `trunc v` (see [`compare_check`]).
    addend: Option<IntValue<'ctx>>,
    /// What `value` is compared with.
    bound: Bound<'ctx>,
    /// The other operand of the branch's `and`, if any.
    rest: Option<IntValue<'ctx>>,
    /// Whether a passing fast test implies the branch's condition (its true
    /// successor) or its negation (its false successor: `if (i >= n)
    /// return;`).
    implies: bool,
}

/// The 64-bit bound a fast test compares `v` (+ `sext addend`) with.
enum Bound<'ctx> {
    /// A bounds check: `v <=u umin(room >> shift, cap)`.
    Room {
        /// The room the offset is compared with (`size - len`).
        room: IntValue<'ctx>,
        /// The offset is `v << shift` (or `sext(trunc v) << shift`).
        shift: u32,
        /// The most `v` may be for the offset to be `v << shift`: `2^31 - 1`
        /// for `sext(trunc v)`, `2^m - 1` for `(v & (2^m - 1)) << shift`.
        cap: Option<u64>,
    },
    /// A bounds check with its `size >=u len` beside it (`room = size -
    /// len`, `len <= 2^shift`): `v <u umin(size >> shift, cap + 1)`, which
    /// implies both (`(v + 1) << shift <= size`), so that the main loop
    /// has no test left at all, not even a loop-invariant mask (masked
    /// loads and stores: slow on AVX2 hosts).
    Size {
        /// The buffer's size in bytes.
        size: IntValue<'ctx>,
        /// As [`Bound::Room`]'s.
        shift: u32,
        /// As [`Bound::Room`]'s.
        cap: Option<u64>,
    },
    /// A 32-bit index `trunc v (+ addend)` compared with a 32-bit `limit`
    /// (`i < n`): `v <u zext limit` (`+ 1` if `inclusive`); signed,
    /// `v <u smax(sext limit (+ 1), 0)`. Then `v` is in [0, limit), below
    /// 2^32 (2^31 signed), so the 32-bit index is `v` and the test holds.
    Limit { limit: IntValue<'ctx>, signed: bool, inclusive: bool },
}

/// The check `branch` tests: its condition is `icmp ule off, room` (`off`
/// of a recognised form) or a [`limit_check`], or an `and` of one with
/// another value.
fn branch_check<'ctx>(branch: InstructionValue<'ctx>) -> Option<Check<'ctx>> {
    let condition = operand_int(branch, 0)?.as_instruction_value()?;
    let recognise = |compare: InstructionValue<'ctx>| compare_check(compare).or_else(|| limit_check(compare));
    if condition.get_opcode() == InstructionOpcode::And {
        for index in 0..2 {
            let candidate = operand_int(condition, index)?;
            // Only a passing fast test implies an `and`.
            if let Some(mut check) = candidate.as_instruction_value().and_then(recognise).filter(|check| check.implies) {
                let rest = operand_int(condition, 1 - index)?;
                match whole_elements(&check.bound, rest) {
                    Some(bound) => check.bound = bound,
                    None => check.rest = Some(rest),
                }
                return Some(check);
            }
        }
        None
    } else {
        recognise(condition)
    }
}

/// A kernel's own test of a 32-bit global id, `trunc v (+ c)` with `v` =
/// `phi + base` the invocation loop's induction plus a loop-invariant
/// base (the workgroup's first global id), against a 32-bit limit: `i <
/// n`, `i <= n`, `n > i`, ..., signed or unsigned, or the negations (`i >=
/// n`: a passing fast test then implies the false successor). Such a test
/// fails, if at all, for the invocations of the dispatch's last
/// workgroups, so `irce`'s main loop runs most of them without it. Tests
/// of the local id alone (reduce's `if (l < s)`, true for a prefix of the
/// workgroup) are left alone: split there, most of the loop would run in
/// `irce`'s scalar post-loop.
fn limit_check(compare: InstructionValue<'_>) -> Option<Check<'_>> {
    if compare.get_opcode() != InstructionOpcode::ICmp {
        return None;
    }
    let (left, right) = (operand_int(compare, 0)?, operand_int(compare, 1)?);
    if left.get_type().get_bit_width() != 32 {
        return None;
    }
    // As `index PREDICATE limit`, the index on the left.
    let predicate = compare.get_icmp_predicate()?;
    let (index, limit, predicate) = match global_index(left) {
        Some(_) => (left, right, predicate),
        None => (right, left, swapped(predicate)?),
    };
    let (value, addend) = global_index(index)?;
    if global_index(limit).is_some() {
        return None;
    }
    // `index < limit` or `index <= limit` when true, or when false (`index
    // >= limit` is `!(index < limit)`).
    let (signed, inclusive, implies) = match predicate {
        IntPredicate::ULT => (false, false, true),
        IntPredicate::ULE => (false, true, true),
        IntPredicate::SLT => (true, false, true),
        IntPredicate::SLE => (true, true, true),
        IntPredicate::UGE => (false, false, false),
        IntPredicate::UGT => (false, true, false),
        IntPredicate::SGE => (true, false, false),
        IntPredicate::SGT => (true, true, false),
        _ => return None,
    };
    Some(Check { value, addend, bound: Bound::Limit { limit, signed, inclusive }, rest: None, implies })
}

/// A bounds check's bound `Room { room: size - len, .. }` and `rest` =
/// `size >u len - 1` (the check `off <=u size - len && size >=u len`) as
/// one [`Bound::Size`], where `len <= 2^shift` (an access no wider than
/// the index's stride).
fn whole_elements<'ctx>(bound: &Bound<'ctx>, rest: IntValue<'ctx>) -> Option<Bound<'ctx>> {
    let Bound::Room { room, shift, cap } = *bound else { return None };
    let room = room.as_instruction_value().filter(|add| add.get_opcode() == InstructionOpcode::Add)?;
    let size = operand_int(room, 0)?;
    // `-len` as an unsigned 64-bit constant.
    let len = operand_int(room, 1)?.get_zero_extended_constant()?.wrapping_neg();
    let compare = rest.as_instruction_value().filter(|compare| compare.get_opcode() == InstructionOpcode::ICmp)?;
    let at_least = match compare.get_icmp_predicate()? {
        IntPredicate::UGT => operand_int(compare, 1)?.get_zero_extended_constant()?.checked_add(1)?,
        IntPredicate::UGE => operand_int(compare, 1)?.get_zero_extended_constant()?,
        _ => return None,
    };
    let same_size = operand_int(compare, 0)? == size;
    (same_size && len > 0 && at_least == len && len <= 1 << shift).then_some(Bound::Size { size, shift, cap })
}

/// `predicate` with its operands exchanged (`a < b` is `b > a`).
fn swapped(predicate: IntPredicate) -> Option<IntPredicate> {
    Some(match predicate {
        IntPredicate::ULT => IntPredicate::UGT,
        IntPredicate::ULE => IntPredicate::UGE,
        IntPredicate::UGT => IntPredicate::ULT,
        IntPredicate::UGE => IntPredicate::ULE,
        IntPredicate::SLT => IntPredicate::SGT,
        IntPredicate::SLE => IntPredicate::SGE,
        IntPredicate::SGT => IntPredicate::SLT,
        IntPredicate::SGE => IntPredicate::SLE,
        _ => return None,
    })
}

/// `(v, c)` of a 32-bit `trunc v` or `trunc v + c` with `v` a global
/// induction (`phi + base`, see [`global_induction`]).
fn global_index<'ctx>(index: IntValue<'ctx>) -> Option<(IntValue<'ctx>, Option<IntValue<'ctx>>)> {
    let wide = |value: IntValue<'ctx>| {
        let trunc = value.as_instruction_value().filter(|trunc| trunc.get_opcode() == InstructionOpcode::Trunc)?;
        operand_int(trunc, 0).filter(|wide| wide.get_type().get_bit_width() == 64 && global_induction(*wide))
    };
    if let Some(value) = wide(index) {
        return Some((value, None));
    }
    let add = index.as_instruction_value().filter(|add| add.get_opcode() == InstructionOpcode::Add)?;
    (0..2).find_map(|side| {
        let value = wide(operand_int(add, side)?)?;
        let addend = operand_int(add, 1 - side)?;
        // The addend is the same for every invocation (not another id).
        global_index(addend).is_none().then_some((value, Some(addend)))
    })
}

/// Whether `value` is `phi + base` (or `base + phi`) with the phi a
/// [`long_induction`] and `base` not a constant: the global id of the
/// invocation loop's induction, the workgroup's first id plus the local one.
fn global_induction(value: IntValue<'_>) -> bool {
    let Some(add) = value.as_instruction_value().filter(|add| add.get_opcode() == InstructionOpcode::Add) else {
        return false;
    };
    (0..2).any(|side| {
        let (Some(phi), Some(base)) = (operand_int(add, side), operand_int(add, 1 - side)) else { return false };
        !base.is_const()
            && phi.as_instruction_value().is_some_and(|phi| phi.get_opcode() == InstructionOpcode::Phi)
            && long_induction(phi)
    })
}

/// `icmp ule off, room` over i64 with `off` = `shl v, k` (k < 32) or
/// `ashr (shl v, 32), 32 - k` (k <= 32).
fn compare_check(compare: InstructionValue<'_>) -> Option<Check<'_>> {
    if compare.get_opcode() != InstructionOpcode::ICmp || compare.get_icmp_predicate()? != IntPredicate::ULE {
        return None;
    }
    let offset = operand_int(compare, 0)?;
    let room = operand_int(compare, 1)?;
    if offset.get_type().get_bit_width() != 64 || room.is_const() {
        return None;
    }
    let offset = offset.as_instruction_value()?;
    let amount = |instruction: InstructionValue<'_>| operand_int(instruction, 1)?.get_zero_extended_constant();
    let (value, shift, cap) = match offset.get_opcode() {
        InstructionOpcode::Shl => {
            let k = amount(offset)?;
            let shifted = operand_int(offset, 0)?;
            // `(v & (2^m - 1)) << k` (a 32-bit unsigned index): `v` itself
            // while it is at most the mask.
            let masked = shifted.as_instruction_value().filter(|and| and.get_opcode() == InstructionOpcode::And).and_then(|and| {
                let mask = operand_int(and, 1)?.get_zero_extended_constant()?;
                (mask != 0 && mask & (mask + 1) == 0).then_some((operand_int(and, 0)?, mask))
            });
            match masked {
                Some((value, mask)) => (value, k, Some(mask)),
                None => (shifted, k, None),
            }
        }
        InstructionOpcode::AShr => {
            let down = amount(offset)?;
            let inner = operand_int(offset, 0)?.as_instruction_value()?;
            if inner.get_opcode() != InstructionOpcode::Shl || amount(inner)? != 32 || down > 32 {
                return None;
            }
            (operand_int(inner, 0)?, 32 - down, Some(i32::MAX as u64))
        }
        _ => return None,
    };
    if shift >= 32 || value.is_const() || value.get_type().get_bit_width() != 64 {
        return None;
    }
    if long_induction(value) {
        let bound = Bound::Room { room, shift: shift as u32, cap };
        return Some(Check { value, addend: None, bound, rest: None, implies: true });
    }
    // `ext(trunc v + c)` with a 32-bit `c` (a 32-bit index from the global
    // id): the fast test is on `v + sext c`; while that is in [0, 2^31) it
    // equals the 32-bit sum, and either extension of it.
    let extension = value.as_instruction_value()?;
    if !matches!(extension.get_opcode(), InstructionOpcode::SExt | InstructionOpcode::ZExt) {
        return None;
    }
    let sum = operand_int(extension, 0)?;
    if sum.get_type().get_bit_width() != 32 {
        return None;
    }
    let (wide, addend) = match truncated(sum) {
        Some(wide) => (wide, None),
        None => {
            let add = sum.as_instruction_value().filter(|add| add.get_opcode() == InstructionOpcode::Add)?;
            (0..2).find_map(|index| Some((truncated(operand_int(add, index)?)?, Some(operand_int(add, 1 - index)?))))?
        }
    };
    let cap = Some(cap.unwrap_or(u64::MAX).min(i32::MAX as u64));
    let bound = Bound::Room { room, shift: shift as u32, cap };
    Some(Check { value: wide, addend, bound, rest: None, implies: true })
}

/// The fewest iterations of a loop whose checks get fast tests. `irce`
/// leaves a main loop of a varying trip count up to the loop's; LLVM's loop
/// vectorizer takes one of 256 invocations (saxpy's workgroup) but leaves
/// one of up to 16 (a row of a 16x4 workgroup, test/Runner/
/// rows-under-checks.test) scalar, where before it ran the whole row as one
/// masked vector: such short loops keep their checks.
const MIN_TRIP_COUNT: u64 = 64;

/// Whether `value` is `phi + x`, `x + phi` or `phi`, the phi a loop's
/// induction from 0 by 1 to a constant of at least [`MIN_TRIP_COUNT`] (the
/// invocation loops of docs/abi.md's workgroup function), or to a multiple
/// of one ([`constant_factor`]: a fused run of workgroups). Only a question
/// of profit: the fast test implies the check whatever `value` is.
fn long_induction(value: IntValue<'_>) -> bool {
    let Some(instruction) = value.as_instruction_value() else { return false };
    let candidates = match instruction.get_opcode() {
        InstructionOpcode::Phi => vec![instruction],
        InstructionOpcode::Add => (0..2)
            .filter_map(|index| operand_int(instruction, index)?.as_instruction_value())
            .filter(|operand| operand.get_opcode() == InstructionOpcode::Phi)
            .collect(),
        _ => return false,
    };
    candidates.into_iter().any(|phi| trip_count(phi).is_some_and(|count| count >= MIN_TRIP_COUNT))
}

/// The trip count of the loop whose induction `phi` is: `phi [0, ...],
/// [phi + 1, ...]`, the increment compared `eq` with a constant.
fn trip_count(phi: InstructionValue<'_>) -> Option<u64> {
    let phi = PhiValue::try_from(phi).ok()?;
    if phi.count_incoming() != 2 {
        return None;
    }
    let values: Vec<_> = phi.get_incomings().map(|(value, _)| value).collect();
    let (start, step) = match (values[0], values[1]) {
        (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) if a.is_const() => (a, b),
        (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) if b.is_const() => (b, a),
        _ => return None,
    };
    let step = step.as_instruction_value()?;
    if start.get_zero_extended_constant()? != 0 || step.get_opcode() != InstructionOpcode::Add {
        return None;
    }
    let phi_instruction = phi.as_instruction();
    let operands: Vec<_> = (0..2).filter_map(|index| operand_int(step, index)).collect();
    let by_one = operands.len() == 2
        && operands.iter().any(|operand| operand.as_instruction_value() == Some(phi_instruction))
        && operands.iter().any(|operand| operand.get_zero_extended_constant() == Some(1));
    if !by_one {
        return None;
    }
    for user in equality_users(step) {
        let count = (0..2).find_map(|index| operand_int(user, index)?.get_zero_extended_constant());
        if count.is_some() {
            return count;
        }
        let multiple = (0..2).find_map(|index| {
            let other = operand_int(user, index)?;
            (other.as_instruction_value() != Some(step)).then(|| constant_factor(other)).flatten()
        });
        if multiple.is_some() {
            return multiple;
        }
    }
    None
}

/// `c` of a trip count `n * c` or `n << k` (`c = 2^k`) with `c` a
/// constant: a loop over whole workgroups of `c` invocations, a fused run
/// of them (passes/src/kernel_abi/workgroup.rs, `fuses_runs`), whose number
/// is not known, but each of which is `c` long; `c` stands for the trip
/// count in [`long_induction`]'s question of profit.
fn constant_factor(count: IntValue<'_>) -> Option<u64> {
    let instruction = count.as_instruction_value()?;
    let constant = |index| operand_int(instruction, index)?.get_zero_extended_constant();
    match instruction.get_opcode() {
        InstructionOpcode::Shl => constant(1).filter(|&k| k < 32).map(|k| 1 << k),
        InstructionOpcode::Mul => constant(1).or_else(|| constant(0)),
        _ => None,
    }
}

/// `v` of `trunc v` with `v` a 64-bit [`long_induction`].
fn truncated(value: IntValue<'_>) -> Option<IntValue<'_>> {
    let trunc = value.as_instruction_value().filter(|trunc| trunc.get_opcode() == InstructionOpcode::Trunc)?;
    operand_int(trunc, 0).filter(|wide| wide.get_type().get_bit_width() == 64 && long_induction(*wide))
}

/// Operand `index` of `instruction` if it is an integer value.
fn operand_int<'ctx>(instruction: InstructionValue<'ctx>, index: u32) -> Option<IntValue<'ctx>> {
    match instruction.get_operand(index)?.value()? {
        BasicValueEnum::IntValue(value) => Some(value),
        _ => None,
    }
}

/// Operand `index` of `instruction` if it is a block.
fn operand_block<'ctx>(instruction: InstructionValue<'ctx>, index: u32) -> Option<BasicBlock<'ctx>> {
    instruction.get_operand(index)?.block()
}

/// The phis at the start of `block`.
fn phis(block: BasicBlock<'_>) -> Vec<PhiValue<'_>> {
    let mut found = Vec::new();
    let mut next = block.get_first_instruction();
    while let Some(instruction) = next {
        next = instruction.get_next_instruction();
        match PhiValue::try_from(instruction) {
            Ok(phi) => found.push(phi),
            Err(_) => break,
        }
    }
    found
}
