//! Rust models of the SPIR-V dialect's enum attributes.
//!
//! MLIR 22's C API cannot inspect SPIR-V enum attributes, so the conversion
//! prints them and parses the text with the types in this module. Every enum
//! accepts, with surrounding whitespace ignored:
//!
//! * the full attribute form `#spirv.<mnemonic><Case>`, e.g.
//!   `#spirv.storage_class<Function>` (a mismatched mnemonic is an error);
//! * the elided form `<Case>` MLIR prints for enum parameters nested in other
//!   attributes, e.g. `linkage_type = <Import>`;
//! * the quoted form `"Case"` of custom op syntax, e.g. `spirv.Load "Function"`;
//! * the bare keyword `Case`, as printed inside types
//!   (`!spirv.ptr<f32, StorageBuffer>`).
//!
//! Single-valued enums are plain `#[repr(u32)]` Rust enums whose
//! discriminants are the SPIR-V numeric values. Bit enums come in pairs: a
//! `...Flag` enum naming one bit and a set type (e.g. [`MemoryAccess`]) for
//! combinations such as `Volatile|Aligned`.
//!
//! The case lists are generated from MLIR 22's `SPIRVEnums.h.inc` by
//! `dialects/scripts/gen_enums.py`.

use thiserror::Error;

#[macro_use]
mod macros;
mod bit_enums;
mod value_enums;

#[cfg(test)]
mod tests;

pub use bit_enums::*;
pub use value_enums::*;

/// Error from parsing the printed form of a SPIR-V enum attribute.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AttrParseError {
    /// The text was empty (or only whitespace, or `<>`).
    #[error("expected a {enum_name} case, found empty input")]
    Empty {
        /// Rust name of the enum being parsed.
        enum_name: &'static str,
    },
    /// The keyword is not a case of the enum.
    #[error("`{found}` is not a valid {enum_name}")]
    UnknownCase {
        /// Rust name of the enum being parsed.
        enum_name: &'static str,
        /// The offending keyword.
        found: String,
    },
    /// The attribute form names another attribute kind.
    #[error("expected `#spirv.{expected}<...>`, found `{found}`")]
    WrongMnemonic {
        /// Mnemonic of the enum being parsed.
        expected: &'static str,
        /// The text that was given.
        found: String,
    },
    /// The text is not one of the accepted syntactic forms.
    #[error("malformed {enum_name} attribute `{found}`")]
    Malformed {
        /// Rust name of the enum being parsed.
        enum_name: &'static str,
        /// The text that was given.
        found: String,
    },
    /// A numeric value names no case (or sets unknown bits) of the enum.
    #[error("{value:#x} is not a valid {enum_name} value")]
    UnknownValue {
        /// Rust name of the enum being parsed.
        enum_name: &'static str,
        /// The offending value.
        value: u32,
    },
}

/// Common interface of the SPIR-V enum attribute models.
pub trait SpirvEnumAttr: Sized + Copy {
    /// Rust (and C++) name of the enum, e.g. `StorageClass`.
    const NAME: &'static str;
    /// Attribute mnemonic, e.g. `storage_class` in `#spirv.storage_class<..>`.
    const MNEMONIC: &'static str;

    /// The SPIR-V numeric value (the bit mask for bit enums).
    fn value(self) -> u32;

    /// Looks a value up by its SPIR-V numeric value.
    fn from_value(value: u32) -> Result<Self, AttrParseError>;

    /// Parses the bare keyword form (`Function`, `Volatile|Aligned`).
    fn from_keyword(keyword: &str) -> Result<Self, AttrParseError>;

    /// Parses any accepted printed form (see the [module docs](self)).
    fn parse_attr(text: &str) -> Result<Self, AttrParseError> {
        let keyword = strip_attr_syntax(text, Self::MNEMONIC, Self::NAME)?;
        Self::from_keyword(keyword)
    }
}

/// Reduces the accepted attribute spellings to the bare keyword inside.
fn strip_attr_syntax<'a>(
    text: &'a str,
    mnemonic: &'static str,
    enum_name: &'static str,
) -> Result<&'a str, AttrParseError> {
    let text = text.trim();
    let malformed = || AttrParseError::Malformed {
        enum_name,
        found: text.to_owned(),
    };
    let inner = if let Some(rest) = text.strip_prefix("#spirv.") {
        let open = rest.find('<').ok_or_else(malformed)?;
        if rest[..open].trim_end() != mnemonic {
            return Err(AttrParseError::WrongMnemonic {
                expected: mnemonic,
                found: text.to_owned(),
            });
        }
        rest[open + 1..].strip_suffix('>').ok_or_else(malformed)?
    } else if let Some(rest) = text.strip_prefix('<') {
        rest.strip_suffix('>').ok_or_else(malformed)?
    } else if let Some(rest) = text.strip_prefix('"') {
        rest.strip_suffix('"').ok_or_else(malformed)?
    } else {
        text
    };
    let inner = inner.trim();
    if inner.is_empty() {
        return Err(AttrParseError::Empty { enum_name });
    }
    // A keyword never contains these; seeing one means nested or unbalanced
    // syntax such as `<<Function>>` that no MLIR printer produces.
    if inner.contains(['<', '>', '"', '#', ',']) {
        return Err(malformed());
    }
    Ok(inner)
}
