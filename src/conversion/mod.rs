//! Dialect conversion in Rust: the machinery MLIR's C++ `DialectConversion`
//! provides and MLIR's C API does not expose.
//!
//! - [`TypeConverter`]: ordered rules from a type to its lowered type.
//! - [`ConversionTarget`]: which ops may remain.
//! - [`ConversionPattern`] and [`PatternSet`]: rewrites dispatched by op name;
//!   1:1 mappings are declared as data ([`DirectConversion`]).
//! - [`Conversion`]: the driver, full or partial, in one linear pass that
//!   leaves the input untouched on failure.

mod driver;
mod hash;
mod pattern;
mod target;
mod type_converter;

pub use driver::{Conversion, ConversionMode, ConversionRewriter, ConversionStats, InlinedRegion};
pub use pattern::{ConversionPattern, DirectConversion, PatternFn, PatternSet, Replacement};
pub use target::{ConversionTarget, Legality};
pub use type_converter::{RuleResult, SignatureConversion, TypeConverter};
