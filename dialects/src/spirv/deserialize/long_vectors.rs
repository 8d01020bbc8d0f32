//! SPV_EXT_long_vector, rewritten on the words before import (docs/import.md,
//! "Long vectors"): the dialect's vectors have 2, 3, 4, 8 or 16 components,
//! and the extension allows any positive count, also one taken from a
//! (specialization) constant (`OpTypeVectorIdEXT`).
//!
//! - The count of `OpTypeVectorIdEXT` is its constant's value, or its
//!   specialization constant's after specialization (the `--spec` value
//!   given for its `SpecId`, else the default): applied before any type is
//!   built, as for spec-sized arrays; an `OpSpecConstantOp` on those is
//!   computed as the importer computes one (spec.rs's `WordConstants`),
//!   or as `CompositeExtract` of a constant composite.
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
//!   they take vectors and stay.
//! - Beyond one scalar instruction per component (docs/import.md): the
//!   GLSL.std.450 and OpenCL.std geometric instructions by their
//!   definitions, the struct forms (`OpIAddCarry`.., `ModfStruct`,
//!   `FrexpStruct`) on a struct of the component types, the pointer forms
//!   through a pointer to each component, OpenCL.std `select` by the top
//!   bit, integer dot products widened and summed, group operations per
//!   component. What has a fixed count (`Cross`, `vloadn`...) is one
//!   located error.
//!
//! The `LongVectorEXT` capability and the extension go: the rewritten module
//! needs neither.

use std::collections::HashMap;

use rspirv::{
    dr::{Instruction, Operand},
    spirv::{Decoration, Op, Word},
};

use super::{
    DeserializeError, ErrorKind, SpecValue,
    reader::Inst,
    rewrite::{Rewritten, id_operands as ids, unsigned_int_type},
    spec::WordConstants,
};

/// `OpTypeVectorIdEXT` (SPV_EXT_long_vector; the same opcode as
/// SPV_NV_cooperative_vector's `OpTypeCooperativeVectorNV`).
const TYPE_VECTOR_ID_EXT: u16 = 5288;
/// The `LongVectorEXT` capability.
const LONG_VECTOR_EXT: u32 = 5425;
/// The `CooperativeVectorNV` capability (SPV_NV_cooperative_vector).
const COOPERATIVE_VECTOR_NV: u32 = 5394;

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
        // Derivatives (compute shaders with derivatives).
        || (207..=215).contains(&code)
        // Group and subgroup operations on a value: per component
        // (OpGroupBroadcast .. OpGroupSMax; OpGroupNonUniformBroadcast,
        // BroadcastFirst, the shuffles, arithmetic, quads; rotate).
        || (263..=271).contains(&code)
        || matches!(code, 337 | 338 | 4431)
        || (345..=366).contains(&code)
}

/// `OpSDot`, `OpUDot`, `OpSUDot` (SPV_KHR_integer_dot_product) and the
/// first and last of their saturating-accumulate forms.
const SDOT: u32 = 4450;
const UDOT: u32 = 4451;
const SUDOT: u32 = 4452;
const SDOT_ACC_SAT: u32 = 4453;
const SUDOT_ACC_SAT: u32 = 4455;

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
    let capability = instructions.iter().any(|inst| {
        inst.opcode == Op::Capability as u16
            && inst.words.first().is_some_and(|&word| word == LONG_VECTOR_EXT || word == COOPERATIVE_VECTOR_NV)
    });
    let mut rewriter =
        LongVectors { next_id: header.bound, sizes: WordConstants::new(spec_values), capability, ..LongVectors::default() };
    let out = rewriter.run(parsed, &offsets)?;
    super::rewrite::assemble(header, rewriter.next_id, &out).map(Some)
}

/// A scalar type: its width in bits (booleans 1) and whether it is a
/// signed integer.
#[derive(Clone, Copy)]
struct Scalar {
    width: u32,
    signed: bool,
}

