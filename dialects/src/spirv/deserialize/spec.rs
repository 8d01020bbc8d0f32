//! Specialization before import (docs/import.md, "Specialization"): the
//! values a pipeline gives its specialization constants (`--spec`, the
//! library's compile options) are applied while the module is read, so that
//! what SPIR-V lets depend on them but the dialect cannot (an array whose
//! length is a specialization constant, or an `OpSpecConstantOp` of them:
//! shared memory sized by `constant_id`) becomes a plain type.
//!
//! The importer applies integer and boolean values (what a type or an
//! execution mode can depend on) to the `OpSpecConstant*` defaults; the
//! `spirv.SpecConstant`s keep their symbols and `spec_id`s, and
//! `specialize` (in the passes) later sets every default to the same values
//! and reports an id no constant has or a value that does not fit.

use std::{collections::HashMap, fmt};

use rspirv::{
    dr::{Instruction, Operand},
    spirv::{Decoration, Op, Word},
};

use super::{
    importer::{ConstantValue, Importer, op},
    reader::Inst,
};
use crate::spirv::types::SpirvType;

/// A value given for a specialization constant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpecValue {
    /// An integer (decimal, or hexadecimal with `0x`; may be negative).
    Integer(i128),
    /// A floating-point number.
    Float(f64),
    /// `true` or `false`.
    Bool(bool),
}

impl fmt::Display for SpecValue {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Integer(value) => write!(formatter, "{value}"),
            Self::Float(value) => write!(formatter, "{value}"),
            Self::Bool(value) => write!(formatter, "{value}"),
        }
    }
}

impl SpecValue {
    /// The bits of this value as an integer of `width` bits, when it is an
    /// integer whose signed or unsigned reading fits (SPIR-V integers have
    /// no sign of their own).
    pub fn integer_bits(self, width: u32) -> Option<u64> {
        let Self::Integer(integer) = self else { return None };
        if width == 0 || width > 64 {
            return None;
        }
        let bits = i128::from(width);
        if integer < -(1i128 << (bits - 1)) || integer >= 1i128 << bits {
            return None;
        }
        let unsigned = if integer < 0 { integer + (1i128 << bits) } else { integer };
        u64::try_from(unsigned).ok()
    }
}

/// How [`deserialize_with`](super::deserialize_with) imports.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeserializeOptions {
    /// Values for specialization constants, by `SpecId` (the last one given
    /// for an id wins); the others keep their defaults.
    pub spec_values: Vec<(u32, SpecValue)>,
    /// Which entry points, and so which functions, to import (all by default).
    pub entry_points: super::EntryPoints,
    /// The descriptors bound to each (descriptor set, binding) that holds an
    /// unsized descriptor array: the array becomes one of that many (the
    /// last one given for a binding wins; docs/import.md, "Unsized
    /// descriptor arrays"). Bindings without a count keep their runtime array.
    pub descriptor_counts: Vec<((u32, u32), u32)>,
    /// Whether, in a module with tangled instructions (subgroup
    /// operations), each loop's header and merge block get a marker call
    /// (`__spvabi_loop_header_<n>`, `__spvabi_loop_merge_<n>`: see
    /// [`super::ABI_LOOP_HEADER`]): for a module that is lowered to LLVM IR
    /// and compiled (the runner, `spirv-opt-rs --emit`), where the kernel
    /// ABI's loop_exits reads and removes them. Off, the import is the
    /// module as it is (printed, serialized again).
    pub loop_markers: bool,
    /// How the module's pointers will lie in memory once lowered
    /// ([`super::PointerLayout`]). With `Host` (the default), a
    /// `Physical32` module's byte offsets and byte counts into memory
    /// holding pointers (4 bytes a pointer in the module, 8 in the host's
    /// layout) are rewritten into typed chains and copies where their typed
    /// place is known and refused elsewhere; with `Module` (the lowering
    /// then keeps 4-byte pointers in memory) they mean the same bytes and
    /// are imported as they are (docs/import.md, "Physical32").
    pub pointer_layout: super::PointerLayout,
}

