//! Recursive-descent parser for the printed form of types.
//!
//! The grammar is MLIR 22's printer output (see `SPIRVDialect.cpp`), made
//! tolerant of whitespace between tokens like MLIR's own lexer. It works on
//! bytes rather than tokens because MLIR's dimension lists (`8x16xi32`) do not
//! tokenize cleanly. Non-ASCII bytes are never part of a valid token, so every
//! position the parser stops at is a UTF-8 character boundary.

use std::sync::Arc;

use super::{
    DecorationInfo, DecorationValue, FloatKind, ImageType, Signedness, SpirvType, StructMember,
    StructType, TypeParseError,
};
use crate::spirv::attributes::{Decoration, SpirvEnumAttr};

/// Maximum type nesting depth; deeper input is rejected instead of risking a
/// stack overflow on adversarial text.
const MAX_DEPTH: usize = 128;

/// Longest excerpt of offending input quoted in an error.
const EXCERPT_CHARS: usize = 24;

/// Builtin type keywords that are kept verbatim as [`SpirvType::Other`].
const OTHER_BUILTIN_TYPES: &[&str] = &[
    "tensor",
    "memref",
    "complex",
    "tuple",
    "tf32",
    "f80",
    "f128",
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E3M4",
    "f8E4M3",
    "f8E4M3FN",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E5M2",
    "f8E5M2FNUZ",
    "f8E8M0FNU",
];

/// Parses a complete type from `text`.
pub(super) fn parse(text: &str) -> Result<SpirvType, TypeParseError> {
    let mut parser = Parser {
        text,
        pos: 0,
        depth: 0,
        defining: Vec::new(),
    };
    let ty = parser.parse_type()?;
    parser.skip_ws();
    if parser.pos < text.len() {
        return Err(TypeParseError::TrailingInput {
            offset: parser.pos,
            found: parser.excerpt(),
        });
    }
    Ok(ty)
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    depth: usize,
    /// Identified structs whose bodies are being parsed; a bodiless
    /// `!spirv.struct<Name>` is only valid for these.
    defining: Vec<String>,
}

fn is_ident_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_'
}