#[derive(Default)]
struct LongVectors<'s> {
    next_id: Word,
    /// Whether the module declares `LongVectorEXT` (or `CooperativeVectorNV`,
    /// whose `OpTypeCooperativeVectorNV` is the same opcode).
    capability: bool,
    /// The integer values of constants, specialization constants (the
    /// `--spec` values applied, else their defaults) and the
    /// `OpSpecConstantOp`s on them (spec.rs, as the importer computes
    /// them): the component counts of `OpTypeVectorIdEXT`.
    sizes: WordConstants<'s>,
    /// Scalar types by `<id>`.
    scalars: HashMap<Word, Scalar>,
    /// The constituents of each constant vector composite (and expanded
    /// long-vector `OpSpecConstantOp`), by `<id>`.
    composites: HashMap<Word, Vec<Word>>,
    /// Pointer types by `<id>`: (storage class, pointee).
    pointers: HashMap<Word, (u32, Word)>,
    /// Struct types by `<id>`: their members.
    structs: HashMap<Word, Vec<Word>>,
    /// Pointer and two-member struct types made for the expansions.
    made_pointers: HashMap<(u32, Word), Word>,
    made_structs: HashMap<(Word, Word), Word>,
    /// Struct results of two 8- or 16-component vectors kept as their two
    /// vectors (the importer holds such members as arrays, which it builds
    /// no struct of): the `OpCompositeExtract`s of them read the vectors.
    split: HashMap<Word, [Word; 2]>,
    /// Vectors by `<id>`: their component type and count (dialect ones too,
    /// for shuffles and constructs that mix them with long ones).
    vectors: HashMap<Word, (Word, u64)>,
    /// The long vectors (now arrays) among them.
    long: HashMap<Word, (Word, u64)>,
    /// The type each value is declared with.
    declared: HashMap<Word, Word>,
    /// The `GLSL.std.450` and `OpenCL.std` imports.
    glsl: Option<Word>,
    opencl: Option<Word>,
    /// A 32-bit unsigned integer and a boolean type, once found or made.
    uint: Option<Word>,
    /// Unsigned integer types by width, found or made (`OpBitcast`s that
    /// change the component count regroup the bits in them).
    unsigned: HashMap<u32, Word>,
    /// `OpConstantNull`s of vector type (an `OpSpecConstantOp` on a long
    /// vector takes their components).
    null_vectors: HashMap<Word, Word>,
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
        let functions_start = input.iter().position(|inst| inst.class.opcode == Op::Function).unwrap_or(input.len());
        for (index, inst) in input.iter().enumerate() {
            if let (Some(ty), Some(id)) = (inst.result_type, inst.result_id) {
                self.declared.insert(id, ty);
            }
            if index < functions_start {
                // In order: a `SpecId` before its constant, a type before
                // its constants.
                self.sizes.record(inst);
            }
            if let (Op::ExtInstImport, Some(id), Some(Operand::LiteralString(name))) =
                (inst.class.opcode, inst.result_id, inst.operands.first())
            {
                match name.as_str() {
                    "GLSL.std.450" => self.glsl = Some(id),
                    "OpenCL.std" => self.opencl = Some(id),
                    _ => {}
                }
            }
        }
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
                    self.scalars.insert(id, Scalar { width, signed: signed != 0 });
                    if signed == 0 {
                        self.unsigned.entry(width).or_insert(id);
                    }
                    if width == 32 && signed == 0 && self.uint.is_none() {
                        self.uint = Some(id);
                    }
                }
            }
            Op::TypeFloat => {
                if let Some(Operand::LiteralBit32(width)) = inst.operands.first() {
                    self.scalars.insert(id, Scalar { width: *width, signed: false });
                }
            }
            Op::TypeBool => {
                self.scalars.insert(id, Scalar { width: 1, signed: false });
                self.boolean.get_or_insert(id);
            }
            Op::ConstantNull => {
                if let Some(&(element, _)) = inst.result_type.and_then(|ty| self.vectors.get(&ty)) {
                    self.null_vectors.insert(id, element);
                }
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                let constituents = inst
                    .operands
                    .iter()
                    .filter_map(|operand| if let Operand::IdRef(id) = operand { Some(*id) } else { None })
                    .collect();
                self.composites.insert(id, constituents);
            }
            Op::TypePointer => {
                if let [Operand::StorageClass(class), Operand::IdRef(pointee)] = inst.operands[..] {
                    self.pointers.insert(id, (class as u32, pointee));
                }
            }
            Op::TypeStruct => {
                let members = inst
                    .operands
                    .iter()
                    .filter_map(|operand| if let Operand::IdRef(id) = operand { Some(*id) } else { None })
                    .collect();
                self.structs.insert(id, members);
            }
            Op::TypeVectorIdEXT if !self.capability => {
                return Err(ErrorKind::Invalid(
                    "OpTypeVectorIdEXT without the LongVectorEXT (or CooperativeVectorNV) capability".into(),
                ));
            }
            Op::TypeVector | Op::TypeVectorIdEXT => {
                let element = match inst.operands.first() {
                    Some(Operand::IdRef(element)) => *element,
                    _ => return Err(ErrorKind::Malformed("a vector type without a component type".into())),
                };
                let count = match (inst.class.opcode, inst.operands.get(1)) {
                    (Op::TypeVector, Some(Operand::LiteralBit32(count))) => u64::from(*count),
                    (_, Some(Operand::IdRef(count))) => match self.sizes.value(*count) {
                        Some((value, 32)) => value,
                        Some((_, width)) => {
                            return Err(ErrorKind::Invalid(format!(
                                "the component count %{count} of OpTypeVectorIdEXT is a {width}-bit value, not a 32-bit integer"
                            )));
                        }
                        None => {
                            return Err(ErrorKind::Unsupported(format!(
                                "the component count %{count} of OpTypeVectorIdEXT is not an integer constant, specialization constant or OpSpecConstantOp computable from them (an integer or boolean operation, or CompositeExtract of a constant composite)"
                            )));
                        }
                    },
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
                let uint = self.uint_type_in(before);
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
                return self.spec_op_long(&inst, before);
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
        let scalar = self.scalars.get(&ty).copied().unwrap_or(Scalar { width: 32, signed: false });
        let width = scalar.width;
        // A narrower signed integer's literal is sign-extended to the word
        // (SPIR-V 2.2.1, "Literal").
        let word = if scalar.signed && width < 32 && (value >> (width - 1)) & 1 == 1 {
            (value | (u64::MAX << width)) as u32
        } else {
            value as u32
        };
        let literal = if width > 32 { Operand::LiteralBit64(value) } else { Operand::LiteralBit32(word) };
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
        self.scalars.insert(id, Scalar { width: 1, signed: false });
        self.boolean = Some(id);
        id
    }

    /// `out` gets `op` of `ty` on `operands`; its result.
    fn emit(&mut self, out: &mut Vec<Instruction>, op: Op, ty: Word, operands: Vec<Operand>) -> Word {
        let id = self.fresh();
        out.push(Instruction::new(op, Some(ty), Some(id), operands));
        self.declared.insert(id, ty);
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
        if let Some(&split) = inst.operands.iter().find_map(|operand| match operand {
            Operand::IdRef(id) => self.split.get(id),
            _ => None,
        }) {
            return self.split_extract(inst, out, split);
        }
        let result_long = inst.result_type.and_then(|ty| self.long.get(&ty)).copied();
        let long_operand = inst.operands.iter().find_map(|operand| match operand {
            Operand::IdRef(id) => self.long_of(*id),
            _ => None,
        });
        if result_long.is_none() && long_operand.is_none() {
            // The importer holds 8- and 16-component vectors inside structs
            // as arrays, which its struct-result expansions do not take:
            // those instructions go per component here too.
            if self.wide_struct(inst) {
                let skip = if op == Op::ExtInst { 2 } else { 0 };
                return self.struct_elementwise(inst, out, skip);
            }
            // Likewise the importer's GLSL.std.450 geometric expansions
            // build ops whose verifiers want 2 to 4 components.
            if self.wide_geometric(inst) {
                let result = inst.result_type.and_then(|ty| self.vectors.get(&ty)).copied();
                return self.extended(inst, out, result);
            }
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
            Op::ExtInst => self.extended(inst, out, result_long),
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                self.struct_elementwise(inst, out, 0)
            }
            Op::GroupNonUniformAllEqual => {
                // All equal when each component is.
                let (_, count) = long_operand.ok_or_else(|| unsupported(op))?;
                let mut terms = Vec::new();
                for k in 0..count {
                    let operands = self.component_operands(inst, out, 0, k)?;
                    terms.push(self.emit(out, op, ty, operands));
                }
                let all = self.fold(out, Op::LogicalAnd, ty, &terms)?;
                out.push(copy(ty, id, all));
                Ok(())
            }
            _ if (SDOT..=SUDOT_ACC_SAT).contains(&(op as u32)) => {
                // The sum of the products of the components, each widened to
                // the result's width (signed for SDot and SUDot's first
                // vector, unsigned otherwise): the low bits of the exact sum
                // (an overflow before the accumulation leaves the result
                // undefined); the AccSat forms then add the accumulator,
                // saturating (signed for SDot and SUDot).
                let accumulate = op as u32 >= SDOT_ACC_SAT;
                let plain = if accumulate { op as u32 - (SDOT_ACC_SAT - SDOT) } else { op as u32 };
                let (_, count) = long_operand.ok_or_else(|| unsupported(op))?;
                let width = self.scalars.get(&ty).map_or(32, |scalar| scalar.width);
                let mut terms = Vec::new();
                for k in 0..count {
                    let mut factors = Vec::new();
                    for (position, &vector) in ids.iter().take(2).enumerate() {
                        let component = self.component(out, vector, k)?;
                        let component_type = self.declared.get(&component).copied().unwrap_or(0);
                        let component_width = self.scalars.get(&component_type).map_or(width, |scalar| scalar.width);
                        let signed = plain == SDOT || (plain == SUDOT && position == 0);
                        factors.push(if component_width == width {
                            component
                        } else {
                            let convert = if signed { Op::SConvert } else { Op::UConvert };
                            self.emit(out, convert, ty, vec![Operand::IdRef(component)])
                        });
                    }
                    terms.push(self.emit(out, Op::IMul, ty, vec![Operand::IdRef(factors[0]), Operand::IdRef(factors[1])]));
                }
                let mut sum = self.fold(out, Op::IAdd, ty, &terms)?;
                if accumulate {
                    let accumulator = *ids.get(2).ok_or_else(|| ErrorKind::Malformed(format!("Op{op:?} without an accumulator")))?;
                    sum = self.saturating_add(out, ty, plain != UDOT, accumulator, sum);
                }
                out.push(copy(ty, id, sum));
                Ok(())
            }
            Op::Bitcast if result_long.map(|(_, count)| count) != long_operand.map(|(_, count)| count) => {
                self.regrouping_bitcast(inst, out)
            }
            Op::CompositeConstructReplicateEXT => {
                let (_, count) = result_long.ok_or_else(|| unsupported(op))?;
                let parts = vec![*ids.first().ok_or_else(|| unsupported(op))?; count as usize];
                construct(out, ty, id, &parts);
                Ok(())
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

    /// `accumulator + value` of integer type `ty`, saturating at the type's
    /// range (signed or unsigned): the last step of `OpSDotAccSat` and its
    /// siblings.
    fn saturating_add(&mut self, out: &mut Vec<Instruction>, ty: Word, signed: bool, accumulator: Word, value: Word) -> Word {
        let width = self.scalars.get(&ty).map_or(32, |scalar| scalar.width);
        let boolean = self.bool_type();
        let wrapped = self.emit(out, Op::IAdd, ty, ids(&[accumulator, value]));
        let all_ones = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
        if signed {
            // Overflow when the sum moved the wrong way: below the
            // accumulator for a non-negative value, or not below it for a
            // negative one; then the limit on the value's side.
            let zero = self.constant(ty, 0);
            let negative = self.emit(out, Op::SLessThan, boolean, ids(&[value, zero]));
            let below = self.emit(out, Op::SLessThan, boolean, ids(&[wrapped, accumulator]));
            let overflow = self.emit(out, Op::LogicalNotEqual, boolean, ids(&[negative, below]));
            let min = self.constant(ty, 1u64 << (width - 1));
            let max = self.constant(ty, all_ones >> 1);
            let limit = self.emit(out, Op::Select, ty, ids(&[negative, min, max]));
            self.emit(out, Op::Select, ty, ids(&[overflow, limit, wrapped]))
        } else {
            let below = self.emit(out, Op::ULessThan, boolean, ids(&[wrapped, accumulator]));
            let max = self.constant(ty, all_ones);
            self.emit(out, Op::Select, ty, ids(&[below, max, wrapped]))
        }
    }

    /// An unsigned integer type of `width` bits, the module's or made
    /// (among the late globals).
    fn unsigned_type(&mut self, width: u32) -> Word {
        if let Some(&id) = self.unsigned.get(&width) {
            return id;
        }
        let id = self.fresh();
        self.late_globals.push(unsigned_int_type(id, width));
        self.scalars.insert(id, Scalar { width, signed: false });
        self.unsigned.insert(width, id);
        id
    }

    /// `OpBitcast` between a long vector and a vector (or scalar) of
    /// another component count, the same number of bits: the components'
    /// bits regrouped as SPIR-V's `OpBitcast` says (each component of the
    /// vector with fewer maps its lower-order bits to the lower-numbered of
    /// the components it spans in the other).
    fn regrouping_bitcast(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let (ty, id) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        let Some(Operand::IdRef(source)) = inst.operands.first() else {
            return Err(ErrorKind::Malformed("OpBitcast without an operand".into()));
        };
        let source = *source;
        let source_type = self.declared.get(&source).copied().unwrap_or(0);
        let (from, from_count) = self.vectors.get(&source_type).copied().unwrap_or((source_type, 1));
        let (to, to_count) = self.vectors.get(&ty).copied().unwrap_or((ty, 1));
        let (Some(from_scalar), Some(to_scalar)) = (self.scalars.get(&from).copied(), self.scalars.get(&to).copied())
        else {
            return Err(ErrorKind::Invalid("OpBitcast of a long vector to or from a type that is not numeric".into()));
        };
        let (a, b) = (u64::from(from_scalar.width), u64::from(to_scalar.width));
        if a == 1 || b == 1 || a * from_count != b * to_count {
            return Err(ErrorKind::Invalid(format!(
                "OpBitcast from {from_count} components of {a} bits to {to_count} of {b} bits"
            )));
        }
        let from_int = self.unsigned_type(from_scalar.width);
        let to_int = self.unsigned_type(to_scalar.width);
        let mut pieces = Vec::new();
        for k in 0..from_count {
            let mut piece = if self.vectors.contains_key(&source_type) { self.component(out, source, k)? } else { source };
            if from != from_int {
                piece = self.emit(out, Op::Bitcast, from_int, ids(&[piece]));
            }
            pieces.push(piece);
        }
        let mut parts = Vec::new();
        if b > a {
            for group in pieces.chunks((b / a) as usize) {
                let mut whole = None;
                for (j, &piece) in group.iter().enumerate() {
                    let mut widened = self.emit(out, Op::UConvert, to_int, ids(&[piece]));
                    if j > 0 {
                        let shift = self.constant(to_int, j as u64 * a);
                        widened = self.emit(out, Op::ShiftLeftLogical, to_int, ids(&[widened, shift]));
                    }
                    whole = Some(match whole {
                        None => widened,
                        Some(low) => self.emit(out, Op::BitwiseOr, to_int, ids(&[low, widened])),
                    });
                }
                parts.extend(whole);
            }
        } else {
            for &piece in &pieces {
                for j in 0..a / b {
                    let mut shifted = piece;
                    if j > 0 {
                        let shift = self.constant(from_int, j * b);
                        shifted = self.emit(out, Op::ShiftRightLogical, from_int, ids(&[piece, shift]));
                    }
                    parts.push(self.emit(out, Op::UConvert, to_int, ids(&[shifted])));
                }
            }
        }
        if to != to_int {
            parts = parts.into_iter().map(|part| self.emit(out, Op::Bitcast, to, ids(&[part]))).collect();
        }
        if self.vectors.contains_key(&ty) {
            construct(out, ty, id, &parts);
        } else {
            out.push(copy(ty, id, parts[0]));
        }
        Ok(())
    }

    /// An `OpSpecConstantOp` giving a long vector: an
    /// `OpSpecConstantComposite` of one scalar `OpSpecConstantOp` per
    /// component for the elementwise opcodes (vector operands by their
    /// constituents, scalar ones as they are), of the chosen constituents
    /// for `VectorShuffle` and `CompositeInsert`. The importer then
    /// specializes each component as any scalar one.
    fn spec_op_long(&mut self, inst: &Instruction, before: &mut Vec<Instruction>) -> Result<Instruction, ErrorKind> {
        let (ty, id) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        let (element, count) = self.long.get(&ty).copied().ok_or_else(|| unsupported(Op::SpecConstantOp))?;
        let Some(Operand::LiteralSpecConstantOpInteger(op)) = inst.operands.first() else {
            return Err(ErrorKind::Malformed("OpSpecConstantOp without an opcode".into()));
        };
        let (op, operands) = (*op, &inst.operands[1..]);
        let parts = match (op, operands) {
            (Op::VectorShuffle, [Operand::IdRef(first), Operand::IdRef(second), indexes @ ..]) => {
                let mut both = self.constituents(*first, before)?;
                both.extend(self.constituents(*second, before)?);
                let mut parts = Vec::new();
                for index in indexes {
                    let Operand::LiteralBit32(index) = index else {
                        return Err(ErrorKind::Malformed("a shuffle index".into()));
                    };
                    // An undefined component (0xFFFFFFFF): the first one.
                    parts.push(*both.get(*index as usize).or(both.first()).ok_or_else(|| {
                        ErrorKind::Invalid(format!("shuffle index {index} of {} components", both.len()))
                    })?);
                }
                parts
            }
            (Op::CompositeInsert, [Operand::IdRef(object), Operand::IdRef(composite), Operand::LiteralBit32(index)]) => {
                let mut parts = self.constituents(*composite, before)?;
                let slot = parts
                    .get_mut(*index as usize)
                    .ok_or_else(|| ErrorKind::Invalid(format!("component {index} of a vector of {count}")))?;
                *slot = *object;
                parts
            }
            _ if elementwise(op) && !matches!(op, Op::VectorShuffle | Op::CompositeInsert) => {
                let mut parts = Vec::new();
                for k in 0..count as usize {
                    let mut scalar_operands = vec![Operand::LiteralSpecConstantOpInteger(op)];
                    for operand in operands {
                        scalar_operands.push(match operand {
                            Operand::IdRef(value) if self.declared.get(value).is_some_and(|ty| self.vectors.contains_key(ty)) => {
                                let constituents = self.constituents(*value, before)?;
                                Operand::IdRef(*constituents.get(k).ok_or_else(|| {
                                    ErrorKind::Invalid(format!("an operand of {} components for a vector of {count}", constituents.len()))
                                })?)
                            }
                            other => other.clone(),
                        });
                    }
                    let part = self.fresh();
                    before.push(Instruction::new(Op::SpecConstantOp, Some(element), Some(part), scalar_operands));
                    self.declared.insert(part, element);
                    parts.push(part);
                }
                parts
            }
            _ => {
                return Err(ErrorKind::Unsupported(format!(
                    "OpSpecConstantOp {op:?} giving a long vector (the elementwise opcodes, VectorShuffle and CompositeInsert are expanded)"
                )));
            }
        };
        if parts.len() as u64 != count {
            return Err(ErrorKind::Invalid(format!("{} components for a vector of {count}", parts.len())));
        }
        self.composites.insert(id, parts.clone());
        Ok(Instruction::new(Op::SpecConstantComposite, Some(ty), Some(id), ids(&parts)))
    }

    /// The constituents of the constant vector `id` (a constant or
    /// specialization constant composite, an expanded `OpSpecConstantOp`,
    /// or an `OpConstantNull`: its component type's null, made into
    /// `before`, once per component).
    fn constituents(&mut self, id: Word, before: &mut Vec<Instruction>) -> Result<Vec<Word>, ErrorKind> {
        if let Some(parts) = self.composites.get(&id) {
            return Ok(parts.clone());
        }
        if let Some(&element) = self.null_vectors.get(&id) {
            let count = self.vector_count(id)?;
            let null = self.fresh();
            before.push(Instruction::new(Op::ConstantNull, Some(element), Some(null), vec![]));
            self.declared.insert(null, element);
            self.composites.insert(id, vec![null; count as usize]);
            return Ok(vec![null; count as usize]);
        }
        Err(ErrorKind::Unsupported(format!(
            "%{id} in an OpSpecConstantOp giving a long vector is not a constant composite"
        )))
    }

    /// The component count of the vector value `id`.
    fn vector_count(&self, id: Word) -> Result<u64, ErrorKind> {
        let ty = self.declared.get(&id).copied().unwrap_or(0);
        self.vectors
            .get(&ty)
            .map(|(_, count)| *count)
            .ok_or_else(|| ErrorKind::Invalid(format!("%{id} is not a vector")))
    }

    /// The operands of `inst` for component `k`: each vector operand (after
    /// the first `skip`) its component `k`, each pointer to a long
    /// vector a pointer to its component `k` (the pointer forms of `Modf`,
    /// `frexp`, `sincos`...), the others as they are.
    fn component_operands(
        &mut self,
        inst: &Instruction,
        out: &mut Vec<Instruction>,
        skip: usize,
        k: u64,
    ) -> Result<Vec<Operand>, ErrorKind> {
        let mut operands = Vec::with_capacity(inst.operands.len());
        for (position, operand) in inst.operands.iter().enumerate() {
            operands.push(match operand {
                Operand::IdRef(value)
                    if position >= skip
                        && self.declared.get(value).is_some_and(|ty| self.vectors.contains_key(ty)) =>
                {
                    Operand::IdRef(self.component(out, *value, k)?)
                }
                Operand::IdRef(value) if position >= skip && self.long_pointee(*value).is_some() => {
                    let (class, (element, _)) = self.long_pointee(*value).unwrap_or_default();
                    let pointer_type = self.pointer_type(class, element);
                    let uint = self.uint_type();
                    let index = self.constant(uint, k);
                    Operand::IdRef(self.emit(
                        out,
                        Op::AccessChain,
                        pointer_type,
                        vec![Operand::IdRef(*value), Operand::IdRef(index)],
                    ))
                }
                other => other.clone(),
            });
        }
        Ok(operands)
    }

    /// The storage class and vector type (long, or 8 or 16 components) a
    /// pointer value `id` points to, if it points to one.
    fn long_pointee(&self, id: Word) -> Option<(u32, (Word, u64))> {
        let (class, pointee) = *self.pointers.get(self.declared.get(&id)?)?;
        Some((class, *self.vectors.get(&pointee)?))
    }

    /// `inst` once per component of its long result, on the components of
    /// its long operands (after the first `skip` operands) and its other
    /// operands as they are.
    fn elementwise(&mut self, inst: &Instruction, out: &mut Vec<Instruction>, skip: usize) -> Result<(), ErrorKind> {
        let (ty, id) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        let (element, count) = self.vectors.get(&ty).copied().ok_or_else(|| unsupported(inst.class.opcode))?;
        let mut parts = Vec::new();
        for k in 0..count {
            let operands = self.component_operands(inst, out, skip, k)?;
            parts.push(self.emit(out, inst.class.opcode, element, operands));
        }
        construct(out, ty, id, &parts);
        Ok(())
    }

    /// `inst`, whose result is a struct of two long vectors (`OpIAddCarry`
    /// and the other extended arithmetic, `ModfStruct`, `FrexpStruct`),
    /// once per component with a struct of the two components' types; the
    /// members gathered into the two vectors.
    fn struct_elementwise(
        &mut self,
        inst: &Instruction,
        out: &mut Vec<Instruction>,
        skip: usize,
    ) -> Result<(), ErrorKind> {
        let (ty, id) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        let members = self.structs.get(&ty).cloned().unwrap_or_default();
        let [(first, count), (second, second_count)] = match members[..] {
            [a, b] => match (self.vectors.get(&a), self.vectors.get(&b)) {
                (Some(&x), Some(&y)) => [x, y],
                _ => return Err(unsupported(inst.class.opcode)),
            },
            _ => return Err(unsupported(inst.class.opcode)),
        };
        if count != second_count {
            return Err(ErrorKind::Invalid(format!(
                "Op{:?} gives vectors of {count} and {second_count} components",
                inst.class.opcode
            )));
        }
        let pair = self.struct_type(first, second);
        let (mut low, mut high) = (Vec::new(), Vec::new());
        for k in 0..count {
            let operands = self.component_operands(inst, out, skip, k)?;
            let both = self.emit(out, inst.class.opcode, pair, operands);
            low.push(self.emit(out, Op::CompositeExtract, first, vec![Operand::IdRef(both), Operand::LiteralBit32(0)]));
            high.push(self.emit(
                out,
                Op::CompositeExtract,
                second,
                vec![Operand::IdRef(both), Operand::LiteralBit32(1)],
            ));
        }
        let (low_vector, high_vector) = (self.fresh(), self.fresh());
        construct(out, members[0], low_vector, &low);
        construct(out, members[1], high_vector, &high);
        self.declared.insert(low_vector, members[0]);
        self.declared.insert(high_vector, members[1]);
        if self.long.contains_key(&members[0]) {
            construct(out, ty, id, &[low_vector, high_vector]);
        } else {
            self.split.insert(id, [low_vector, high_vector]);
        }
        Ok(())
    }

    /// `inst`, which uses the struct of two 8- or 16-component vectors kept
    /// as `split`: an `OpCompositeExtract` reads the member's vector; any
    /// other use is refused.
    fn split_extract(&mut self, inst: &Instruction, out: &mut Vec<Instruction>, split: [Word; 2]) -> Result<(), ErrorKind> {
        let op = inst.class.opcode;
        let (Op::CompositeExtract, Some(ty), Some(id), [Operand::IdRef(_), Operand::LiteralBit32(member), rest @ ..]) =
            (op, inst.result_type, inst.result_id, &inst.operands[..])
        else {
            return Err(ErrorKind::Unsupported(format!(
                "Op{op:?} of a struct of two 8- or 16-component vectors (only OpCompositeExtract reads one here)"
            )));
        };
        let vector = *split
            .get(*member as usize)
            .ok_or_else(|| ErrorKind::Invalid(format!("member {member} of a struct of two members")))?;
        if rest.is_empty() {
            out.push(copy(ty, id, vector));
        } else {
            let mut operands = vec![Operand::IdRef(vector)];
            operands.extend(rest.iter().cloned());
            out.push(Instruction::new(Op::CompositeExtract, Some(ty), Some(id), operands));
        }
        Ok(())
    }

    /// Whether `inst` is `OpIAddCarry`, `OpISubBorrow`, `OpUMulExtended`,
    /// `OpSMulExtended` or GLSL.std.450 `ModfStruct`/`FrexpStruct` giving a
    /// struct of two 8- or 16-component vectors.
    fn wide_struct(&self, inst: &Instruction) -> bool {
        let struct_form = match inst.class.opcode {
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => true,
            Op::ExtInst => {
                matches!(inst.operands.first(), Some(Operand::IdRef(set)) if self.glsl == Some(*set))
                    && matches!(inst.operands.get(1), Some(Operand::LiteralExtInstInteger(36 | 52)))
            }
            _ => false,
        };
        struct_form
            && inst.result_type.and_then(|ty| self.structs.get(&ty)).is_some_and(|members| {
                members.len() == 2
                    && members.iter().all(|member| self.vectors.get(member).is_some_and(|(_, count)| *count >= 8))
            })
    }

    /// Whether `inst` is GLSL.std.450 `Length`, `Distance`, `Normalize`,
    /// `FaceForward`, `Reflect`, `Refract` or the pointer forms of `Modf`
    /// and `Frexp` (the importer's stores through a pointer to one) on 8- or
    /// 16-component vectors.
    fn wide_geometric(&self, inst: &Instruction) -> bool {
        inst.class.opcode == Op::ExtInst
            && matches!(inst.operands.first(), Some(Operand::IdRef(set)) if self.glsl == Some(*set))
            && matches!(inst.operands.get(1), Some(Operand::LiteralExtInstInteger(35 | 51 | 66 | 67 | 69..=72)))
            && matches!(inst.operands.get(2), Some(Operand::IdRef(x))
                if self.declared.get(x).and_then(|ty| self.vectors.get(ty)).is_some_and(|(_, count)| *count >= 8))
    }

    /// An `OpExtInst` with a long vector operand or result: GLSL.std.450
    /// and OpenCL.std instructions elementwise, their pointer and struct
    /// forms per component, the geometric ones by their definitions; the
    /// instructions whose operands have a fixed count (`Cross`, packing,
    /// `vloadn`, `shuffle`...) are invalid on a long vector.
    fn extended(
        &mut self,
        inst: &Instruction,
        out: &mut Vec<Instruction>,
        result_long: Option<(Word, u64)>,
    ) -> Result<(), ErrorKind> {
        let (Some(Operand::IdRef(set)), Some(Operand::LiteralExtInstInteger(number))) =
            (inst.operands.first(), inst.operands.get(1))
        else {
            return Err(ErrorKind::Malformed("an OpExtInst without a set and number".into()));
        };
        let (set, number) = (*set, *number);
        let arguments: Vec<Word> = inst.operands[2..]
            .iter()
            .filter_map(|operand| if let Operand::IdRef(id) = operand { Some(*id) } else { None })
            .collect();
        let (ty, id) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        let argument = |index: usize| {
            arguments.get(index).copied().ok_or_else(|| ErrorKind::Malformed("an operand is missing".into()))
        };
        if Some(set) == self.glsl {
            let name = rspirv::grammar::GLSL_STD_450_INSTRUCTION_TABLE
                .lookup_opcode(number)
                .map_or("an unknown instruction", |grammar| grammar.opname);
            return match name {
                "Length" => {
                    let sum = self.dot(out, ty, argument(0)?, argument(0)?)?;
                    let root = self.emit_ext(out, ty, set, GLSL_SQRT, &[sum]);
                    out.push(copy(ty, id, root));
                    Ok(())
                }
                "Distance" => {
                    let difference = self.binary_vector(out, Op::FSub, argument(0)?, argument(1)?)?;
                    let sum = self.dot(out, ty, difference, difference)?;
                    let root = self.emit_ext(out, ty, set, GLSL_SQRT, &[sum]);
                    out.push(copy(ty, id, root));
                    Ok(())
                }
                "Normalize" => {
                    let (element, count) = result_long.ok_or_else(|| ErrorKind::Invalid(name.into()))?;
                    let x = argument(0)?;
                    let sum = self.dot(out, element, x, x)?;
                    let root = self.emit_ext(out, element, set, GLSL_SQRT, &[sum]);
                    self.gather(out, ty, id, count, |this, out, k| {
                        let component = this.component(out, x, k)?;
                        Ok(this.emit(out, Op::FDiv, element, ids(&[component, root])))
                    })
                }
                "FaceForward" => {
                    // dot(Nref, I) < 0 ? N : -N
                    let (element, count) = result_long.ok_or_else(|| ErrorKind::Invalid(name.into()))?;
                    let (n, i, reference) = (argument(0)?, argument(1)?, argument(2)?);
                    let d = self.dot(out, element, reference, i)?;
                    let zero = self.float_constant(element, 0.0);
                    let boolean = self.bool_type();
                    let negative = self.emit(out, Op::FOrdLessThan, boolean, ids(&[d, zero]));
                    self.gather(out, ty, id, count, |this, out, k| {
                        let component = this.component(out, n, k)?;
                        let negated = this.emit(out, Op::FNegate, element, ids(&[component]));
                        Ok(this.emit(out, Op::Select, element, ids(&[negative, component, negated])))
                    })
                }
                "Reflect" => {
                    // I - 2 dot(N, I) N
                    let (element, count) = result_long.ok_or_else(|| ErrorKind::Invalid(name.into()))?;
                    let (i, n) = (argument(0)?, argument(1)?);
                    let d = self.dot(out, element, n, i)?;
                    let twice = self.emit(out, Op::FAdd, element, ids(&[d, d]));
                    self.gather(out, ty, id, count, |this, out, k| {
                        let (i_k, n_k) = (this.component(out, i, k)?, this.component(out, n, k)?);
                        let scaled = this.emit(out, Op::FMul, element, ids(&[twice, n_k]));
                        Ok(this.emit(out, Op::FSub, element, ids(&[i_k, scaled])))
                    })
                }
                "Refract" => {
                    // k = 1 - eta^2 (1 - dot(N, I)^2); k < 0 ? 0 : eta I - (eta dot(N, I) + sqrt(k)) N
                    let (element, count) = result_long.ok_or_else(|| ErrorKind::Invalid(name.into()))?;
                    let (i, n, eta) = (argument(0)?, argument(1)?, argument(2)?);
                    let eta_type = self.declared.get(&eta).copied().unwrap_or(element);
                    let eta = if eta_type == element {
                        eta
                    } else {
                        self.emit(out, Op::FConvert, element, ids(&[eta]))
                    };
                    let d = self.dot(out, element, n, i)?;
                    let one = self.float_constant(element, 1.0);
                    let zero = self.float_constant(element, 0.0);
                    let d2 = self.emit(out, Op::FMul, element, ids(&[d, d]));
                    let rest = self.emit(out, Op::FSub, element, ids(&[one, d2]));
                    let eta2 = self.emit(out, Op::FMul, element, ids(&[eta, eta]));
                    let scaled = self.emit(out, Op::FMul, element, ids(&[eta2, rest]));
                    let kk = self.emit(out, Op::FSub, element, ids(&[one, scaled]));
                    let boolean = self.bool_type();
                    let total = self.emit(out, Op::FOrdLessThan, boolean, ids(&[kk, zero]));
                    let root = self.emit_ext(out, element, set, GLSL_SQRT, &[kk]);
                    let eta_d = self.emit(out, Op::FMul, element, ids(&[eta, d]));
                    let t = self.emit(out, Op::FAdd, element, ids(&[eta_d, root]));
                    self.gather(out, ty, id, count, |this, out, k| {
                        let (i_k, n_k) = (this.component(out, i, k)?, this.component(out, n, k)?);
                        let a = this.emit(out, Op::FMul, element, ids(&[eta, i_k]));
                        let b = this.emit(out, Op::FMul, element, ids(&[t, n_k]));
                        let value = this.emit(out, Op::FSub, element, ids(&[a, b]));
                        Ok(this.emit(out, Op::Select, element, ids(&[total, zero, value])))
                    })
                }
                "ModfStruct" | "FrexpStruct" => self.struct_elementwise(inst, out, 2),
                _ if !GLSL_NOT_ELEMENTWISE.contains(&number) || matches!(name, "Modf" | "Frexp") => {
                    if result_long.is_none() {
                        return Err(ErrorKind::Invalid(format!(
                            "GLSL.std.450 {name} with a long vector operand and a result of another type"
                        )));
                    }
                    self.elementwise(inst, out, 2)
                }
                _ => Err(ErrorKind::Invalid(format!(
                    "GLSL.std.450 {name} on a long vector (its operands have a fixed component count)"
                ))),
            };
        }
        if Some(set) == self.opencl {
            let name = rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE
                .lookup_opcode(number)
                .map_or("an unknown instruction", |grammar| grammar.opname);
            return match name {
                "length" | "fast_length" | "distance" | "fast_distance" => {
                    let mut v = argument(0)?;
                    if name.ends_with("distance") {
                        v = self.binary_vector(out, Op::FSub, v, argument(1)?)?;
                    }
                    let length = self.opencl_length(out, set, ty, v)?;
                    out.push(copy(ty, id, length));
                    Ok(())
                }
                "normalize" | "fast_normalize" => {
                    // v / length(v), scaled by the largest magnitude as the
                    // builtins' normalize; a zero vector stays zero.
                    let (element, count) = result_long.ok_or_else(|| ErrorKind::Invalid(name.into()))?;
                    let (scaled, _, _) = self.opencl_scaled(out, set, element, argument(0)?, count)?;
                    let sum = self.fold_dot(out, element, &scaled, &scaled)?;
                    let root = self.emit_ext(out, element, set, self.opencl_number("sqrt"), &[sum]);
                    let zero = self.float_constant(element, 0.0);
                    let one = self.float_constant(element, 1.0);
                    let boolean = self.bool_type();
                    let is_zero = self.emit(out, Op::FOrdEqual, boolean, ids(&[root, zero]));
                    let divisor = self.emit(out, Op::Select, element, ids(&[is_zero, one, root]));
                    let parts: Vec<Word> =
                        scaled.iter().map(|&part| self.emit(out, Op::FDiv, element, ids(&[part, divisor]))).collect();
                    construct(out, ty, id, &parts);
                    Ok(())
                }
                "select" => {
                    // On vectors the most significant bit of each component of
                    // c picks b (on scalars any nonzero c does): a signed
                    // comparison with zero per component.
                    let (element, count) = result_long.ok_or_else(|| ErrorKind::Invalid(name.into()))?;
                    let (a, b, c) = (argument(0)?, argument(1)?, argument(2)?);
                    let boolean = self.bool_type();
                    self.gather(out, ty, id, count, |this, out, k| {
                        let (a_k, b_k, c_k) =
                            (this.component(out, a, k)?, this.component(out, b, k)?, this.component(out, c, k)?);
                        let c_type = this.declared.get(&c_k).copied().unwrap_or(0);
                        let zero = this.constant(c_type, 0);
                        let negative = this.emit(out, Op::SLessThan, boolean, ids(&[c_k, zero]));
                        Ok(this.emit(out, Op::Select, element, ids(&[negative, b_k, a_k])))
                    })
                }
                "cross" | "vloadn" | "vstoren" | "vload_halfn" | "vstore_halfn" | "vstore_halfn_r" | "vloada_halfn"
                | "vstorea_halfn" | "vstorea_halfn_r" | "shuffle" | "shuffle2" | "printf" | "prefetch" | "vload_half"
                | "vstore_half" | "vstore_half_r" => Err(ErrorKind::Invalid(format!(
                    "OpenCL.std {name} on a long vector (its vectors have 2, 3, 4, 8 or 16 components)"
                ))),
                _ => {
                    if result_long.is_none() {
                        return Err(ErrorKind::Invalid(format!(
                            "OpenCL.std {name} with a long vector operand and a result of another type"
                        )));
                    }
                    self.elementwise(inst, out, 2)
                }
            };
        }
        Err(ErrorKind::Unsupported(
            "an instruction of an extended set other than GLSL.std.450 and OpenCL.std on a long vector".into(),
        ))
    }

    /// `OpCompositeConstruct` of `ty` as `id` from `component(k)` for each
    /// of the `count` components.
    fn gather(
        &mut self,
        out: &mut Vec<Instruction>,
        ty: Word,
        id: Word,
        count: u64,
        mut component: impl FnMut(&mut Self, &mut Vec<Instruction>, u64) -> Result<Word, ErrorKind>,
    ) -> Result<(), ErrorKind> {
        let mut parts = Vec::with_capacity(count as usize);
        for k in 0..count {
            parts.push(component(self, out, k)?);
        }
        construct(out, ty, id, &parts);
        Ok(())
    }

    /// The number of the OpenCL.std instruction `name`.
    fn opencl_number(&self, name: &str) -> u32 {
        (0..=200)
            .find(|&number| {
                rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE
                    .lookup_opcode(number)
                    .is_some_and(|grammar| grammar.opname == name)
            })
            .unwrap_or(u32::MAX)
    }

    /// The components of the long vector `v` divided by the largest
    /// magnitude among them (1 when that is 0 or infinite), that scale, and
    /// the magnitudes: the builtins' overflow-free length (rules.rs,
    /// `scale_by_largest`).
    fn opencl_scaled(
        &mut self,
        out: &mut Vec<Instruction>,
        set: Word,
        element: Word,
        v: Word,
        count: u64,
    ) -> Result<(Vec<Word>, Word, Vec<Word>), ErrorKind> {
        let (fabs, fmax) = (self.opencl_number("fabs"), self.opencl_number("fmax"));
        let mut components = Vec::new();
        let mut magnitudes = Vec::new();
        for k in 0..count {
            let component = self.component(out, v, k)?;
            components.push(component);
            magnitudes.push(self.emit_ext(out, element, set, fabs, &[component]));
        }
        let mut largest = *magnitudes.first().ok_or_else(|| ErrorKind::Invalid("an empty vector".into()))?;
        for &magnitude in &magnitudes[1..] {
            largest = self.emit_ext(out, element, set, fmax, &[largest, magnitude]);
        }
        let zero = self.float_constant(element, 0.0);
        let one = self.float_constant(element, 1.0);
        let infinity = self.float_constant(element, f64::INFINITY);
        let boolean = self.bool_type();
        let is_zero = self.emit(out, Op::FOrdEqual, boolean, ids(&[largest, zero]));
        let is_infinite = self.emit(out, Op::FOrdEqual, boolean, ids(&[largest, infinity]));
        let degenerate = self.emit(out, Op::LogicalOr, boolean, ids(&[is_zero, is_infinite]));
        let scale = self.emit(out, Op::Select, element, ids(&[degenerate, one, largest]));
        let scaled = components.iter().map(|&component| self.emit(out, Op::FDiv, element, ids(&[component, scale]))).collect();
        Ok((scaled, scale, magnitudes))
    }

    /// OpenCL's `length` of the long vector `v`: `m * sqrt(dot(v / m, v / m))`
    /// with `m` the largest magnitude, infinite when a component is.
    fn opencl_length(&mut self, out: &mut Vec<Instruction>, set: Word, element: Word, v: Word) -> Result<Word, ErrorKind> {
        let (_, count) = self.long_of(v).ok_or_else(|| ErrorKind::Invalid("length of no long vector".into()))?;
        let (scaled, scale, magnitudes) = self.opencl_scaled(out, set, element, v, count)?;
        let sum = self.fold_dot(out, element, &scaled, &scaled)?;
        let root = self.emit_ext(out, element, set, self.opencl_number("sqrt"), &[sum]);
        let result = self.emit(out, Op::FMul, element, ids(&[root, scale]));
        let infinity = self.float_constant(element, f64::INFINITY);
        let boolean = self.bool_type();
        let infinite: Vec<Word> = magnitudes
            .iter()
            .map(|&magnitude| self.emit(out, Op::FOrdEqual, boolean, ids(&[magnitude, infinity])))
            .collect();
        let any_infinite = self.fold(out, Op::LogicalOr, boolean, &infinite)?;
        Ok(self.emit(out, Op::Select, element, ids(&[any_infinite, infinity, result])))
    }

    /// `op` of the long vectors `a` and `b`, component by component, as a
    /// new long vector of `a`'s type.
    fn binary_vector(&mut self, out: &mut Vec<Instruction>, op: Op, a: Word, b: Word) -> Result<Word, ErrorKind> {
        let ty = self.declared.get(&a).copied().unwrap_or(0);
        let (element, count) =
            self.vectors.get(&ty).copied().ok_or_else(|| ErrorKind::Invalid(format!("%{a} is not a vector")))?;
        let mut parts = Vec::new();
        for k in 0..count {
            let (a_k, b_k) = (self.component(out, a, k)?, self.component(out, b, k)?);
            parts.push(self.emit(out, op, element, ids(&[a_k, b_k])));
        }
        let id = self.fresh();
        construct(out, ty, id, &parts);
        self.declared.insert(id, ty);
        Ok(id)
    }

    /// The dot product of the long vectors `a` and `b` (in component order).
    fn dot(&mut self, out: &mut Vec<Instruction>, element: Word, a: Word, b: Word) -> Result<Word, ErrorKind> {
        let count = self.vector_count(a)?;
        let mut first = Vec::new();
        let mut second = Vec::new();
        for k in 0..count {
            first.push(self.component(out, a, k)?);
            second.push(self.component(out, b, k)?);
        }
        self.fold_dot(out, element, &first, &second)
    }

    /// The sum of the products `a[k] * b[k]` in order.
    fn fold_dot(&mut self, out: &mut Vec<Instruction>, element: Word, a: &[Word], b: &[Word]) -> Result<Word, ErrorKind> {
        let products: Vec<Word> =
            a.iter().zip(b).map(|(&x, &y)| self.emit(out, Op::FMul, element, ids(&[x, y]))).collect();
        self.fold(out, Op::FAdd, element, &products)
    }

    /// `terms` combined by `op` from the first in order.
    fn fold(&mut self, out: &mut Vec<Instruction>, op: Op, ty: Word, terms: &[Word]) -> Result<Word, ErrorKind> {
        let mut total = *terms.first().ok_or_else(|| ErrorKind::Invalid("an empty vector".into()))?;
        for &term in &terms[1..] {
            total = self.emit(out, op, ty, ids(&[total, term]));
        }
        Ok(total)
    }

    /// `OpExtInst` `number` of `set` on `arguments`.
    fn emit_ext(&mut self, out: &mut Vec<Instruction>, ty: Word, set: Word, number: u32, arguments: &[Word]) -> Word {
        let mut operands = vec![Operand::IdRef(set), Operand::LiteralExtInstInteger(number)];
        operands.extend(arguments.iter().map(|&argument| Operand::IdRef(argument)));
        self.emit(out, Op::ExtInst, ty, operands)
    }

    /// A floating-point constant `value` (0, 1 or infinity) of type `ty`.
    fn float_constant(&mut self, ty: Word, value: f64) -> Word {
        let width = self.scalars.get(&ty).map_or(32, |scalar| scalar.width);
        let bits = match width {
            16 if value == 0.0 => 0,
            16 if value == 1.0 => 0x3c00,
            16 => 0x7c00,
            64 => value.to_bits(),
            _ => u64::from((value as f32).to_bits()),
        };
        self.constant(ty, bits)
    }

    /// A 32-bit unsigned integer type, made (among the late globals) when
    /// the module has none.
    fn uint_type(&mut self) -> Word {
        let mut late = std::mem::take(&mut self.late_globals);
        let id = self.uint_type_in(&mut late);
        self.late_globals = late;
        id
    }

    /// A 32-bit unsigned integer type, made into `sink` when the module has
    /// none.
    fn uint_type_in(&mut self, sink: &mut Vec<Instruction>) -> Word {
        if let Some(uint) = self.uint {
            return uint;
        }
        let id = self.fresh();
        sink.push(unsigned_int_type(id, 32));
        self.scalars.insert(id, Scalar { width: 32, signed: false });
        self.uint = Some(id);
        id
    }

    /// A pointer type to `pointee` in storage class `class`.
    fn pointer_type(&mut self, class: u32, pointee: Word) -> Word {
        if let Some(&id) = self.made_pointers.get(&(class, pointee)) {
            return id;
        }
        // The lowest of the module's own (deterministic output).
        if let Some(id) = self.pointers.iter().filter(|(_, pair)| **pair == (class, pointee)).map(|(&id, _)| id).min() {
            return id;
        }
        let id = self.fresh();
        let storage_class = rspirv::spirv::StorageClass::from_u32(class).unwrap_or(rspirv::spirv::StorageClass::Function);
        self.late_globals.push(Instruction::new(
            Op::TypePointer,
            None,
            Some(id),
            vec![Operand::StorageClass(storage_class), Operand::IdRef(pointee)],
        ));
        self.made_pointers.insert((class, pointee), id);
        id
    }

    /// A struct of `first` and `second` (the result of one component's
    /// `OpIAddCarry`, `ModfStruct`...).
    fn struct_type(&mut self, first: Word, second: Word) -> Word {
        if let Some(&id) = self.made_structs.get(&(first, second)) {
            return id;
        }
        let id = self.fresh();
        self.late_globals.push(Instruction::new(Op::TypeStruct, None, Some(id), ids(&[first, second])));
        self.made_structs.insert((first, second), id);
        id
    }
}


/// `OpCopyObject` of `value` as `id`.
fn copy(ty: Word, id: Word, value: Word) -> Instruction {
    Instruction::new(Op::CopyObject, Some(ty), Some(id), vec![Operand::IdRef(value)])
}

/// GLSL.std.450 `Sqrt`.
const GLSL_SQRT: u32 = 31;

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
