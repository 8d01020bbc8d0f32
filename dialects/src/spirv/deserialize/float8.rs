//! SPV_EXT_float8, rewritten on the words before import (docs/import.md,
//! "8-bit floats"): the dialect (MLIR 22) has no 8-bit float type, and the
//! extension lets a module only store, move and convert such values (and
//! use them in cooperative matrices), so they are held as their bits.
//!
//! - `OpTypeFloat 8` with the `Float8E4M3EXT` (OCP E4M3: bias 7, no
//!   infinities, NaN `S.1111.111`, largest 448) or `Float8E5M2EXT` (bias
//!   15, IEEE-like: infinities, NaNs; largest 57344) encoding becomes
//!   `OpTypeInt 8 0` under the same `<id>`: loads, stores, composites,
//!   `OpSelect`, `OpPhi`, `OpBitcast` (now between integers of one width)
//!   and constants (their literal is the bits) take it as they are.
//! - `OpFConvert` from or to one, per component (a long vector's
//!   `OpTypeVectorIdEXT` count specialized as a matrix's size below): decoding is exact (to
//!   `f32`, whence `OpFConvert` to `f16` or `f64` is exact too); encoding
//!   rounds an `f32` to nearest even on its bits (an `f16` widened first,
//!   exactly; an `f64` narrowed to `f32` rounding to odd, so that the one
//!   rounding is the conversion's), subnormals through an exact scaling and
//!   the `2^23` rounding trick. A value beyond the largest finite one gives
//!   NaN (E4M3) or infinity (E5M2), or the largest finite value with the
//!   `SaturatedToLargestFloat8NormalConversionEXT` decoration (infinities
//!   too); NaNs stay NaNs (E4M3 `0x7F`, E5M2 `0x7E`, the sign kept).
//! - Cooperative matrices of them (`Float8CooperativeMatrixEXT`) are
//!   matrices of the bits: loads, stores and the length as they are;
//!   `OpFConvert` of one element by element (extracted, converted as above,
//!   inserted; rows and columns may be specialization constants or
//!   `OpSpecConstantOp`s on them: the `--spec` values, else the defaults,
//!   give the count, as the importer will); an `OpCooperativeMatrixMulAddKHR` with 8-bit float A, B or
//!   C decodes those to `f32` matrices first (exact), a result of 8-bit
//!   floats is invalid.
//! - `OpFDot4MixAcc32VALVE` (SPV_VALVE_mixed_float_dot_product) of two
//!   4-vectors of them into an `f32`: decoded, the products (exact) summed
//!   in order, then added to the accumulator, in `f32`. rspirv's grammar
//!   lacks it: it is parsed as an `OpCompositeConstruct` of the same words.
//! - Any other instruction on an 8-bit float (arithmetic, comparisons,
//!   other conversions) is invalid SPIR-V, and so refused with its opcode.
//!
//! The `Float8EXT` and `Float8CooperativeMatrixEXT` capabilities and the
//! extension go; `Int8` comes (the bits are 8-bit integers).

use std::collections::HashMap;

use rspirv::{
    dr::{Instruction, Operand},
    spirv::{Capability, Op, Word},
};

use super::{
    DeserializeError, ErrorKind,
    reader::Inst,
    rewrite::{Rewritten, id_operands as ids, unsigned_int_type},
    spec::{SpecValue, WordConstants},
};

/// The `Float8E4M3EXT` and `Float8E5M2EXT` floating-point encodings.
const FLOAT8_E4M3: u32 = 4214;
const FLOAT8_E5M2: u32 = 4215;
/// The `Float8EXT` and `Float8CooperativeMatrixEXT` capabilities.
const FLOAT8_CAPABILITIES: [u32; 2] = [4212, 4213];
/// The `SaturatedToLargestFloat8NormalConversionEXT` decoration.
const SATURATED: u32 = 4216;

/// An 8-bit float format: exponent and mantissa bits, exponent bias.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    E4M3,
    E5M2,
}

impl Format {
    fn mantissa_bits(self) -> u32 {
        match self {
            Format::E4M3 => 3,
            Format::E5M2 => 2,
        }
    }

    fn bias(self) -> u32 {
        match self {
            Format::E4M3 => 7,
            Format::E5M2 => 15,
        }
    }

    /// The bits of the largest finite magnitude.
    fn largest(self) -> u32 {
        match self {
            Format::E4M3 => 0x7E,
            Format::E5M2 => 0x7B,
        }
    }

    /// The bits of a quiet NaN's magnitude.
    fn nan(self) -> u32 {
        match self {
            Format::E4M3 => 0x7F,
            Format::E5M2 => 0x7E,
        }
    }

    /// The magnitude bits a value beyond the largest finite one gets
    /// without saturation: NaN (E4M3 has no infinity) or infinity.
    fn overflow(self) -> u32 {
        match self {
            Format::E4M3 => 0x7F,
            Format::E5M2 => 0x7C,
        }
    }
}

