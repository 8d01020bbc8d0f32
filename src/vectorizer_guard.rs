//! A guard around LLVM 22's loop vectorizer: indices narrowed by a mask or a
//! truncation are hidden from it, so that it never widens them as
//! consecutive.
//!
//! LLVM 22.1's loop vectorizer miscompiles a loop such as
//!
//! ```text
//! for (l = 0; l < 64; l++) b[l] = a[from + ((l + 1) & 63)];   // from = 0 or 64
//! ```
//!
//! into consecutive loads of `a[from + 1 .. from + 64]`: lane 63 reads
//! `a[from + 64]`, not `a[from]`. Scalar evolution models the masked
//! index as `zext i6 {1,+,1}` and the vectorizer assumes, under a runtime
//! predicate, that this 6-bit recurrence does not wrap; a second
//! predicate, that the 32-bit index `from + 1 + l` does not wrap, is taken
//! to imply the first (`SCEVWrapPredicate::implies` compares starts and
//! steps but not bit widths), so only the 32-bit check is emitted, and it
//! passes. `opt -passes=loop-vectorize -force-vector-width=4` shows it on
//! the loop above; `opt -O2` on any x86-64 CPU. Shared-memory ping-pong
//! buffers (`a[(i & 1) * 64 + (l + 1) % 64]`) have this shape, and the
//! region loops of barrier kernels (docs/abi.md, "Barriers") hand it to
//! the vectorizer: test/KernelABI/parallel-regions.test gave 19 wrong
//! values of 64 on CPUs with AVX-512, whose cost model vectorizes it.
//!
//! The guard runs between the two halves of LLVM's `default<On>` pipeline,
//! cut just before `loop-vectorize` (the halves are data: src/pipelines/,
//! written by scripts/llvm-pipelines from what `opt` prints). There, every
//! mask to fewer than 32 bits (`and x, 2^k - 1`) and every truncation to an
//! integer of fewer than 32 bits whose operand is arithmetic on a phi (a
//! possible recurrence) and whose result reaches an address gets its
//! operand through `llvm.ssa.copy`. Scalar evolution cannot see through the
//! copy, so no predicate on the narrow recurrence exists, and the
//! vectorizer leaves such a loop alone (a call it cannot widen); the
//! pipeline's next `instcombine` removes the copies. Loops without narrowed
//! indices are vectorized as before.

use inkwell::{
    builder::Builder,
    intrinsics::Intrinsic,
    module::Module,
    values::{AnyValueEnum, BasicValue, BasicValueEnum, CallSiteValue, InstructionOpcode, ValueKind, InstructionValue, IntValue},
};

/// The halves of LLVM's `default<O{level}>` pipeline before and after its
/// loop vectorizer, or `None` at levels without one (0).
pub(crate) fn split_pipeline(level: u8) -> Option<(&'static str, &'static str)> {
    Some(match level {
        0 => return None,
        1 => (include_str!("pipelines/O1.before-loop-vectorize.txt"), include_str!("pipelines/O1.after-loop-vectorize.txt")),
        2 => (include_str!("pipelines/O2.before-loop-vectorize.txt"), include_str!("pipelines/O2.after-loop-vectorize.txt")),
        _ => (include_str!("pipelines/O3.before-loop-vectorize.txt"), include_str!("pipelines/O3.after-loop-vectorize.txt")),
    })
}

/// The narrowest index width the vectorizer's wrap predicates get right:
/// predicates on 32-bit indices imply only predicates of their own width.
const SAFE_BITS: u32 = 32;

/// How far [`reaches_address`] follows a value's users.
const FLOW_LIMIT: usize = 64;

/// Puts the operand of every narrowing that reaches an address through
/// `llvm.ssa.copy` (see the module's documentation). Returns how many.
pub(crate) fn shield_narrow_indices(module: &Module<'_>) -> usize {
    let mut narrowings = Vec::new();
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            let mut next = block.get_first_instruction();
            while let Some(instruction) = next {
                next = instruction.get_next_instruction();
                if let Some(operand) = narrowed_operand(instruction) {
                    let recurrence = instruction
                        .get_operand(operand)
                        .and_then(|operand| operand.value())
                        .and_then(|value| value.as_instruction_value())
                        .is_some_and(may_be_recurrence);
                    if recurrence && reaches_address(instruction) {
                        narrowings.push((instruction, operand));
                    }
                }
            }
        }
    }
    if narrowings.is_empty() {
        return 0;
    }
    let Some(copy) = Intrinsic::find("llvm.ssa.copy") else {
        return 0;
    };
    let builder: Builder<'_> = module.get_context().create_builder();
    let mut shielded = 0;
    for (instruction, index) in narrowings {
        let Some(operand) = instruction.get_operand(index).and_then(|operand| operand.value()) else {
            continue;
        };
        let Some(declaration) = copy.get_declaration(module, &[operand.get_type()]) else {
            continue;
        };
        builder.position_before(&instruction);
        let Ok(call) = builder.build_call(declaration, &[operand.into()], "narrowed") else {
            continue;
        };
        if let ValueKind::Basic(value) = call.try_as_basic_value()
            && instruction.set_operand(index, value)
        {
            shielded += 1;
        }
    }
    shielded
}

