//! Splitting a SPIR-V binary into instructions (seed 004: header, word
//! counts, byte order), checked against the SPIR-V grammar as rspirv's
//! parser checks it (`check_grammar`: the same errors, found faster), with
//! the byte offset of each instruction kept for diagnostics.

use rspirv::binary::{Consumer, ParseAction as Action, ParseState};
use rspirv::spirv::Op;

use super::{DeserializeError, ErrorKind};

/// The module header's five words.
#[derive(Debug, Clone, Copy)]
pub struct Header {
    /// `0x00MMmm00`: SPIR-V major and minor version.
    pub version: u32,
    /// Every `<id>` is below this.
    pub bound: u32,
}

/// One instruction: its opcode, its operand words (after the first word)
/// and where it starts in the file.
#[derive(Debug, Clone, Copy)]
pub struct Inst<'w> {
    /// The opcode (low half of the first word).
    pub opcode: u16,
    /// The words after the first one.
    pub words: &'w [u32],
    /// Byte offset of the instruction's first word in the file.
    pub offset: usize,
}

/// The words of a module in host order, and its header.
pub struct Words {
    /// Every word of the module, header included, in host byte order.
    pub words: Vec<u32>,
    /// The decoded header.
    pub header: Header,
}

const MAGIC: u32 = 0x0723_0203;
const HEADER_WORDS: usize = 5;

/// Reads `bytes` as SPIR-V words, in either byte order (the magic number
/// tells), and checks the header.
pub fn words(bytes: &[u8]) -> Result<Words, DeserializeError> {
    if bytes.len() < HEADER_WORDS * 4 {
        return Err(DeserializeError::new(
            0,
            ErrorKind::Truncated(format!("{} bytes is shorter than the 20-byte module header", bytes.len())),
        ));
    }
    let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let little_endian = match first {
        MAGIC => true,
        _ if first.swap_bytes() == MAGIC => false,
        _ => return Err(DeserializeError::new(0, ErrorKind::BadMagic(first))),
    };
    if !bytes.len().is_multiple_of(4) {
        return Err(DeserializeError::new(
            bytes.len() - bytes.len() % 4,
            ErrorKind::Truncated(format!("the size ({} bytes) is not a multiple of 4", bytes.len())),
        ));
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|chunk| {
            let word = [chunk[0], chunk[1], chunk[2], chunk[3]];
            if little_endian { u32::from_le_bytes(word) } else { u32::from_be_bytes(word) }
        })
        .collect();
    let header = Header { version: words[1], bound: words[3] };
    Ok(Words { words, header })
}

/// Splits the words after the header into instructions, failing on a word
/// count of zero or one running past the end, then checks every
/// instruction's operands against the grammar, as rspirv's parser does.
pub fn instructions(words: &[u32]) -> Result<Vec<Inst<'_>>, DeserializeError> {
    let instructions = split(words)?;
    check_spec_constant_ops(&instructions)?;
    check_grammar(words, &instructions)?;
    Ok(instructions)
}

/// Splits the words after the header into instructions, failing on a word
/// count of zero or one running past the end.
fn split(words: &[u32]) -> Result<Vec<Inst<'_>>, DeserializeError> {
    let mut instructions = Vec::with_capacity(words.len() / 4);
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = (words[at] & 0xffff) as u16;
        if count == 0 {
            return Err(DeserializeError::new(
                at * 4,
                ErrorKind::Malformed(format!("instruction with opcode {opcode} has a word count of 0")),
            ));
        }
        if at + count > words.len() {
            return Err(DeserializeError::new(
                at * 4,
                ErrorKind::Truncated(format!(
                    "instruction with opcode {opcode} has {count} words but only {} remain",
                    words.len() - at
                )),
            ));
        }
        instructions.push(Inst { opcode, words: &words[at + 1..at + count], offset: at * 4 });
        at += count;
    }
    Ok(instructions)
}