/// Whether the module declares an 8-bit float type.
pub(super) fn applies(instructions: &[Inst<'_>]) -> bool {
    instructions.iter().any(|inst| {
        inst.opcode == Op::TypeFloat as u16 && matches!(inst.words, [_, 8, FLOAT8_E4M3 | FLOAT8_E5M2])
    })
}

/// Rewrites the module's 8-bit floats (see the module's documentation), or
/// `None` when it has none. `spec_values` specialize the sizes of the
/// cooperative matrices and long vectors converted element by element, as
/// the importer will (docs/import.md, "Specialization").
pub(super) fn rewrite(
    words: &[u32],
    instructions: &[Inst<'_>],
    spec_values: &[(u32, SpecValue)],
) -> Result<Option<Rewritten>, DeserializeError> {
    if !applies(instructions) {
        return Ok(None);
    }
    // OpFDot4MixAcc32VALVE (SPV_VALVE_mixed_float_dot_product, which
    // rspirv's grammar lacks) takes 8-bit floats: parsed as an
    // OpCompositeConstruct of the same words and expanded below; its
    // capability (also unknown to rspirv) becomes Int8, which the
    // expansion needs anyway.
    // Its siblings OpFDot2MixAcc32VALVE and OpFDot2MixAcc16VALVE take no
    // 8-bit floats: parsed the same way, left alone, and given their
    // opcodes back after the rewrite (found by result <id>), for the
    // importer's own expansion of them.
    let mut patched = words.to_vec();
    let mut fdot4 = Vec::new();
    let mut fdot2 = HashMap::new();
    let (mut at, mut index) = (5, 0);
    while let Some(&first) = words.get(at) {
        let count = (first >> 16) as usize;
        if count == 0 {
            break;
        }
        match first & 0xFFFF {
            opcode if opcode == u32::from(super::newer_grammar::FDOT4_MIX_ACC32_VALVE) => {
                patched[at] = (first & 0xFFFF_0000) | Op::CompositeConstruct as u32;
                fdot4.push(index);
            }
            opcode
                if opcode == u32::from(super::newer_grammar::FDOT2_MIX_ACC32_VALVE)
                    || opcode == u32::from(super::newer_grammar::FDOT2_MIX_ACC16_VALVE) =>
            {
                patched[at] = (first & 0xFFFF_0000) | Op::CompositeConstruct as u32;
                if let Some(&result) = words.get(at + 2) {
                    fdot2.insert(result, opcode);
                }
            }
            opcode if opcode == Op::Capability as u32
                && words.get(at + 1).is_some_and(|&value| super::newer_grammar::capability(value).is_some()) =>
            {
                patched[at + 1] = Capability::Int8 as u32;
            }
            _ => {}
        }
        at += count;
        index += 1;
    }
    let (header, parsed, offsets) = super::rewrite::parse(&patched, instructions)?;
    let mut rewriter = Float8 { next_id: header.bound, fdot4, sizes: WordConstants::new(spec_values), ..Float8::default() };
    let out = rewriter.run(parsed, &offsets)?;
    let mut rewritten = super::rewrite::assemble(header, rewriter.next_id, &out)?;
    restore_opcodes(&mut rewritten.words, &fdot2);
    Ok(Some(rewritten))
}

/// Gives the `OpCompositeConstruct`s whose result `<id>` `opcodes` names
/// that opcode back (instructions parsed under another opcode's name).
fn restore_opcodes(words: &mut [u32], opcodes: &HashMap<Word, u32>) {
    let mut at = 5;
    while let Some(&first) = words.get(at) {
        let count = (first >> 16) as usize;
        if count == 0 {
            break;
        }
        if first & 0xFFFF == Op::CompositeConstruct as u32
            && let Some(&opcode) = words.get(at + 2).and_then(|result| opcodes.get(result))
        {
            words[at] = (first & 0xFFFF_0000) | opcode;
        }
        at += count;
    }
}

#[derive(Default)]
struct Float8<'s> {
    next_id: Word,
    /// The integer values of constants, specialization constants (the
    /// `--spec` values applied, else their defaults) and the
    /// `OpSpecConstantOp`s on them: the sizes of matrices and long vectors.
    sizes: WordConstants<'s>,
    /// The 8-bit float types by `<id>`.
    formats: HashMap<Word, Format>,
    /// Vector types by `<id>`: component type and count (`None`: an
    /// `OpTypeVectorIdEXT` whose count is not computable here).
    vectors: HashMap<Word, (Word, Option<u32>)>,
    /// Cooperative matrix types by `<id>`: component type, element count
    /// (rows times columns, specialized; `None` when either is not
    /// computable here) and the type's other operands (scope, rows,
    /// columns, use).
    matrices: HashMap<Word, (Word, Option<u32>, [Word; 4])>,
    /// The f32 cooperative matrix type made for a matrix type's shape.
    f32_matrices: HashMap<[Word; 4], Word>,
    /// The indexes of the `OpFDot4MixAcc32VALVE` instructions (parsed as
    /// `OpCompositeConstruct`s: rspirv's grammar lacks them).
    fdot4: Vec<usize>,
    /// Float types other than 8-bit ones by `<id>`: their width.
    floats: HashMap<Word, u32>,
    /// The type each value is declared with.
    declared: HashMap<Word, Word>,
    /// Results decorated `SaturatedToLargestFloat8NormalConversionEXT`.
    saturated: Vec<Word>,
    /// Types found or made: unsigned integers by width, `f32`, `bool`.
    unsigned: HashMap<u32, Word>,
    float32: Option<Word>,
    boolean: Option<Word>,
    /// Constants made, by (type, bits).
    made_constants: HashMap<(Word, u64), Word>,
    /// Types and constants made (after the module's globals).
    late_globals: Vec<Instruction>,
}

impl Float8<'_> {
    fn fresh(&mut self) -> Word {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    fn run(&mut self, input: Vec<Instruction>, offsets: &[usize]) -> Result<Vec<(Instruction, usize)>, DeserializeError> {
        for inst in &input {
            if let (Some(ty), Some(id)) = (inst.result_type, inst.result_id) {
                self.declared.insert(id, ty);
            }
            self.sizes.record(inst);
            let id = inst.result_id.unwrap_or(0);
            match (inst.class.opcode, &inst.operands[..]) {
                (Op::TypeFloat, [Operand::LiteralBit32(8), encoding]) => {
                    let format = match encoding {
                        Operand::FPEncoding(encoding) if *encoding as u32 == FLOAT8_E4M3 => Format::E4M3,
                        Operand::FPEncoding(encoding) if *encoding as u32 == FLOAT8_E5M2 => Format::E5M2,
                        Operand::LiteralBit32(FLOAT8_E4M3) => Format::E4M3,
                        Operand::LiteralBit32(FLOAT8_E5M2) => Format::E5M2,
                        _ => continue,
                    };
                    self.formats.insert(id, format);
                }
                // bfloat16 widens to f32 exactly too, and f32 narrows to it.
                (Op::TypeFloat, [Operand::LiteralBit32(16), _]) => {
                    self.floats.insert(id, 16);
                }
                (Op::TypeFloat, [Operand::LiteralBit32(width)]) => {
                    self.floats.insert(id, *width);
                    if *width == 32 {
                        self.float32.get_or_insert(id);
                    }
                }
                (Op::TypeInt, [Operand::LiteralBit32(width), Operand::LiteralBit32(0)]) => {
                    self.unsigned.entry(*width).or_insert(id);
                }
                (Op::TypeBool, _) => {
                    self.boolean.get_or_insert(id);
                }
                (Op::TypeVector, [Operand::IdRef(element), Operand::LiteralBit32(count)]) => {
                    self.vectors.insert(id, (*element, Some(*count)));
                }
                // SPV_EXT_long_vector's, rewritten after this one: its count
                // may be a specialization constant.
                (Op::TypeVectorIdEXT, [Operand::IdRef(element), Operand::IdRef(count)]) => {
                    self.vectors.insert(id, (*element, self.size(*count)));
                }
                (
                    Op::TypeCooperativeMatrixKHR,
                    [Operand::IdRef(component), Operand::IdScope(scope), Operand::IdRef(rows), Operand::IdRef(columns), Operand::IdRef(usage)],
                ) => {
                    let count = match (self.size(*rows), self.size(*columns)) {
                        (Some(rows), Some(columns)) => rows.checked_mul(columns),
                        _ => None,
                    };
                    self.matrices.insert(id, (*component, count, [*scope, *rows, *columns, *usage]));
                }
                (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(decoration), ..])
                    if *decoration as u32 == SATURATED =>
                {
                    self.saturated.push(*target);
                }
                _ => {}
            }
        }
        let functions_start = input.iter().position(|inst| inst.class.opcode == Op::Function).unwrap_or(input.len());
        let mut result = Vec::new();
        let mut has_int8 = false;
        for (inst, &offset) in input[..functions_start].iter().zip(offsets) {
            match (inst.class.opcode, inst.operands.first()) {
                (Op::Capability, Some(Operand::Capability(capability))) => {
                    if FLOAT8_CAPABILITIES.contains(&(*capability as u32)) {
                        continue;
                    }
                    has_int8 |= *capability == Capability::Int8;
                }
                (Op::Extension, Some(Operand::LiteralString(name))) if name == "SPV_EXT_float8" => continue,
                (Op::Decorate, Some(Operand::IdRef(_)))
                    if matches!(inst.operands.get(1), Some(Operand::Decoration(decoration)) if *decoration as u32 == SATURATED) =>
                {
                    continue;
                }
                (Op::TypeFloat, _) if inst.result_id.is_some_and(|id| self.formats.contains_key(&id)) => {
                    result.push((
                        Instruction::new(
                            Op::TypeInt,
                            None,
                            inst.result_id,
                            vec![Operand::LiteralBit32(8), Operand::LiteralBit32(0)],
                        ),
                        offset,
                    ));
                    continue;
                }
                _ => {}
            }
            result.push((inst.clone(), offset));
        }
        if !has_int8 {
            result.insert(0, (Instruction::new(Op::Capability, None, None, vec![Operand::Capability(Capability::Int8)]), 0));
        }
        let mut functions = Vec::new();
        for (index, (inst, &offset)) in input[functions_start..].iter().zip(&offsets[functions_start..]).enumerate() {
            let mut out = Vec::new();
            let outcome = if self.fdot4.contains(&(functions_start + index)) {
                self.fdot4_mix_acc32(inst, &mut out)
            } else {
                self.instruction(inst, &mut out)
            };
            outcome.map_err(|kind| DeserializeError::new(offset, kind))?;
            functions.extend(out.into_iter().map(|inst| (inst, offset)));
        }
        let function_offset = offsets.get(functions_start).copied().unwrap_or(0);
        result.extend(std::mem::take(&mut self.late_globals).into_iter().map(|inst| (inst, function_offset)));
        result.extend(functions);
        Ok(result)
    }

    /// The 32-bit value of the integer (specialization) constant `<id>`, the
    /// specialization applied: a size.
    fn size(&self, id: Word) -> Option<u32> {
        match self.sizes.value(id)? {
            (bits, 32) => u32::try_from(bits).ok(),
            _ => None,
        }
    }

    /// The 8-bit float format of type `ty` (or of its components).
    fn format_of(&self, ty: Word) -> Option<Format> {
        let component = self.vectors.get(&ty).map_or(ty, |(component, _)| *component);
        let component = self.matrices.get(&component).map_or(component, |(component, _, _)| *component);
        self.formats.get(&component).copied()
    }

    /// A function instruction: `OpFConvert` from or to 8-bit floats
    /// expanded, instructions that only move values kept, any other on one
    /// refused.
    fn instruction(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let op = inst.class.opcode;
        let result_format = inst.result_type.and_then(|ty| self.format_of(ty));
        let operand_format = inst.operands.iter().find_map(|operand| match operand {
            Operand::IdRef(id) => self.declared.get(id).and_then(|ty| self.format_of(*ty)),
            _ => None,
        });
        if result_format.is_none() && operand_format.is_none() {
            out.push(inst.clone());
            return Ok(());
        }
        match op {
            Op::FConvert => self.convert(inst, out),
            Op::Load
            | Op::Store
            | Op::CopyObject
            | Op::CopyLogical
            | Op::CopyMemory
            | Op::Phi
            | Op::Select
            | Op::Undef
            | Op::Variable
            | Op::FunctionParameter
            | Op::FunctionCall
            | Op::ReturnValue
            | Op::CompositeConstruct
            | Op::CompositeExtract
            | Op::CompositeInsert
            | Op::VectorShuffle
            | Op::VectorExtractDynamic
            | Op::VectorInsertDynamic
            | Op::Bitcast
            | Op::AccessChain
            | Op::InBoundsAccessChain
            | Op::PtrAccessChain
            | Op::CooperativeMatrixLoadKHR
            | Op::CooperativeMatrixStoreKHR
            | Op::CooperativeMatrixLengthKHR => {
                out.push(inst.clone());
                Ok(())
            }
            Op::CooperativeMatrixMulAddKHR if result_format.is_none() => self.mul_add(inst, out),
            _ => Err(ErrorKind::Invalid(format!(
                "Op{op:?} on 8-bit floats (SPV_EXT_float8 allows conversions, copies and cooperative matrices)"
            ))),
        }
    }

    /// `OpFConvert` with an 8-bit float operand or result, per component.
    fn convert(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let (Some(ty), Some(id), Some(Operand::IdRef(value))) = (inst.result_type, inst.result_id, inst.operands.first())
        else {
            return Err(ErrorKind::Malformed("OpFConvert without a type, a result and an operand".into()));
        };
        let from_type = self.declared.get(value).copied().unwrap_or(0);
        if self.matrices.contains_key(&from_type) || self.matrices.contains_key(&ty) {
            return self.convert_matrix(*value, from_type, ty, id, out);
        }
        let (from, count) = self.vectors.get(&from_type).copied().map_or((from_type, None), |(c, n)| (c, Some(n)));
        let to = self.vectors.get(&ty).map_or(ty, |(component, _)| *component);
        let count = match count {
            Some(Some(count)) if count <= 1024 => Some(count),
            Some(_) => {
                return Err(ErrorKind::Unsupported(
                    "OpFConvert of a vector of 8-bit floats whose component count is not computable here (an integer constant, specialization constant or OpSpecConstantOp on them) or above 1024".into(),
                ));
            }
            None => None,
        };
        let saturate = self.saturated.contains(&id);
        let mut parts = Vec::new();
        for k in 0..count.unwrap_or(1) {
            let component = match count {
                Some(_) => self.emit(out, Op::CompositeExtract, from, vec![Operand::IdRef(*value), Operand::LiteralBit32(k)]),
                None => *value,
            };
            // Through f32: decoded exactly, or narrowed so that one
            // rounding is left.
            let single = match (self.formats.get(&from).copied(), self.floats.get(&from).copied()) {
                (Some(format), _) => self.decode(out, format, component),
                (None, Some(32)) => component,
                (None, Some(16)) => {
                    let f32_type = self.float32_type();
                    self.emit(out, Op::FConvert, f32_type, vec![Operand::IdRef(component)])
                }
                (None, Some(64)) => self.round_to_odd(out, component),
                _ => return Err(ErrorKind::Invalid("OpFConvert of a value that is not a float".into())),
            };
            parts.push(match (self.formats.get(&to).copied(), self.floats.get(&to).copied()) {
                (Some(format), _) => self.encode(out, format, single, saturate),
                (None, Some(32)) => single,
                (None, Some(_)) => self.emit(out, Op::FConvert, to, vec![Operand::IdRef(single)]),
                _ => return Err(ErrorKind::Invalid("OpFConvert to a type that is not a float".into())),
            });
        }
        out.push(match count {
            Some(_) => Instruction::new(Op::CompositeConstruct, Some(ty), Some(id), ids(&parts)),
            None => Instruction::new(Op::CopyObject, Some(ty), Some(id), ids(&parts)),
        });
        Ok(())
    }

    /// One component converted through `f32` (see [`Self::convert`]):
    /// `component` of type `from` to a component of type `to`.
    fn convert_component(
        &mut self,
        out: &mut Vec<Instruction>,
        component: Word,
        from: Word,
        to: Word,
        saturate: bool,
    ) -> Result<Word, ErrorKind> {
        let single = match (self.formats.get(&from).copied(), self.floats.get(&from).copied()) {
            (Some(format), _) => self.decode(out, format, component),
            (None, Some(32)) => component,
            (None, Some(16)) => {
                let f32_type = self.float32_type();
                self.emit(out, Op::FConvert, f32_type, vec![Operand::IdRef(component)])
            }
            (None, Some(64)) => self.round_to_odd(out, component),
            _ => return Err(ErrorKind::Invalid("OpFConvert of a value that is not a float".into())),
        };
        Ok(match (self.formats.get(&to).copied(), self.floats.get(&to).copied()) {
            (Some(format), _) => self.encode(out, format, single, saturate),
            (None, Some(32)) => single,
            (None, Some(_)) => self.emit(out, Op::FConvert, to, vec![Operand::IdRef(single)]),
            _ => return Err(ErrorKind::Invalid("OpFConvert to a type that is not a float".into())),
        })
    }

    /// `OpFConvert` of a cooperative matrix from or to 8-bit floats: element
    /// by element (`OpCompositeExtract` of each of its rows times columns
    /// elements, the invocation's portion here being the whole matrix,
    /// then `OpCompositeInsert`s into an undefined matrix: a cooperative
    /// matrix takes no per-element construction); `id` the result.
    fn convert_matrix(&mut self, value: Word, from_type: Word, ty: Word, id: Word, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let (Some(&(from, count, _)), Some(&(to, to_count, _))) = (self.matrices.get(&from_type), self.matrices.get(&ty)) else {
            return Err(ErrorKind::Invalid("OpFConvert between a cooperative matrix and another type".into()));
        };
        let Some(count) = count.filter(|&count| Some(count) == to_count && count <= 4096) else {
            return Err(ErrorKind::Unsupported(
                "OpFConvert of a cooperative matrix of 8-bit floats whose size is not computable here (an integer constant, specialization constant or OpSpecConstantOp on them), differs from the result's, or is above 4096 elements".into(),
            ));
        };
        let saturate = self.saturated.contains(&id);
        let mut matrix = self.emit(out, Op::Undef, ty, vec![]);
        for k in 0..count {
            let component = self.emit(out, Op::CompositeExtract, from, vec![Operand::IdRef(value), Operand::LiteralBit32(k)]);
            let converted = self.convert_component(out, component, from, to, saturate)?;
            let operands = vec![Operand::IdRef(converted), Operand::IdRef(matrix), Operand::LiteralBit32(k)];
            matrix = if k + 1 == count {
                out.push(Instruction::new(Op::CompositeInsert, Some(ty), Some(id), operands));
                self.declared.insert(id, ty);
                id
            } else {
                self.emit(out, Op::CompositeInsert, ty, operands)
            };
        }
        Ok(())
    }

    /// The `f32` cooperative matrix type of the shape of matrix type `ty`.
    fn f32_matrix_type(&mut self, ty: Word) -> Result<Word, ErrorKind> {
        let (_, count, shape) = *self.matrices.get(&ty).ok_or_else(|| ErrorKind::Invalid("a matrix type".into()))?;
        if let Some(&id) = self.f32_matrices.get(&shape) {
            return Ok(id);
        }
        let f32_type = self.float32_type();
        let id = self.fresh();
        let mut operands = vec![Operand::IdRef(f32_type)];
        operands.push(Operand::IdScope(shape[0]));
        operands.extend(shape[1..].iter().map(|&word| Operand::IdRef(word)));
        self.late_globals.push(Instruction::new(Op::TypeCooperativeMatrixKHR, None, Some(id), operands));
        self.matrices.insert(id, (f32_type, count, shape));
        self.f32_matrices.insert(shape, id);
        Ok(id)
    }

    /// `OpCooperativeMatrixMulAddKHR` with 8-bit float A, B or C (not the
    /// result): each such operand decoded to an `f32` matrix of its shape
    /// (exact), then the multiply-add of those (the lowering narrows them to
    /// an `f16` result exactly: every E4M3 and E5M2 value is a half).
    fn mul_add(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let mut operands = inst.operands.clone();
        for operand in operands.iter_mut().take(3) {
            let Operand::IdRef(value) = *operand else { continue };
            let ty = self.declared.get(&value).copied().unwrap_or(0);
            if self.format_of(ty).is_none() {
                continue;
            }
            let wide_type = self.f32_matrix_type(ty)?;
            let wide = self.fresh();
            self.convert_matrix(value, ty, wide_type, wide, out)?;
            *operand = Operand::IdRef(wide);
        }
        out.push(Instruction::new(Op::CooperativeMatrixMulAddKHR, inst.result_type, inst.result_id, operands));
        Ok(())
    }

    /// `OpFDot4MixAcc32VALVE` of 8-bit float 4-vectors into an `f32`
    /// accumulator: each component decoded (exact), the four products
    /// (exact in `f32`: at most 8 significant bits) summed in order, then
    /// added to the accumulator: `acc + (((p0 + p1) + p2) + p3)` in `f32`,
    /// as `OpFDot2MixAcc32VALVE` sums its two (newer_grammar.rs).
    fn fdot4_mix_acc32(&mut self, inst: &Instruction, out: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let name = "OpFDot4MixAcc32VALVE";
        let (Some(ty), Some(id), [Operand::IdRef(a), Operand::IdRef(b), Operand::IdRef(acc)]) =
            (inst.result_type, inst.result_id, inst.operands.as_slice())
        else {
            return Err(ErrorKind::Malformed(format!("{name} takes a result type, a result and three operands")));
        };
        let f32_type = self.float32_type();
        let shape = |this: &Self, value: &Word| {
            let ty = this.declared.get(value).copied().unwrap_or(0);
            this.vectors.get(&ty).copied().filter(|&(component, count)| count == Some(4) && this.formats.contains_key(&component))
        };
        let (Some((a_component, _)), Some((b_component, _))) = (shape(self, a), shape(self, b)) else {
            return Err(ErrorKind::Invalid(format!("{name} of operands that are not 4-vectors of 8-bit floats")));
        };
        if ty != f32_type || self.declared.get(acc) != Some(&f32_type) {
            return Err(ErrorKind::Invalid(format!("{name} whose result or accumulator is not a 32-bit float")));
        }
        let mut sum = None;
        for k in 0..4 {
            let x = self.emit(out, Op::CompositeExtract, a_component, vec![Operand::IdRef(*a), Operand::LiteralBit32(k)]);
            let y = self.emit(out, Op::CompositeExtract, b_component, vec![Operand::IdRef(*b), Operand::LiteralBit32(k)]);
            let (a_format, b_format) = (self.formats[&a_component], self.formats[&b_component]);
            let x = self.decode(out, a_format, x);
            let y = self.decode(out, b_format, y);
            let product = self.emit(out, Op::FMul, f32_type, ids(&[x, y]));
            sum = Some(match sum {
                None => product,
                Some(sum) => self.emit(out, Op::FAdd, f32_type, ids(&[sum, product])),
            });
        }
        let dot = sum.unwrap_or(*acc);
        out.push(Instruction::new(Op::FAdd, Some(ty), Some(id), ids(&[*acc, dot])));
        self.declared.insert(id, ty);
        Ok(())
    }

    /// The `f32` value of the 8-bit float `bits` (exact).
    fn decode(&mut self, out: &mut Vec<Instruction>, format: Format, bits: Word) -> Word {
        let (u32_type, f32_type, bool_type) = (self.unsigned_type(32), self.float32_type(), self.bool_type());
        let mantissa_bits = format.mantissa_bits();
        let x = self.emit(out, Op::UConvert, u32_type, ids(&[bits]));
        let sign = self.binary(out, Op::BitwiseAnd, u32_type, x, 0x80);
        let sign = self.binary(out, Op::ShiftLeftLogical, u32_type, sign, 24);
        let magnitude = self.binary(out, Op::BitwiseAnd, u32_type, x, 0x7F);
        let exponent = self.binary(out, Op::ShiftRightLogical, u32_type, magnitude, u64::from(mantissa_bits));
        let mantissa = self.binary(out, Op::BitwiseAnd, u32_type, x, (1 << mantissa_bits) - 1);
        // Normal: the exponent rebiased, the mantissa at the top of f32's.
        let shifted = self.binary(out, Op::ShiftLeftLogical, u32_type, magnitude, u64::from(23 - mantissa_bits));
        let normal = self.binary(out, Op::IAdd, u32_type, shifted, u64::from(127 - format.bias()) << 23);
        // Subnormal: mantissa * 2^(1 - bias - mantissa bits), exact in f32.
        let float_mantissa = self.emit(out, Op::ConvertUToF, f32_type, ids(&[mantissa]));
        let scale = self.float_constant(f32_type, 2f32.powi(1 - format.bias() as i32 - mantissa_bits as i32));
        let subnormal = self.emit(out, Op::FMul, f32_type, ids(&[float_mantissa, scale]));
        let subnormal = self.emit(out, Op::Bitcast, u32_type, ids(&[subnormal]));
        let zero = self.constant(u32_type, 0);
        let is_subnormal = self.emit(out, Op::IEqual, bool_type, ids(&[exponent, zero]));
        let finite = self.emit(out, Op::Select, u32_type, ids(&[is_subnormal, subnormal, normal]));
        let special = match format {
            // NaN only: S.1111.111.
            Format::E4M3 => {
                let nan_bits = self.constant(u32_type, 0x7F);
                let is_nan = self.emit(out, Op::IEqual, bool_type, ids(&[magnitude, nan_bits]));
                let nan = self.constant(u32_type, 0x7FC0_0000);
                self.emit(out, Op::Select, u32_type, ids(&[is_nan, nan, finite]))
            }
            // Infinities and NaNs: the largest exponent, the mantissa kept.
            Format::E5M2 => {
                let top = self.constant(u32_type, 31);
                let is_special = self.emit(out, Op::IEqual, bool_type, ids(&[exponent, top]));
                let payload = self.binary(out, Op::ShiftLeftLogical, u32_type, mantissa, 21);
                let special = self.binary(out, Op::BitwiseOr, u32_type, payload, 0x7F80_0000);
                self.emit(out, Op::Select, u32_type, ids(&[is_special, special, finite]))
            }
        };
        let signed = self.emit(out, Op::BitwiseOr, u32_type, ids(&[special, sign]));
        self.emit(out, Op::Bitcast, f32_type, ids(&[signed]))
    }

    /// The 8-bit float bits of the `f32` `value`, to nearest even.
    fn encode(&mut self, out: &mut Vec<Instruction>, format: Format, value: Word, saturate: bool) -> Word {
        let (u32_type, f32_type, bool_type) = (self.unsigned_type(32), self.float32_type(), self.bool_type());
        let u8_type = self.unsigned_type(8);
        let (mantissa_bits, bias) = (format.mantissa_bits(), format.bias());
        let shift = u64::from(23 - mantissa_bits);
        let u = self.emit(out, Op::Bitcast, u32_type, ids(&[value]));
        let sign = self.binary(out, Op::ShiftRightLogical, u32_type, u, 24);
        let sign = self.binary(out, Op::BitwiseAnd, u32_type, sign, 0x80);
        let a = self.binary(out, Op::BitwiseAnd, u32_type, u, 0x7FFF_FFFF);
        // Normal results: the f32's bits rounded at the format's last
        // mantissa bit (a carry steps the exponent), rebiased.
        let lowest = self.binary(out, Op::ShiftRightLogical, u32_type, a, shift);
        let lowest = self.binary(out, Op::BitwiseAnd, u32_type, lowest, 1);
        let biased = self.binary(out, Op::IAdd, u32_type, a, (1 << (shift - 1)) - 1);
        let rounded = self.emit(out, Op::IAdd, u32_type, ids(&[biased, lowest]));
        let kept = self.binary(out, Op::ShiftRightLogical, u32_type, rounded, shift);
        let normal = self.binary(out, Op::ISub, u32_type, kept, u64::from(127 - bias) << mantissa_bits);
        // Below the smallest normal: scaled to units of the smallest
        // subnormal (exact), rounded to an integer by the 2^23 trick (to
        // nearest even, as f32 additions round); the smallest normal's
        // bits follow on from the largest subnormal's.
        let float_a = self.emit(out, Op::Bitcast, f32_type, ids(&[a]));
        let scale = self.float_constant(f32_type, 2f32.powi(bias as i32 + mantissa_bits as i32 - 1));
        let scaled = self.emit(out, Op::FMul, f32_type, ids(&[float_a, scale]));
        let magic = self.float_constant(f32_type, 8_388_608.0);
        let lifted = self.emit(out, Op::FAdd, f32_type, ids(&[scaled, magic]));
        let integral = self.emit(out, Op::FSub, f32_type, ids(&[lifted, magic]));
        let subnormal = self.emit(out, Op::ConvertFToU, u32_type, ids(&[integral]));
        let smallest_normal = self.constant(u32_type, u64::from(128 - bias) << 23);
        let is_subnormal = self.emit(out, Op::ULessThan, bool_type, ids(&[a, smallest_normal]));
        let magnitude = self.emit(out, Op::Select, u32_type, ids(&[is_subnormal, subnormal, normal]));
        // Beyond the largest finite value (infinities included).
        let largest = self.constant(u32_type, u64::from(format.largest()));
        let beyond = self.emit(out, Op::UGreaterThan, bool_type, ids(&[magnitude, largest]));
        let overflow = self.constant(u32_type, u64::from(if saturate { format.largest() } else { format.overflow() }));
        let finite = self.emit(out, Op::Select, u32_type, ids(&[beyond, overflow, magnitude]));
        let infinity = self.constant(u32_type, 0x7F80_0000);
        let is_nan = self.emit(out, Op::UGreaterThan, bool_type, ids(&[a, infinity]));
        let nan = self.constant(u32_type, u64::from(format.nan()));
        let chosen = self.emit(out, Op::Select, u32_type, ids(&[is_nan, nan, finite]));
        let signed = self.emit(out, Op::BitwiseOr, u32_type, ids(&[chosen, sign]));
        self.emit(out, Op::UConvert, u8_type, ids(&[signed]))
    }

    /// The `f64` `value` as an `f32` rounded to odd: to nearest, one step
    /// toward zero when that went away from zero, the lowest bit set when
    /// inexact (a NaN compares unordered: neither step).
    fn round_to_odd(&mut self, out: &mut Vec<Instruction>, value: Word) -> Word {
        let (u32_type, f32_type, bool_type) = (self.unsigned_type(32), self.float32_type(), self.bool_type());
        let double = self.declared.get(&value).copied().unwrap_or(0);
        let u64_type = self.unsigned_type(64);
        let nearest = self.emit(out, Op::FConvert, f32_type, ids(&[value]));
        let back = self.emit(out, Op::FConvert, double, ids(&[nearest]));
        let inexact = self.emit(out, Op::FOrdNotEqual, bool_type, ids(&[back, value]));
        let magnitude_of = |this: &mut Self, out: &mut Vec<Instruction>, x: Word| {
            let bits = this.emit(out, Op::Bitcast, u64_type, ids(&[x]));
            this.binary(out, Op::BitwiseAnd, u64_type, bits, 0x7FFF_FFFF_FFFF_FFFF)
        };
        let back_magnitude = magnitude_of(self, out, back);
        let magnitude = magnitude_of(self, out, value);
        let away = self.emit(out, Op::UGreaterThan, bool_type, ids(&[back_magnitude, magnitude]));
        let bits = self.emit(out, Op::Bitcast, u32_type, ids(&[nearest]));
        let toward_zero = self.binary(out, Op::ISub, u32_type, bits, 1);
        let truncated = self.emit(out, Op::Select, u32_type, ids(&[away, toward_zero, bits]));
        let odd = self.binary(out, Op::BitwiseOr, u32_type, truncated, 1);
        let result = self.emit(out, Op::Select, u32_type, ids(&[inexact, odd, truncated]));
        self.emit(out, Op::Bitcast, f32_type, ids(&[result]))
    }

    /// `out` gets `op` of `ty` on `operands`; its result.
    fn emit(&mut self, out: &mut Vec<Instruction>, op: Op, ty: Word, operands: Vec<Operand>) -> Word {
        let id = self.fresh();
        out.push(Instruction::new(op, Some(ty), Some(id), operands));
        self.declared.insert(id, ty);
        id
    }

    /// `op` of the integer `value` and the constant `constant`, of `ty`.
    fn binary(&mut self, out: &mut Vec<Instruction>, op: Op, ty: Word, value: Word, constant: u64) -> Word {
        let constant = self.constant(ty, constant);
        self.emit(out, op, ty, ids(&[value, constant]))
    }

    /// An unsigned integer type of `width` bits, the module's or made.
    fn unsigned_type(&mut self, width: u32) -> Word {
        if let Some(&id) = self.unsigned.get(&width) {
            return id;
        }
        let id = self.fresh();
        self.late_globals.push(unsigned_int_type(id, width));
        self.unsigned.insert(width, id);
        id
    }

    fn float32_type(&mut self) -> Word {
        if let Some(id) = self.float32 {
            return id;
        }
        let id = self.fresh();
        self.late_globals.push(Instruction::new(Op::TypeFloat, None, Some(id), vec![Operand::LiteralBit32(32)]));
        self.floats.insert(id, 32);
        self.float32 = Some(id);
        id
    }

    fn bool_type(&mut self) -> Word {
        if let Some(id) = self.boolean {
            return id;
        }
        let id = self.fresh();
        self.late_globals.push(Instruction::new(Op::TypeBool, None, Some(id), vec![]));
        self.boolean = Some(id);
        id
    }

    /// A constant of integer (or 32-bit float) type `ty` with the bits
    /// `value`, made once.
    fn constant(&mut self, ty: Word, value: u64) -> Word {
        if let Some(&id) = self.made_constants.get(&(ty, value)) {
            return id;
        }
        let id = self.fresh();
        let wide = self.unsigned.get(&64) == Some(&ty);
        let literal = if wide { Operand::LiteralBit64(value) } else { Operand::LiteralBit32(value as u32) };
        self.late_globals.push(Instruction::new(Op::Constant, Some(ty), Some(id), vec![literal]));
        self.made_constants.insert((ty, value), id);
        id
    }

    fn float_constant(&mut self, ty: Word, value: f32) -> Word {
        self.constant(ty, u64::from(value.to_bits()))
    }
}


#[cfg(test)]
mod tests {
    use super::Format;

    #[test]
    fn formats_describe_ocp_e4m3_and_e5m2() {
        // E4M3: 448 = 1.75 * 2^8 is S.1111.110; E5M2: 57344 = 1.75 * 2^15.
        assert_eq!((Format::E4M3.largest(), Format::E4M3.bias(), Format::E4M3.mantissa_bits()), (0x7E, 7, 3));
        assert_eq!((Format::E5M2.largest(), Format::E5M2.bias(), Format::E5M2.mantissa_bits()), (0x7B, 15, 2));
    }
}
