//! Invocation functions versioned on conditions that only the descriptors
//! decide (docs/abi.md, "SPMD vectorization": "Versions on descriptor
//! tests").
//!
//! An inlined image access whose format (or sampler) is known only at
//! dispatch tests the descriptor and branches to the inline code or to the
//! host's call (`spirv_to_llvm/image_inline.rs`: OpenCL's `read_imagef`
//! and `write_imagef` on RGBA8). The condition is the same for every
//! invocation, but the vectorizer linearizes every branch: both sides run
//! under masks, and their values meet in selects, so the inline path pays
//! for the host path it never takes (blur's 25 taps: 25 `<8 x i128>` host
//! results kept live and selected per channel). Here such conditions are
//! found in the scalar function: those of conditional branches computed
//! from constants and `!invariant.load` loads through parameters (the
//! descriptor fields) only. The function is vectorized twice, once as it is and once
//! with every such condition `true` (LLVM then folds the host paths away),
//! and a small function in its place evaluates the conditions on entry
//! and calls one or the other. A descriptor address that is null (an
//! empty slot) takes the general version: the code could not have read
//! through it anyway.

use std::collections::{HashMap, HashSet};

use inkwell::{
    module::{Linkage, Module},
    values::{
        AnyValue, AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue,
        InstructionOpcode as Op, InstructionValue, IntValue, Operand,
    },
};

use super::key;

/// The most instructions the conditions may take together (each is
/// evaluated again on entry).
const LIMIT: usize = 64;

/// The conditions to version on, and what evaluating them on entry needs.
pub(super) struct Conditions<'ctx> {
    /// The branch conditions (distinct), in the scalar function.
    pub conditions: Vec<IntValue<'ctx>>,
    /// The instructions computing them, operands before users.
    order: Vec<InstructionValue<'ctx>>,
    /// The parameters loaded through (their positions): tested for null.
    bases: Vec<u32>,
}

/// The conditions of `function`'s conditional branches that only
/// constants and invariant loads through its parameters decide; `None`
/// when there are none.
pub(super) fn find<'ctx>(function: FunctionValue<'ctx>) -> Option<Conditions<'ctx>> {
    let invariant = function.get_type().get_context().get_kind_id("invariant.load");
    let parameters: HashMap<usize, u32> =
        function.get_param_iter().enumerate().map(|(index, parameter)| (key(&parameter), index as u32)).collect();
    // The invocation's x (the fourth parameter from the end) differs
    // between lanes: nothing computed from it is decided on entry.
    let x = function.count_params().checked_sub(4).and_then(|index| function.get_nth_param(index)).map(|x| key(&x))?;
    let mut finder =
        Finder { invariant, parameters, x, known: HashMap::new(), order: Vec::new(), bases: HashSet::new() };
    let mut conditions = Vec::new();
    let mut seen = HashSet::new();
    for block in function.get_basic_block_iter() {
        let Some(terminator) = block.get_terminator() else { continue };
        if terminator.get_opcode() != Op::Br || terminator.get_num_operands() != 3 {
            continue;
        }
        let Some(Operand::Value(BasicValueEnum::IntValue(condition))) = terminator.get_operand(0) else { continue };
        let Some(instruction) = condition.as_instruction_value() else { continue };
        if seen.contains(&key(&condition)) {
            continue;
        }
        let before = (finder.order.len(), finder.bases.clone(), finder.known.clone());
        if finder.decided(instruction) && finder.order.len() <= LIMIT {
            seen.insert(key(&condition));
            conditions.push(condition);
        } else {
            // Leave the function as the last accepted condition left it.
            finder.order.truncate(before.0);
            finder.bases = before.1;
            finder.known = before.2;
        }
    }
    if conditions.is_empty() {
        return None;
    }
    let mut bases: Vec<u32> = finder.bases.into_iter().collect();
    bases.sort_unstable();
    Some(Conditions { conditions, order: finder.order, bases })
}

struct Finder<'ctx> {
    invariant: u32,
    parameters: HashMap<usize, u32>,
    x: usize,
    /// Per instruction visited, whether it is decided on entry.
    known: HashMap<usize, bool>,
    order: Vec<InstructionValue<'ctx>>,
    bases: HashSet<u32>,
}

impl<'ctx> Finder<'ctx> {
    /// Whether `instruction` is computed from constants and invariant
    /// loads through parameters or globals, by instructions without side
    /// effects that cannot trap; added to `order` if so.
    fn decided(&mut self, instruction: InstructionValue<'ctx>) -> bool {
        if let Some(&known) = self.known.get(&key(&instruction)) {
            return known;
        }
        // Assume not while visiting (no cycles but through phis, refused).
        self.known.insert(key(&instruction), false);
        let opcode = instruction.get_opcode();
        let pure = matches!(
            opcode,
            Op::ICmp
                | Op::And
                | Op::Or
                | Op::Xor
                | Op::Add
                | Op::Sub
                | Op::Mul
                | Op::Shl
                | Op::LShr
                | Op::AShr
                | Op::ZExt
                | Op::SExt
                | Op::Trunc
                | Op::Select
                | Op::ExtractElement
                | Op::GetElementPtr
                | Op::Freeze
        );
        let load = opcode == Op::Load
            && instruction.get_metadata(self.invariant).is_some()
            && !instruction.get_volatile().unwrap_or(true)
            && instruction.get_atomic_ordering().is_ok_and(|ordering| ordering == inkwell::AtomicOrdering::NotAtomic);
        if !pure && !load {
            return false;
        }
        let count = instruction.get_num_operands();
        for index in 0..count {
            let Some(Operand::Value(operand)) = instruction.get_operand(index) else { return false };
            if key(&operand) == self.x {
                return false;
            }
            if let Some(&position) = self.parameters.get(&key(&operand)) {
                // A parameter only as the address a load reads (or a GEP's
                // base): the conditions are the descriptors' alone, not
                // the invocation's y or z (a uniform `if (y < h)` is left
                // to the vectorizer: versions cost compile time).
                if load || (opcode == Op::GetElementPtr && index == 0) {
                    self.bases.insert(position);
                    continue;
                }
                return false;
            }
            // A constant (or a global's address) has no instruction.
            if let Some(inner) = operand.as_instruction_value()
                && (!self.decided(inner) || (load && !self.address_from_parameters(inner)))
            {
                return false;
            }
        }
        self.known.insert(key(&instruction), true);
        self.order.push(instruction);
        true
    }