/// Removes the `llvm.ssa.copy` calls [`shield_narrow_indices`] made that
/// the pipeline's second half left (its `instcombine` removes them
/// wherever it runs).
pub(crate) fn remove_copies(module: &Module<'_>) {
    for function in module.get_functions() {
        for block in function.get_basic_block_iter() {
            let mut next = block.get_first_instruction();
            while let Some(instruction) = next {
                next = instruction.get_next_instruction();
                let Ok(call) = CallSiteValue::try_from(instruction) else { continue };
                let is_copy = call
                    .get_called_fn_value()
                    .is_some_and(|callee| callee.get_name().to_bytes().starts_with(b"llvm.ssa.copy."));
                if !is_copy {
                    // Other calls' operands may be metadata, which inkwell's
                    // `get_operand` cannot represent.
                    continue;
                }
                let argument = instruction.get_operand(0).and_then(|operand| operand.value());
                if let (Some(BasicValueEnum::IntValue(argument)), Ok(result)) = (argument, IntValue::try_from(instruction)) {
                    result.replace_all_uses_with(argument);
                    instruction.erase_from_basic_block();
                }
            }
        }
    }
}

/// The operand index of the value `instruction` narrows to fewer than
/// [`SAFE_BITS`] bits: `and x, 2^k - 1` (k < 32, k below x's width) or a
/// `trunc` to such an integer; `None` for anything else.
fn narrowed_operand(instruction: InstructionValue<'_>) -> Option<u32> {
    match instruction.get_opcode() {
        InstructionOpcode::And if instruction.get_type().is_int_type() => {
            let width = instruction.get_type().into_int_type().get_bit_width();
            (0..2).find(|&index| {
                let other = 1 - index;
                let is_variable = instruction
                    .get_operand(index)
                    .and_then(|operand| operand.value())
                    .is_some_and(|value| value.is_int_value() && !value.into_int_value().is_const());
                let mask_bits = instruction
                    .get_operand(other)
                    .and_then(|operand| operand.value())
                    .filter(|value| value.is_int_value())
                    .and_then(|value| value.into_int_value().get_zero_extended_constant())
                    .and_then(|mask| (mask != 0 && (mask & (mask + 1)) == 0).then(|| 64 - mask.leading_zeros()));
                is_variable && mask_bits.is_some_and(|bits| bits < SAFE_BITS && bits < width)
            })
        }
        InstructionOpcode::Trunc => {
            let narrow = instruction.get_type().is_int_type() && instruction.get_type().into_int_type().get_bit_width() < SAFE_BITS;
            let variable = instruction
                .get_operand(0)
                .and_then(|operand| operand.value())
                .is_some_and(|value| value.is_int_value() && !value.into_int_value().is_const());
            (narrow && variable).then_some(0)
        }
        _ => None,
    }
}

/// The integer operations an index is computed with (and that scalar
/// evolution follows).
fn is_index_arithmetic(opcode: InstructionOpcode) -> bool {
    matches!(
        opcode,
        InstructionOpcode::Add
            | InstructionOpcode::Sub
            | InstructionOpcode::Mul
            | InstructionOpcode::Shl
            | InstructionOpcode::LShr
            | InstructionOpcode::Or
            | InstructionOpcode::Xor
            | InstructionOpcode::And
            | InstructionOpcode::ZExt
            | InstructionOpcode::SExt
            | InstructionOpcode::Trunc
            | InstructionOpcode::Select
    )
}

