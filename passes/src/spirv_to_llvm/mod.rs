//! `convert-spirv-to-llvm`: the SPIR-V dialect to the LLVM dialect.
//!
//! One module per op family, named as the sections of the conversion manual
//! (docs/conversion-manual.md) and the lit files under
//! test/Conversion/SPIRVToLLVM/. Each family module has a `populate` function
//! adding its patterns; 1:1 mappings are tables of [`DirectConversion`]s.

pub mod abi_attributes;
mod arithmetic;
mod atomic;
mod barrier;
mod bitfield;
mod bitwise;
mod builtin_call;
mod cast;
mod comparison;
mod composite;
mod constant;
mod control_flow;
mod coop_matrix;
mod function;
mod glsl;
mod group;
pub mod image;
pub mod image_inline;
pub mod sampling;
mod intel;
mod logical;
mod matrix;
mod memory;
mod misc;
mod module;
pub mod opencl;
mod shift;
pub mod types;
pub(crate) mod util;

use melior::{Context, ir::OperationRef};
use spirv_opt_rs::{
    conversion::{Conversion, ConversionStats, ConversionTarget, PatternSet, TypeConverter},
    error::ConversionError,
};
pub use types::ClientApi;

#[allow(unused_imports)]
pub(crate) use spirv_opt_rs::conversion::DirectConversion;

/// Options of `convert-spirv-to-llvm`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpirvToLlvmOptions {
    /// Decides the LLVM address space of each storage class.
    pub client_api: ClientApi,
}

/// Adds every SPIR-V to LLVM pattern to `patterns`, family by family.
pub fn populate_spirv_to_llvm_patterns(patterns: &mut PatternSet, options: SpirvToLlvmOptions) {
    arithmetic::populate(patterns);
    atomic::populate(patterns);
    barrier::populate(patterns);
    bitfield::populate(patterns);
    bitwise::populate(patterns);
    cast::populate(patterns, options);
    comparison::populate(patterns);
    composite::populate(patterns);
    constant::populate(patterns);
    control_flow::populate(patterns);
    coop_matrix::populate(patterns);
    function::populate(patterns);
    glsl::populate(patterns);
    group::populate(patterns);
    // Before memory: a load of an image is the image's descriptor address.
    image::populate(patterns);
    intel::populate(patterns);
    logical::populate(patterns);
    matrix::populate(patterns);
    memory::populate(patterns, options);
    misc::populate(patterns);
    module::populate(patterns);
    opencl::populate(patterns);
    shift::populate(patterns);
}

/// The target of the conversion: the LLVM dialect and `builtin.module`; every
/// SPIR-V op is illegal.
pub fn spirv_to_llvm_target() -> ConversionTarget {
    let mut target = ConversionTarget::new();
    target
        .add_legal_dialect("llvm")
        .add_legal_op("builtin.module")
        .add_legal_op("builtin.unrealized_conversion_cast")
        .add_illegal_dialect("spirv");
    target
}

/// Converts every SPIR-V op nested in `module` (a `builtin.module`) to the
/// LLVM dialect. As upstream, this is a partial conversion: ops of other
/// dialects stay, and every SPIR-V op must be converted. On error, `module`
/// is unchanged and the error carries the location of the op that could not
/// be converted.
pub fn convert_spirv_to_llvm<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: SpirvToLlvmOptions,
) -> Result<ConversionStats, ConversionError<'c>> {
    convert_spirv_to_llvm_with_verification(context, module, options, true)
}

/// [`convert_spirv_to_llvm`], verifying the converted IR before it replaces
/// the input only when `verify` is set. For a caller that verifies the
/// result itself (the pass under a pass manager that verifies after each
/// pass): one full verification less, but invalid IR replaces the input
/// instead of leaving it unchanged (the caller's verification then fails).
pub fn convert_spirv_to_llvm_with_verification<'c>(
    context: &'c Context,
    module: OperationRef<'c, '_>,
    options: SpirvToLlvmOptions,
    verify: bool,
) -> Result<ConversionStats, ConversionError<'c>> {
    let type_converter = types::spirv_to_llvm_type_converter(context, options);
    let mut patterns = PatternSet::new();
    populate_spirv_to_llvm_patterns(&mut patterns, options);
    let target = spirv_to_llvm_target();
    Conversion::partial(&target, &patterns, &type_converter).verify_result(verify).apply(module)
}

#[doc(hidden)]
pub fn type_converter_for_tests(context: &Context, options: SpirvToLlvmOptions) -> TypeConverter<'_> {
    types::spirv_to_llvm_type_converter(context, options)
}

/// Every SPIR-V builtin function (unmangled `__spirv_*` name) the
/// conversion can call: what `spirv-define-builtins` and the kernel ABI
/// must give a meaning to.
pub fn emitted_builtins() -> Vec<&'static str> {
    let mut names: Vec<&'static str> =
        barrier::builtin_names().chain(group::builtin_names()).chain(opencl::builtin_names()).collect();
    names.sort_unstable();
    names.dedup();
    names
}