    /// Whether the address `instruction` (decided) is a parameter or global
    /// plus offsets, its parameter recorded as a base to test for null.
    fn address_from_parameters(&mut self, instruction: InstructionValue<'ctx>) -> bool {
        if instruction.get_opcode() != Op::GetElementPtr {
            return false;
        }
        match instruction.get_operand(0) {
            Some(Operand::Value(base)) => match self.parameters.get(&key(&base)) {
                Some(&position) => {
                    self.bases.insert(position);
                    true
                }
                None => match base.as_instruction_value() {
                    Some(inner) => self.address_from_parameters(inner),
                    None => true,
                },
            },
            _ => false,
        }
    }
}

/// Replaces `function` by a function of the same type, `name`d, that
/// evaluates `conditions` on entry and calls `fast` when all hold (and no
/// base is null), `general` otherwise.
pub(super) fn dispatcher<'ctx>(
    module: &Module<'ctx>,
    function: FunctionValue<'ctx>,
    conditions: &Conditions<'ctx>,
    fast: FunctionValue<'ctx>,
    general: FunctionValue<'ctx>,
) -> Result<FunctionValue<'ctx>, String> {
    let context = module.get_context();
    let name = format!("{}.versions", function.get_name().to_string_lossy());
    let versions = module.add_function(&name, function.get_type(), Some(Linkage::Internal));
    let builder = context.create_builder();
    let entry = context.append_basic_block(versions, "entry");
    let test = context.append_basic_block(versions, "test");
    let fast_block = context.append_basic_block(versions, "fast");
    let general_block = context.append_basic_block(versions, "general");
    let error = |error: inkwell::builder::BuilderError| error.to_string();
    builder.position_at_end(entry);
    let mut present = context.bool_type().const_int(1, false);
    for &position in &conditions.bases {
        let parameter = versions.get_nth_param(position).ok_or("a base parameter lost")?;
        if !parameter.is_pointer_value() {
            return Err("a base that is not an address".into());
        }
        let null = builder.build_is_not_null(parameter.into_pointer_value(), "").map_err(error)?;
        present = builder.build_and(present, null, "").map_err(error)?;
    }
    builder.build_conditional_branch(present, test, general_block).map_err(error)?;
    builder.position_at_end(test);
    let mut mapped: HashMap<usize, BasicValueEnum<'ctx>> = HashMap::new();
    for (old, new) in function.get_param_iter().zip(versions.get_param_iter()) {
        mapped.insert(key(&old), new);
    }
    for instruction in &conditions.order {
        let copy = instruction.explicit_clone();
        builder.insert_instruction(&copy, None);
        for index in 0..copy.get_num_operands() {
            if let Some(Operand::Value(operand)) = copy.get_operand(index)
                && let Some(&value) = mapped.get(&key(&operand))
            {
                copy.set_operand(index, value);
            }
        }
        let value = basic_value(copy).ok_or("a condition's instruction without a value")?;
        mapped.insert(key(instruction), value);
    }
    let mut all = context.bool_type().const_int(1, false);
    for condition in &conditions.conditions {
        let value = mapped.get(&key(condition)).ok_or("a condition not evaluated")?;
        all = builder.build_and(all, value.into_int_value(), "").map_err(error)?;
    }
    builder.build_conditional_branch(all, fast_block, general_block).map_err(error)?;
    let arguments: Vec<BasicMetadataValueEnum<'ctx>> = versions.get_param_iter().map(Into::into).collect();
    for (block, callee) in [(fast_block, fast), (general_block, general)] {
        builder.position_at_end(block);
        let call = builder.build_call(callee, &arguments, "").map_err(error)?;
        call.set_call_convention(callee.get_call_conventions());
        match call.try_as_basic_value().basic() {
            Some(value) => builder.build_return(Some(&value)).map_err(error)?,
            None => builder.build_return(None).map_err(error)?,
        };
    }
    versions.set_call_conventions(function.get_call_conventions());
    Ok(versions)
}

/// The value an instruction defines.
fn basic_value(instruction: InstructionValue<'_>) -> Option<BasicValueEnum<'_>> {
    let value = instruction.as_any_value_enum();
    BasicValueEnum::try_from(value).ok().filter(|value| value.as_value_ref() == instruction.as_value_ref())
}
