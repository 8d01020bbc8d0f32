//! Splitting a SPIR-V binary into instructions (seed 004: header, word
//! counts, byte order), checked against the SPIR-V grammar by rspirv's
//! parser, with the byte offset of each instruction kept for diagnostics.

use rspirv::binary::{Consumer, ParseAction as Action, ParseState};

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
        return Err(DeserializeError::new(0, ErrorKind::Truncated(format!(
            "{} bytes is shorter than the 20-byte module header",
            bytes.len()
        ))));
    }
    let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let little_endian = match first {
        MAGIC => true,
        _ if first.swap_bytes() == MAGIC => false,
        _ => return Err(DeserializeError::new(0, ErrorKind::BadMagic(first))),
    };
    if bytes.len() % 4 != 0 {
        return Err(DeserializeError::new(bytes.len() - bytes.len() % 4, ErrorKind::Truncated(format!(
            "the size ({} bytes) is not a multiple of 4",
            bytes.len()
        ))));
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
/// count of zero or one running past the end, then has rspirv's parser check
/// every instruction's operands against the grammar.
pub fn instructions(words: &[u32]) -> Result<Vec<Inst<'_>>, DeserializeError> {
    let mut instructions = Vec::with_capacity(words.len() / 4);
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = (words[at] & 0xffff) as u16;
        if count == 0 {
            return Err(DeserializeError::new(at * 4, ErrorKind::Malformed(format!(
                "instruction with opcode {opcode} has a word count of 0"
            ))));
        }
        if at + count > words.len() {
            return Err(DeserializeError::new(at * 4, ErrorKind::Truncated(format!(
                "instruction with opcode {opcode} has {count} words but only {} remain",
                words.len() - at
            ))));
        }
        instructions.push(Inst { opcode, words: &words[at + 1..at + count], offset: at * 4 });
        at += count;
    }
    check_spec_constant_ops(&instructions)?;
    check_grammar(words, &instructions)?;
    Ok(instructions)
}

/// The opcodes `OpSpecConstantOp` may compute (SPIR-V 3.52.11: the Shader
/// list, and those Kernel adds). rspirv's parser panics on some of the
/// others (their operands are context-dependent literals), so they are
/// refused before it runs.
fn check_spec_constant_ops(instructions: &[Inst<'_>]) -> Result<(), DeserializeError> {
    use rspirv::spirv::Op;
    const ALLOWED: &[Op] = &[
        Op::SConvert, Op::UConvert, Op::FConvert, Op::SNegate, Op::Not, Op::IAdd, Op::ISub, Op::IMul,
        Op::UDiv, Op::SDiv, Op::UMod, Op::SRem, Op::SMod, Op::ShiftRightLogical, Op::ShiftRightArithmetic,
        Op::ShiftLeftLogical, Op::BitwiseOr, Op::BitwiseXor, Op::BitwiseAnd, Op::VectorShuffle,
        Op::CompositeExtract, Op::CompositeInsert, Op::LogicalOr, Op::LogicalAnd, Op::LogicalNot,
        Op::LogicalEqual, Op::LogicalNotEqual, Op::Select, Op::IEqual, Op::INotEqual, Op::ULessThan,
        Op::SLessThan, Op::UGreaterThan, Op::SGreaterThan, Op::ULessThanEqual, Op::SLessThanEqual,
        Op::UGreaterThanEqual, Op::SGreaterThanEqual, Op::QuantizeToF16, Op::ConvertFToS, Op::ConvertSToF,
        Op::ConvertFToU, Op::ConvertUToF, Op::ConvertPtrToU, Op::ConvertUToPtr, Op::GenericCastToPtr,
        Op::PtrCastToGeneric, Op::Bitcast, Op::FNegate, Op::FAdd, Op::FSub, Op::FMul, Op::FDiv, Op::FRem,
        Op::FMod, Op::AccessChain, Op::InBoundsAccessChain, Op::PtrAccessChain, Op::InBoundsPtrAccessChain,
    ];
    for inst in instructions.iter().filter(|inst| inst.opcode == Op::SpecConstantOp as u16) {
        let Some(&opcode) = inst.words.get(2) else { continue };
        if !ALLOWED.iter().any(|allowed| *allowed as u32 == opcode) {
            return Err(DeserializeError::new(
                inst.offset,
                ErrorKind::Malformed(format!("OpSpecConstantOp with opcode {opcode}, which it does not allow")),
            ));
        }
    }
    Ok(())
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

fn check_grammar(words: &[u32], instructions: &[Inst<'_>]) -> Result<(), DeserializeError> {
    // rspirv reads little-endian bytes; `words` are already in host order.
    let bytes: Vec<u8> = words.iter().flat_map(|word| word.to_le_bytes()).collect();
    // rspirv numbers instructions from 1.
    let offset_of = |index: usize, fallback: usize| {
        index.checked_sub(1).and_then(|index| instructions.get(index)).map_or(fallback, |inst| inst.offset)
    };
    match rspirv::binary::parse_bytes(&bytes, &mut GrammarCheck) {
        Ok(()) => Ok(()),
        Err(state) => {
            let offset = match &state {
                ParseState::WordCountZero(offset, index)
                | ParseState::OpcodeUnknown(offset, index, _)
                | ParseState::OperandExpected(offset, index)
                | ParseState::OperandExceeded(offset, index)
                | ParseState::TypeUnsupported(offset, index)
                | ParseState::SpecConstantOpIntegerIncorrect(offset, index) => offset_of(*index, *offset),
                // Operand decoding errors name the byte where decoding
                // stopped: report the instruction holding it.
                ParseState::OperandError(error) => {
                    let byte = decode_error_position(&error.to_string());
                    instructions.iter().rev().find(|inst| inst.offset <= byte).map_or(byte, |inst| inst.offset)
                }
                _ => 0,
            };
            let kind = match state {
                ParseState::OpcodeUnknown(_, _, opcode) => ErrorKind::UnknownOpcode(opcode),
                other => ErrorKind::Malformed(strip_position(&other.to_string())),
            };
            Err(DeserializeError::new(offset, kind))
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
