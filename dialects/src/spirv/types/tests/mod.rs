//! Tests of the type model. All printed strings are copied from MLIR 22
//! `mlir-opt` output, so a passing round trip means we match its printer.

mod errors;
mod layout;
mod parse;

use super::*;

/// Parses `text`, panicking with the error on failure, and checks that the
/// model prints back exactly as MLIR printed it.
fn parse_round_trip(text: &str) -> SpirvType {
    let ty = SpirvType::parse(text).unwrap_or_else(|err| panic!("{text}: {err}"));
    assert_eq!(ty.to_string(), text);
    ty
}

/// Parses a type that must be well formed (no round-trip check).
fn ty(text: &str) -> SpirvType {
    SpirvType::parse(text).unwrap_or_else(|err| panic!("{text}: {err}"))
}