/// The opcodes `OpSpecConstantOp` may compute in any module (SPIR-V
/// 3.52.11; `QuantizeToF16` needs Shader, constants.rs).
pub(super) const SPEC_CONSTANT_OPS: &[Op] = &[
    Op::SConvert,
    Op::UConvert,
    Op::FConvert,
    Op::SNegate,
    Op::Not,
    Op::IAdd,
    Op::ISub,
    Op::IMul,
    Op::UDiv,
    Op::SDiv,
    Op::UMod,
    Op::SRem,
    Op::SMod,
    Op::ShiftRightLogical,
    Op::ShiftRightArithmetic,
    Op::ShiftLeftLogical,
    Op::BitwiseOr,
    Op::BitwiseXor,
    Op::BitwiseAnd,
    Op::VectorShuffle,
    Op::CompositeExtract,
    Op::CompositeInsert,
    Op::LogicalOr,
    Op::LogicalAnd,
    Op::LogicalNot,
    Op::LogicalEqual,
    Op::LogicalNotEqual,
    Op::Select,
    Op::IEqual,
    Op::INotEqual,
    Op::ULessThan,
    Op::SLessThan,
    Op::UGreaterThan,
    Op::SGreaterThan,
    Op::ULessThanEqual,
    Op::SLessThanEqual,
    Op::UGreaterThanEqual,
    Op::SGreaterThanEqual,
    Op::QuantizeToF16,
];

/// The opcodes `OpSpecConstantOp` may compute only with the Kernel
/// capability (constants.rs, `check_spec_constant_op_capability`).
pub(super) const SPEC_CONSTANT_KERNEL_OPS: &[Op] = &[
    Op::ConvertFToS,
    Op::ConvertSToF,
    Op::ConvertFToU,
    Op::ConvertUToF,
    Op::ConvertPtrToU,
    Op::ConvertUToPtr,
    Op::GenericCastToPtr,
    Op::PtrCastToGeneric,
    Op::Bitcast,
    Op::FNegate,
    Op::FAdd,
    Op::FSub,
    Op::FMul,
    Op::FDiv,
    Op::FRem,
    Op::FMod,
    Op::AccessChain,
    Op::InBoundsAccessChain,
    Op::PtrAccessChain,
    Op::InBoundsPtrAccessChain,
];

