//! Instructions the dialect lacks, rewritten on the words before import into
//! ones it has (docs/import.md, "Untyped pointers" and "Sparse images"):
//! where an expansion needs new types, new `<id>`s and changes to how other
//! instructions use a value, it is simplest before any of them is built.
//! Modules without these instructions are not touched.
//!
//! **SPV_KHR_untyped_pointers.** MLIR's SPIR-V dialect has only typed
//! pointers. The extension's own rule makes the rewrite exact: "when an
//! instruction accesses memory via an untyped pointer for storage class S and
//! with interpreted data type T, the instruction behaves as if the pointer
//! were of type OpTypePointer having Storage Class S and Type T". So:
//! - `OpTypeUntypedPointerKHR S` becomes `OpTypePointer S i8`: the type every
//!   value the module declares untyped keeps (phis, parameters, members);
//! - `OpUntypedVariableKHR` becomes an `OpVariable` of its data type;
//! - the untyped access chains become `OpBitcast` of the base to a pointer to
//!   the 'Base Type', the typed chain, and an `OpBitcast` of its result back
//!   to the declared untyped type (the pointer type of a
//!   `...PtrAccessChain` base keeps its `ArrayStride`);
//!   `OpUntypedArrayLengthKHR` likewise becomes `OpArrayLength`;
//! - every use then gets the pointer type it needs through an `OpBitcast`
//!   (placed before the use, or at the end of the predecessor for a phi):
//!   loads and atomics a pointer to their result type, stores to their
//!   object's type, `OpCopyMemory` to the typed side's pointee, the OpenCL
//!   and GLSL instructions writing through a pointer to their result type,
//!   and everything else the type the module declared for the value;
//! - `OpUntypedGroupAsyncCopyKHR` becomes `OpGroupAsyncCopy` of elements of
//!   its 'Element Num Bytes'.
//!
//! Pointer bitcasts vanish in the lowering (LLVM's pointers are opaque), and
//! the kernel ABI's bounds checks trace pointers through them to their
//! resource. `OpUntypedPrefetchKHR` is a hint and is dropped. The capability
//! and the extension go: the rewritten module needs neither.
//!
//! **Sparse images.** Every texel of an image here is resident (the runner
//! binds whole images), so each `OpImageSparse*` access is its non-sparse
//! instruction, and its result the struct of a residency code of 0 and that
//! texel (`OpCompositeConstruct`); `OpImageSparseTexelsResident` is true for
//! that code (`OpIEqual` with 0).

use std::collections::HashMap;

use rspirv::{
    binary::{Assemble, Consumer, ParseAction, parse_words},
    dr::{Instruction, ModuleHeader, Operand},
    spirv::{Capability, Decoration, Op, StorageClass, Word},
};

use super::{DeserializeError, ErrorKind, reader::Inst};

/// The module's words after the rewrite, and the byte offset in the original
/// binary of each instruction (an inserted one has its user's).
pub(super) struct Rewritten {
    /// Header and instructions.
    pub words: Vec<u32>,
    /// The new `<id>` bound.
    pub bound: u32,
    /// One original byte offset per instruction, in order.
    pub offsets: Vec<usize>,
}

/// The instructions this rewrites: SPV_KHR_untyped_pointers, then the
/// sparse image instructions.
const REWRITTEN_OPS: &[Op] = &[
    Op::TypeUntypedPointerKHR,
    Op::UntypedVariableKHR,
    Op::UntypedAccessChainKHR,
    Op::UntypedInBoundsAccessChainKHR,
    Op::UntypedPtrAccessChainKHR,
    Op::UntypedInBoundsPtrAccessChainKHR,
    Op::UntypedArrayLengthKHR,
    Op::UntypedPrefetchKHR,
    Op::UntypedGroupAsyncCopyKHR,
    Op::ImageSparseSampleImplicitLod,
    Op::ImageSparseSampleExplicitLod,
    Op::ImageSparseSampleDrefImplicitLod,
    Op::ImageSparseSampleDrefExplicitLod,
    Op::ImageSparseSampleProjImplicitLod,
    Op::ImageSparseSampleProjExplicitLod,
    Op::ImageSparseSampleProjDrefImplicitLod,
    Op::ImageSparseSampleProjDrefExplicitLod,
    Op::ImageSparseFetch,
    Op::ImageSparseGather,
    Op::ImageSparseDrefGather,
    Op::ImageSparseTexelsResident,
    Op::ImageSparseRead,
];

/// Each sparse image access and its non-sparse instruction.
const SPARSE: &[(Op, Op)] = &[
    (Op::ImageSparseSampleImplicitLod, Op::ImageSampleImplicitLod),
    (Op::ImageSparseSampleExplicitLod, Op::ImageSampleExplicitLod),
    (Op::ImageSparseSampleDrefImplicitLod, Op::ImageSampleDrefImplicitLod),
    (Op::ImageSparseSampleDrefExplicitLod, Op::ImageSampleDrefExplicitLod),
    (Op::ImageSparseSampleProjImplicitLod, Op::ImageSampleProjImplicitLod),
    (Op::ImageSparseSampleProjExplicitLod, Op::ImageSampleProjExplicitLod),
    (Op::ImageSparseSampleProjDrefImplicitLod, Op::ImageSampleProjDrefImplicitLod),
    (Op::ImageSparseSampleProjDrefExplicitLod, Op::ImageSampleProjDrefExplicitLod),
    (Op::ImageSparseFetch, Op::ImageFetch),
    (Op::ImageSparseGather, Op::ImageGather),
    (Op::ImageSparseDrefGather, Op::ImageDrefGather),
    (Op::ImageSparseRead, Op::ImageRead),
];

