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

/// The attribute of a `spirv.GlobalVariable` whose initializer is a
/// composite constant holding composites (an array of vectors, a struct
/// of arrays: DXC's `static const float2 k[4]`, naga's private structs),
/// which no dialect constant can name (`spirv.SpecConstantComposite` takes
/// scalar constituents only): an array attribute with one element per
/// member, each the symbol of a (specialization) constant or again such an
/// array. The lowering builds the value from it (docs/import.md).
pub const INITIALIZER_CONSTITUENTS: &str = "spirv_initializer.constituents";