/// Whether `instruction`'s value may be an add recurrence of a loop: it is
/// computed by integer arithmetic from a phi. A value read from memory or
/// returned by a call is opaque to scalar evolution, and so is a mask of it
/// (`lut[x & 255]`): such indices are left to the vectorizer.
fn may_be_recurrence(instruction: InstructionValue<'_>) -> bool {
    let mut work = vec![instruction];
    let mut seen = vec![instruction];
    while let Some(current) = work.pop() {
        match current.get_opcode() {
            InstructionOpcode::Phi => return true,
            opcode if is_index_arithmetic(opcode) => {
                for index in 0..current.get_num_operands() {
                    let operand = current.get_operand(index).and_then(|operand| operand.value());
                    if let Some(operand) = operand.and_then(|value| value.as_instruction_value())
                        && !seen.contains(&operand)
                        && seen.len() < FLOW_LIMIT
                    {
                        seen.push(operand);
                        work.push(operand);
                    }
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether `instruction`'s value reaches an index of a `getelementptr`
/// through integer arithmetic, extensions, selects and phis.
fn reaches_address(instruction: InstructionValue<'_>) -> bool {
    let mut work = vec![instruction];
    let mut seen = vec![instruction];
    while let Some(current) = work.pop() {
        let mut use_ = current.get_first_use();
        while let Some(this) = use_ {
            use_ = this.get_next_use();
            let Some(user) = user_instruction(this.get_user()) else { continue };
            match user.get_opcode() {
                InstructionOpcode::GetElementPtr => {
                    let is_index = (1..user.get_num_operands()).any(|index| {
                        user.get_operand(index)
                            .and_then(|operand| operand.value())
                            .and_then(|value| value.as_instruction_value())
                            == Some(current)
                    });
                    if is_index {
                        return true;
                    }
                }
                opcode
                    if (opcode == InstructionOpcode::Phi || is_index_arithmetic(opcode))
                        && !seen.contains(&user)
                        && seen.len() < FLOW_LIMIT =>
                {
                    seen.push(user);
                    work.push(user);
                }
                _ => {}
            }
        }
    }
    false
}

/// The instruction a use belongs to (inkwell types a user by its value).
fn user_instruction(user: AnyValueEnum<'_>) -> Option<InstructionValue<'_>> {
    match user {
        AnyValueEnum::InstructionValue(instruction) => Some(instruction),
        AnyValueEnum::PhiValue(phi) => Some(phi.as_instruction()),
        value => BasicValueEnum::try_from(value).ok().and_then(|value| value.as_instruction_value()),
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use inkwell::{
        OptimizationLevel,
        context::Context,
        memory_buffer::MemoryBuffer,
        passes::PassBuilderOptions,
        targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple},
    };

    /// `b[l] = a[from + ((l + 1) & 63)]` for 64 invocations `l`, `from` 0
    /// or 64: the shape of a shared-memory ping-pong (the region loop of
    /// test/KernelABI/parallel-regions.test's `rotation`).
    const PING_PONG: &str = r#"
define void @f(ptr noalias %a, ptr noalias %b, i32 %i) {
entry:
  %sh = shl i32 %i, 6
  %from = and i32 %sh, 64
  br label %loop
loop:
  %l = phi i64 [0, %entry], [%l.next, %loop]
  %l32 = trunc i64 %l to i32
  %x = add i32 %l32, 1
  %m = and i32 %x, 63
  %idx = add i32 %from, %m
  %s = sext i32 %idx to i64
  %p = getelementptr i32, ptr %a, i64 %s
  %v = load i32, ptr %p, align 4
  %q = getelementptr i32, ptr %b, i64 %l
  store i32 %v, ptr %q, align 4
  %l.next = add nuw nsw i64 %l, 1
  %c = icmp eq i64 %l.next, 64
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"#;

    /// Loops and straight-line code the guard leaves alone: a strided loop,
    /// a reduction, four adjacent scalar stores (the SLP vectorizer's).
    const UNNARROWED: &str = r#"
define void @saxpy(ptr noalias %x, ptr noalias %y, float %a, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %px = getelementptr float, ptr %x, i64 %i
  %py = getelementptr float, ptr %y, i64 %i
  %vx = load float, ptr %px, align 4
  %vy = load float, ptr %py, align 4
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, ptr %py, align 4
  %i.next = add nuw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
define i32 @sum(ptr %v, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%i.next, %loop]
  %acc = phi i32 [0, %entry], [%acc.next, %loop]
  %p = getelementptr i32, ptr %v, i64 %i
  %e = load i32, ptr %p, align 4
  %acc.next = add i32 %acc, %e
  %i.next = add nuw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %acc.next
}
define void @four(ptr noalias %d, ptr noalias %s) {
  %s1 = getelementptr i32, ptr %s, i64 1
  %s2 = getelementptr i32, ptr %s, i64 2
  %s3 = getelementptr i32, ptr %s, i64 3
  %d1 = getelementptr i32, ptr %d, i64 1
  %d2 = getelementptr i32, ptr %d, i64 2
  %d3 = getelementptr i32, ptr %d, i64 3
  %v0 = load i32, ptr %s, align 4
  %v1 = load i32, ptr %s1, align 4
  %v2 = load i32, ptr %s2, align 4
  %v3 = load i32, ptr %s3, align 4
  %w0 = mul i32 %v0, 3
  %w1 = mul i32 %v1, 3
  %w2 = mul i32 %v2, 3
  %w3 = mul i32 %v3, 3
  store i32 %w0, ptr %d, align 4
  store i32 %w1, ptr %d1, align 4
  store i32 %w2, ptr %d2, align 4
  store i32 %w3, ptr %d3, align 4
  ret void
}
"#;

    fn machine(cpu: &str) -> TargetMachine {
        Target::initialize_all(&InitializationConfig::default());
        let triple = TargetTriple::create("x86_64-pc-linux-gnu");
        Target::from_triple(&triple)
            .expect("x86-64 target")
            .create_target_machine(&triple, cpu, "", OptimizationLevel::Default, RelocMode::PIC, CodeModel::Default)
            .expect("target machine")
    }

    /// `ir` through LLVM's plain `default<O{level}>`, or through the guarded halves.
    fn optimized(ir: &str, level: u8, guarded: bool, cpu: &str) -> String {
        let context = Context::create();
        let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "test");
        let module = context.create_module_from_ir(buffer).expect("test IR parses");
        let machine = machine(cpu);
        if guarded {
            crate::translate::run_default_pipeline(&module, &machine, level).expect("guarded pipeline");
        } else {
            module.run_passes(&format!("default<O{level}>"), &machine, PassBuilderOptions::create()).expect("pipeline");
        }
        module.verify().expect("a valid module");
        module.print_to_string().to_string()
    }

    #[test]
    fn ping_pong_loads_stay_per_invocation() {
        for cpu in ["x86-64", "znver4"] {
            // LLVM 22 alone widens the masked index into consecutive loads
            // (`a[from + 1 .. from + 64]`): the miscompile the guard exists for.
            let plain = optimized(PING_PONG, 2, false, cpu);
            assert!(plain.contains("load <"), "{cpu}: LLVM no longer widens the masked index; the guard may go:\n{plain}");
            let guarded = optimized(PING_PONG, 2, true, cpu);
            assert!(!guarded.contains("load <"), "{cpu}: a masked index was widened as consecutive:\n{guarded}");
            assert!(!guarded.contains("call i32 @llvm.ssa.copy"), "{cpu}: the guard's copies were left:\n{guarded}");
        }
    }

    #[test]
    fn pipelines_cut_in_two_are_llvms_default() {
        for level in 1..=3 {
            for cpu in ["x86-64", "znver4"] {
                let plain = optimized(UNNARROWED, level, false, cpu);
                let guarded = optimized(UNNARROWED, level, true, cpu);
                assert_eq!(plain, guarded, "default<O{level}> and its halves differ on {cpu}");
            }
        }
    }

    #[test]
    fn narrowings_of_no_recurrence_or_reaching_no_address_are_left_alone() {
        let context = Context::create();
        let ir = "define i32 @g(i32 %x) {\n  %m = and i32 %x, 63\n  %t = trunc i32 %x to i8\n  %z = zext i8 %t to i32\n  %r = add i32 %m, %z\n  ret i32 %r\n}\n";
        let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "test");
        let module = context.create_module_from_ir(buffer).expect("test IR parses");
        assert_eq!(super::shield_narrow_indices(&module), 0);
        // A masked value read from memory (`lut[x & 255]`) is no recurrence.
        let ir = "define i32 @h(ptr %lut, ptr %x) {\n  %v = load i32, ptr %x, align 4\n  %m = and i32 %v, 255\n  %i = zext i32 %m to i64\n  %p = getelementptr i32, ptr %lut, i64 %i\n  %r = load i32, ptr %p, align 4\n  ret i32 %r\n}\n";
        let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "test");
        let module = context.create_module_from_ir(buffer).expect("test IR parses");
        assert_eq!(super::shield_narrow_indices(&module), 0);
        let buffer = MemoryBuffer::create_from_memory_range_copy(PING_PONG.as_bytes(), "test");
        let module = context.create_module_from_ir(buffer).expect("test IR parses");
        assert_eq!(super::shield_narrow_indices(&module), 1);
        super::remove_copies(&module);
        assert!(!module.print_to_string().to_string().contains("call i32 @llvm.ssa.copy"));
        module.verify().expect("a valid module");
    }
}