/// Atomics whose 'Result Type' is the type they access.
const ATOMICS_WITH_RESULT: &[Op] = &[
    Op::AtomicLoad,
    Op::AtomicExchange,
    Op::AtomicCompareExchange,
    Op::AtomicCompareExchangeWeak,
    Op::AtomicIIncrement,
    Op::AtomicIDecrement,
    Op::AtomicIAdd,
    Op::AtomicISub,
    Op::AtomicSMin,
    Op::AtomicUMin,
    Op::AtomicSMax,
    Op::AtomicUMax,
    Op::AtomicAnd,
    Op::AtomicOr,
    Op::AtomicXor,
    Op::AtomicFAddEXT,
    Op::AtomicFMinEXT,
    Op::AtomicFMaxEXT,
];

/// GLSL.std.450 `Modf` (35): writes the whole part, of the result's type.
const GLSL_MODF: u32 = 35;
/// OpenCL.std instructions writing their second result through the last
/// operand, of the result's type: `fract` (26), `modf` (41), `sincos` (57).
const CL_SAME_TYPE_OUT: &[u32] = &[26, 41, 57];
/// OpenCL.std `vloadn` (171) and `vstoren` (172): pointers to the scalar
/// component.
const CL_VLOADN: u32 = 171;
const CL_VSTOREN: u32 = 172;