/// The opcodes `OpSpecConstantOp` may compute ([`SPEC_CONSTANT_OPS`] and
/// [`SPEC_CONSTANT_KERNEL_OPS`]). rspirv's parser panics on some of the
/// others (their operands are context-dependent literals), so they are
/// refused before it runs.
fn check_spec_constant_ops(instructions: &[Inst<'_>]) -> Result<(), DeserializeError> {
    for inst in instructions.iter().filter(|inst| inst.opcode == Op::SpecConstantOp as u16) {
        let Some(&opcode) = inst.words.get(2) else {
            continue;
        };
        if !SPEC_CONSTANT_OPS.iter().chain(SPEC_CONSTANT_KERNEL_OPS).any(|allowed| *allowed as u32 == opcode) {
            return Err(DeserializeError::new(
                inst.offset,
                ErrorKind::Malformed(format!("OpSpecConstantOp with opcode {opcode}, which it does not allow")),
            ));
        }
    }
    Ok(())
}

/// The words an `OpSpecConstantOp` computing an op whose last operand
/// repeats needs at least (result type, result, opcode, the operands before
/// it), after which any number follow: `OpVectorShuffle`'s components,
/// `OpCompositeExtract`'s and `OpCompositeInsert`'s indexes, the access
/// chains' indexes. `None` for any other instruction. rspirv's parser reads
/// that operand exactly once here, and would call the rest extra operands
/// (or miss a missing one).
fn spec_constant_op_with_literals(inst: &Inst<'_>) -> Option<usize> {
    const REPEATING: &[(Op, usize)] = &[
        (Op::VectorShuffle, 2),
        (Op::CompositeExtract, 1),
        (Op::CompositeInsert, 2),
        (Op::AccessChain, 1),
        (Op::InBoundsAccessChain, 1),
        (Op::PtrAccessChain, 2),
        (Op::InBoundsPtrAccessChain, 2),
    ];
    if inst.opcode != Op::SpecConstantOp as u16 {
        return None;
    }
    let opcode = *inst.words.get(2)?;
    REPEATING.iter().find(|(op, _)| *op as u32 == opcode).map(|(_, before)| 3 + before)
}

/// A consumer that only lets rspirv's parser check the instructions.
struct GrammarCheck;

impl Consumer for GrammarCheck {
    fn initialize(&mut self) -> Action {
        Action::Continue
    }
    fn finalize(&mut self) -> Action {
        Action::Continue
    }
    fn consume_header(&mut self, _: rspirv::dr::ModuleHeader) -> Action {
        Action::Continue
    }
    fn consume_instruction(&mut self, _: rspirv::dr::Instruction) -> Action {
        Action::Continue
    }
}

/// What the grammar says of one opcode, as far as the fast check needs.
#[derive(Debug, Clone, Copy, Default)]
struct Shape {
    /// The opcode is in the grammar (its first entry, as rspirv finds it).
    known: bool,
    /// Its operands begin with a result type and a result `<id>`.
    typed_result: bool,
    /// Every operand is one plain word (an `<id>` or a 32-bit literal) that
    /// must be there, but for a last one that may repeat: the words then only
    /// need counting. `None` for every other opcode, and for types (rspirv
    /// tracks the widths of integer and float types).
    plain: Option<(usize, bool)>,
}

/// [`Shape`]s by opcode, from rspirv's grammar table (built once).
fn shapes() -> &'static [Shape] {
    use rspirv::grammar::{INSTRUCTION_TABLE, OperandKind as Kind, OperandQuantifier as Count};
    static SHAPES: std::sync::OnceLock<Vec<Shape>> = std::sync::OnceLock::new();
    SHAPES.get_or_init(|| {
        let size = INSTRUCTION_TABLE.iter().map(|inst| inst.opcode as usize + 1).max().unwrap_or(0);
        let mut shapes = vec![Shape::default(); size];
        for inst in INSTRUCTION_TABLE.iter() {
            let shape = &mut shapes[inst.opcode as usize];
            if shape.known {
                continue;
            }
            let operands = inst.operands;
            let one_word = |kind: Kind| {
                matches!(
                    kind,
                    Kind::IdResultType
                        | Kind::IdResult
                        | Kind::IdRef
                        | Kind::IdScope
                        | Kind::IdMemorySemantics
                        | Kind::LiteralInteger
                        | Kind::LiteralFloat
                )
            };
            let last = operands.len().checked_sub(1);
            let plain = !inst.opcode.is_type()
                && operands.iter().enumerate().all(|(index, operand)| {
                    one_word(operand.kind)
                        && (matches!(operand.quantifier, Count::One)
                            || (Some(index) == last && matches!(operand.quantifier, Count::ZeroOrMore)))
                });
            let star = operands.last().is_some_and(|operand| matches!(operand.quantifier, Count::ZeroOrMore));
            *shape = Shape {
                known: true,
                typed_result: operands.len() >= 2
                    && operands[0].kind == Kind::IdResultType
                    && operands[1].kind == Kind::IdResult,
                plain: plain.then_some((operands.len() - usize::from(star), star)),
            };
        }
        // Instructions of newer SPIR-V headers: all plain <id>s.
        for inst in super::newer_grammar::INSTRUCTIONS {
            let opcode = usize::from(inst.opcode);
            if shapes.len() <= opcode {
                shapes.resize(opcode + 1, Shape::default());
            }
            shapes[opcode] = Shape { known: true, typed_result: true, plain: Some((inst.operands + 2, false)) };
        }
        shapes
    })
}