impl<'c, 'w> Importer<'c, 'w> {
    /// The literal words of `OpSpecConstant` `inst` (of type `model`) after
    /// specialization: the given value's when it is an integer that fits,
    /// else the instruction's own.
    pub(super) fn specialized_words(&self, inst: &Inst<'w>, id: u32, model: &SpirvType) -> Vec<u32> {
        let own = inst.words.get(2..).unwrap_or_default().to_vec();
        let Some(value) = self.spec_id(id).and_then(|spec_id| self.spec_values.get(&spec_id)) else { return own };
        match model {
            SpirvType::Integer { width, .. } if *width > 1 => match value.integer_bits(*width) {
                Some(bits) if *width > 32 => vec![bits as u32, (bits >> 32) as u32],
                Some(bits) => vec![bits as u32],
                None => own,
            },
            _ => own,
        }
    }

    /// Whether `OpSpecConstantTrue`/`False` `inst` is true after
    /// specialization.
    pub(super) fn specialized_bool(&self, inst: &Inst<'w>, id: u32) -> bool {
        match self.spec_id(id).and_then(|spec_id| self.spec_values.get(&spec_id)) {
            Some(SpecValue::Bool(value)) => *value,
            _ => inst.opcode == op::SPEC_CONSTANT_TRUE,
        }
    }

    /// The value of the integer constant, specialization constant or
    /// `OpSpecConstantOp` `<id>`, as its type's bits (zero-extended), with
    /// the specialization applied: what an array length or an execution
    /// mode needs. `None` when it is no integer or cannot be computed here.
    pub(super) fn integer_value(&self, id: u32) -> Option<u64> {
        self.evaluate(id).map(|(bits, _)| bits)
    }

    /// The value of the integer constant (or specialization constant, or
    /// `OpSpecConstantOp`) `<id>` read as a signed number of its width: an
    /// index of an address in an initializer (addresses.rs).
    pub(super) fn signed_integer_value(&self, id: u32) -> Option<i64> {
        let (bits, width) = self.evaluate(id)?;
        if width == 0 || width > 64 {
            return None;
        }
        let shift = 64 - width;
        Some(((bits << shift) as i64) >> shift)
    }

    /// `(bits, width)` of the integer or boolean `<id>`, the bits above
    /// `width` clear. An `OpSpecConstantOp`'s was computed when it was read
    /// ([`Self::evaluate_spec_op`]): each is computed once, however often
    /// the later ones use it.
    fn evaluate(&self, id: u32) -> Option<(u64, u32)> {
        if let Some((type_id, value)) = self.constants.get(&id) {
            let width = self.integer_width(*type_id)?;
            return match value {
                // Narrow literals are sign-extended to 32 bits when signed.
                ConstantValue::Scalar(words) => Some((truncated(words_value(words), width), width)),
                ConstantValue::Bool(value) => Some((u64::from(*value), 1)),
                ConstantValue::Null => Some((0, width)),
                ConstantValue::Composite(_) => None,
            };
        }
        if let Some(spec) = self.spec_constants.get(&id) {
            let width = self.integer_width(spec.type_id)?;
            return self.spec_bits.get(&id).map(|bits| (truncated(*bits, width), width));
        }
        self.spec_op_values.get(&id).copied()
    }

    /// The value of the integer `OpSpecConstantOp` `inst`, from its
    /// operands' (defined before it), when every one is known here.
    pub(super) fn evaluate_spec_op(&self, inst: &Inst<'w>) -> Option<(u64, u32)> {
        let width = self.integer_width(*inst.words.first()?)?;
        let opcode = Op::from_u32(*inst.words.get(2)?)?;
        let operands = inst.words.get(3..)?;
        let result = if opcode == Op::CompositeExtract {
            // The literal indexes walk (specialization) constant composites
            // down to a scalar: `gl_WorkGroupSize.x` in a length.
            let mut current = *operands.first()?;
            for &index in operands.get(1..)? {
                current = *self.constant_constituents(current)?.get(usize::try_from(index).ok()?)?;
            }
            self.evaluate(current)?.0
        } else {
            fold_integer_op(opcode, |index| self.evaluate(*operands.get(index)?))?
        };
        Some((truncated(result, width), width))
    }

    /// The constituents of the constant or specialization constant
    /// composite `<id>`.
    fn constant_constituents(&self, id: u32) -> Option<&[u32]> {
        if let Some(members) = self.spec_composite_members.get(&id) {
            return Some(members);
        }
        match self.constants.get(&id) {
            Some((_, ConstantValue::Composite(members))) => Some(members),
            _ => None,
        }
    }