/// Rewrites `instructions` (of `words`) if the module uses untyped pointers
/// or sparse images.
pub(super) fn rewrite(words: &[u32], instructions: &[Inst<'_>]) -> Result<Option<Rewritten>, DeserializeError> {
    let rewritten: Vec<u16> = REWRITTEN_OPS.iter().map(|op| *op as u16).collect();
    if !instructions.iter().any(|inst| rewritten.contains(&inst.opcode)) {
        return Ok(None);
    }
    let (header, parsed, offsets) = parse(words, instructions)?;
    Rewriter::new(header.bound, parsed, offsets).run(header)
}

/// The module `words` (split into `instructions`) as rspirv's header and
/// instructions, with each instruction's byte offset.
pub(super) fn parse(
    words: &[u32],
    instructions: &[Inst<'_>],
) -> Result<(ModuleHeader, Vec<Instruction>, Vec<usize>), DeserializeError> {
    // rspirv 0.13 reads one operand per grammar operand inside an
    // `OpSpecConstantOp`, so a `VectorShuffle` of more than one component,
    // or a `CompositeExtract`/`CompositeInsert` with several indexes, does
    // not parse ("found extra operands"): rspirv gets those instructions as
    // `OpCompositeConstruct`s of the same words (a type, a result, then any
    // number of words), and they are read here.
    // (The positions are found by walking the words: after an earlier
    // rewrite, an instruction's offset is the original file's.)
    let mut spec_ops: Vec<(usize, usize)> = Vec::new();
    let (mut at, mut index) = (5, 0);
    while let Some(&first) = words.get(at) {
        let count = (first >> 16) as usize;
        if count == 0 {
            break;
        }
        if first & 0xFFFF == Op::SpecConstantOp as u32 {
            spec_ops.push((index, at));
        }
        at += count;
        index += 1;
    }
    let patched;
    let original = words;
    let mut words = words;
    if !spec_ops.is_empty() {
        let mut copy = words.to_vec();
        for &(_, at) in &spec_ops {
            copy[at] = (copy[at] & 0xFFFF_0000) | Op::CompositeConstruct as u32;
        }
        patched = copy;
        words = &patched;
    }
    let mut collect = Collect::default();
    parse_words(words, &mut collect)
        .map_err(|error| DeserializeError::new(0, ErrorKind::Malformed(format!("{error}"))))?;
    let Some(header) = collect.header else {
        return Err(DeserializeError::new(0, ErrorKind::Truncated("no module header".into())));
    };
    let mut parsed = collect.instructions;
    if parsed.len() != instructions.len() {
        return Err(DeserializeError::new(0, ErrorKind::Malformed("the module did not parse".into())));
    }
    for &(index, at) in &spec_ops {
        let count = (original[at] >> 16) as usize;
        let operands = original.get(at + 1..at + count).unwrap_or_default();
        parsed[index] = spec_constant_op(operands, instructions[index].offset)?;
    }
    Ok((header, parsed, instructions.iter().map(|inst| inst.offset).collect()))
}

/// `OpTypeInt width 0` as `id`: an unsigned integer type a rewrite makes.
pub(super) fn unsigned_int_type(id: Word, width: u32) -> Instruction {
    Instruction::new(Op::TypeInt, None, Some(id), vec![Operand::LiteralBit32(width), Operand::LiteralBit32(0)])
}

/// The operands naming `values`.
pub(super) fn id_operands(values: &[Word]) -> Vec<Operand> {
    values.iter().map(|&value| Operand::IdRef(value)).collect()
}

/// An `OpSpecConstantOp` read from its operand words (`offset`: where
/// errors point): the opcode, then `<id>`s,
/// except the literal component and index lists of `VectorShuffle`,
/// `CompositeExtract` and `CompositeInsert`.
fn spec_constant_op(words: &[u32], offset: usize) -> Result<Instruction, DeserializeError> {
    let malformed = |what: String| DeserializeError::new(offset, ErrorKind::Malformed(what));
    let [result_type, result, number, rest @ ..] = words else {
        return Err(malformed("OpSpecConstantOp without a type, a result and an opcode".into()));
    };
    let op = Op::from_u32(*number).ok_or_else(|| malformed(format!("OpSpecConstantOp of the unknown opcode {number}")))?;
    let ids = match op {
        Op::VectorShuffle | Op::CompositeInsert => 2,
        Op::CompositeExtract => 1,
        _ => rest.len(),
    };
    let mut operands = vec![Operand::LiteralSpecConstantOpInteger(op)];
    for (position, &word) in rest.iter().enumerate() {
        operands.push(if position < ids { Operand::IdRef(word) } else { Operand::LiteralBit32(word) });
    }
    Ok(Instruction::new(Op::SpecConstantOp, Some(*result_type), Some(*result), operands))
}

/// The words of a rewritten module: `header` with the `<id>` bound
/// `bound`, then `out`'s instructions, each keeping its original offset.
pub(super) fn assemble(
    header: ModuleHeader,
    bound: Word,
    out: &[(Instruction, usize)],
) -> Result<Rewritten, DeserializeError> {
    if bound == Word::MAX {
        return Err(DeserializeError::new(
            0,
            ErrorKind::Invalid("the module's <id> bound leaves no room for new <id>s".into()),
        ));
    }
    let mut header = header;
    header.bound = bound;
    let mut words = Vec::new();
    header.assemble_into(&mut words);
    let mut offsets = Vec::with_capacity(out.len());
    for (inst, offset) in out {
        inst.assemble_into(&mut words);
        offsets.push(*offset);
    }
    Ok(Rewritten { words, bound, offsets })
}

/// `OpExtInstWithForwardRefsKHR` (SPV_KHR_relaxed_extended_instruction):
/// an `OpExtInst` of a `NonSemantic.*` set whose operands may name later
/// `<id>`s. The importer skips such instructions whatever their operands,
/// so it reads them as `OpExtInst`; the extension allows no other set.
pub(super) fn relax_forward_references(instructions: &mut [Inst<'_>]) -> Result<(), DeserializeError> {
    const EXT_INST_IMPORT: u16 = Op::ExtInstImport as u16;
    const FORWARD_REFS: u16 = Op::ExtInstWithForwardRefsKHR as u16;
    if !instructions.iter().any(|inst| inst.opcode == FORWARD_REFS) {
        return Ok(());
    }
    let non_semantic: Vec<u32> = instructions
        .iter()
        .filter(|inst| inst.opcode == EXT_INST_IMPORT)
        .filter_map(|inst| {
            let (name, _) = super::reader::literal_string(inst.words.get(1..)?)?;
            name.starts_with("NonSemantic.").then(|| inst.words[0])
        })
        .collect();
    for inst in instructions.iter_mut().filter(|inst| inst.opcode == FORWARD_REFS) {
        if !inst.words.get(2).is_some_and(|set| non_semantic.contains(set)) {
            return Err(DeserializeError::new(
                inst.offset,
                ErrorKind::Invalid("OpExtInstWithForwardRefsKHR of a set that is not NonSemantic.*".into()),
            ));
        }
        inst.opcode = Op::ExtInst as u16;
    }
    Ok(())
}

/// Collects the parsed instructions in order.
#[derive(Default)]
struct Collect {
    header: Option<ModuleHeader>,
    instructions: Vec<Instruction>,
}

impl Consumer for Collect {
    fn initialize(&mut self) -> ParseAction {
        ParseAction::Continue
    }

    fn finalize(&mut self) -> ParseAction {
        ParseAction::Continue
    }

    fn consume_header(&mut self, header: ModuleHeader) -> ParseAction {
        self.header = Some(header);
        ParseAction::Continue
    }

    fn consume_instruction(&mut self, inst: Instruction) -> ParseAction {
        self.instructions.push(inst);
        ParseAction::Continue
    }
}

/// A pointer type: storage class, pointee and `ArrayStride`.
type PointerKey = (StorageClass, Word, Option<u32>);

struct Rewriter {
    next_id: Word,
    input: Vec<Instruction>,
    offsets: Vec<usize>,
    /// Type declarations by `<id>`.
    types: HashMap<Word, Instruction>,
    /// Integer constants by `<id>` (struct indexes of access chains).
    constants: HashMap<Word, u64>,
    /// A 32-bit constant 0 of each integer type that has one.
    zeros: HashMap<Word, Word>,
    /// Every pointer type (untyped ones as pointers to i8) by `<id>`.
    pointers: HashMap<Word, PointerKey>,
    /// Pointer types by what they are, the first declared (or made) one.
    pointer_ids: HashMap<PointerKey, Word>,
    /// `ArrayStride` decorations by `<id>`.
    strides: HashMap<Word, u32>,
    /// The type the module declares for each value.
    declared: HashMap<Word, Word>,
    /// The type a value has after the rewrite, where it differs.
    retyped: HashMap<Word, Word>,
    /// `OpExtInstImport` names.
    sets: HashMap<Word, String>,
    /// The i8 type untyped pointers point to.
    byte: Option<Word>,
    /// Declarations and decorations the rewrite adds, by where they go.
    new_decorations: Vec<Instruction>,
    late_types: Vec<Instruction>,
}

/// Where an instruction is being rewritten: the module scope (new types go
/// right before it) or a function (new types go before the first function).
#[derive(Clone, Copy, PartialEq)]
enum Scope {
    Module,
    Function,
}

impl Rewriter {
    fn new(bound: Word, input: Vec<Instruction>, offsets: Vec<usize>) -> Self {
        Self {
            next_id: bound,
            input,
            offsets,
            types: HashMap::new(),
            constants: HashMap::new(),
            zeros: HashMap::new(),
            pointers: HashMap::new(),
            pointer_ids: HashMap::new(),
            strides: HashMap::new(),
            declared: HashMap::new(),
            retyped: HashMap::new(),
            sets: HashMap::new(),
            byte: None,
            new_decorations: Vec::new(),
            late_types: Vec::new(),
        }
    }

    /// A new `<id>` past the bound (saturating: `run` refuses a module whose
    /// bound left no room).
    fn fresh(&mut self) -> Word {
        let id = self.next_id;
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    fn run(mut self, header: ModuleHeader) -> Result<Option<Rewritten>, DeserializeError> {
        let input = std::mem::take(&mut self.input);
        let offsets = std::mem::take(&mut self.offsets);
        self.index(&input);
        let functions_start = input.iter().position(|inst| inst.class.opcode == Op::Function).unwrap_or(input.len());
        // After the last capability, extension, entry point, debug or
        // annotation instruction (OpLine and OpNoLine may come anywhere).
        let annotations_end =
            input[..functions_start].iter().rposition(|inst| is_preamble(inst.class.opcode)).map_or(0, |at| at + 1);

        let mut globals: Vec<(Instruction, usize)> = Vec::new();
        for (inst, &offset) in input[annotations_end..functions_start].iter().zip(&offsets[annotations_end..]) {
            let mut before = Vec::new();
            let rewritten =
                self.global(inst.clone(), &mut before).map_err(|kind| DeserializeError::new(offset, kind))?;
            globals.extend(before.into_iter().map(|inst| (inst, offset)));
            globals.push((rewritten, offset));
        }
        let mut functions: Vec<(Instruction, usize)> = Vec::new();
        let mut start = functions_start;
        while start < input.len() {
            let end = input[start..]
                .iter()
                .position(|inst| inst.class.opcode == Op::FunctionEnd)
                .map_or(input.len(), |at| start + at + 1);
            self.function(&input[start..end], &offsets[start..end], &mut functions)?;
            start = end;
        }

        let mut out: Vec<(Instruction, usize)> = Vec::new();
        // The rewritten module no longer needs the extension.
        let needed = |inst: &Instruction| match (inst.class.opcode, inst.operands.first()) {
            (Op::Capability, Some(Operand::Capability(Capability::UntypedPointersKHR))) => false,
            (Op::Extension, Some(Operand::LiteralString(name))) => name != "SPV_KHR_untyped_pointers",
            _ => true,
        };
        out.extend(
            input[..annotations_end]
                .iter()
                .zip(&offsets[..annotations_end])
                .filter(|(inst, _)| needed(inst))
                .map(|(inst, offset)| (inst.clone(), *offset)),
        );
        let annotation_offset = offsets.get(annotations_end).copied().unwrap_or(0);
        out.extend(std::mem::take(&mut self.new_decorations).into_iter().map(|inst| (inst, annotation_offset)));
        out.extend(globals);
        let function_offset = offsets.get(functions_start).copied().unwrap_or(0);
        out.extend(std::mem::take(&mut self.late_types).into_iter().map(|inst| (inst, function_offset)));
        out.extend(functions);
        assemble(header, self.next_id, &out).map(Some)
    }

    /// Records types, constants, decorations and declared value types.
    fn index(&mut self, input: &[Instruction]) {
        for inst in input {
            let op = inst.class.opcode;
            if let (Some(result_type), Some(result)) = (inst.result_type, inst.result_id) {
                self.declared.insert(result, result_type);
            }
            match op {
                Op::ExtInstImport => {
                    if let (Some(id), Some(Operand::LiteralString(name))) = (inst.result_id, inst.operands.first()) {
                        self.sets.insert(id, name.clone());
                    }
                }
                Op::Decorate => {
                    if let [
                        Operand::IdRef(target),
                        Operand::Decoration(Decoration::ArrayStride),
                        Operand::LiteralBit32(stride),
                    ] = inst.operands[..]
                    {
                        self.strides.insert(target, stride);
                    }
                }
                Op::Constant => {
                    if let (Some(id), Some(value)) = (inst.result_id, inst.operands.first()) {
                        match *value {
                            Operand::LiteralBit32(v) => {
                                if v == 0
                                    && let Some(ty) = inst.result_type
                                {
                                    self.zeros.entry(ty).or_insert(id);
                                }
                                self.constants.insert(id, u64::from(v))
                            }
                            Operand::LiteralBit64(v) => self.constants.insert(id, v),
                            _ => None,
                        };
                    }
                }
                _ => {}
            }
            if is_type(op)
                && let Some(id) = inst.result_id
            {
                self.types.insert(id, inst.clone());
            }
        }
        for inst in input {
            if inst.class.opcode == Op::TypePointer
                && let (Some(id), [Operand::StorageClass(class), Operand::IdRef(pointee)]) =
                    (inst.result_id, &inst.operands[..])
            {
                let key = (*class, *pointee, self.strides.get(&id).copied());
                self.pointers.insert(id, key);
                self.pointer_ids.entry(key).or_insert(id);
            }
        }
    }

    /// Rewrites a module-scope instruction; declarations it needs go to
    /// `before`.
    fn global(&mut self, inst: Instruction, before: &mut Vec<Instruction>) -> Result<Instruction, ErrorKind> {
        match inst.class.opcode {
            Op::TypeUntypedPointerKHR => {
                let id = inst.result_id.unwrap_or(0);
                let Some(Operand::StorageClass(class)) = inst.operands.first().cloned() else {
                    return Err(ErrorKind::Malformed("OpTypeUntypedPointerKHR without a storage class".into()));
                };
                let byte = self.byte_type(before);
                let key = (class, byte, self.strides.get(&id).copied());
                self.pointers.insert(id, key);
                self.pointer_ids.entry(key).or_insert(id);
                Ok(Instruction::new(
                    Op::TypePointer,
                    None,
                    Some(id),
                    vec![Operand::StorageClass(class), Operand::IdRef(byte)],
                ))
            }
            Op::UntypedVariableKHR => self.variable(inst, Scope::Module, before),
            Op::TypeInt => {
                if self.byte.is_none()
                    && let [Operand::LiteralBit32(8), _] = inst.operands[..]
                {
                    self.byte = inst.result_id;
                }
                Ok(inst)
            }
            _ => Ok(inst),
        }
    }

    /// The i8 type, declared before `before`'s instruction if the module has
    /// none yet.
    fn byte_type(&mut self, before: &mut Vec<Instruction>) -> Word {
        if let Some(byte) = self.byte {
            return byte;
        }
        let id = self.fresh();
        before.push(Instruction::new(
            Op::TypeInt,
            None,
            Some(id),
            vec![Operand::LiteralBit32(8), Operand::LiteralBit32(0)],
        ));
        self.types.insert(id, before.last().cloned().expect("just pushed"));
        self.byte = Some(id);
        id
    }

    /// The pointer type `key`, declared where `scope` says if it is new.
    fn pointer(&mut self, key: PointerKey, scope: Scope, before: &mut Vec<Instruction>) -> Word {
        if let Some(&id) = self.pointer_ids.get(&key) {
            return id;
        }
        let id = self.fresh();
        let declaration = Instruction::new(
            Op::TypePointer,
            None,
            Some(id),
            vec![Operand::StorageClass(key.0), Operand::IdRef(key.1)],
        );
        match scope {
            Scope::Module => before.push(declaration),
            Scope::Function => self.late_types.push(declaration),
        }
        if let Some(stride) = key.2 {
            self.new_decorations.push(Instruction::new(
                Op::Decorate,
                None,
                None,
                vec![Operand::IdRef(id), Operand::Decoration(Decoration::ArrayStride), Operand::LiteralBit32(stride)],
            ));
        }
        self.pointers.insert(id, key);
        self.pointer_ids.insert(key, id);
        id
    }

    /// `OpUntypedVariableKHR` as an `OpVariable` of its data type.
    fn variable(
        &mut self,
        inst: Instruction,
        scope: Scope,
        before: &mut Vec<Instruction>,
    ) -> Result<Instruction, ErrorKind> {
        let id = inst.result_id.unwrap_or(0);
        let (class, data_type, initializer) = match &inst.operands[..] {
            [Operand::StorageClass(class), Operand::IdRef(data)] => (*class, *data, None),
            [Operand::StorageClass(class), Operand::IdRef(data), Operand::IdRef(init)] => (*class, *data, Some(*init)),
            [Operand::StorageClass(class)] => {
                return Err(ErrorKind::Unsupported(format!(
                    "an OpUntypedVariableKHR in the {class:?} storage class without a 'Data Type'"
                )));
            }
            _ => return Err(ErrorKind::Malformed("OpUntypedVariableKHR operands".into())),
        };
        let pointer = self.pointer((class, data_type, None), scope, before);
        self.retyped.insert(id, pointer);
        let mut operands = vec![Operand::StorageClass(class)];
        operands.extend(initializer.map(Operand::IdRef));
        Ok(Instruction::new(Op::Variable, Some(pointer), Some(id), operands))
    }

    /// The type a value has now.
    fn type_of(&self, id: Word) -> Option<Word> {
        self.retyped.get(&id).or_else(|| self.declared.get(&id)).copied()
    }

    /// The storage class of the pointer value `id`.
    fn class_of(&self, id: Word) -> Result<StorageClass, ErrorKind> {
        self.type_of(id)
            .and_then(|ty| self.pointers.get(&ty))
            .map(|key| key.0)
            .ok_or_else(|| ErrorKind::Invalid(format!("%{id} is used as a pointer but is not one")))
    }

    /// The type `indexes` select in `base` (an access chain's walk).
    fn walk(&self, base: Word, indexes: &[Word]) -> Result<Word, ErrorKind> {
        let mut ty = base;
        for &index in indexes {
            let inst = self.types.get(&ty).ok_or_else(|| ErrorKind::UndefinedId(format!("type %{ty}")))?;
            ty = match (inst.class.opcode, &inst.operands[..]) {
                (Op::TypeStruct, members) => {
                    let member = self.constants.get(&index).ok_or_else(|| {
                        ErrorKind::Invalid(format!("a struct index (%{index}) that is not an integer constant"))
                    })?;
                    match usize::try_from(*member).ok().and_then(|at| members.get(at)) {
                        Some(Operand::IdRef(member)) => *member,
                        _ => {
                            return Err(ErrorKind::Invalid(format!("struct %{ty} has no member {member}")));
                        }
                    }
                }
                (
                    Op::TypeArray | Op::TypeRuntimeArray | Op::TypeVector | Op::TypeMatrix,
                    [Operand::IdRef(element), ..],
                ) => *element,
                (op, _) => {
                    return Err(ErrorKind::Invalid(format!("an access chain indexes into an Op{op:?}")));
                }
            };
        }
        Ok(ty)
    }

    /// The scalar component of a scalar or vector type.
    fn component(&self, ty: Word) -> Word {
        match self.types.get(&ty) {
            Some(inst) if inst.class.opcode == Op::TypeVector => match inst.operands.first() {
                Some(Operand::IdRef(component)) => *component,
                _ => ty,
            },
            _ => ty,
        }
    }

    /// Rewrites one function (`OpFunction` .. `OpFunctionEnd`) into `out`.
    fn function(
        &mut self,
        input: &[Instruction],
        offsets: &[usize],
        out: &mut Vec<(Instruction, usize)>,
    ) -> Result<(), DeserializeError> {
        // Blocks by label, in order; the instructions before the first label
        // (the function and its parameters) are block 0's prefix.
        let mut body: Vec<(Instruction, usize)> = Vec::new();
        // Casts for phis, by the predecessor block's label.
        let mut at_end: HashMap<Word, Vec<Instruction>> = HashMap::new();
        for (inst, &offset) in input.iter().zip(offsets) {
            let mut before = Vec::new();
            let rewritten = self
                .instruction(inst.clone(), &mut before, &mut at_end)
                .map_err(|kind| DeserializeError::new(offset, kind))?;
            body.extend(before.into_iter().map(|inst| (inst, offset)));
            body.extend(rewritten.map(|inst| (inst, offset)));
        }
        // Place the phis' casts before each predecessor's terminator (and
        // its merge instruction).
        let mut label = None;
        let mut pending: Vec<(Instruction, usize)> = Vec::new();
        for (index, (inst, offset)) in body.iter().enumerate() {
            match inst.class.opcode {
                Op::Label => label = inst.result_id,
                op if is_terminator(op) || is_merge(op) => {
                    let merged_already = index > 0 && is_merge(body[index - 1].0.class.opcode);
                    if !merged_already && let Some(casts) = label.and_then(|label| at_end.remove(&label)) {
                        pending.extend(casts.into_iter().map(|cast| (cast, *offset)));
                    }
                }
                _ => {}
            }
            out.append(&mut pending);
            out.push((inst.clone(), *offset));
        }
        Ok(())
    }

    /// Rewrites one instruction of a function: casts it needs go to
    /// `before`, casts for phi operands to `at_end`; `None` drops it.
    fn instruction(
        &mut self,
        mut inst: Instruction,
        before: &mut Vec<Instruction>,
        at_end: &mut HashMap<Word, Vec<Instruction>>,
    ) -> Result<Option<Instruction>, ErrorKind> {
        let op = inst.class.opcode;
        match op {
            Op::UntypedVariableKHR => {
                return self.variable(inst, Scope::Function, before).map(Some);
            }
            Op::UntypedPrefetchKHR => return Ok(None),
            Op::UntypedAccessChainKHR
            | Op::UntypedInBoundsAccessChainKHR
            | Op::UntypedPtrAccessChainKHR
            | Op::UntypedInBoundsPtrAccessChainKHR => return self.chain(inst, before).map(Some),
            Op::UntypedArrayLengthKHR => {
                let [Operand::IdRef(structure), Operand::IdRef(pointer), Operand::LiteralBit32(member)] =
                    inst.operands[..]
                else {
                    return Err(ErrorKind::Malformed("OpUntypedArrayLengthKHR operands".into()));
                };
                let class = self.class_of(pointer)?;
                let pointer = self.cast(pointer, (class, structure, None), before)?;
                return Ok(Some(Instruction::new(
                    Op::ArrayLength,
                    inst.result_type,
                    inst.result_id,
                    vec![Operand::IdRef(pointer), Operand::LiteralBit32(member)],
                )));
            }
            Op::UntypedGroupAsyncCopyKHR => return self.async_copy(inst, before).map(Some),
            Op::ImageSparseTexelsResident => {
                let [Operand::IdRef(code)] = inst.operands[..] else {
                    return Err(ErrorKind::Malformed("OpImageSparseTexelsResident operands".into()));
                };
                let code_type =
                    self.declared.get(&code).copied().ok_or_else(|| ErrorKind::UndefinedId(format!("%{code}")))?;
                let zero = self.zero(code_type);
                return Ok(Some(Instruction::new(
                    Op::IEqual,
                    inst.result_type,
                    inst.result_id,
                    vec![Operand::IdRef(code), Operand::IdRef(zero)],
                )));
            }
            op if let Some(&(_, plain)) = SPARSE.iter().find(|(sparse, _)| *sparse == op) => {
                return self.sparse(inst, plain, before).map(Some);
            }
            Op::Phi => {
                let result_type = inst.result_type.unwrap_or(0);
                for pair in inst.operands.chunks_mut(2) {
                    if let [Operand::IdRef(value), Operand::IdRef(parent)] = pair
                        && self.needs_cast(*value, result_type)
                    {
                        let mut casts = Vec::new();
                        *value = self.cast_to(*value, result_type, &mut casts);
                        at_end.entry(*parent).or_default().extend(casts);
                    }
                }
                return Ok(Some(inst));
            }
            _ => {}
        }
        // Pointers of memory accesses: the interpreted type.
        let access: Option<(usize, Word)> = match op {
            Op::Load => inst.result_type.map(|ty| (0, ty)),
            Op::Store => self.operand(&inst, 1).and_then(|object| self.declared.get(&object)).map(|&ty| (0, ty)),
            Op::AtomicStore => self.operand(&inst, 3).and_then(|value| self.declared.get(&value)).map(|&ty| (0, ty)),
            _ if ATOMICS_WITH_RESULT.contains(&op) => inst.result_type.map(|ty| (0, ty)),
            Op::ExtInst => self.ext_inst_pointer(&inst),
            _ => None,
        };
        if let Some((index, ty)) = access
            && let Some(pointer) = self.operand(&inst, index)
        {
            let class = self.class_of(pointer)?;
            let cast = self.cast(pointer, (class, ty, None), before)?;
            inst.operands[index] = Operand::IdRef(cast);
        }
        if op == Op::CopyMemory {
            self.copy_memory(&mut inst, before)?;
        }
        // Everything else: the type the module declared.
        let skip = access.map(|(index, _)| index);
        for index in 0..inst.operands.len() {
            if Some(index) == skip {
                continue;
            }
            if let Operand::IdRef(value) = inst.operands[index]
                && let Some(&declared) = self.declared.get(&value)
                && self.needs_cast(value, declared)
            {
                let cast = self.cast_to(value, declared, before);
                inst.operands[index] = Operand::IdRef(cast);
            }
        }
        Ok(Some(inst))
    }

    /// The `<id>` operand at `index`.
    fn operand(&self, inst: &Instruction, index: usize) -> Option<Word> {
        match inst.operands.get(index) {
            Some(Operand::IdRef(id)) => Some(*id),
            _ => None,
        }
    }

    /// The pointer operand of an extended instruction writing or reading
    /// through it, and the type it accesses.
    fn ext_inst_pointer(&self, inst: &Instruction) -> Option<(usize, Word)> {
        let set = self.sets.get(&self.operand(inst, 0)?)?;
        let Some(Operand::LiteralExtInstInteger(number)) = inst.operands.get(1) else {
            return None;
        };
        let result_type = inst.result_type?;
        let last = inst.operands.len() - 1;
        match (set.as_str(), *number) {
            ("GLSL.std.450", GLSL_MODF) => Some((last, result_type)),
            ("OpenCL.std", number) if CL_SAME_TYPE_OUT.contains(&number) => Some((last, result_type)),
            ("OpenCL.std", CL_VLOADN) => Some((3, self.component(result_type))),
            ("OpenCL.std", CL_VSTOREN) => {
                let data = self.operand(inst, 2)?;
                Some((4, self.component(*self.declared.get(&data)?)))
            }
            _ => None,
        }
    }

    /// `OpCopyMemory` with one untyped side: both as pointers to the typed
    /// side's pointee.
    fn copy_memory(&mut self, inst: &mut Instruction, before: &mut Vec<Instruction>) -> Result<(), ErrorKind> {
        let (Some(target), Some(source)) = (self.operand(inst, 0), self.operand(inst, 1)) else {
            return Ok(());
        };
        let pointee = |id: Word| self.declared.get(&id).and_then(|ty| self.pointers.get(ty)).map(|key| key.1);
        let byte = self.byte;
        let typed = [target, source].into_iter().filter_map(pointee).find(|pointee| Some(*pointee) != byte);
        let Some(pointee) = typed else { return Ok(()) };
        for index in 0..2 {
            if let Some(pointer) = self.operand(inst, index) {
                let class = self.class_of(pointer)?;
                inst.operands[index] = Operand::IdRef(self.cast(pointer, (class, pointee, None), before)?);
            }
        }
        Ok(())
    }

    /// `OpUntypedGroupAsyncCopyKHR` as `OpGroupAsyncCopy` of elements of its
    /// constant 'Element Num Bytes': an integer of that width, or a vector
    /// of 32-bit integers for 16, 32 and 64 bytes (OpenCL's widest types);
    /// the memory operands, hints, go.
    fn async_copy(&mut self, inst: Instruction, before: &mut Vec<Instruction>) -> Result<Instruction, ErrorKind> {
        let ids: Vec<Word> = inst
            .operands
            .iter()
            .take(7)
            .filter_map(|operand| match operand {
                Operand::IdRef(id) => Some(*id),
                _ => None,
            })
            .collect();
        let [scope, destination, source, element_bytes, count, stride, event] = ids[..] else {
            return Err(ErrorKind::Malformed("OpUntypedGroupAsyncCopyKHR operands".into()));
        };
        let element = match self.constants.get(&element_bytes) {
            Some(&bytes @ (1 | 2 | 4 | 8)) => self.int_type(bytes as u32 * 8),
            Some(&bytes @ (16 | 32 | 64)) => {
                let word = self.int_type(32);
                self.vector_type(word, bytes as u32 / 4)
            }
            Some(bytes) => {
                return Err(ErrorKind::Unsupported(format!(
                    "an OpUntypedGroupAsyncCopyKHR of {bytes}-byte elements (1, 2, 4, 8, 16, 32 or 64 are taken)"
                )));
            }
            None => {
                return Err(ErrorKind::Unsupported(
                    "an OpUntypedGroupAsyncCopyKHR whose 'Element Num Bytes' is not a constant".into(),
                ));
            }
        };
        let destination_class = self.class_of(destination)?;
        let destination = self.cast(destination, (destination_class, element, None), before)?;
        let source_class = self.class_of(source)?;
        let source = self.cast(source, (source_class, element, None), before)?;
        let operands = [scope, destination, source, count, stride, event].into_iter().map(Operand::IdRef).collect();
        Ok(Instruction::new(Op::GroupAsyncCopy, inst.result_type, inst.result_id, operands))
    }

    /// A sparse image access as its non-sparse instruction and the struct of
    /// a residency code of 0 and the texel.
    fn sparse(
        &mut self,
        inst: Instruction,
        plain: Op,
        before: &mut Vec<Instruction>,
    ) -> Result<Instruction, ErrorKind> {
        let result_type = inst.result_type.unwrap_or(0);
        let members = match self.types.get(&result_type) {
            Some(ty) if ty.class.opcode == Op::TypeStruct => ty.operands.clone(),
            _ => vec![],
        };
        let [Operand::IdRef(code_type), Operand::IdRef(texel_type)] = members[..] else {
            return Err(ErrorKind::Invalid(format!(
                "the result of Op{:?} is not a struct of a residency code and a texel",
                inst.class.opcode
            )));
        };
        let texel = self.fresh();
        before.push(Instruction::new(plain, Some(texel_type), Some(texel), inst.operands));
        self.declared.insert(texel, texel_type);
        let zero = self.zero(code_type);
        Ok(Instruction::new(
            Op::CompositeConstruct,
            inst.result_type,
            inst.result_id,
            vec![Operand::IdRef(zero), Operand::IdRef(texel)],
        ))
    }

    /// An integer constant 0 of `ty`, declared before the functions if the
    /// module lacks it.
    fn zero(&mut self, ty: Word) -> Word {
        if let Some(&zero) = self.zeros.get(&ty) {
            return zero;
        }
        let id = self.fresh();
        self.late_types.push(Instruction::new(Op::Constant, Some(ty), Some(id), vec![Operand::LiteralBit32(0)]));
        self.declared.insert(id, ty);
        self.zeros.insert(ty, id);
        id
    }

    /// The unsigned integer type of `bits`, declared before the functions if
    /// the module lacks it.
    fn int_type(&mut self, bits: u32) -> Word {
        let found = self.types.iter().find(|(_, inst)| {
            inst.class.opcode == Op::TypeInt && matches!(inst.operands[..], [Operand::LiteralBit32(b), _] if b == bits)
        });
        if let Some((&id, _)) = found {
            return id;
        }
        self.declare(Op::TypeInt, vec![Operand::LiteralBit32(bits), Operand::LiteralBit32(0)])
    }

    /// The vector type of `count` `component`s, declared before the
    /// functions if the module lacks it.
    fn vector_type(&mut self, component: Word, count: u32) -> Word {
        let found = self.types.iter().find(|(_, inst)| {
            inst.class.opcode == Op::TypeVector
                && matches!(inst.operands[..], [Operand::IdRef(c), Operand::LiteralBit32(n)] if c == component && n == count)
        });
        if let Some((&id, _)) = found {
            return id;
        }
        self.declare(Op::TypeVector, vec![Operand::IdRef(component), Operand::LiteralBit32(count)])
    }

    /// A new type declaration before the functions.
    fn declare(&mut self, op: Op, operands: Vec<Operand>) -> Word {
        let id = self.fresh();
        let declaration = Instruction::new(op, None, Some(id), operands);
        self.types.insert(id, declaration.clone());
        self.late_types.push(declaration);
        id
    }

    /// An untyped access chain as a cast of its base and a typed chain.
    fn chain(&mut self, inst: Instruction, before: &mut Vec<Instruction>) -> Result<Instruction, ErrorKind> {
        let op = inst.class.opcode;
        let ids: Vec<Word> = inst
            .operands
            .iter()
            .map(|operand| match operand {
                Operand::IdRef(id) => Ok(*id),
                _ => Err(ErrorKind::Malformed(format!("Op{op:?} operands"))),
            })
            .collect::<Result<_, _>>()?;
        let pointer_chain = matches!(op, Op::UntypedPtrAccessChainKHR | Op::UntypedInBoundsPtrAccessChainKHR);
        let (base_type, base, rest) = match &ids[..] {
            [base_type, base, rest @ ..] if !pointer_chain || !rest.is_empty() => (*base_type, *base, rest),
            _ => return Err(ErrorKind::Malformed(format!("Op{op:?} operands"))),
        };
        let indexes = if pointer_chain { &rest[1..] } else { rest };
        let class = self.class_of(base)?;
        // An OpPtrAccessChain steps by the ArrayStride of its base's type.
        let stride = if pointer_chain {
            self.type_of(base).and_then(|ty| self.pointers.get(&ty)).and_then(|key| key.2)
        } else {
            None
        };
        let base = self.cast(base, (class, base_type, stride), before)?;
        let element = self.walk(base_type, indexes)?;
        let element_pointer = self.pointer((class, element, None), Scope::Function, before);
        let typed = match op {
            Op::UntypedAccessChainKHR => Op::AccessChain,
            Op::UntypedInBoundsAccessChainKHR => Op::InBoundsAccessChain,
            Op::UntypedPtrAccessChainKHR => Op::PtrAccessChain,
            _ => Op::InBoundsPtrAccessChain,
        };
        let chain = self.fresh();
        let mut operands = vec![Operand::IdRef(base)];
        operands.extend(rest.iter().map(|id| Operand::IdRef(*id)));
        before.push(Instruction::new(typed, Some(element_pointer), Some(chain), operands));
        self.declared.insert(chain, element_pointer);
        // The result keeps its declared (untyped) type: a value defined in a
        // function may reach a phi above its definition, which must not see
        // a type that depends on the order of the rewrite.
        Ok(Instruction::new(Op::Bitcast, inst.result_type, inst.result_id, vec![Operand::IdRef(chain)]))
    }

    /// Whether the value `id` has another pointer type than `ty` now.
    fn needs_cast(&self, id: Word, ty: Word) -> bool {
        self.type_of(id)
            .is_some_and(|now| now != ty && self.pointers.contains_key(&now) && self.pointers.contains_key(&ty))
    }

    /// `id` as a pointer of type `ty`, through an `OpBitcast` in `before`
    /// when it is not one already.
    fn cast_to(&mut self, id: Word, ty: Word, before: &mut Vec<Instruction>) -> Word {
        if self.type_of(id) == Some(ty) {
            return id;
        }
        let cast = self.fresh();
        before.push(Instruction::new(Op::Bitcast, Some(ty), Some(cast), vec![Operand::IdRef(id)]));
        self.declared.insert(cast, ty);
        cast
    }

    /// `id` as a pointer to `key` (a pointer type made if the module lacks it).
    fn cast(&mut self, id: Word, key: PointerKey, before: &mut Vec<Instruction>) -> Result<Word, ErrorKind> {
        let now = self.type_of(id).and_then(|ty| self.pointers.get(&ty)).copied();
        match now {
            Some(now) if now.0 == key.0 && now.1 == key.1 && (key.2.is_none() || now.2 == key.2) => Ok(id),
            Some(_) => {
                let ty = self.pointer(key, Scope::Function, before);
                Ok(self.cast_to(id, ty, before))
            }
            None => Err(ErrorKind::Invalid(format!("%{id} is used as a pointer but is not one"))),
        }
    }
}

/// Instructions of the sections before the types (SPIR-V 2.4).
pub(super) fn is_preamble(op: Op) -> bool {
    matches!(
        op,
        Op::Capability
            | Op::Extension
            | Op::ExtInstImport
            | Op::MemoryModel
            | Op::EntryPoint
            | Op::ExecutionMode
            | Op::ExecutionModeId
            | Op::String
            | Op::SourceExtension
            | Op::Source
            | Op::SourceContinued
            | Op::Name
            | Op::MemberName
            | Op::ModuleProcessed
            | Op::Decorate
            | Op::MemberDecorate
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorateString
    )
}

/// Type declarations whose operands an access chain can walk.
pub(super) fn is_type(op: Op) -> bool {
    matches!(
        op,
        Op::TypeInt
            | Op::TypeFloat
            | Op::TypeBool
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeStruct
            | Op::TypePointer
    )
}

fn is_terminator(op: Op) -> bool {
    matches!(
        op,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Kill
            | Op::Unreachable
            | Op::TerminateInvocation
    )
}

fn is_merge(op: Op) -> bool {
    matches!(op, Op::SelectionMerge | Op::LoopMerge)
}