fn is_ident_continue(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'$' | b'.')
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// A short, escaped excerpt of the input at the current position.
    fn excerpt(&self) -> String {
        let mut start = self.pos.min(self.text.len());
        while !self.text.is_char_boundary(start) {
            start += 1;
        }
        self.text[start..]
            .chars()
            .take(EXCERPT_CHARS)
            .flat_map(char::escape_debug)
            .collect()
    }

    /// The error for "wanted `expected` here".
    fn error(&self, expected: &'static str) -> TypeParseError {
        if self.pos >= self.text.len() {
            TypeParseError::UnexpectedEnd {
                offset: self.text.len(),
                expected,
            }
        } else {
            TypeParseError::Expected {
                offset: self.pos,
                expected,
                found: self.excerpt(),
            }
        }
    }

    /// Consumes `byte` (after whitespace) if it is next.
    fn eat(&mut self, byte: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(byte) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), TypeParseError> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// Consumes an identifier-like keyword (`[A-Za-z_][A-Za-z0-9_$.]*`).
    fn keyword(&mut self) -> Option<&'a str> {
        self.skip_ws();
        let start = self.pos;
        if !self.peek().is_some_and(is_ident_start) {
            return None;
        }
        while self.peek().is_some_and(is_ident_continue) {
            self.pos += 1;
        }
        Some(&self.text[start..self.pos])
    }

    fn expect_keyword(
        &mut self,
        word: &'static str,
        expected: &'static str,
    ) -> Result<(), TypeParseError> {
        self.skip_ws();
        let start = self.pos;
        match self.keyword() {
            Some(found) if found == word => Ok(()),
            _ => {
                self.pos = start;
                Err(self.error(expected))
            }
        }
    }

    /// Consumes a run of decimal digits, returning the text.
    fn digits(&mut self, expected: &'static str) -> Result<(usize, &'a str), TypeParseError> {
        self.skip_ws();
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error(expected));
        }
        Ok((start, &self.text[start..self.pos]))
    }

    fn integer<T: std::str::FromStr>(
        &mut self,
        expected: &'static str,
    ) -> Result<T, TypeParseError> {
        let (offset, text) = self.digits(expected)?;
        text.parse().map_err(|_| TypeParseError::IntegerOutOfRange {
            offset,
            text: text.to_owned(),
        })
    }

    fn enum_keyword<T: SpirvEnumAttr>(&mut self) -> Result<T, TypeParseError> {
        self.skip_ws();
        let offset = self.pos;
        let word = self.keyword().ok_or_else(|| self.error(T::NAME))?;
        T::from_keyword(word).map_err(|source| TypeParseError::InvalidKeyword { offset, source })
    }

    fn parse_type(&mut self) -> Result<SpirvType, TypeParseError> {
        self.skip_ws();
        if self.depth >= MAX_DEPTH {
            return Err(TypeParseError::TooDeep {
                offset: self.pos,
                limit: MAX_DEPTH,
            });
        }
        self.depth += 1;
        let result = match self.peek() {
            Some(b'!') => self.parse_dialect_type(),
            Some(b'(') => self.parse_function_type(),
            Some(byte) if is_ident_start(byte) => self.parse_builtin_type(),
            _ => Err(self.error("a type")),
        };
        self.depth -= 1;
        result
    }

    fn type_arc(&mut self) -> Result<Arc<SpirvType>, TypeParseError> {
        self.parse_type().map(Arc::new)
    }

    /// Parses `T, T, ...)` after an opening parenthesis.
    fn type_list(&mut self) -> Result<Vec<Arc<SpirvType>>, TypeParseError> {
        let mut types = Vec::new();
        if self.eat(b')') {
            return Ok(types);
        }
        loop {
            types.push(self.type_arc()?);
            if self.eat(b')') {
                return Ok(types);
            }
            self.expect(b',', "`,` or `)`")?;
        }
    }

    fn parse_function_type(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'(', "`(`")?;
        let inputs = self.type_list()?;
        self.skip_ws();
        if !self.text[self.pos..].starts_with("->") {
            return Err(self.error("`->`"));
        }
        self.pos += 2;
        // A parenthesized result list, or one result without parentheses.
        let results = if self.eat(b'(') {
            self.type_list()?
        } else {
            vec![self.type_arc()?]
        };
        Ok(SpirvType::Function { inputs, results })
    }

    fn parse_builtin_type(&mut self) -> Result<SpirvType, TypeParseError> {
        let start = self.pos;
        // Builtin keywords have no `.`/`$`, unlike struct identifiers.
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.pos += 1;
        }
        let word = &self.text[start..self.pos];
        let ty = match word {
            "index" => SpirvType::Index,
            "none" => SpirvType::Void,
            "f16" => SpirvType::Float(FloatKind::F16),
            "bf16" => SpirvType::Float(FloatKind::BF16),
            "f32" => SpirvType::Float(FloatKind::F32),
            "f64" => SpirvType::Float(FloatKind::F64),
            "vector" => return self.parse_vector(start),
            _ => {
                if let Some(ty) = integer_type(word, start)? {
                    ty
                } else if OTHER_BUILTIN_TYPES.contains(&word) {
                    if self.peek() == Some(b'<') {
                        self.skip_balanced()?;
                    }
                    SpirvType::Other(self.text[start..self.pos].to_owned())
                } else {
                    return Err(TypeParseError::UnknownBuiltinType {
                        offset: start,
                        name: word.to_owned(),
                    });
                }
            }
        };
        Ok(ty)
    }

    /// `vector<4xf32>`; scalable or multi-dimensional vectors become `Other`.
    fn parse_vector(&mut self, start: usize) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let mut dims = Vec::new();
        let mut scalable = false;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'[') => {
                    self.pos += 1;
                    dims.push(self.integer::<u32>("a vector dimension")?);
                    self.expect(b']', "`]`")?;
                    scalable = true;
                }
                Some(byte) if byte.is_ascii_digit() => {
                    dims.push(self.integer::<u32>("a vector dimension")?);
                }
                _ => break,
            }
            self.expect(b'x', "`x`")?;
        }
        if dims.is_empty() {
            return Err(self.error("a vector dimension"));
        }
        let element = self.type_arc()?;
        self.expect(b'>', "`>`")?;
        Ok(match dims.as_slice() {
            [count] if !scalable => SpirvType::Vector {
                count: *count,
                element,
            },
            _ => SpirvType::Other(self.text[start..self.pos].to_owned()),
        })
    }

    fn parse_dialect_type(&mut self) -> Result<SpirvType, TypeParseError> {
        let start = self.pos;
        self.pos += 1; // `!`
        let name_start = self.pos;
        while self.peek().is_some_and(is_ident_continue) {
            self.pos += 1;
        }
        let name = &self.text[name_start..self.pos];
        if name.is_empty() {
            return Err(self.error("a dialect type name"));
        }
        let Some(kind) = name.strip_prefix("spirv.") else {
            if name == "spirv" {
                return Err(TypeParseError::UnknownSpirvType {
                    offset: start,
                    name: String::new(),
                });
            }
            // A type of another dialect: keep it verbatim.
            if self.peek() == Some(b'<') {
                self.skip_balanced()?;
            } else if !name.contains('.') {
                // `!name` alone is a type alias, which needs the module's
                // alias table; `Type`'s Display never prints aliases.
                return Err(TypeParseError::Invalid {
                    offset: start,
                    message: "type alias references cannot be resolved",
                });
            }
            return Ok(SpirvType::Other(self.text[start..self.pos].to_owned()));
        };
        match kind {
            "ptr" => self.parse_pointer(),
            "array" => self.parse_array(),
            "rtarray" => self.parse_runtime_array(),
            "struct" => self.parse_struct(),
            "image" => self.parse_image().map(SpirvType::Image),
            "sampled_image" => {
                self.expect(b'<', "`<`")?;
                let image = self.type_arc()?;
                self.expect(b'>', "`>`")?;
                Ok(SpirvType::SampledImage(image))
            }
            "sampler" => Ok(SpirvType::Sampler),
            "matrix" => self.parse_matrix(),
            "coopmatrix" => self.parse_cooperative_matrix(),
            "arm.tensor" => self.parse_tensor_arm(),
            _ => Err(TypeParseError::UnknownSpirvType {
                offset: start,
                name: kind.to_owned(),
            }),
        }
    }

    fn parse_pointer(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let pointee = self.type_arc()?;
        self.expect(b',', "`,`")?;
        let storage_class = self.enum_keyword()?;
        self.expect(b'>', "`>`")?;
        Ok(SpirvType::Pointer {
            pointee,
            storage_class,
        })
    }

    /// `, stride=N` if present; MLIR rejects a zero stride, so do we.
    fn optional_stride(&mut self) -> Result<Option<u32>, TypeParseError> {
        if !self.eat(b',') {
            return Ok(None);
        }
        self.expect_keyword("stride", "`stride`")?;
        self.expect(b'=', "`=`")?;
        self.skip_ws();
        let offset = self.pos;
        match self.integer("an array stride")? {
            0 => Err(TypeParseError::Invalid {
                offset,
                message: "array stride must be greater than zero",
            }),
            stride => Ok(Some(stride)),
        }
    }

    fn parse_array(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let count = self.integer("an array length")?;
        self.expect(b'x', "`x`")?;
        let element = self.type_arc()?;
        let stride = self.optional_stride()?;
        self.expect(b'>', "`>` or `, stride=`")?;
        Ok(SpirvType::Array {
            count,
            element,
            stride,
        })
    }

    fn parse_runtime_array(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let element = self.type_arc()?;
        let stride = self.optional_stride()?;
        self.expect(b'>', "`>` or `, stride=`")?;
        Ok(SpirvType::RuntimeArray { element, stride })
    }

    fn parse_matrix(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let columns = self.integer("a column count")?;
        self.expect(b'x', "`x`")?;
        let column_type = self.type_arc()?;
        self.expect(b'>', "`>`")?;
        Ok(SpirvType::Matrix {
            columns,
            column_type,
        })
    }

    fn parse_cooperative_matrix(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let rows = self.integer("a row count")?;
        self.expect(b'x', "`x`")?;
        let columns = self.integer("a column count")?;
        self.expect(b'x', "`x`")?;
        let element = self.type_arc()?;
        self.expect(b',', "`,`")?;
        let scope = self.enum_keyword()?;
        self.expect(b',', "`,`")?;
        let use_ = self.enum_keyword()?;
        self.expect(b'>', "`>`")?;
        Ok(SpirvType::CooperativeMatrix {
            element,
            rows,
            columns,
            scope,
            use_,
        })
    }

    fn parse_tensor_arm(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let mut shape = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'?') => {
                    self.pos += 1;
                    shape.push(None);
                }
                Some(byte) if byte.is_ascii_digit() => {
                    shape.push(Some(self.integer("a dimension")?))
                }
                _ => break,
            }
            self.expect(b'x', "`x`")?;
        }
        if shape.is_empty() {
            return Err(self.error("a tensor dimension"));
        }
        let element = self.type_arc()?;
        self.expect(b'>', "`>`")?;
        Ok(SpirvType::TensorArm { shape, element })
    }

    fn parse_image(&mut self) -> Result<ImageType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        let element = self.type_arc()?;
        self.expect(b',', "`,`")?;
        let dim = self.enum_keyword()?;
        self.expect(b',', "`,`")?;
        let depth = self.enum_keyword()?;
        self.expect(b',', "`,`")?;
        let arrayed = self.enum_keyword()?;
        self.expect(b',', "`,`")?;
        let sampling = self.enum_keyword()?;
        self.expect(b',', "`,`")?;
        let sampler_use = self.enum_keyword()?;
        self.expect(b',', "`,`")?;
        let format = self.enum_keyword()?;
        self.expect(b'>', "`>`")?;
        Ok(ImageType {
            element,
            dim,
            depth,
            arrayed,
            sampling,
            sampler_use,
            format,
        })
    }

    fn parse_struct(&mut self) -> Result<SpirvType, TypeParseError> {
        self.expect(b'<', "`<`")?;
        self.skip_ws();
        let name_offset = self.pos;
        let identifier = self.keyword().map(str::to_owned);
        if let Some(name) = &identifier {
            if self.eat(b'>') {
                // A back-reference, only meaningful inside its own body.
                return if self.defining.contains(name) {
                    Ok(SpirvType::StructRef(name.clone()))
                } else {
                    Err(TypeParseError::DanglingStructRef {
                        offset: name_offset,
                        name: name.clone(),
                    })
                };
            }
            self.expect(b',', "`,` or `>`")?;
        }
        self.expect(b'(', "`(`")?;
        if let Some(name) = &identifier {
            self.defining.push(name.clone());
        }
        let members = self.struct_members()?;
        if identifier.is_some() {
            self.defining.pop();
        }
        let mut decorations = Vec::new();
        while self.eat(b',') {
            decorations.push(self.decoration(b'>')?);
        }
        self.expect(b'>', "`,` or `>`")?;
        Ok(SpirvType::Struct(StructType {
            identifier,
            members,
            decorations,
        }))
    }

    /// Parses `member, member, ...)` after the opening parenthesis.
    fn struct_members(&mut self) -> Result<Vec<StructMember>, TypeParseError> {
        let mut members = Vec::new();
        let mut starts = Vec::new();
        if !self.eat(b')') {
            loop {
                self.skip_ws();
                starts.push(self.pos);
                members.push(self.struct_member()?);
                if self.eat(b')') {
                    break;
                }
                self.expect(b',', "`,` or `)`")?;
            }
        }
        // MLIR requires offsets on all members or on none.
        if members.iter().any(|m| m.offset.is_some())
            && let Some(i) = members.iter().position(|m| m.offset.is_none())
        {
            return Err(TypeParseError::MixedOffsets { offset: starts[i] });
        }
        Ok(members)
    }

    /// `T` or `T [offset?, Decoration(=value)?, ...]`.
    fn struct_member(&mut self) -> Result<StructMember, TypeParseError> {
        let ty = self.type_arc()?;
        let mut member = StructMember {
            ty,
            offset: None,
            decorations: Vec::new(),
        };
        if !self.eat(b'[') {
            return Ok(member);
        }
        self.skip_ws();
        if self.peek().is_some_and(|b| b.is_ascii_digit()) {
            member.offset = Some(self.integer("a member offset")?);
        } else {
            member.decorations.push(self.decoration(b']')?);
        }
        while !self.eat(b']') {
            self.expect(b',', "`,` or `]`")?;
            member.decorations.push(self.decoration(b']')?);
        }
        Ok(member)
    }

    /// `Name` or `Name=value`; `close` ends the enclosing list.
    fn decoration(&mut self, close: u8) -> Result<DecorationInfo, TypeParseError> {
        let decoration: Decoration = self.enum_keyword()?;
        let value = if self.eat(b'=') {
            Some(self.decoration_value(close)?)
        } else {
            None
        };
        Ok(DecorationInfo { decoration, value })
    }

    /// An attribute value, up to the next top-level `,` or `close`.
    fn decoration_value(&mut self, close: u8) -> Result<DecorationValue, TypeParseError> {
        self.skip_ws();
        let start = self.pos;
        let mut closers = Vec::new();
        while let Some(byte) = self.peek() {
            if closers.is_empty() && (byte == b',' || byte == close) {
                break;
            }
            self.scan_byte(&mut closers)?;
        }
        if !closers.is_empty() {
            return Err(self.error("a closing bracket"));
        }
        let text = self.text[start..self.pos].trim_end();
        if text.is_empty() {
            return Err(self.error("a decoration value"));
        }
        Ok(classify_value(text))
    }

    /// Skips a bracketed body starting at the current `<`, verbatim.
    fn skip_balanced(&mut self) -> Result<(), TypeParseError> {
        let mut closers = Vec::new();
        self.scan_byte(&mut closers)?;
        while !closers.is_empty() {
            if self.peek().is_none() {
                return Err(self.error("a closing bracket"));
            }
            self.scan_byte(&mut closers)?;
        }
        Ok(())
    }

    /// Consumes one byte (or a whole string literal / `->` arrow) of
    /// free-form attribute or type text, tracking bracket nesting.
    fn scan_byte(&mut self, closers: &mut Vec<u8>) -> Result<(), TypeParseError> {
        let bytes = self.text.as_bytes();
        let Some(&byte) = bytes.get(self.pos) else {
            return Err(self.error("more input"));
        };
        let next = bytes.get(self.pos + 1).copied();
        match byte {
            b'"' => return self.skip_string(),
            // `->` in affine maps and `>=` in integer sets are not brackets.
            b'-' if next == Some(b'>') => self.pos += 1,
            b'>' if next == Some(b'=') => self.pos += 1,
            b'<' => closers.push(b'>'),
            b'(' => closers.push(b')'),
            b'[' => closers.push(b']'),
            b'{' => closers.push(b'}'),
            b'>' | b')' | b']' | b'}' => {
                closers
                    .pop()
                    .filter(|&closer| closer == byte)
                    .ok_or_else(|| self.error("balanced brackets"))?;
            }
            _ => {}
        }
        self.pos += 1;
        Ok(())
    }

    fn skip_string(&mut self) -> Result<(), TypeParseError> {
        let bytes = self.text.as_bytes();
        let mut pos = self.pos + 1;
        while let Some(&byte) = bytes.get(pos) {
            match byte {
                b'"' => {
                    self.pos = pos + 1;
                    return Ok(());
                }
                b'\\' => pos += 2,
                _ => pos += 1,
            }
        }
        self.pos = self.text.len();
        Err(self.error("a closing `\"`"))
    }
}

/// Recognizes `iN`, `siN` and `uiN`.
fn integer_type(word: &str, offset: usize) -> Result<Option<SpirvType>, TypeParseError> {
    let (signedness, digits) = if let Some(rest) = word.strip_prefix("si") {
        (Signedness::Signed, rest)
    } else if let Some(rest) = word.strip_prefix("ui") {
        (Signedness::Unsigned, rest)
    } else if let Some(rest) = word.strip_prefix('i') {
        (Signedness::Signless, rest)
    } else {
        return Ok(None);
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let width = digits
        .parse()
        .map_err(|_| TypeParseError::IntegerOutOfRange {
            offset,
            text: word.to_owned(),
        })?;
    Ok(Some(SpirvType::Integer { width, signedness }))
}

fn classify_value(text: &str) -> DecorationValue {
    match text {
        "true" => DecorationValue::Bool(true),
        "false" => DecorationValue::Bool(false),
        _ => text.parse().map_or_else(
            |_| DecorationValue::Other(text.to_owned()),
            DecorationValue::Integer,
        ),
    }
}
