//! The SPIR-V dialect: types and enum attributes.

pub mod attributes;
pub mod deserialize;
pub mod types;

/// The unit attribute of a `spirv.GlobalVariable` whose initializer is an
/// `OpConstantNull` of an array, struct or matrix: no dialect constant can
/// name such a value (`spirv.SpecConstantComposite` takes scalar
/// constituents only), so the importer marks the global instead and the
/// lowering gives it a zero value (docs/import.md, "Null initializers").
pub const NULL_INITIALIZER: &str = "spirv_initializer.null";
