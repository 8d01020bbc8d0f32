//! SPV_EXT_long_vector, rewritten on the words before import (docs/import.md,
//! "Long vectors"): the dialect's vectors have 2, 3, 4, 8 or 16 components,
//! and the extension allows any positive count, also one taken from a
//! (specialization) constant (`OpTypeVectorIdEXT`).
//!
//! - The count of `OpTypeVectorIdEXT` is its constant's value, or its
//!   specialization constant's after specialization (the `--spec` value
//!   given for its `SpecId`, else the default): applied before any type is
//!   built, as for spec-sized arrays; an `OpSpecConstantOp` of integer
//!   arithmetic or bitwise operations on those is computed.
//! - A vector of 2, 3, 4, 8 or 16 components becomes a plain `OpTypeVector`:
//!   every instruction then imports as for any vector.
//! - Any other count (1, 5-7, 9-15, over 16; from `OpTypeVectorIdEXT` or
//!   an `OpTypeVector` the extension lets exceed 4) becomes an `OpTypeArray`
//!   of the components (`ArrayStride` the component's size: a vector's
//!   components are packed), and the instructions on such vectors are
//!   expanded component by component: the elementwise ones (arithmetic,
//!   bitwise, shifts, comparisons, logical ops, `OpSelect`, conversions, the
//!   elementwise GLSL.std.450 instructions) as one scalar instruction per
//!   component between `OpCompositeExtract`s and an `OpCompositeConstruct`;
//!   `OpCompositeConstruct` (vector constituents flattened),
//!   `OpVectorShuffle`, `OpVectorExtractDynamic`/`OpVectorInsertDynamic`
//!   (selects on the index), `OpVectorTimesScalar`, `OpDot`, `OpAny` and
//!   `OpAll` by their definitions. Loads, stores, copies, phis, calls,
//!   composite extract/insert, access chains and constants take arrays as
//!   they take vectors and stay. Any other instruction on a long vector is
//!   one located error.
//!
//! The `LongVectorEXT` capability and the extension go: the rewritten module
//! needs neither.

use std::collections::HashMap;

use rspirv::{
    dr::{Instruction, Operand},
    spirv::{Decoration, Op, Word},
};

use super::{DeserializeError, ErrorKind, SpecValue, reader::Inst, rewrite::Rewritten};

/// `OpTypeVectorIdEXT` (SPV_EXT_long_vector; the same opcode as
/// SPV_NV_cooperative_vector's `OpTypeCooperativeVectorNV`).
const TYPE_VECTOR_ID_EXT: u16 = 5288;
/// The `LongVectorEXT` capability.
const LONG_VECTOR_EXT: u32 = 5425;

/// The component counts the dialect's vectors have.
fn dialect_count(count: u64) -> bool {
    matches!(count, 2 | 3 | 4 | 8 | 16)
}

/// GLSL.std.450 instructions that are not component by component on a
/// vector (or write through a pointer, or take matrices).
const GLSL_NOT_ELEMENTWISE: &[u32] =
    &[33, 34, 35, 36, 51, 52, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 76, 77, 78];

/// Whether `op` acts on each component of its vector operands apart.
fn elementwise(op: Op) -> bool {
    let code = op as u32;
    // Conversions (ConvertFToU .. Bitcast), arithmetic (SNegate .. FMod),
    // IsNan .. Select, comparisons, shifts and bit operations.
    (109..=124).contains(&code)
        || (126..=141).contains(&code)
        || (156..=169).contains(&code)
        || (170..=191).contains(&code)
        || (194..=205).contains(&code)
}

/// The most components a long vector may have here (the device limit
/// `maxVectorComponents` of VK_EXT_shader_long_vector): each instruction on
/// one expands into one per component.
const MAX_COMPONENTS: u64 = 1024;