    /// The width of the integer (or boolean: 1) type `<id>`.
    fn integer_width(&self, type_id: u32) -> Option<u32> {
        match &**self.type_models.get(&type_id)? {
            SpirvType::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }

    /// The `SpecId` decorating `<id>`.
    fn spec_id(&self, id: u32) -> Option<u32> {
        self.decorations_of(id)
            .find(|decoration| decoration.decoration == crate::spirv::attributes::Decoration::SpecId as u32)
            .and_then(|decoration| decoration.literals.first().copied())
    }
}

/// The integer and boolean values of a module's constants, specialization
/// constants (the given values applied, else their defaults) and the
/// `OpSpecConstantOp`s computable from them, as the importer computes them
/// ([`Importer::integer_value`]), for the rewrites on the words that run
/// before the importer and need a size that may depend on them (float8.rs:
/// the element count of a cooperative matrix or a long vector it converts
/// element by element). [`Self::record`] takes the module's instructions in
/// order (a `SpecId` decoration precedes its constant).
#[derive(Default)]
pub(super) struct WordConstants<'s> {
    spec_values: &'s [(u32, SpecValue)],
    /// `SpecId`s by `<id>`.
    spec_ids: HashMap<Word, u32>,
    /// The width of each integer type (booleans: 1) by `<id>`.
    widths: HashMap<Word, u32>,
    /// (bits, width) by `<id>`.
    values: HashMap<Word, (u64, u32)>,
    /// The constituents of each constant composite, by `<id>`.
    composites: HashMap<Word, Vec<Word>>,
}

impl<'s> WordConstants<'s> {
    /// Values for the specialization constants by `SpecId` (the last one
    /// given for an id wins).
    pub(super) fn new(spec_values: &'s [(u32, SpecValue)]) -> Self {
        Self { spec_values, ..Self::default() }
    }

    /// Notes what `inst` defines or decorates.
    pub(super) fn record(&mut self, inst: &Instruction) {
        let id = inst.result_id.unwrap_or(0);
        let width = inst.result_type.and_then(|ty| self.widths.get(&ty).copied());
        match (inst.class.opcode, &inst.operands[..]) {
            (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(spec_id)]) => {
                self.spec_ids.insert(*target, *spec_id);
            }
            (Op::TypeInt, [Operand::LiteralBit32(width), _]) => {
                self.widths.insert(id, *width);
            }
            (Op::TypeBool, _) => {
                self.widths.insert(id, 1);
            }
            (Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse, _) => {
                let value = match self.given(id) {
                    Some(SpecValue::Bool(given)) if matches!(inst.class.opcode, Op::SpecConstantTrue | Op::SpecConstantFalse) => given,
                    _ => matches!(inst.class.opcode, Op::ConstantTrue | Op::SpecConstantTrue),
                };
                self.values.insert(id, (u64::from(value), 1));
            }
            (Op::ConstantNull, _) => {
                if let Some(width) = width {
                    self.values.insert(id, (0, width));
                }
            }
            (Op::Constant | Op::SpecConstant, [literal]) => {
                let Some(width) = width.filter(|&width| width > 1) else { return };
                let mut value = match literal {
                    Operand::LiteralBit32(low) => u64::from(*low),
                    Operand::LiteralBit64(value) => *value,
                    _ => return,
                };
                if inst.class.opcode == Op::SpecConstant
                    && let Some(bits) = self.given(id).and_then(|given| given.integer_bits(width))
                {
                    value = bits;
                }
                self.values.insert(id, (truncated(value, width), width));
            }
            (Op::ConstantComposite | Op::SpecConstantComposite, operands) => {
                let constituents =
                    operands.iter().filter_map(|operand| if let Operand::IdRef(id) = operand { Some(*id) } else { None });
                self.composites.insert(id, constituents.collect());
            }
            (Op::SpecConstantOp, [Operand::LiteralSpecConstantOpInteger(opcode), operands @ ..]) => {
                let Some(width) = width else { return };
                let word = |operand: &Operand| match operand {
                    Operand::IdRef(id) | Operand::LiteralBit32(id) => Some(*id),
                    _ => None,
                };
                let value = if *opcode == Op::CompositeExtract {
                    // The literal indexes walk constant composites down to
                    // a scalar.
                    let walk = || {
                        let mut current = word(operands.first()?)?;
                        for index in operands.get(1..)? {
                            current = *self.composites.get(&current)?.get(usize::try_from(word(index)?).ok()?)?;
                        }
                        self.value(current).map(|(bits, _)| bits)
                    };
                    walk()
                } else {
                    fold_integer_op(*opcode, |index| match operands.get(index)? {
                        Operand::IdRef(id) => self.value(*id),
                        _ => None,
                    })
                };
                if let Some(value) = value {
                    self.values.insert(id, (truncated(value, width), width));
                }
            }
            _ => {}
        }
    }

    /// `(bits, width)` of the integer or boolean (specialization) constant
    /// `<id>`, when known.
    pub(super) fn value(&self, id: Word) -> Option<(u64, u32)> {
        self.values.get(&id).copied()
    }

    /// The value given for the specialization constant `<id>`.
    fn given(&self, id: Word) -> Option<SpecValue> {
        let spec_id = self.spec_ids.get(&id)?;
        self.spec_values.iter().rev().find(|(given, _)| given == spec_id).map(|(_, value)| *value)
    }
}

