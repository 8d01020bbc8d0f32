//! Errors of the type parser.

use thiserror::Error;

use crate::spirv::attributes::AttrParseError;

/// Error from parsing the printed form of a type. Offsets are byte offsets
/// into the parsed text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TypeParseError {
    /// The input ended in the middle of a type.
    #[error("unexpected end of input at byte {offset}: expected {expected}")]
    UnexpectedEnd {
        /// Where the input ended.
        offset: usize,
        /// What the parser was looking for.
        expected: &'static str,
    },
    /// A token other than the one required by the grammar.
    #[error("expected {expected} at byte {offset}, found `{found}`")]
    Expected {
        /// Where the offending text starts.
        offset: usize,
        /// What the parser was looking for.
        expected: &'static str,
        /// A short excerpt of the offending text.
        found: String,
    },
    /// `!spirv.<name>` that is not a SPIR-V type.
    #[error("unknown SPIR-V type `!spirv.{name}` at byte {offset}")]
    UnknownSpirvType {
        /// Where the type starts.
        offset: usize,
        /// The name after `!spirv.`.
        name: String,
    },
    /// A bare keyword that names no builtin type.
    #[error("unknown type `{name}` at byte {offset}")]
    UnknownBuiltinType {
        /// Where the keyword starts.
        offset: usize,
        /// The keyword.
        name: String,
    },
    /// A keyword that is not a case of the expected SPIR-V enum.
    #[error("invalid keyword at byte {offset}: {source}")]
    InvalidKeyword {
        /// Where the keyword starts.
        offset: usize,
        /// Why it was rejected.
        #[source]
        source: AttrParseError,
    },
    /// An integer literal that does not fit its field.
    #[error("integer `{text}` at byte {offset} is out of range")]
    IntegerOutOfRange {
        /// Where the literal starts.
        offset: usize,
        /// The literal.
        text: String,
    },
    /// `!spirv.struct<Name>` outside the definition of `Name`.
    #[error("struct `{name}` referenced at byte {offset} outside its own definition")]
    DanglingStructRef {
        /// Where the reference starts.
        offset: usize,
        /// The struct identifier.
        name: String,
    },
    /// Some struct members have offsets and others do not.
    #[error("struct member at byte {offset}: offsets must be given for all members or none")]
    MixedOffsets {
        /// Where the offending member starts.
        offset: usize,
    },
    /// A syntactically valid but meaningless construct.
    #[error("invalid type at byte {offset}: {message}")]
    Invalid {
        /// Where the construct starts.
        offset: usize,
        /// What is wrong with it.
        message: &'static str,
    },
    /// Nesting deeper than the parser supports (guards the stack).
    #[error("types nested deeper than {limit} levels at byte {offset}")]
    TooDeep {
        /// Where the limit was hit.
        offset: usize,
        /// The nesting limit.
        limit: usize,
    },
    /// Text left over after a complete type.
    #[error("unexpected trailing input at byte {offset}: `{found}`")]
    TrailingInput {
        /// Where the leftover text starts.
        offset: usize,
        /// A short excerpt of it.
        found: String,
    },
}
