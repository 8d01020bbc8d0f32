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
///
/// A pointer in the initializer (OpenCL C 2.0's `global int *global p =
/// &a[2];`, an array of such pointers) is a dictionary there, at the top or
/// as a member: [`ADDRESS_GLOBAL`] names the global variable whose address
/// it starts from and [`ADDRESS_STEPS`] lists the steps from it, each an
/// array `[pointee type, first index, indices...]` of constant indices with
/// `spirv.PtrAccessChain`'s meaning over a pointer to that type (an empty
/// dictionary: a null pointer). The lowering builds `llvm.mlir.addressof`
/// and constant `llvm.getelementptr`s (docs/import.md, "Addresses in
/// initializers").
pub const INITIALIZER_CONSTITUENTS: &str = "spirv_initializer.constituents";

/// The key of the global variable's symbol in an address of an
/// [`INITIALIZER_CONSTITUENTS`] tree.
pub const ADDRESS_GLOBAL: &str = "global";

/// The key of the steps in an address of an [`INITIALIZER_CONSTITUENTS`] tree.
pub const ADDRESS_STEPS: &str = "steps";