/// Whether the module declares a vector the dialect cannot hold: an
/// `OpTypeVectorIdEXT`, or, with the `LongVectorEXT` capability, an
/// `OpTypeVector` of another count (without it such a vector is invalid,
/// and the importer says so).
pub(super) fn applies(instructions: &[Inst<'_>]) -> bool {
    let capability = instructions
        .iter()
        .any(|inst| inst.opcode == Op::Capability as u16 && inst.words.first() == Some(&LONG_VECTOR_EXT));
    instructions.iter().any(|inst| {
        inst.opcode == TYPE_VECTOR_ID_EXT
            || (capability
                && inst.opcode == Op::TypeVector as u16
                && inst.words.get(2).is_some_and(|&count| !dialect_count(u64::from(count))))
    })
}

/// Rewrites the module's long vectors (see the module's documentation), or
/// `None` when it has none.
pub(super) fn rewrite(
    words: &[u32],
    instructions: &[Inst<'_>],
    spec_values: &[(u32, SpecValue)],
) -> Result<Option<Rewritten>, DeserializeError> {
    if !applies(instructions) {
        return Ok(None);
    }
    let (header, parsed, _) = super::rewrite::parse(words, instructions)?;
    let offsets: Vec<usize> = instructions.iter().map(|inst| inst.offset).collect();
    let mut rewriter = LongVectors { next_id: header.bound, spec_values, ..LongVectors::default() };
    let out = rewriter.run(parsed, &offsets)?;
    super::rewrite::assemble(header, rewriter.next_id, &out).map(Some)
}

/// A scalar type: its width in bits (booleans 1) and whether it is a float.
#[derive(Clone, Copy)]
struct Scalar {
    width: u32,
    float: bool,
}

#[derive(Default)]
struct LongVectors<'s> {
    next_id: Word,
    spec_values: &'s [(u32, SpecValue)],
    /// Scalar types by `<id>`.
    scalars: HashMap<Word, Scalar>,
    /// Integer constants (and specialized spec constants) by `<id>`.
    constants: HashMap<Word, u64>,
    /// `SpecId`s by `<id>`.
    spec_ids: HashMap<Word, u32>,
    /// Vectors by `<id>`: their component type and count (dialect ones too,
    /// for shuffles and constructs that mix them with long ones).
    vectors: HashMap<Word, (Word, u64)>,
    /// The long vectors (now arrays) among them.
    long: HashMap<Word, (Word, u64)>,
    /// The type each value is declared with.
    declared: HashMap<Word, Word>,
    /// The `GLSL.std.450` import.
    glsl: Option<Word>,
    /// A 32-bit unsigned integer and a boolean type, once found or made.
    uint: Option<Word>,
    boolean: Option<Word>,
    /// Constants made for the expansions, by (type, value).
    made_constants: HashMap<(Word, u64), Word>,
    /// Types, constants and decorations made, by where they go.
    new_decorations: Vec<Instruction>,
    late_globals: Vec<Instruction>,
}

impl LongVectors<'_> {
    fn fresh(&mut self) -> Word {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    fn run(
        &mut self,
        input: Vec<Instruction>,
        offsets: &[usize],
    ) -> Result<Vec<(Instruction, usize)>, DeserializeError> {
        for inst in &input {
            if let (Some(ty), Some(id)) = (inst.result_type, inst.result_id) {
                self.declared.insert(id, ty);
            }
            if let (
                Op::Decorate,
                [Operand::IdRef(target), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(spec_id)],
            ) = (inst.class.opcode, &inst.operands[..])
            {
                self.spec_ids.insert(*target, *spec_id);
            }
            if let (Op::ExtInstImport, Some(id), Some(Operand::LiteralString(name))) =
                (inst.class.opcode, inst.result_id, inst.operands.first())
                && name == "GLSL.std.450"
            {
                self.glsl = Some(id);
            }
        }
        let functions_start = input.iter().position(|inst| inst.class.opcode == Op::Function).unwrap_or(input.len());
        let annotations_end = input[..functions_start]
            .iter()
            .rposition(|inst| super::rewrite::is_preamble(inst.class.opcode))
            .map_or(0, |at| at + 1);
        let mut globals = Vec::new();
        for (inst, &offset) in input[annotations_end..functions_start].iter().zip(&offsets[annotations_end..]) {
            let mut before = Vec::new();
            let inst = self.global(inst.clone(), &mut before).map_err(|kind| DeserializeError::new(offset, kind))?;
            globals.extend(before.into_iter().map(|inst| (inst, offset)));
            globals.push((inst, offset));
        }
        let mut functions = Vec::new();
        for (inst, &offset) in input[functions_start..].iter().zip(&offsets[functions_start..]) {
            let mut out = Vec::new();
            self.instruction(inst, &mut out).map_err(|kind| DeserializeError::new(offset, kind))?;
            functions.extend(out.into_iter().map(|inst| (inst, offset)));
        }
        let mut result: Vec<(Instruction, usize)> = input[..annotations_end]
            .iter()
            .zip(offsets)
            .filter(|(inst, _)| match (inst.class.opcode, inst.operands.first()) {
                (Op::Capability, Some(Operand::Capability(capability))) => *capability as u32 != LONG_VECTOR_EXT,
                (Op::Extension, Some(Operand::LiteralString(name))) => name != "SPV_EXT_long_vector",
                _ => true,
            })
            .map(|(inst, offset)| (inst.clone(), *offset))
            .collect();
        let annotation_offset = offsets.get(annotations_end).copied().unwrap_or(0);
        result.extend(std::mem::take(&mut self.new_decorations).into_iter().map(|inst| (inst, annotation_offset)));
        result.extend(globals);
        let function_offset = offsets.get(functions_start).copied().unwrap_or(0);
        result.extend(std::mem::take(&mut self.late_globals).into_iter().map(|inst| (inst, function_offset)));
        result.extend(functions);
        Ok(result)
    }

    /// A global instruction, after the types and constants it needs
    /// (`before`).
    fn global(&mut self, mut inst: Instruction, before: &mut Vec<Instruction>) -> Result<Instruction, ErrorKind> {
        let id = inst.result_id.unwrap_or(0);
        match inst.class.opcode {
            Op::TypeInt => {
                if let [Operand::LiteralBit32(width), Operand::LiteralBit32(signed)] = inst.operands[..] {
                    self.scalars.insert(id, Scalar { width, float: false });
                    if width == 32 && signed == 0 && self.uint.is_none() {
                        self.uint = Some(id);
                    }
                }
            }
            Op::TypeFloat => {
                if let Some(Operand::LiteralBit32(width)) = inst.operands.first() {
                    self.scalars.insert(id, Scalar { width: *width, float: true });
                }
            }
            Op::TypeBool => {
                self.scalars.insert(id, Scalar { width: 1, float: false });
                self.boolean.get_or_insert(id);
            }
            Op::Constant | Op::SpecConstant => {
                let width = inst.result_type.and_then(|ty| self.scalars.get(&ty)).filter(|scalar| !scalar.float);
                if let Some(scalar) = width {
                    let mut value = match inst.operands[..] {
                        [Operand::LiteralBit32(low)] => Some(u64::from(low)),
                        [Operand::LiteralBit64(value)] => Some(value),
                        _ => None,
                    };
                    if inst.class.opcode == Op::SpecConstant
                        && let Some(spec_id) = self.spec_ids.get(&id)
                        && let Some((_, given)) = self.spec_values.iter().rev().find(|(given, _)| given == spec_id)
                        && let Some(bits) = given.integer_bits(scalar.width)
                    {
                        value = Some(bits);
                    }
                    if let Some(value) = value {
                        self.constants.insert(id, value);
                    }
                }
            }
            Op::SpecConstantOp
                if inst.result_type.is_some_and(|ty| self.scalars.get(&ty).is_some_and(|scalar| !scalar.float)) =>
            {
                // An integer count computed from (specialized) constants.
                if let Some(value) = self.spec_op_value(&inst) {
                    self.constants.insert(id, value);
                }
            }
            Op::TypeVector | Op::TypeVectorIdEXT => {
                let element = match inst.operands.first() {
                    Some(Operand::IdRef(element)) => *element,
                    _ => return Err(ErrorKind::Malformed("a vector type without a component type".into())),
                };
                let count = match (inst.class.opcode, inst.operands.get(1)) {
                    (Op::TypeVector, Some(Operand::LiteralBit32(count))) => u64::from(*count),
                    (_, Some(Operand::IdRef(count))) => self.constants.get(count).copied().ok_or_else(|| {
                        ErrorKind::Unsupported(format!(
                            "the component count %{count} of OpTypeVectorIdEXT is not an integer constant, specialization constant or OpSpecConstantOp of integer arithmetic on them"
                        ))
                    })?,
                    _ => return Err(ErrorKind::Malformed("a vector type without a component count".into())),
                };
                let scalar =
                    self.scalars.get(&element).copied().ok_or_else(|| {
                        ErrorKind::Invalid(format!("a vector of %{element}, which is not a scalar type"))
                    })?;
                if count == 0 {
                    return Err(ErrorKind::Invalid("a vector of 0 components".into()));
                }
                if count > MAX_COMPONENTS {
                    return Err(ErrorKind::Unsupported(format!(
                        "a vector of {count} components (long vectors have at most {MAX_COMPONENTS} here)"
                    )));
                }
                self.vectors.insert(id, (element, count));
                if dialect_count(count) {
                    return Ok(Instruction::new(
                        Op::TypeVector,
                        None,
                        Some(id),
                        vec![Operand::IdRef(element), Operand::LiteralBit32(count as u32)],
                    ));
                }
                self.long.insert(id, (element, count));
                let uint = match self.uint {
                    Some(uint) => uint,
                    None => {
                        let uint = self.fresh();
                        before.push(Instruction::new(
                            Op::TypeInt,
                            None,
                            Some(uint),
                            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
                        ));
                        self.scalars.insert(uint, Scalar { width: 32, float: false });
                        self.uint = Some(uint);
                        uint
                    }
                };
                let length = self.fresh();
                before.push(Instruction::new(
                    Op::Constant,
                    Some(uint),
                    Some(length),
                    vec![Operand::LiteralBit32(count as u32)],
                ));
                if scalar.width >= 8 {
                    self.new_decorations.push(Instruction::new(
                        Op::Decorate,
                        None,
                        None,
                        vec![
                            Operand::IdRef(id),
                            Operand::Decoration(Decoration::ArrayStride),
                            Operand::LiteralBit32(scalar.width / 8),
                        ],
                    ));
                }
                return Ok(Instruction::new(
                    Op::TypeArray,
                    None,
                    Some(id),
                    vec![Operand::IdRef(element), Operand::IdRef(length)],
                ));
            }
            Op::TypeMatrix => {
                if let Some(Operand::IdRef(column)) = inst.operands.first()
                    && self.long.contains_key(column)
                {
                    return Err(ErrorKind::Invalid(
                        "a matrix of long vectors (SPV_EXT_long_vector allows 2 to 4 rows)".into(),
                    ));
                }
            }
            Op::SpecConstantOp if inst.result_type.is_some_and(|ty| self.long.contains_key(&ty)) => {
                return Err(ErrorKind::Unsupported("an OpSpecConstantOp of a long vector".into()));
            }
            _ => {}
        }
        if let Some(ty) = inst.result_type
            && let Some(&(element, count)) = self.long.get(&ty)
            && inst.class.opcode == Op::ConstantComposite
            && inst.operands.len() as u64 != count
        {
            return Err(ErrorKind::Invalid(format!(
                "a constant of {} components for a vector of {count} %{element}",
                inst.operands.len()
            )));
        }
        inst.operands.shrink_to_fit();
        Ok(inst)
    }

    /// The value of the integer `OpSpecConstantOp` `inst` when it is
    /// arithmetic or bitwise on integer (specialized) constants known here
    /// (a division by zero, or another opcode: none).
    fn spec_op_value(&self, inst: &Instruction) -> Option<u64> {
        let width = self.scalars.get(&inst.result_type?)?.width;
        let Some(Operand::LiteralSpecConstantOpInteger(op)) = inst.operands.first() else { return None };
        let mut values = Vec::new();
        for operand in &inst.operands[1..] {
            let Operand::IdRef(id) = operand else { return None };
            values.push(*self.constants.get(id)?);
        }
        let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
        let signed = |value: u64| if width >= 64 { value as i64 } else { ((value << (64 - width)) as i64) >> (64 - width) };
        let value = match (*op, &values[..]) {
            (Op::IAdd, &[a, b]) => a.wrapping_add(b),
            (Op::ISub, &[a, b]) => a.wrapping_sub(b),
            (Op::IMul, &[a, b]) => a.wrapping_mul(b),
            (Op::UDiv, &[a, b]) => a.checked_div(b & mask)?,
            (Op::UMod, &[a, b]) => a.checked_rem(b & mask)?,
            (Op::SDiv, &[a, b]) => signed(a).checked_div(signed(b))? as u64,
            (Op::ShiftLeftLogical, &[a, b]) => a.checked_shl(u32::try_from(b).ok()?)?,
            (Op::ShiftRightLogical, &[a, b]) => (a & mask).checked_shr(u32::try_from(b).ok()?)?,
            (Op::BitwiseAnd, &[a, b]) => a & b,
            (Op::BitwiseOr, &[a, b]) => a | b,
            (Op::BitwiseXor, &[a, b]) => a ^ b,
            (Op::UConvert | Op::SConvert, &[a]) => a,
            _ => return None,
        };
        Some(value & mask)
    }

    /// The long vector type of value `id`, if it has one.
    fn long_of(&self, id: Word) -> Option<(Word, u64)> {
        self.declared.get(&id).and_then(|ty| self.long.get(ty)).copied()
    }

    /// A constant of integer type `ty` and value `value`, made once (among
    /// the globals, before the functions).
    fn constant(&mut self, ty: Word, value: u64) -> Word {
        if let Some(&id) = self.made_constants.get(&(ty, value)) {
            return id;
        }
        let id = self.fresh();
        let width = self.scalars.get(&ty).map_or(32, |scalar| scalar.width);
        let literal = if width > 32 { Operand::LiteralBit64(value) } else { Operand::LiteralBit32(value as u32) };
        self.late_globals.push(Instruction::new(Op::Constant, Some(ty), Some(id), vec![literal]));
        self.made_constants.insert((ty, value), id);
        id
    }

    fn bool_type(&mut self) -> Word {
        if let Some(boolean) = self.boolean {
            return boolean;
        }
        let id = self.fresh();
        self.late_globals.push(Instruction::new(Op::TypeBool, None, Some(id), vec![]));
        self.scalars.insert(id, Scalar { width: 1, float: false });
        self.boolean = Some(id);
        id
    }

    /// `out` gets `op` of `ty` on `operands`; its result.
    fn emit(&mut self, out: &mut Vec<Instruction>, op: Op, ty: Word, operands: Vec<Operand>) -> Word {
        let id = self.fresh();
        out.push(Instruction::new(op, Some(ty), Some(id), operands));
        id
    }

    /// Component `index` of the vector value `vector` (long or not).
    fn component(&mut self, out: &mut Vec<Instruction>, vector: Word, index: u64) -> Result<Word, ErrorKind> {
        let ty = self.declared.get(&vector).copied().unwrap_or(0);
        let (element, _) =
            self.vectors.get(&ty).copied().ok_or_else(|| ErrorKind::Invalid(format!("%{vector} is not a vector")))?;
        Ok(self.emit(
            out,
            Op::CompositeExtract,
            element,
            vec![Operand::IdRef(vector), Operand::LiteralBit32(index as u32)],
        ))
    }

    /// The instruction `inst` of a function, expanded where it acts on a
    /// long vector.
    fn instruction(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let op = inst.class.opcode;
        let result_long = inst.result_type.and_then(|ty| self.long.get(&ty)).copied();
        let long_operand = inst.operands.iter().find_map(|operand| match operand {
            Operand::IdRef(id) => self.long_of(*id),
            _ => None,
        });
        if result_long.is_none() && long_operand.is_none() {
            out.push(inst.clone());
            return Ok(());
        }
        let (Some(ty), Some(id)) = (inst.result_type, inst.result_id) else {
            return match op {
                Op::Store | Op::ReturnValue | Op::CopyMemory | Op::CopyMemorySized => {
                    out.push(inst.clone());
                    Ok(())
                }
                _ => Err(unsupported(op)),
            };
        };
        let ids: Vec<Word> = inst
            .operands
            .iter()
            .filter_map(|operand| match operand {
                Operand::IdRef(id) => Some(*id),
                _ => None,
            })
            .collect();
        match op {
            Op::Load
            | Op::CopyObject
            | Op::Phi
            | Op::FunctionCall
            | Op::Function
            | Op::FunctionParameter
            | Op::Variable
            | Op::Undef
            | Op::CompositeExtract
            | Op::CompositeInsert
            | Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::InBoundsPtrAccessChain
            | Op::ConstantNull => {
                // Arrays are loaded, stored, passed, indexed and taken
                // apart as vectors are.
                out.push(inst.clone());
                Ok(())
            }
            Op::CompositeConstruct => {
                let Some((_, count)) = result_long else { return Err(unsupported(op)) };
                let mut parts = Vec::new();
                for &constituent in &ids {
                    let constituent_type = self.declared.get(&constituent).copied().unwrap_or(0);
                    match self.vectors.get(&constituent_type).copied() {
                        Some((_, n)) => {
                            for index in 0..n {
                                parts.push(self.component(out, constituent, index)?);
                            }
                        }
                        None => parts.push(constituent),
                    }
                }
                if parts.len() as u64 != count {
                    return Err(ErrorKind::Invalid(format!(
                        "{} components constructing a vector of {count}",
                        parts.len()
                    )));
                }
                construct(out, ty, id, &parts);
                Ok(())
            }
            Op::VectorShuffle => {
                let (first, second) = match ids[..] {
                    [first, second] => (first, second),
                    _ => return Err(ErrorKind::Malformed("OpVectorShuffle without two vectors".into())),
                };
                let first_count = self.vector_count(first)?;
                let element = self.vectors.get(&ty).map(|(element, _)| *element).ok_or_else(|| unsupported(op))?;
                let mut parts = Vec::new();
                for operand in &inst.operands[2..] {
                    let Operand::LiteralBit32(index) = operand else {
                        return Err(ErrorKind::Malformed("a shuffle index".into()));
                    };
                    let index = u64::from(*index);
                    parts.push(if index == u64::from(u32::MAX) {
                        self.emit(out, Op::Undef, element, vec![])
                    } else if index < first_count {
                        self.component(out, first, index)?
                    } else {
                        self.component(out, second, index - first_count)?
                    });
                }
                construct(out, ty, id, &parts);
                Ok(())
            }
            Op::VectorExtractDynamic | Op::VectorInsertDynamic => {
                let (vector, index) = if op == Op::VectorExtractDynamic { (ids[0], ids[1]) } else { (ids[0], ids[2]) };
                let (element, count) = self.long_of(vector).ok_or_else(|| unsupported(op))?;
                let index_type = self.declared.get(&index).copied().unwrap_or(0);
                let boolean = self.bool_type();
                let mut chosen = None;
                let mut parts = Vec::new();
                for k in 0..count {
                    let component = self.component(out, vector, k)?;
                    let constant = self.constant(index_type, k);
                    let here =
                        self.emit(out, Op::IEqual, boolean, vec![Operand::IdRef(index), Operand::IdRef(constant)]);
                    if op == Op::VectorExtractDynamic {
                        // An index out of range (undefined) gives component 0.
                        chosen = Some(match chosen {
                            None => component,
                            Some(previous) => self.emit(
                                out,
                                Op::Select,
                                element,
                                vec![Operand::IdRef(here), Operand::IdRef(component), Operand::IdRef(previous)],
                            ),
                        });
                    } else {
                        parts.push(self.emit(
                            out,
                            Op::Select,
                            element,
                            vec![Operand::IdRef(here), Operand::IdRef(ids[1]), Operand::IdRef(component)],
                        ));
                    }
                }
                if op == Op::VectorExtractDynamic {
                    let chosen = chosen.ok_or_else(|| ErrorKind::Invalid("an empty vector".into()))?;
                    out.push(Instruction::new(Op::CopyObject, Some(ty), Some(id), vec![Operand::IdRef(chosen)]));
                } else {
                    construct(out, ty, id, &parts);
                }
                Ok(())
            }
            Op::VectorTimesScalar => {
                let (element, count) = result_long.ok_or_else(|| unsupported(op))?;
                let mut parts = Vec::new();
                for k in 0..count {
                    let component = self.component(out, ids[0], k)?;
                    parts.push(self.emit(
                        out,
                        Op::FMul,
                        element,
                        vec![Operand::IdRef(component), Operand::IdRef(ids[1])],
                    ));
                }
                construct(out, ty, id, &parts);
                Ok(())
            }
            Op::Dot | Op::Any | Op::All => {
                let (_, count) = long_operand.ok_or_else(|| unsupported(op))?;
                let mut total = None;
                for k in 0..count {
                    let term = if op == Op::Dot {
                        let a = self.component(out, ids[0], k)?;
                        let b = self.component(out, ids[1], k)?;
                        self.emit(out, Op::FMul, ty, vec![Operand::IdRef(a), Operand::IdRef(b)])
                    } else {
                        self.component(out, ids[0], k)?
                    };
                    let combine = match op {
                        Op::Dot => Op::FAdd,
                        Op::Any => Op::LogicalOr,
                        _ => Op::LogicalAnd,
                    };
                    total = Some(match total {
                        None => term,
                        Some(previous) => {
                            self.emit(out, combine, ty, vec![Operand::IdRef(previous), Operand::IdRef(term)])
                        }
                    });
                }
                let total = total.ok_or_else(|| ErrorKind::Invalid("an empty vector".into()))?;
                out.push(Instruction::new(Op::CopyObject, Some(ty), Some(id), vec![Operand::IdRef(total)]));
                Ok(())
            }
            Op::ExtInst => {
                let glsl = matches!(inst.operands.get(1), Some(Operand::LiteralExtInstInteger(number)) if !GLSL_NOT_ELEMENTWISE.contains(number));
                let set_is_glsl = matches!(inst.operands.first(), Some(Operand::IdRef(set)) if self.glsl == Some(*set));
                if !(glsl && set_is_glsl) || result_long.is_none() {
                    return Err(ErrorKind::Unsupported(
                        "an extended instruction on a long vector other than an elementwise GLSL.std.450 one".into(),
                    ));
                }
                self.elementwise(inst, out, 2)
            }
            _ if elementwise(op) => {
                if result_long.is_none()
                    || long_operand.is_some_and(|(_, count)| Some(count) != result_long.map(|(_, c)| c))
                {
                    return Err(ErrorKind::Unsupported(format!(
                        "Op{op:?} between vectors of different component counts, one of them long"
                    )));
                }
                self.elementwise(inst, out, 0)
            }
            _ => Err(unsupported(op)),
        }
    }

    /// The component count of the vector value `id`.
    fn vector_count(&self, id: Word) -> Result<u64, ErrorKind> {
        let ty = self.declared.get(&id).copied().unwrap_or(0);
        self.vectors
            .get(&ty)
            .map(|(_, count)| *count)
            .ok_or_else(|| ErrorKind::Invalid(format!("%{id} is not a vector")))
    }

    /// `inst` once per component of its long result, on the components of
    /// its long operands (after the first `skip` operands) and its other
    /// operands as they are.
    fn elementwise(&mut self, inst: &Instruction, out: &mut Vec<Instruction>, skip: usize) -> Result<(), ErrorKind> {
        let (ty, id) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        let (element, count) = self.long.get(&ty).copied().ok_or_else(|| unsupported(inst.class.opcode))?;
        let mut parts = Vec::new();
        for k in 0..count {
            let mut operands = Vec::with_capacity(inst.operands.len());
            for (position, operand) in inst.operands.iter().enumerate() {
                operands.push(match operand {
                    Operand::IdRef(value) if position >= skip && self.long_of(*value).is_some() => {
                        Operand::IdRef(self.component(out, *value, k)?)
                    }
                    other => other.clone(),
                });
            }
            parts.push(self.emit(out, inst.class.opcode, element, operands));
        }
        construct(out, ty, id, &parts);
        Ok(())
    }
}

/// `OpCompositeConstruct` of `ty` from `parts` as `id`.
fn construct(out: &mut Vec<Instruction>, ty: Word, id: Word, parts: &[Word]) {
    out.push(Instruction::new(
        Op::CompositeConstruct,
        Some(ty),
        Some(id),
        parts.iter().map(|part| Operand::IdRef(*part)).collect(),
    ));
}

fn unsupported(op: Op) -> ErrorKind {
    ErrorKind::Unsupported(format!("Op{op:?} on a long vector (SPV_EXT_long_vector)"))
}