/// Checks every instruction against the SPIR-V grammar, with the result
/// (the first error, its offset and message) of rspirv's parser on the
/// whole module ([`check_grammar_with_rspirv`]), but faster: the
/// instructions whose operands are all plain words (most of a function
/// body: arithmetic, access chains, calls, branches...) are checked by
/// counting their words, and only the others go through rspirv, which
/// builds every instruction it parses (a linear search of its grammar table
/// and an allocation per operand: a twentieth of an import). rspirv tracks
/// the types of `<id>`s, to read the literals of `OpConstant`,
/// `OpSpecConstant` and `OpSwitch`: an instruction defining an `<id>` it
/// may look up that way always goes to rspirv.
fn check_grammar(words: &[u32], instructions: &[Inst<'_>]) -> Result<(), DeserializeError> {
    let shapes = shapes();
    let shape = |inst: &Inst<'_>| shapes.get(usize::from(inst.opcode)).copied().unwrap_or_default();
    // The <id>s whose tracked types rspirv may read, and (backwards) the
    // types of the instructions defining them.
    let mut looked_up = rustc_hash::FxHashSet::default();
    for inst in instructions {
        let reads_a_type = [Op::Constant, Op::SpecConstant, Op::Switch].iter().any(|op| *op as u16 == inst.opcode);
        if reads_a_type && let Some(&id) = inst.words.first() {
            looked_up.insert(id);
        }
    }
    if !looked_up.is_empty() {
        for inst in instructions.iter().rev() {
            if shape(inst).typed_result
                && let [result_type, result, ..] = inst.words
                && looked_up.contains(result)
            {
                looked_up.insert(*result_type);
            }
        }
    }
    // The first instruction whose word count the grammar refuses, and the
    // others, as a module for rspirv with the index of each in `instructions`.
    let mut first_miscounted = None;
    let mut rest = words[..HEADER_WORDS.min(words.len())].to_vec();
    let mut rest_index = Vec::new();
    for (index, inst) in instructions.iter().enumerate() {
        // A capability only newer SPIR-V headers define: one word, which
        // rspirv would not decode.
        let newer_capability = inst.opcode == Op::Capability as u16
            && inst.words.first().is_some_and(|value| super::newer_grammar::capability(*value).is_some());
        let counted = match spec_constant_op_with_literals(inst) {
            _ if newer_capability => Some((1, false)),
            Some(fixed) => Some((fixed, true)),
            None => match shape(inst).plain {
                Some((fixed, star)) => {
                    let defines_a_looked_up_id = shape(inst).typed_result
                        && !looked_up.is_empty()
                        && inst.words.get(1).is_some_and(|id| looked_up.contains(id));
                    (!defines_a_looked_up_id).then_some((fixed, star))
                }
                None => None,
            },
        };
        match counted {
            Some((fixed, star)) => {
                let count = inst.words.len();
                if first_miscounted.is_none() && (count < fixed || (count > fixed && !star)) {
                    first_miscounted = Some((index, count < fixed));
                }
            }
            None => {
                rest.push(((inst.words.len() as u32 + 1) << 16) | u32::from(inst.opcode));
                rest.extend_from_slice(inst.words);
                rest_index.push(index);
            }
        }
    }
    // rspirv's first error, if it comes before the first miscounted instruction.
    let rest_instructions: Vec<Inst<'_>> = rest_index.iter().map(|&index| instructions[index]).collect();
    let rest_offsets = offsets(&rest_instructions);
    let from_rspirv = check_grammar_with_rspirv(&rest, &rest_offsets).err().map(|error| match error.at {
        At::Instruction(inst) => {
            let index = rest_index[inst];
            (Some(index), DeserializeError::new(instructions[index].offset, error.kind))
        }
        At::Byte(byte) => match rest_offsets.iter().rposition(|offset| *offset < byte) {
            // The byte in the module rather than in `rest`, in the message
            // too, and the instruction holding it, as rspirv on the module.
            Some(inst) => {
                let index = rest_index[inst];
                let moved = instructions[index].offset + (byte - rest_offsets[inst]);
                let mut kind = error.kind;
                if let ErrorKind::Malformed(message) = &mut kind {
                    *message = replace_position(message, byte, moved);
                }
                (Some(index), DeserializeError::new(holding(instructions.iter().map(|inst| inst.offset), moved), kind))
            }
            None => (None, DeserializeError::new(byte, error.kind)),
        },
        At::Nowhere(offset) => (None, DeserializeError::new(offset, error.kind)),
    });
    match (from_rspirv, first_miscounted) {
        (Some((Some(index), error)), Some((miscounted, _))) if index < miscounted => Err(error),
        (Some((None, error)), _) => Err(error),
        (_, Some((index, too_few))) => {
            // The message rspirv gives (the position is ours).
            let state = if too_few { ParseState::OperandExpected(0, 0) } else { ParseState::OperandExceeded(0, 0) };
            Err(DeserializeError::new(
                instructions[index].offset,
                ErrorKind::Malformed(strip_position(&state.to_string())),
            ))
        }
        (Some((Some(_), error)), None) => Err(error),
        (None, None) => Ok(()),
    }
}

/// The byte offset of each instruction of `instructions` in a module made
/// of the header and those instructions alone.
fn offsets(instructions: &[Inst<'_>]) -> Vec<usize> {
    let mut at = HEADER_WORDS * 4;
    instructions
        .iter()
        .map(|inst| {
            let offset = at;
            at += (inst.words.len() + 1) * 4;
            offset
        })
        .collect()
}

/// The offset of the instruction (of those starting at `offsets`) holding
/// the byte `byte` where rspirv stopped decoding an operand, or `byte`
/// itself. An operand never starts an instruction, and a missing last
/// operand names the byte just past the instruction ("reached word limit"),
/// where the next one starts: the instruction is the last one starting
/// strictly before `byte`.
fn holding(offsets: impl DoubleEndedIterator<Item = usize>, byte: usize) -> usize {
    offsets.rev().find(|offset| *offset < byte).unwrap_or(byte)
}

/// `message` with its last "at index `from`" made "at index `to`".
fn replace_position(message: &str, from: usize, to: usize) -> String {
    let needle = format!("at index {from}");
    match message.rfind(&needle) {
        Some(at) => format!("{}at index {to}{}", &message[..at], &message[at + needle.len()..]),
        None => message.to_owned(),
    }
}

/// Where rspirv's parser stopped.
#[derive(Debug)]
enum At {
    /// At an instruction (its index in the module given).
    Instruction(usize),
    /// At a byte, while decoding an operand.
    Byte(usize),
    /// Before any instruction (the header), at this offset.
    Nowhere(usize),
}

/// rspirv's first error on a module.
#[derive(Debug)]
struct RspirvError {
    at: At,
    kind: ErrorKind,
}

impl RspirvError {
    /// The error as the importer reports it on the module whose
    /// instructions start at `offsets`: at the instruction at fault, or for
    /// a decoding error at the instruction holding the byte named.
    #[cfg(test)]
    fn located(self, offsets: &[usize]) -> DeserializeError {
        let offset = match self.at {
            At::Instruction(inst) => offsets[inst],
            At::Byte(byte) => holding(offsets.iter().copied(), byte),
            At::Nowhere(offset) => offset,
        };
        DeserializeError::new(offset, self.kind)
    }
}

/// rspirv's parser on the module `words` (header included), whose
/// instructions start at the byte offsets `offsets`.
fn check_grammar_with_rspirv(words: &[u32], offsets: &[usize]) -> Result<(), RspirvError> {
    // rspirv reads little-endian bytes; `words` are already in host order.
    let bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
    match rspirv::binary::parse_bytes(&bytes, &mut GrammarCheck) {
        Ok(()) => Ok(()),
        Err(state) => {
            let at = match &state {
                ParseState::WordCountZero(offset, index)
                | ParseState::OpcodeUnknown(offset, index, _)
                | ParseState::OperandExpected(offset, index)
                | ParseState::OperandExceeded(offset, index)
                | ParseState::TypeUnsupported(offset, index)
                | ParseState::SpecConstantOpIntegerIncorrect(offset, index) => {
                    // rspirv numbers instructions from 1.
                    match index.checked_sub(1).filter(|index| *index < offsets.len()) {
                        Some(index) => At::Instruction(index),
                        None => At::Nowhere(*offset),
                    }
                }
                // Operand decoding errors name the byte where decoding stopped.
                ParseState::OperandError(error) => At::Byte(decode_error_position(&error.to_string())),
                _ => At::Nowhere(0),
            };
            let kind = match state {
                ParseState::OpcodeUnknown(_, _, opcode) => ErrorKind::UnknownOpcode(opcode),
                other => ErrorKind::Malformed(strip_position(&other.to_string())),
            };
            Err(RspirvError { at, kind })
        }
    }
}

/// The position in an rspirv operand decoding message (`... at index N`).
fn decode_error_position(message: &str) -> usize {
    message
        .rsplit_once("at index ")
        .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .unwrap_or(0)
}

/// rspirv's messages end in " for instruction #N at offset M"; the error
/// carries our own offset instead.
fn strip_position(message: &str) -> String {
    match message.find(" for instruction #") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

/// Decodes a literal string (UTF-8, nul-terminated, packed little-endian
/// into words) starting at `words[0]`; returns it and the words it used.
pub fn literal_string(words: &[u32]) -> Option<(String, usize)> {
    let mut bytes = Vec::new();
    for (index, word) in words.iter().enumerate() {
        for byte in word.to_le_bytes() {
            if byte == 0 {
                return Some((String::from_utf8_lossy(&bytes).into_owned(), index + 1));
            }
            bytes.push(byte);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{check_grammar, check_grammar_with_rspirv, check_spec_constant_ops, offsets, spec_constant_op_with_literals, split, words};

    /// The fast check and rspirv's parser on the whole module give the same
    /// result (the same first error, at the same offset).
    fn same_as_rspirv(words: &[u32]) {
        // As `instructions` does: rspirv panics on what this refuses.
        let Ok(instructions) = split(words) else {
            return;
        };
        if check_spec_constant_ops(&instructions).is_err() {
            return;
        }
        // Where the reader knows better than rspirv by design, the two
        // differ: an `OpSpecConstantOp` whose operand repeats (rspirv reads
        // it once) and the newer grammar (rspirv does not know it).
        let knows_better = instructions.iter().any(|inst| {
            spec_constant_op_with_literals(inst).is_some()
                || super::super::newer_grammar::instruction(inst.opcode).is_some()
                || (inst.opcode == rspirv::spirv::Op::Capability as u16
                    && inst.words.first().is_some_and(|value| super::super::newer_grammar::capability(*value).is_some()))
        });
        if knows_better {
            return;
        }
        let fast = check_grammar(words, &instructions);
        let offsets = offsets(&instructions);
        let whole = check_grammar_with_rspirv(words, &offsets).map_err(|error| error.located(&offsets));
        assert_eq!(fast, whole);
    }

    /// The binaries of the fuzzing corpus, and of the compiler corpus when
    /// scripts/build-corpus has built it, as words.
    fn corpus() -> Vec<Vec<u32>> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let directories = ["fuzz/corpus/binary", "target/corpus/glsl", "target/corpus/opencl"];
        let entries =
            directories.iter().flat_map(|directory| std::fs::read_dir(root.join(directory)).into_iter().flatten());
        let mut modules = Vec::new();
        for entry in entries.flatten() {
            if let Ok(bytes) = std::fs::read(entry.path())
                && let Ok(read) = words(&bytes)
            {
                modules.push(read.words);
            }
        }
        modules
    }

    #[test]
    fn the_fast_grammar_check_agrees_with_rspirv_on_the_fuzzing_corpus() {
        let modules = corpus();
        assert!(modules.len() > 100, "the corpus is fuzz/corpus/binary");
        for module in &modules {
            same_as_rspirv(module);
        }
    }

    #[test]
    fn the_fast_grammar_check_agrees_with_rspirv_on_damaged_modules() {
        // Deterministic damage: a word of a module replaced, or an
        // instruction's word count changed (keeping the total).
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for module in corpus().iter().filter(|module| module.len() > 5).take(300) {
            for _ in 0..20 {
                let mut damaged = module.clone();
                let at = 5 + (next() as usize) % (damaged.len() - 5);
                match next() % 4 {
                    0 => damaged[at] = next() as u32,
                    1 => damaged[at] = (next() % 64) as u32,
                    2 => damaged[at] = (damaged[at] & 0xffff) | (((damaged[at] >> 16) + 1) << 16),
                    _ => damaged[at] = (damaged[at] & 0xffff) | (((damaged[at] >> 16).saturating_sub(1)) << 16),
                }
                same_as_rspirv(&damaged);
            }
        }
    }
}