/// The bits of the integer or boolean `OpSpecConstantOp` computing `opcode`
/// on the operands `operand(i)` gives as `(bits, width)`, before truncation
/// to the result's width; `None` for an opcode computed elsewhere, a
/// division by zero or an unknown operand. Shared by the importer and
/// [`WordConstants`] (the float8 and long-vector rewrites, which compute
/// element and component counts before the importer runs).
pub(super) fn fold_integer_op(opcode: Op, operand: impl Fn(usize) -> Option<(u64, u32)>) -> Option<u64> {
    let signed = |(bits, width): (u64, u32)| -> i64 {
        if width >= 64 { bits as i64 } else { ((bits << (64 - width)) as i64) >> (64 - width) }
    };
    Some(match opcode {
        Op::SConvert => signed(operand(0)?) as u64,
        Op::UConvert => operand(0)?.0,
        Op::SNegate => signed(operand(0)?).wrapping_neg() as u64,
        Op::Not => !operand(0)?.0,
        Op::LogicalNot => u64::from(operand(0)?.0 == 0),
        Op::Select => {
            if operand(0)?.0 != 0 {
                operand(1)?.0
            } else {
                operand(2)?.0
            }
        }
        _ => {
            let (a, b) = (operand(0)?, operand(1)?);
            let (x, y) = (a.0, b.0);
            let (sx, sy) = (signed(a), signed(b));
            match opcode {
                Op::IAdd => x.wrapping_add(y),
                Op::ISub => x.wrapping_sub(y),
                Op::IMul => x.wrapping_mul(y),
                Op::UDiv => x.checked_div(y)?,
                Op::UMod => x.checked_rem(y)?,
                Op::SDiv => sx.checked_div(sy)? as u64,
                Op::SRem => sx.checked_rem(sy)? as u64,
                Op::SMod => {
                    let remainder = sx.checked_rem(sy)?;
                    (if remainder != 0 && (remainder < 0) != (sy < 0) { remainder + sy } else { remainder }) as u64
                }
                Op::ShiftRightLogical => x.checked_shr(u32::try_from(y).ok()?)?,
                Op::ShiftRightArithmetic => sx.checked_shr(u32::try_from(y).ok()?)? as u64,
                Op::ShiftLeftLogical => x.checked_shl(u32::try_from(y).ok()?)?,
                Op::BitwiseOr | Op::LogicalOr => x | y,
                Op::BitwiseXor => x ^ y,
                Op::BitwiseAnd | Op::LogicalAnd => x & y,
                Op::IEqual | Op::LogicalEqual => u64::from(x == y),
                Op::INotEqual | Op::LogicalNotEqual => u64::from(x != y),
                Op::ULessThan => u64::from(x < y),
                Op::SLessThan => u64::from(sx < sy),
                Op::UGreaterThan => u64::from(x > y),
                Op::SGreaterThan => u64::from(sx > sy),
                Op::ULessThanEqual => u64::from(x <= y),
                Op::SLessThanEqual => u64::from(sx <= sy),
                Op::UGreaterThanEqual => u64::from(x >= y),
                Op::SGreaterThanEqual => u64::from(sx >= sy),
                _ => return None,
            }
        }
    })
}

/// The low `width` bits of `bits`.
pub(super) fn truncated(bits: u64, width: u32) -> u64 {
    if width >= 64 { bits } else { bits & ((1u64 << width) - 1) }
}

/// One or two literal words as a number.
fn words_value(words: &[u32]) -> u64 {
    match words {
        [low] => u64::from(*low),
        [low, high, ..] => u64::from(*low) | (u64::from(*high) << 32),
        [] => 0,
    }
}
